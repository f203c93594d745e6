"""Mobsters: placing them at setup, the bag, and the Mobster Roll of Step 4."""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules.core import Event
from rules.kit.dice import faces

from . import coop
from .case import HOURS, HQ, TecCase
from .made import event as new_event
from .spec import Ev
from .state import TecState, evolve

#: Crime Sprees chain with probability 1/9 each; a bound keeps a game finite whatever the dice.
MAX_ROLLS = 50


def pull(bag: Mapping[str, int], rng: random.Random) -> tuple[dict[str, int], str | None]:
    """One mobster pulled from the bag at random (``None`` if it is empty)."""
    total = sum(bag.values())
    if total == 0:
        return dict(bag), None
    pick = rng.randrange(total)
    for colour in sorted(bag):
        if pick < bag[colour]:
            return {**bag, colour: bag[colour] - 1}, colour
        pick -= bag[colour]
    raise AssertionError("unreachable")  # pragma: no cover


def to_bag(bag: Mapping[str, int], colours: tuple[str, ...] | list[str]) -> dict[str, int]:
    new = dict(bag)
    for colour in colours:
        new[colour] = new.get(colour, 0) + 1
    return new


def rolled_block(case: TecCase, black: int, white: int) -> str | None:
    """The block a roll names; ``None`` for a reprieve (a 6, or 3-3: the HQ)."""
    block = case.rolled(black, white)
    return None if block is None or block == HQ else block


def place_at_setup(
    case: TecCase, bag: dict[str, int], count: int, rng: random.Random
) -> tuple[dict[str, str], dict[str, int]]:
    """Setup step 11: pull ``count`` mobsters one at a time, rerolling a 6, 3-3 or a taken
    block."""
    placed: dict[str, str] = {}
    for _ in range(count):
        bag, colour = pull(bag, rng)
        if colour is None:
            break
        while True:
            black, white = faces(rng, count=2)
            block = rolled_block(case, black, white)
            if block is not None and block not in placed:
                placed[block] = colour
                break
    return placed, bag


def mobster_roll(
    case: TecCase, state: TecState, rng: random.Random, *, fixed: tuple[str, int] | None = None
) -> tuple[TecState, list[Event]]:
    """Step 4: roll both dice, place a mobster or owe an event, and roll again on a Crime
    Spree (doubles 1, 2, 4 or 5). ``fixed``: Roadblock's (die, number) for the first roll."""
    events: list[Event] = []
    for _ in range(MAX_ROLLS):
        black, white = faces(rng, count=2)
        if fixed is not None:  # Roadblock: "Choose the number of one die"
            black, white = (fixed[1], white) if fixed[0] == "black" else (black, fixed[1])
            fixed = None
        block = rolled_block(case, black, white)
        data: dict[str, object] = {"black": black, "white": white, "block": block}
        if block is None:
            data["outcome"] = "reprieve"
        elif block in state.mobsters:
            data["outcome"] = "event"  # "draw a new Event Card"
            events.append(new_event(Ev.MOBSTER_ROLL, None, data))
            state, drawn = _draw_event(case, state, rng)
            events.extend(drawn)
            data = {}
        else:
            bag, colour = pull(state.bag, rng)
            if colour is None:
                data["outcome"] = "empty-bag"
                events.append(new_event(Ev.MOBSTER_ROLL, None, data))
                state, more = too_many_events(state)
                events.extend(more)
                data = {}
            else:
                data.update(outcome="mobster", colour=colour)
                state = evolve(state, bag=bag, mobsters={**state.mobsters, block: colour})
        if data:
            events.append(new_event(Ev.MOBSTER_ROLL, None, data))
        spree = black == white and black not in (3, 6)
        if not spree:
            break
    return state, events


def _draw_event(case: TecCase, state: TecState, rng: random.Random) -> tuple[TecState, list[Event]]:
    from .events import draw  # events.py places mobsters with this module's bag

    return draw(case, state, None, "mobster-roll", rng)


def too_many_events(state: TecState) -> tuple[TecState, list[Event]]:
    """The Too-Many-Events Penalty: the top Suspect Card leaves the game unseen, or, with the
    deck empty, every tracker not on hour 48 moves on one hour. Co-op moves the Out-of-Time
    Marker back instead (coop.py)."""
    if coop.is_team(state):
        return coop.marker_back(state)
    if state.suspect_deck.draw_count:
        deck = evolve(state.suspect_deck, draw_pile=state.suspect_deck.draw_pile[1:])
        event = Event(Ev.TOO_MANY_EVENTS, data={"penalty": "suspect-discarded"})
        return evolve(state, suspect_deck=deck), [event]
    track = state.track
    moved = []
    for seat in sorted(track.positions):
        if track.position(seat) < HOURS:
            track = track.advance(seat, 1)
            moved.append(seat)
    event = Event(Ev.TOO_MANY_EVENTS, data={"penalty": "hour-lost", "seats": moved})
    return evolve(state, track=track), [event]
