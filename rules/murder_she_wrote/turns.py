"""Whose turn comes next: clockwise among the seats still in the game, a roll to begin each
turn, forfeits, the turn limit, and the end of the game.

"Decide who's going first, play proceeding clockwise." A turn begins with its roll; "if you
can't move, you forfeit your turn", so a roll with no destination passes play on at once. A
round ends when play comes back round to the first player; after the ``rounds`` option's last
round the game ends with nobody winning.
"""

from __future__ import annotations

import hashlib

from rules.core import Event

from . import routes
from .case import DIE_SIDES, Island
from .news import event
from .spec import Ending, Ev, Phase
from .state import MswState, evolve

#: Plain values read on every step: an enum member's ``.value`` is a property call.
MOVE, OVER = Phase.MOVE.value, Phase.OVER.value
#: A turn's event type, the member itself (the very object events always held).
ROLLED = Ev.ROLLED


def following(state: MswState, seat: int, round_: int) -> tuple[int, int]:
    """The next seat still in the game after ``seat`` clockwise, and the round it plays in."""
    count = len(state.seats)
    for ahead in range(1, count + 1):
        candidate = (seat + ahead) % count
        if candidate not in state.out:
            wrapped = (candidate - state.first) % count <= (seat - state.first) % count
            return candidate, round_ + 1 if wrapped else round_
    return seat, round_ + 1  # unreachable while a Jessica and the Murderer are in


def roll_for(state: MswState, seat: int, round_: int) -> int:
    """The die of ``seat``'s turn in ``round_``: fixed by the secret seed, the step and the turn,
    and unpredictable without the seed (as ``rng_for``, read straight from the hash: every turn
    rolls, and seeding a generator for one number cost more than the rest of the turn)."""
    digest = hashlib.sha256(f"{state.seed}:{state.step}:roll:{round_}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % DIE_SIDES + 1


def begin(
    island: Island,
    state: MswState,
    seat: int,
    round_: int,
    events: list[Event],
    last_ended_in: tuple[str | None, ...] | None = None,
) -> MswState:
    """``seat``'s turn in ``round_`` begun (or, with no move possible, forfeited and the next
    begun), or the game over when the turn limit has passed. ``last_ended_in``, when given,
    replaces the state's (the turn just ended), in the one copy of the state made here."""
    if last_ended_in is None:
        last_ended_in = state.last_ended_in
    while round_ <= state.rounds:
        roll = roll_for(state, seat, round_)
        events.append(event(ROLLED, seat, {"roll": roll}))
        if routes.destinations(island, state.pawns, seat, roll):
            return evolve(
                state,
                phase=MOVE,
                turn=seat,
                round=round_,
                roll=roll,
                last_ended_in=last_ended_in,
            )
        events.append(Event(Ev.FORFEITED, seat, {"roll": roll}))
        here = state.pawns[seat]
        where = None if here is None else island.location_at(here)
        last_ended_in = _with(last_ended_in, seat, where)
        seat, round_ = following(state, seat, round_)
    over = evolve(state, last_ended_in=last_ended_in, round=state.rounds, roll=None)
    return finish(over, Ending.TIME_UP, events)


def next_turn(island: Island, state: MswState, events: list[Event]) -> MswState:
    """The turn after the seat on turn's."""
    seat, round_ = following(state, state.turn, state.round)
    return begin(island, state, seat, round_, events)


def end_turn(
    island: Island, state: MswState, seat: int, ended_in: str | None, events: list[Event]
) -> MswState:
    """``seat``'s turn over in ``ended_in`` (a location or ``None``), and the next begun (which
    sets the roll and where the turn ended: one copy of the state, not two)."""
    ended = _with(state.last_ended_in, seat, ended_in)
    following_seat, round_ = following(state, state.turn, state.round)
    return begin(island, state, following_seat, round_, events, ended)


def winners(state: MswState) -> tuple[int, ...]:
    """Who won by the game's ending: the right accuser, the Murderer, or nobody."""
    if state.ending == Ending.CAUGHT:
        return tuple(a.seat for a in state.accusations if a.right)
    if state.ending in (Ending.ESCAPED, Ending.NO_JESSICAS):
        return (state.murderer,)
    return ()


def finish(state: MswState, ending: Ending, events: list[Event]) -> MswState:
    """The game over with ``ending``: everyone learns who the Murderer was and who lies dead."""
    over = evolve(state, phase=OVER, ending=ending.value, roll=None)
    events.append(
        Event(
            Ev.GAME_ENDED,
            None,
            {
                "ending": ending.value,
                "winners": list(winners(over)),
                "murderer": over.murderer,
                "dead": sorted(over.dead),
                "first_victim": over.first_victim,
            },
        )
    )
    return over


def _with(values: tuple[str | None, ...], seat: int, value: str | None) -> tuple[str | None, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]
