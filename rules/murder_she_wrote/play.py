"""One action played: a seat's minute in the room, a move (an accusation on the way, an
escape), a token put back. The action is legal here (``game.apply`` checked it)."""

from __future__ import annotations

from rules.core import Action, Event

from . import turns, visits
from .case import Island
from .legal import destinations
from .news import event
from .routes import Destination
from .spec import DEAD_TO_ESCAPE, Act, Ending, Ev, Rules
from .state import Accusation, MswState, evolve

#: Plain values read on every step: an enum member's ``.value`` is a property call.
#: (An event's type stays the member itself: the very object events always held.)
SET_SCENE, MOVE = Act.SET_SCENE.value, Act.MOVE.value
MOVED = Ev.MOVED


def _int(value: object) -> int:
    assert type(value) is int  # checked against the legal specs before play
    return value


def play(
    island: Island, state: MswState, seat: int, action: Action
) -> tuple[MswState, list[Event]]:
    events: list[Event] = []
    if state.step == 0 and state.rules == Rules.ADVANCED:
        # the advanced setup has no step of its own: its news opens the first step
        events.append(Event(Ev.FIRST_VICTIM_HIDDEN, None, {"first": state.first}))
        events.append(Event(Ev.ROLLED, state.turn, {"roll": state.roll}))
    if action.type == MOVE and "accuse" not in action.params:
        # the commonest step: its number counted in the move's own copy of the state
        found = destinations(island, state)[_int(action.params["to"])]
        return _move(island, state, seat, found, events), events
    moved = evolve(state, step=state.step + 1)
    if action.type == SET_SCENE:
        after = _set_scene(island, moved, seat, action.params["victim"], events)
    elif action.type == MOVE:
        after = _accuse(island, moved, seat, _int(action.params["accuse"]), events)
    else:
        after = _return_token(island, moved, seat, str(action.params["token"]), events)
    return after, events


def _set_scene(
    island: Island, state: MswState, seat: int, victim: object, events: list[Event]
) -> MswState:
    """ "Each player is then given less than a minute to enter the room alone": every seat
    commits, the Murderer a victim and a Jessica nothing; the last commit begins the game."""
    assert state.scene is not None
    scene = state.scene.commit(seat, str(victim))
    events.append(Event(Ev.ENTERED_ROOM, seat, {}))
    if not scene.is_complete():
        return evolve(state, scene=scene)
    first_victim = str(scene.reveal()[state.murderer])
    events.append(Event(Ev.SCENE_SET, None, {"first": state.first}))
    started = evolve(state, scene=None, first_victim=first_victim, dead=frozenset({first_victim}))
    return turns.begin(island, started, state.first, 1, events)


def _move(
    island: Island, state: MswState, seat: int, found: Destination, events: list[Event]
) -> MswState:
    """The pawn moved to ``found`` from ``state`` as the step found it: the step's number and
    the pawn's space change in one copy."""
    to = found.space
    roll = state.roll
    here = state.pawns[seat]
    location = found.location
    checks = location is not None and visits.may_check(state, seat, location)
    events.append(
        event(
            MOVED,
            seat,
            {
                "from": here,
                "to": to,
                "roll": roll,
                "location": location,
                "via": found.via,
                "visit": checks,
            },
        )
    )
    pawns = state.pawns[:seat] + (to,) + state.pawns[seat + 1 :]
    state = evolve(state, step=state.step + 1, pawns=pawns)
    if seat == state.murderer and found.escape is not None and len(state.dead) >= DEAD_TO_ESCAPE:
        events.append(Event(Ev.ESCAPED, seat, {"dead": len(state.dead), "space": found.escape}))
        return turns.finish(state, Ending.ESCAPED, events)
    if checks:
        assert location is not None
        return visits.visit(island, state, seat, location, events)
    return turns.end_turn(island, state, seat, location, events)


def _accuse(
    island: Island, state: MswState, seat: int, suspect: int, events: list[Event]
) -> MswState:
    """ "If the coloured disk in the Murderer card matches the colour dialled ... you've won";
    "If you are wrong you are out of the game and must not reveal whodunnit"."""
    right = suspect == state.murderer
    accusation = Accusation(seat, suspect, right, state.round)
    events.append(
        Event(
            Ev.ACCUSED,
            seat,
            {"right": right, **({"suspect": suspect} if right else {})},
            secret={"suspect": suspect},
            secret_audience=frozenset({seat}),
        )
    )
    state = evolve(state, accusations=(*state.accusations, accusation))
    if right:
        return turns.finish(state, Ending.CAUGHT, events)
    pawns = state.pawns[:seat] + (None,) + state.pawns[seat + 1 :]
    state = evolve(state, pawns=pawns, out=state.out | {seat}, roll=None)
    if all(other in state.out for other in range(len(state.seats)) if other != state.murderer):
        return turns.finish(state, Ending.NO_JESSICAS, events)
    return turns.next_turn(island, state, events)


def _return_token(
    island: Island, state: MswState, seat: int, token: str, events: list[Event]
) -> MswState:
    state, location = visits.return_token(island, state, seat, token, events)
    return turns.end_turn(island, state, seat, location, events)  # the phase: the next turn's
