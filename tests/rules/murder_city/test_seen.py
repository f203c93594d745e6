"""A seat's view keeps what that seat alone saw, for as long as it stays true (issue #10).

From the rulebook: "Always place Evidence cards face down on your Jovan Dataslate Card" and the
Backroom Datajack's own text (cards.py, L13): "Look at one evidence card attached to his case";
the Strength: "Instead of randomly drawing an Evidence card from the deck, you may look through
the discard pile and choose one card" (the cards that went in unseen included). A client that
reconnects, or a bot that reads only its view, must know what the seat learned: on hand-made
twin worlds that differ only in the card looked at, the looker's views after the step differ and
every other seat's stay the same. A view that forgets fails the same check (the control below).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from rules.core import Action
from rules.murder_city import state as states
from rules.murder_city.game import SYSTEM
from rules.murder_city.state import Case, McState
from tests.hidden_information import canonical
from tests.rules.murder_city.cards_fixture import CITY, holding, on_turn, start, with_cases
from tests.rules.murder_city.resample import resample

FO = "forensics"
View = Callable[[McState, int | None], dict[str, Any]]


def real_view(state: McState, seat: int | None) -> dict[str, Any]:
    return SYSTEM.view(CITY, state, seat)


def forgetful_view(state: McState, seat: int | None) -> dict[str, Any]:
    """The view before issue #10: what a seat saw is left out."""
    shown = dict(real_view(state, seat))
    shown.pop("seen", None)
    return shown


def swapped(state: McState, one: str, other: str) -> McState:
    """The same state with two evidence cards changing places everywhere."""

    def swap(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: swap(item) for key, item in value.items()}
        if isinstance(value, list):
            return [swap(item) for item in value]
        return {one: other, other: one}.get(value, value) if isinstance(value, str) else value

    twin = states.from_json(swap(states.to_json(state)))
    unseen = {kind: tuple(sorted(cards)) for kind, cards in twin.unseen.items()}
    return dataclasses.replace(twin, unseen=unseen)


def assert_only_the_looker_learns(
    first: McState,
    second: McState,
    looker: int,
    action: Action,
    view: View = real_view,
    owner: int | None = None,
) -> tuple[McState, McState]:
    """Twins every seat sees alike before ``action`` (all but the ``owner`` of the card looked
    at, who knew it already); after it the looker's views differ and every other seat's (and the
    spectator's) are the same. Returns the two states after."""
    seats = [seat for seat in (None, *range(len(first.seats))) if seat is None or seat != owner]
    for seat in seats:
        assert canonical(view(first, seat)) == canonical(view(second, seat)), "not twins"
    after_first, _ = SYSTEM.apply(CITY, first, looker, action)
    after_second, _ = SYSTEM.apply(CITY, second, looker, action)
    for seat in seats:
        alike = canonical(view(after_first, seat)) == canonical(view(after_second, seat))
        assert alike != (seat == looker), f"seat {seat}: the looker alone learns the card"
    return after_first, after_second


def peek_twins() -> tuple[McState, McState, str, str]:
    """Seat 1's case M15 holds one of two forensics cards face down; the other is in the deck.
    Seat 0, on turn, holds a Backroom Datajack."""
    state = on_turn(start(), 0)
    deck = state.evidence_decks[FO]
    one, other = deck.draw_pile[0], deck.draw_pile[1]
    decks = {**state.evidence_decks, FO: dataclasses.replace(deck, draw_pile=deck.draw_pile[1:])}
    state = dataclasses.replace(state, evidence_decks=decks, setbacks=(), markers=())
    state = with_cases(state, 1, Case("M15", {FO: one}), *state.desks[1].cases[1:])
    state = holding(state, 0, legwork=("L13",))
    return state, swapped(state, one, other), one, other


PEEK = Action("play-legwork", {"card": "L13", "seat": 1, "murder": "M15", "port": FO})


def test_the_peek_stays_in_the_lookers_view() -> None:
    first, second, one, other = peek_twins()
    after, after_twin = assert_only_the_looker_learns(first, second, 0, PEEK, owner=1)
    (seen,) = real_view(after, 0)["seen"]["attached"]
    card = CITY.evidence_by_id[one]
    assert seen == {
        "owner": 1,
        "murder": "M15",
        "type": FO,
        "evidence": one,
        "colour": card.colour,
        "value": card.value,
        "item": card.item,
        "joker": card.colour == "joker",
    }
    assert real_view(after_twin, 0)["seen"]["attached"][0]["evidence"] == other
    assert real_view(after, 1)["seen"] == {"attached": [], "piles": {}}


