"""What a seat may do now: the phase's actions, plus legwork and trades through the hooks."""

from __future__ import annotations

from rules.core import Action, ActionSpec, RuleError, admitting, check_action

from . import court, hooks, investigation
from .case import City
from .names import Act, Phase
from .recall import last_for_seat
from .spec import LEGWORK_PLAYS_PER_TURN, TRADE_OFFERS_PER_TURN
from .state import McState
from .turns import to_act


def legal_actions(city: City, state: McState, seat: int) -> list[ActionSpec]:
    return list(_legal(city, state, seat))


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
        if _may_offer(city, state, seat):
            out.extend(hooks.offer_specs(city, state, seat))
    else:
        out = court.specs(city, state, seat)
    if _may_play_legwork(state, seat):
        out.extend(hooks.legwork_specs(city, state, seat))
    return tuple(out)


def _may_offer(city: City, state: McState, seat: int) -> bool:
    """Whether the investigation's legal list holds the trade forms."""
    return state.limits[seat].offers < TRADE_OFFERS_PER_TURN and not hooks.forbids(
        city, state, seat, "trade"
    )


def _may_play_legwork(state: McState, seat: int) -> bool:
    """Whether the legal list holds the legwork forms."""
    return bool(state.legwork.count(seat)) and (
        state.limits[seat].legwork_played < LEGWORK_PLAYS_PER_TURN
    )


def check_legal(city: City, state: McState, seat: int, action: Action) -> None:
    """``check_action`` over the whole legal list: a person's action meets a state the bot loop
    has not asked about, so the part of the legal list its type comes from (the phase's own
    forms, the trade forms or the legwork forms) is made first, and the whole list only when
    that part does not admit the action (the same refusal as before). A bot's step finds the
    whole list remembered."""
    whole = _legal.peek(city, state, seat)
    if whole is None:
        if admitting(_part(city, state, seat, action.type), action) is not None:
            return
        whole = _legal(city, state, seat)
    check_action(whole, action)


def _part(city: City, state: McState, seat: int, kind: str) -> list[ActionSpec]:
    """The forms of :func:`_legal` an action of type ``kind`` may match, in their order there;
    [] when it is simpler to let the whole list answer (no seat waiting, an offer pending,
    setup)."""
    if seat not in to_act(state) or state.offer is not None or state.phase == Phase.JOVANS:
        return []
    if kind == Act.PLAY_LEGWORK:
        return hooks.legwork_specs(city, state, seat) if _may_play_legwork(state, seat) else []
    if state.phase != Phase.INVESTIGATION:
        return court.specs(city, state, seat)
    if kind == Act.OFFER_TRADE:
        return hooks.offer_specs(city, state, seat) if _may_offer(city, state, seat) else []
    return investigation.specs(city, state, seat)


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
