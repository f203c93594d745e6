"""What is worked out once and kept (issue #12) answers as working it out again would: a
bot's reading kept by the identity of its sightings' rows, and an island's destinations made
once and shared by the (space, roll) pairs that reach them."""

from __future__ import annotations

from dataclasses import astuple

from rules.murder_she_wrote import bot_deduce, routes
from tests.rules.murder_she_wrote.helpers import GAME, ISLAND
from tests.rules.murder_she_wrote.test_bot_reading import GAMES_PLAYED


def _afresh(view: dict[str, object]) -> bot_deduce.Reading:
    """The reading of ``view`` with rows no reading was kept for (a copy of its sightings)."""
    seen = view["seen"]
    assert isinstance(seen, list)
    return bot_deduce.read({**view, "seen": list(seen)})


def test_a_kept_reading_is_the_reading_made_afresh_at_every_step() -> None:
    compared = 0
    for states in GAMES_PLAYED[:8]:
        for state in states:
            for seat in range(len(state.seats)):
                view = GAME.view(state, seat)
                assert bot_deduce.read(view) == _afresh(view)
                compared += 1
    assert compared > 1_000


def test_sightings_read_against_another_log_are_read_again() -> None:
    """The same rows of sightings with a log that does not lengthen the one they were read
    against (a view made by hand) are not answered from what was kept."""
    for states in GAMES_PLAYED:
        for state in states:
            view = GAME.view(state, 0)
            if view["seen"] and len(view["visits"]) > 2:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no game gave seat 0 a sighting")
    bot_deduce.read(view)  # kept for these rows
    shuffled = [dict(row) for row in reversed(view["visits"])]
    again = {**view, "visits": shuffled}
    assert bot_deduce.read(again) == _afresh(again)


def test_an_islands_destinations_are_made_once_and_shared() -> None:
    table = routes.RouteTable(ISLAND)
    made: dict[tuple[object, ...], routes.Destination] = {}
    for start in range(table.size):
        for roll in range(1, 7):
            for destination in table.candidates(start, roll):
                found = made.setdefault(astuple(destination), destination)
                assert found is destination
    assert len(made) < sum(
        len(table.candidates(s, r)) for s in range(table.size) for r in range(1, 7)
    )
