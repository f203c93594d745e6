"""The hidden-information property on Murder City, with controls that prove it can fail.

"These cards are kept in your hand, secret from the other players"; "Always place Evidence cards
face down on your Jovan Dataslate Card": nothing a seat
is shown (its view, its legal actions, whom the game waits for, the events of each step) tells it
another seat's hand, the colour or value of a face-down evidence card, another seat's legwork
cards, the decks' order or another seat's sealed answer to the call for volunteers. What is
hidden is redealt by ``resample.py``, written from the rulebook; the cards' effects and trades
are on, as in a real game. What an event tells, the view keeps (who drew a setback, who
volunteered to listen): two tests below hold that on hand-made twin worlds.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from rules.core import Action, Event, rng_for
from rules.kit.simultaneous import Commitments
from rules.murder_city.cards import LEGWORK_BY_ID
from rules.murder_city.case import JOKER, City
from rules.murder_city.game import SYSTEM, MurderCity
from rules.murder_city.spec import Act, Stage
from rules.murder_city.state import McState
from tests.hidden_information import Table, canonical, check_playout, shown_events
from tests.rules.murder_city.helpers import CITY, GAME, envelope, seats, start
from tests.rules.murder_city.resample import resample

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
        resample,
        rng=random.Random(seed),
        max_steps=STEPS,
    )
    assert 20 <= steps < STEPS  # a whole game, ended


# the two gaps: what an event tells and no view keeps ---------------------------------------


def bot_steps(count: int, seed: int) -> Iterator[tuple[McState, int, Action]]:
    """Each state of a bot game of six turns, with the seat to act and its move."""
    state: McState = GAME.new_game(seats(count, bot=True), "standard", seed, {"turns": 6})
    for number in range(STEPS * 10):
        if GAME.result(state) is not None:
            return
        actor = min(GAME.to_act(state))
        view, legal = GAME.view(state, actor), GAME.legal_actions(state, actor)
        action = SYSTEM.bot_choose(view, legal, rng_for(seed, number, "bot"))
        yield state, actor, action
        state, _ = GAME.apply(state, actor, action)
    raise RuntimeError("the bot game did not end")


def assert_views_keep_what_events_tell(
    first: McState, second: McState, actor: int, action: Action, seats: Iterable[int | None]
) -> None:
    """Two hand-made worlds every seat in ``seats`` sees alike before ``action``: where the
    events a seat is shown differ between them, its views after differ too, so the view (the
    whole of what the seat may know) keeps what the events told."""
    after_first, events_first = GAME.apply(first, actor, action)
    after_second, events_second = GAME.apply(second, actor, action)
    told_apart = 0
    for seat in seats:
        if canonical(GAME.view(first, seat)) != canonical(GAME.view(second, seat)):
            raise RuntimeError(f"seat {seat} tells the worlds apart before the action: not twins")
        if canonical(shown_events(events_first, seat)) != canonical(
            shown_events(events_second, seat)
        ):
            told_apart += 1
            assert canonical(GAME.view(after_first, seat)) != canonical(
                GAME.view(after_second, seat)
            ), f"seat {seat} is told something by the events that its view does not keep"
    assert told_apart, "the events told no seat the worlds apart: the test shows nothing"


def test_the_view_keeps_who_drew_a_setback() -> None:
    """ "Any time you draw a Setback card from the Legwork deck, you must read its text aloud":
    the first seat of a new turn's deal draws a lasting setback in one world, the second in the
    other (the deck's order is hidden); the events say who drew it, and so does every view
    (``setbacks_drawn_by``)."""
    for state, actor, action in bot_steps(3, 1):
        after, _ = GAME.apply(state, actor, action)
        pile = state.legwork_deck.draw_pile
        lasting = [
            c for c in pile[3:] if LEGWORK_BY_ID[c].setback and LEGWORK_BY_ID[c].lasts != "instant"
        ]
        if state.turn == 0 or after.turn <= state.turn or not lasting:
            continue
        rest = [card for card in pile if card != lasting[0]]
        orders = [(lasting[0], *rest), (rest[0], lasting[0], *rest[1:])]
        first, second = (
            dataclasses.replace(
                state, legwork_deck=dataclasses.replace(state.legwork_deck, draw_pile=order)
            )
            for order in orders
        )
        assert_views_keep_what_events_tell(first, second, actor, action, [None, *range(3)])
        return
    raise RuntimeError("no new turn with a lasting setback in the deck")


def answered(state: McState, choices: dict[int, bool]) -> McState:
    """``state`` with these sealed answers to the call for volunteers."""
    court = state.court
    assert court is not None and court.volunteers is not None
    sealed = Commitments(expected=court.volunteers.expected, choices=dict(choices))
    return dataclasses.replace(state, court=dataclasses.replace(court, volunteers=sealed))


def test_the_view_keeps_who_volunteered() -> None:
    """ "Either it is the player to your left, or someone who voluntarily uses a Hardship card
    to become the Listener": the seat to the prosecutor's left volunteered in both worlds, the
    next one in only one; the last seat asked declines. The same seat listens and draws the same
    hardship; the revealed answers differ, and every view keeps them (``volunteers.revealed``)."""
    for state, _, _ in bot_steps(4, 2):
        court = state.court
        if court is None or court.stage != Stage.VOLUNTEERS or court.volunteers is None:
            continue
        sealed = court.volunteers
        asked = [(court.prosecutor + k) % 4 for k in (1, 2, 3)]
        if sealed.choices or not set(asked) <= sealed.expected:
            continue
        left, other, last = asked
        both, one = (answered(state, {left: True, other: says}) for says in (True, False))
        declines = Action(Act.VOLUNTEER, {"listen": False})
        seats = [None, court.prosecutor, left, last]  # all but the seat whose answer differs
        assert_views_keep_what_events_tell(both, one, last, declines, seats)
        return
    raise RuntimeError("no call for volunteers asking three seats")


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
                resample,
                rng=random.Random(seed),
                max_steps=STEPS,
            )
        except AssertionError:
            caught += 1
    assert caught >= 1
