"""What a seat may do now, and why anything else is refused.

The move is two specs of one type: ``{to}`` for every destination of the roll, and, for a
Jessica, ``{to, accuse}`` for the destinations whose route lands on or passes over an Accuse
space ("Land or pass over either Accuse spaces"). The Murderer never gets the second: it may not
accuse (a ruling).
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, ActionSpec, RuleError

from . import routes, visits
from .case import Island
from .setup import LOCATION_IDS
from .spec import Act, Phase, Status
from .state import MswState

NO_VICTIM = "none"

#: Plain values read on every step: an enum member's ``.value`` is a property call.
SET_SCENE, MOVE, RETURN_TOKEN = Act.SET_SCENE.value, Act.MOVE.value, Act.RETURN_TOKEN.value
SCENE_PHASE, MOVE_PHASE, CHECK_PHASE = Phase.SCENE.value, Phase.MOVE.value, Phase.CHECK.value


def destinations(island: Island, state: MswState) -> dict[int, routes.Destination]:
    """Where the seat on turn may end its move with its roll; the answer for the last state
    asked is kept (``legal_actions``, ``apply`` and the bots ask for the same state's)."""
    global _last_destinations
    last = _last_destinations
    if last[0] is state and last[1] is island:
        kept: dict[int, routes.Destination] = last[2]
        return kept
    if state.phase != MOVE_PHASE or state.roll is None:
        found: dict[int, routes.Destination] = {}
    else:
        found = routes.destinations(island, state.pawns, state.turn, state.roll)
    _last_destinations = (state, island, found)
    return found


#: The last answer of :func:`destinations`, with the very objects it was for: compared by
#: identity inline (``rules.kit.memo.last_answer`` compares every argument in a loop, and a
#: step asks this several times). One tuple, replaced whole, so a thread reads all of it.
_last_destinations: tuple[Any, ...] = (None, None, {})


def suspects(state: MswState, seat: int) -> tuple[int, ...]:
    """Whom ``seat`` may accuse: every other seat still in the game."""
    return tuple(
        other for other in range(len(state.seats)) if other != seat and other not in state.out
    )


def legal_actions(island: Island, state: MswState, seat: int) -> list[ActionSpec]:
    return list(_legal(island, state, seat))


def _legal(island: Island, state: MswState, seat: int) -> tuple[ActionSpec, ...]:
    """The legal specs, the answer for the last state and seat asked kept (the bot loop asks,
    then ``apply`` asks again)."""
    global _last_legal
    last = _last_legal
    if last[0] is state and last[2] == seat and last[1] is island:
        answer: tuple[ActionSpec, ...] = last[3]
        return answer
    answer = _made_legal(island, state, seat)
    _last_legal = (state, island, seat, answer)
    return answer


_last_legal: tuple[Any, ...] = (None, None, None, ())


def _made_legal(island: Island, state: MswState, seat: int) -> tuple[ActionSpec, ...]:
    phase = state.phase
    if phase == SCENE_PHASE:
        if state.scene is None or seat not in state.scene.waiting:
            return ()
        victims = LOCATION_IDS if seat == state.murderer else (NO_VICTIM,)
        return (ActionSpec(SET_SCENE, {"victim": victims}),)
    if seat != state.turn:
        return ()
    if phase == CHECK_PHASE:
        return (ActionSpec(RETURN_TOKEN, {"token": visits.tokens(state, seat)}),)
    if phase != MOVE_PHASE:
        return ()
    found = destinations(island, state)
    if not found:
        return ()
    specs = [ActionSpec(MOVE, {"to": tuple(sorted(found))})]
    accusing = tuple(sorted(space for space, d in found.items() if d.accuse))
    if accusing and seat != state.murderer:
        specs.append(ActionSpec(MOVE, {"to": accusing, "accuse": suspects(state, seat)}))
    return tuple(specs)


def explain_refusal(island: Island, state: MswState, seat: int, action: Action) -> None:
    """A :class:`RuleError` with the rule's own code for the common wrong moves; anything else
    is left to ``check_action``. It refuses nothing the legal specs admit, so ``apply`` asks it
    only of an action they refuse."""
    params = action.params
    if action.type == Act.MOVE and state.phase == Phase.MOVE:
        _explain_move(island, state, seat, params)
    elif action.type == Act.RETURN_TOKEN and state.phase == Phase.CHECK:
        token = params.get("token")
        if token in (Status.ALIVE, Status.DEAD) and token not in visits.tokens(state, seat):
            _, seen = visits.checking(state, seat)
            if seat == state.murderer:
                raise RuleError(
                    "murder is final: a DEAD token cannot be swapped for an ALIVE one",
                    code="check/murder-is-final",
                )
            raise RuleError(
                f"a Jessica puts back the token she saw ({seen})", code="check/return-what-you-saw"
            )
    elif action.type == Act.SET_SCENE and state.phase == Phase.SCENE:
        victim = params.get("victim")
        if seat == state.murderer and victim == NO_VICTIM:
            raise RuleError("the Murderer chooses a first victim", code="scene/choose-a-victim")
        if seat != state.murderer and victim in LOCATION_IDS:
            raise RuleError(
                "a Jessica waits in the room and does nothing", code="scene/jessica-waits"
            )


def _explain_move(island: Island, state: MswState, seat: int, params: Any) -> None:
    to = params.get("to")
    if type(to) is not int:
        return
    found = destinations(island, state)
    if to not in found:
        held = to != island.start and any(
            pawn == to for other, pawn in enumerate(state.pawns) if other != seat
        )
        if held:
            raise RuleError(
                f"space {to} is taken: you may hop over other pawns, but not share spaces",
                code="move/occupied",
            )
        raise RuleError(
            f"a roll of {state.roll} cannot end on space {to}: move the full amount in one "
            "direction (a dock may take you across)",
            code="move/unreachable",
        )
    if "accuse" not in params:
        return
    if seat == state.murderer:
        raise RuleError("the Murderer may not accuse", code="move/murderer-cannot-accuse")
    if not found[to].accuse:
        raise RuleError(
            f"no route to space {to} lands on or passes over an Accuse space",
            code="move/no-accuse-space",
        )
    suspect = params["accuse"]
    if type(suspect) is not int or suspect not in suspects(state, seat):
        raise RuleError("accuse another seat still in the game", code="move/bad-suspect")
