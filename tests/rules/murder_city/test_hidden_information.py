"""The hidden-information property on Murder City, with controls that prove it can fail.

"These cards are kept in your hand, secret from the other players"; "Always place Evidence cards
face down on your Jovan Dataslate Card": nothing a seat
is shown (its view, its legal actions, whom the game waits for, the events of each step) tells it
another seat's hand, the colour or value of a face-down evidence card, another seat's legwork
cards, the decks' order or another seat's sealed answer to the call for volunteers. What is
hidden is redealt by ``resample.py``, written from the rulebook; the cards' effects and trades
are on, as in a real game. Two things the events tell and the view does not keep (who drew a
setback, who volunteered to listen) make the resampler keep the legwork deck's order and the
last sealed answer; see ``resample.py``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rules.core import Event
from rules.murder_city.case import JOKER, City
from rules.murder_city.game import SYSTEM, MurderCity
from rules.murder_city.spec import Stage
from rules.murder_city.state import McState
from tests.hidden_information import Table, check_playout
from tests.rules.murder_city.helpers import CITY, envelope, seats, start
from tests.rules.murder_city.resample import keeping_the_legwork_order, resample

#: The shortest contracts keep a random game to some 50-200 steps; the cap is well above.
STEPS = 400


def table(count: int, seed: int) -> Table:
    return Table(envelope(), seats(count), "standard", seed, {"turns": 3})


@pytest.mark.parametrize("count", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_nothing_shown_tells_what_another_seat_holds(count: int, seed: int) -> None:
    steps = check_playout(
        SYSTEM,
        table(count, 100 * count + seed),
        keeping_the_legwork_order,
        rng=random.Random(seed),
        max_steps=STEPS,
    )
    assert 20 <= steps < STEPS  # a whole game, ended


# the resampler moves what it may -------------------------------------------------------------


def test_the_resampler_redeals_only_what_the_seat_cannot_see() -> None:
    state = start(3, seed=5)
    rng = random.Random(0)
    worlds = [resample(CITY, state, 0, rng)[1] for _ in range(20)]
    assert all(w.evidence.cards_of(0) == state.evidence.cards_of(0) for w in worlds)
    assert all(w.legwork.cards_of(0) == state.legwork.cards_of(0) for w in worlds)
    others = {tuple(sorted(w.evidence.cards_of(1))) for w in worlds}
    assert len(others) > 10  # another seat's hand really is redealt
    for world in worlds:  # ... card for card within its type
        types = sorted(CITY.evidence_by_id[c].type for c in world.evidence.cards_of(1))
        assert types == sorted(CITY.evidence_by_id[c].type for c in state.evidence.cards_of(1))
    assert len({w.evidence_decks["forensics"].draw_pile for w in worlds}) == len(worlds)
    assert len({w.murder_deck.draw_pile for w in worlds}) == len(worlds)
    spectator = {tuple(sorted(resample(CITY, state, None, rng)[1].evidence.cards_of(0)))}
    spectator |= {tuple(sorted(resample(CITY, state, None, rng)[1].evidence.cards_of(0)))}
    assert len(spectator) == 2  # a spectator holds nothing


# controls: leaks the property must catch -----------------------------------------------------


def jokers(city: City, state: McState, seat: int) -> int:
    return sum(city.evidence_by_id[card].colour == JOKER for card in state.evidence.cards_of(seat))


class JokersInView(MurderCity):
    """Shows how many jokers each seat holds."""

    def view(self, case: City, state: McState, seat: int | None) -> dict[str, Any]:
        shown = super().view(case, state, seat)
        return {**shown, "jokers": [jokers(case, state, s) for s in range(len(state.seats))]}


class HandValueInEvents(MurderCity):
    """Tells the table the value of the acting seat's hand."""

    def apply(self, case: City, state: McState, seat: int, action: Any) -> Any:
        after, events = super().apply(case, state, seat, action)
        value = sum(case.evidence_by_id[c].value for c in state.evidence.cards_of(seat))
        marked: list[Event] = [
            dataclasses.replace(e, data={**e.data, "hand_value": value}) for e in events
        ]
        return after, marked


class VolunteerStopsTheCall(MurderCity):
    """Stops waiting for the other answers once someone has volunteered: the timing tells."""

    def to_act(self, case: City, state: McState) -> frozenset[int]:
        waiting = super().to_act(case, state)
        court = state.court
        if (
            court is not None
            and court.stage == Stage.VOLUNTEERS
            and court.volunteers is not None
            and any(choice is True for choice in court.volunteers.choices.values())
        ):
            return frozenset({min(waiting)})
        return waiting


@pytest.mark.parametrize("leaky", [JokersInView(), HandValueInEvents(), VolunteerStopsTheCall()])
def test_the_property_catches_a_leak(leaky: MurderCity) -> None:
    caught = 0
    for seed in range(6):
        try:
            check_playout(
                leaky,
                table(4, seed),
                keeping_the_legwork_order,
                rng=random.Random(seed),
                max_steps=STEPS,
            )
        except AssertionError:
            caught += 1
    assert caught >= 1
