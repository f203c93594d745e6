"""What a seat may do now: the phase's actions, plus legwork and trades through the hooks."""

from __future__ import annotations

from rules.core import Action, ActionSpec, RuleError

from . import court, hooks, investigation
from .case import City
from .names import Act, Phase
from .recall import last_for_seat
from .spec import LEGWORK_PLAYS_PER_TURN, TRADE_OFFERS_PER_TURN
from .state import McState
from .turns import to_act


def legal_actions(city: City, state: McState, seat: int) -> list[ActionSpec]:
    return list(_legal(city, state, seat))


def legal_tuple(city: City, state: McState, seat: int) -> tuple[ActionSpec, ...]:
    """``legal_actions`` as the remembered tuple itself, for a caller that only reads it."""
    return _legal(city, state, seat)


@last_for_seat  # the bot loop asks, then ``apply`` asks again: a step computes legality once
def _legal(city: City, state: McState, seat: int) -> tuple[ActionSpec, ...]:
    if seat not in to_act(state):
        return ()
    if state.offer is not None:
        return tuple(hooks.answer_specs(city, state, seat))
    if state.phase == Phase.JOVANS:
        return (ActionSpec(Act.CHOOSE_JOVAN, {"jovan": state.jovans_left}),)
    if state.phase == Phase.INVESTIGATION:
        out = investigation.specs(city, state, seat)
        if state.limits[seat].offers < TRADE_OFFERS_PER_TURN and not hooks.forbids(
            city, state, seat, "trade"
        ):
            out.extend(hooks.offer_specs(city, state, seat))
    else:
        out = court.specs(city, state, seat)
    if state.legwork.count(seat) and state.limits[seat].legwork_played < LEGWORK_PLAYS_PER_TURN:
        out.extend(hooks.legwork_specs(city, state, seat))
    return tuple(out)


def explain_refusal(city: City, state: McState, seat: int, action: Action) -> None:
    """A specific code for the refusals a person meets most; the rest is ``check_action``'s."""
    if action.type == Act.PRESENT and state.phase == Phase.COURT and state.court is None:
        murder = action.params.get("murder")
        mine = [case.murder for case in state.desks[seat].cases]
        if murder in mine and not any(
            spec.type == Act.PRESENT and spec.params["murder"] == (murder,)
            for spec in _legal(city, state, seat)
        ):
            raise RuleError(
                "that case may not go to court now (a three-card case goes first; no wrong-type "
                "evidence; at least one card attached)",
                code="court/case-not-presentable",
            )
    if action.type == Act.PLAY_LEGWORK:
        refusal = hooks.why_not_legwork(city, state, seat, action)
        if refusal is not None:
            raise refusal
    if action.type == Act.DECLINE_COURT and state.phase == Phase.COURT and state.court is None:
        if not any(spec.type == Act.DECLINE_COURT for spec in _legal(city, state, seat)):
            raise RuleError(
                "a case with three evidence cards must be brought to court",
                code="court/must-present",
            )
