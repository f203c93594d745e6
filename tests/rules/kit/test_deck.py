"""The deck: draws from the top, reshuffles the discard only when the draw pile runs out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core import RuleError
from rules.kit.deck import Deck, DeckError
from rules.kit.errors import KitError

from .helpers import round_trip

CARDS = tuple(f"c{n:02}" for n in range(10))


def test_shuffled_depends_only_on_the_seed_not_the_input_order() -> None:
    as_list = Deck.shuffled(list(CARDS), random.Random(7))
    as_reversed = Deck.shuffled(reversed(CARDS), random.Random(7))
    as_set = Deck.shuffled(set(CARDS), random.Random(7))
    assert as_list == as_reversed == as_set
    assert sorted(as_list.draw_pile) == list(CARDS)
    assert Deck.shuffled(CARDS, random.Random(8)) != as_list
    assert as_list.discard_pile == ()


def test_shuffled_does_not_touch_its_input() -> None:
    cards = list(CARDS)
    Deck.shuffled(cards, random.Random(1))
    assert cards == list(CARDS)


def test_draw_takes_from_the_top_and_leaves_the_old_deck_alone() -> None:
    deck = Deck(draw_pile=("a", "b", "c"), discard_pile=("x",))
    after, drawn = deck.draw(2, rng=random.Random(0))
    assert drawn == ("a", "b")
    assert after == Deck(draw_pile=("c",), discard_pile=("x",))
    assert deck == Deck(draw_pile=("a", "b", "c"), discard_pile=("x",))


def test_drawing_the_whole_pile_does_not_reshuffle_or_use_the_rng() -> None:
    deck = Deck(draw_pile=("a", "b"), discard_pile=("x", "y"))
    rng = random.Random(3)
    before = rng.getstate()
    after, drawn = deck.draw(2, rng=rng)
    assert drawn == ("a", "b")
    assert after == Deck(draw_pile=(), discard_pile=("x", "y"))
    assert rng.getstate() == before
    assert not deck.needs_reshuffle(2)


def test_running_out_reshuffles_the_discard_and_goes_on_drawing() -> None:
    deck = Deck(draw_pile=("a",), discard_pile=("w", "x", "y", "z"))
    assert deck.needs_reshuffle(3)
    after, drawn = deck.draw(3, rng=random.Random(5))
    assert drawn[0] == "a"
    assert set(drawn[1:]) <= {"w", "x", "y", "z"}
    assert after.discard_pile == ()
    assert sorted(drawn + after.draw_pile) == ["a", "w", "x", "y", "z"]
    # Same seed, same reshuffle.
    assert deck.draw(3, rng=random.Random(5)) == (after, drawn)


def test_drawing_more_than_both_piles_hold_is_refused_with_a_stable_code() -> None:
    deck = Deck(draw_pile=("a",), discard_pile=("b",))
    with pytest.raises(DeckError) as caught:
        deck.draw(3, rng=random.Random(0))
    assert caught.value.code == "deck/empty"
    assert isinstance(caught.value, KitError) and isinstance(caught.value, RuleError)
    with pytest.raises(DeckError, match="hold only 2"):
        deck.draw(3, rng=random.Random(0))


def test_a_deck_that_must_not_reshuffle_stops_at_its_draw_pile() -> None:
    deck = Deck(draw_pile=("a",), discard_pile=("b", "c"))
    assert deck.available(reshuffle=False) == 1
    with pytest.raises(DeckError) as caught:
        deck.draw(2, rng=random.Random(0), reshuffle=False)
    assert caught.value.code == "deck/empty"
    assert deck.draw(1, rng=random.Random(0), reshuffle=False)[1] == ("a",)


@pytest.mark.parametrize("count", [-1, True, 1.5])
def test_bad_counts_are_refused(count: object) -> None:
    with pytest.raises(DeckError) as caught:
        Deck(draw_pile=("a",)).draw(count, rng=random.Random(0))  # type: ignore[arg-type]
    assert caught.value.code == "deck/bad-count"


def test_drawing_nothing_is_allowed() -> None:
    deck = Deck()
    assert deck.draw(0, rng=random.Random(0)) == (deck, ())


def test_discard_puts_the_last_card_on_top() -> None:
    deck = Deck(discard_pile=("old",)).discard(["a", "b"])
    assert deck.discard_pile == ("b", "a", "old")
    assert deck.discard_count == 3


def test_peek_and_putting_cards_back() -> None:
    deck = Deck(draw_pile=("a", "b", "c"))
    assert deck.peek(2) == ("a", "b")
    assert deck.peek(9) == ("a", "b", "c")
    assert deck.put_on_top(["x", "y"]).draw_pile == ("x", "y", "a", "b", "c")
    assert deck.put_on_bottom(["x", "y"]).draw_pile == ("a", "b", "c", "x", "y")
    assert deck.draw_pile == ("a", "b", "c")


def test_taking_a_chosen_card() -> None:
    deck = Deck(draw_pile=("a", "b", "a"), discard_pile=("x", "y", "x"))
    assert deck.take_from_discard("x").discard_pile == ("y", "x")
    assert deck.take_from_draw_pile("a").draw_pile == ("b", "a")
    with pytest.raises(DeckError) as caught:
        deck.take_from_discard("a")
    assert caught.value.code == "deck/missing-card"


def test_counts() -> None:
    deck = Deck(draw_pile=("a", "b"), discard_pile=("c",))
    assert (deck.draw_count, deck.discard_count, deck.size) == (2, 1, 3)
    assert not deck.is_empty() and Deck().is_empty()


def test_reshuffle_discard_and_shuffle() -> None:
    deck = Deck(draw_pile=("a", "b"), discard_pile=("c", "d", "e"))
    merged = deck.reshuffle_discard(rng=random.Random(2))
    assert merged.draw_pile[:2] == ("a", "b")
    assert sorted(merged.draw_pile[2:]) == ["c", "d", "e"] and merged.discard_pile == ()
    shuffled = deck.shuffle(rng=random.Random(2))
    assert sorted(shuffled.draw_pile) == ["a", "b"] and shuffled.discard_pile == deck.discard_pile


def test_json_round_trip() -> None:
    deck = Deck.shuffled(CARDS, random.Random(4)).discard(["z"])
    assert round_trip(deck) == deck
    assert round_trip(Deck()) == Deck()


@given(
    seed=st.integers(0, 2**32),
    moves=st.lists(st.tuples(st.booleans(), st.integers(0, 4)), max_size=30),
)
def test_cards_are_never_lost_or_duplicated(seed: int, moves: list[tuple[bool, int]]) -> None:
    rng = random.Random(seed)
    deck = Deck.shuffled(CARDS, rng)
    hand: list[str] = []
    for is_draw, count in moves:
        if is_draw and count <= deck.size:
            reshuffles = deck.needs_reshuffle(count)
            before = rng.getstate()
            deck, drawn = deck.draw(count, rng=rng)
            if not reshuffles:  # the rng is used only for a reshuffle
                assert rng.getstate() == before
            hand += drawn
        elif hand:
            deck = deck.discard(hand[:count])
            del hand[:count]
        assert sorted(hand + list(deck.draw_pile) + list(deck.discard_pile)) == list(CARDS)