def test_a_view_that_forgets_the_peek_fails() -> None:
    first, second, _, _ = peek_twins()
    with pytest.raises(AssertionError, match="the looker alone learns"):
        assert_only_the_looker_learns(first, second, 0, PEEK, forgetful_view, owner=1)


def test_the_peek_lasts_while_the_card_lies_there() -> None:
    """Kept over later steps; dropped once the card leaves the port (here, its case closes
    and the evidence goes into the discard pile unseen)."""
    first, _, one, _ = peek_twins()
    after, _ = SYSTEM.apply(CITY, first, 0, PEEK)
    later, _ = SYSTEM.apply(CITY, after, 0, Action("draw-evidence", {"deck": FO}))
    assert real_view(later, 0)["seen"]["attached"][0]["evidence"] == one
    gone = with_cases(later, 1, *later.desks[1].cases[1:])
    gone, _ = SYSTEM.apply(CITY, gone, 0, Action("draw-evidence", {"deck": FO}))
    assert real_view(gone, 0)["seen"]["attached"] == []


def pile_twins() -> tuple[McState, McState, str, str, str]:
    """Seat 0's Strength pile holds one card face up and one that went in unseen, which is one
    of two cards (the other is in the deck)."""
    state = on_turn(start(), 0)
    kind = CITY.jovan_by_id[state.desks[0].jovan or ""].strength_pick
    deck = state.evidence_decks[kind]
    face_up, one, other = deck.draw_pile[:3]
    deck = dataclasses.replace(deck, draw_pile=deck.draw_pile[2:], discard_pile=(face_up, one))
    state = dataclasses.replace(
        state,
        evidence_decks={**state.evidence_decks, kind: deck},
        unseen={**state.unseen, kind: (one,)},
        setbacks=(),
        markers=(),
    )
    return state, swapped(state, one, other), face_up, one, other


def test_the_look_through_the_pile_stays_in_the_lookers_view() -> None:
    first, second, face_up, one, other = pile_twins()
    pick = Action("pick-discard", {"card": face_up})
    after, after_twin = assert_only_the_looker_learns(first, second, 0, pick)
    kind = CITY.evidence_by_id[one].type
    assert real_view(after, 0)["seen"]["piles"] == {kind: [one]}
    assert real_view(after_twin, 0)["seen"]["piles"] == {kind: [other]}


def test_a_view_that_forgets_the_pile_fails() -> None:
    first, second, face_up, _, _ = pile_twins()
    pick = Action("pick-discard", {"card": face_up})
    with pytest.raises(AssertionError, match="the looker alone learns"):
        assert_only_the_looker_learns(first, second, 0, pick, forgetful_view)


def test_the_look_ends_when_the_card_leaves_the_pile() -> None:
    """An unseen card taken out of the pile is no longer known to lie there."""
    first, _, face_up, one, _ = pile_twins()
    after, _ = SYSTEM.apply(CITY, first, 0, Action("pick-discard", {"card": face_up}))
    kind = CITY.evidence_by_id[one].type
    after = dataclasses.replace(
        after, limits=tuple(dataclasses.replace(lim, picked=False) for lim in after.limits)
    )
    taken, _ = SYSTEM.apply(CITY, after, 0, Action("pick-discard", {"card": one}))
    assert real_view(taken, 0)["seen"]["piles"] == {}
    assert kind not in {look.kind for look in taken.looks}


def test_the_resampler_keeps_what_the_seat_saw() -> None:
    """The looker's world keeps the card it saw on that port; another seat's world redeals the
    face-down card and the looker's memory follows it (what the looker saw is not that seat's
    to know)."""
    first, _, one, _ = peek_twins()
    after, _ = SYSTEM.apply(CITY, first, 0, PEEK)
    rng = random.Random(3)
    for _ in range(20):
        _, world = resample(CITY, after, 0, rng)
        assert world.peeks == after.peeks
        assert world.desks[1].cases[0].ports[FO] == one
    others = [resample(CITY, after, 2, rng)[1] for _ in range(20)]
    assert any(world.desks[1].cases[0].ports[FO] != one for world in others)
    for world in others:
        assert [p.evidence for p in world.peeks] == [world.desks[1].cases[0].ports[FO]]
