"""Hidden hands: owners see cards, everyone else opaque handles that cannot track a card."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.kit.deck import Deck
from rules.kit.hands import HandError, Hands, HandView, Reveal, deal

from .helpers import as_text, round_trip

SUSPECTS = tuple(f"suspect-{letter}" for letter in "abcdefghijklmnop")


def dealt(salt: int = 11, seed: int = 0, count: int = 3) -> Hands:
    hands, _ = deal(
        Hands.empty(range(3), salt=salt),
        Deck.shuffled(SUSPECTS, random.Random(seed)),
        count,
        rng=random.Random(seed),
    )
    return hands


def all_handles(hands: Hands) -> set[str]:
    return {handle for seat in hands.seats for handle in hands.handles(seat)}


def test_deal_goes_round_the_table_from_the_top() -> None:
    deck = Deck(draw_pile=("a", "b", "c", "d", "e", "f", "g"))
    hands, rest = deal(Hands.empty([0, 1, 2], salt=1), deck, 2, rng=random.Random(0))
    assert hands.held == {0: ("a", "d"), 1: ("b", "e"), 2: ("c", "f")}
    assert rest.draw_pile == ("g",)
    assert hands.generation == 1  # the deal is one secret move
    only_two, _ = deal(Hands.empty([0, 1, 2], salt=1), deck, 1, rng=random.Random(0), seats=[2, 0])
    assert only_two.held == {0: ("b",), 1: (), 2: ("a",)}


def test_deal_refuses_unknown_or_repeated_seats() -> None:
    deck = Deck(draw_pile=("a", "b"))
    with pytest.raises(HandError) as caught:
        deal(Hands.empty([0], salt=1), deck, 1, rng=random.Random(0), seats=[0, 0])
    assert caught.value.code == "hand/bad-seats"
    with pytest.raises(HandError) as caught:
        deal(Hands.empty([0], salt=1), deck, 1, rng=random.Random(0), seats=[5])
    assert caught.value.code == "hand/unknown-seat"


def test_the_owner_sees_its_cards_and_others_only_handles_and_counts() -> None:
    hands = dealt()
    views = {view.seat: view for view in hands.view_for(1)}
    assert views[1] == HandView(seat=1, count=3, cards=hands.cards_of(1), handles=())
    for seat in (0, 2):
        assert views[seat].cards is None and views[seat].count == 3
        assert views[seat].handles == hands.handles(seat)
    text = as_text(hands.view_for(1))
    for seat in (0, 2):
        for card in hands.cards_of(seat):
            assert card not in text
    secret = dealt(salt=987654321987654321)
    for viewer in (None, 0, 1):
        shown = as_text(secret.view_for(viewer))
        assert "987654321987654321" not in shown
        assert "salt" not in shown and "generation" not in shown
    spectator = hands.view_for(None)
    assert all(view.cards is None for view in spectator)


def test_handles_are_short_opaque_sorted_and_resolve_to_the_cards() -> None:
    hands = dealt()
    for seat in hands.seats:
        handles = hands.handles(seat)
        assert list(handles) == sorted(handles)
        assert all(len(h) == 12 and int(h, 16) >= 0 for h in handles)
        assert sorted(hands.card_at(seat, h) for h in handles) == sorted(hands.cards_of(seat))
    with pytest.raises(HandError) as caught:
        hands.card_at(0, "000000000000")
    assert caught.value.code == "hand/unknown-handle"


def test_handles_do_not_repeat_across_games() -> None:
    one, other = dealt(salt=101), dealt(salt=202)
    assert one.held == other.held  # the very same deal...
    assert not all_handles(one) & all_handles(other)  # ...with nothing in common


def test_every_secret_move_changes_every_handle() -> None:
    hands = dealt()
    card = hands.cards_of(0)[0]
    moves = [
        hands.add(1, ["extra"]),
        hands.remove(2, [hands.cards_of(2)[0]]),
        hands.pass_card(0, 1, card),
        hands.take(1, 0, hands.handles(0)[0])[0],
        hands.reshuffled(),
    ]
    before = all_handles(hands)
    for moved in moves:
        assert moved.generation == hands.generation + 1
        assert not all_handles(moved) & before
    # A hand that did not change still gets new handles: nothing says which hand moved.
    assert not set(hands.pass_card(0, 1, card).handles(2)) & set(hands.handles(2))


def test_showing_a_card_is_not_a_move() -> None:
    hands = dealt()
    card = hands.cards_of(0)[1]
    assert hands.reveal(0, card, to=2) == Reveal(owner=0, viewer=2, card=card)
    handle = hands.handles(0)[0]
    shown = hands.reveal_handle(0, handle, to=1)
    assert shown.card == hands.card_at(0, handle) and shown.viewer == 1
    assert hands.handles(0) == dealt().handles(0)


def test_passing_and_taking_cards() -> None:
    hands = Hands(held={0: ("a", "b"), 1: ("c",)}, salt=5)
    passed = hands.pass_card(0, 1, "b")
    assert passed.held == {0: ("a",), 1: ("c", "b")}
    taken, card = hands.take(1, 0, hands.handles(0)[0])
    assert card in {"a", "b"}
    assert taken.cards_of(1) == ("c", card) and card not in taken.cards_of(0)
    assert hands.held == {0: ("a", "b"), 1: ("c",)}  # never mutated
    assert hands.remove(0, ["a", "b"]).cards_of(0) == ()
    assert hands.holds(0, "a") and not hands.holds(1, "a")


@pytest.mark.parametrize(
    ("attempt", "code"),
    [
        (lambda h: h.pass_card(0, 1, "zzz"), "hand/missing-card"),
        (lambda h: h.remove(1, ["a"]), "hand/missing-card"),
        (lambda h: h.reveal(0, "c", to=1), "hand/missing-card"),
        (lambda h: h.pass_card(0, 0, "a"), "hand/same-seat"),
        (lambda h: h.reveal(0, "a", to=0), "hand/same-seat"),
        (lambda h: h.add(7, ["a"]), "hand/unknown-seat"),
        (lambda h: h.count(7), "hand/unknown-seat"),
    ],
)
def test_refusals_have_stable_codes(attempt: object, code: str) -> None:
    hands = Hands(held={0: ("a", "b"), 1: ("c",)}, salt=5)
    with pytest.raises(HandError) as caught:
        attempt(hands)  # type: ignore[operator]
    assert caught.value.code == code


def test_json_round_trip_keeps_the_handles() -> None:
    hands = dealt().pass_card(0, 2, dealt().cards_of(0)[0])
    back = round_trip(hands)
    assert back == hands
    assert all_handles(back) == all_handles(hands)
    assert round_trip(hands.view_for(0)[1]) == hands.view_for(0)[1]


def test_where_a_card_sits_does_not_show_in_the_handle_order() -> None:
    """The first card received is not always the first handle: across games it lands on
    every place of the sorted handles."""
    places = set()
    for salt in range(200):
        hands = Hands(held={0: ("a", "b", "c", "d")}, salt=salt)
        places.add([hands.card_at(0, handle) for handle in hands.handles(0)].index("a"))
    assert places == {0, 1, 2, 3}


@settings(max_examples=60, deadline=None)
@given(
    salt=st.integers(0, 2**63),
    seed=st.integers(0, 2**32),
    counts=st.lists(st.integers(0, 5), min_size=2, max_size=4),
    viewer=st.integers(0, 3),
)
def test_others_see_the_same_thing_whatever_the_cards(
    salt: int, seed: int, counts: list[int], viewer: int
) -> None:
    """Two tables that differ only in which cards the other seats hold look identical to a
    seat: handles depend on the salt, the generation, the seat and the place, never the card."""
    rng = random.Random(seed)
    seat = viewer % len(counts)
    pool = list(SUSPECTS) + [f"other-{n}" for n in range(20)]
    mine = tuple(pool[: counts[seat]])
    rest = pool[len(mine) :]

    def table(order: list[str], generation: int) -> Hands:
        held, at = {}, 0
        for other, count in enumerate(counts):
            held[other] = mine if other == seat else tuple(order[at : at + count])
            at += 0 if other == seat else count
        return Hands(held=held, salt=salt, generation=generation)

    generation = rng.randrange(5)
    shuffled = list(rest)
    rng.shuffle(shuffled)
    one, two = table(rest, generation), table(shuffled, generation)
    assert one.view_for(seat) == two.view_for(seat)
    assert one.view_for(None) == two.view_for(None)
    # And after the same secret move, still the same to the viewer, and all new.
    assert one.reshuffled().view_for(seat) == two.reshuffled().view_for(seat)
    others = [s for s in one.seats if s != seat]
    old = {h for s in others for h in one.handles(s)}
    new = {h for s in others for h in one.reshuffled().handles(s)}
    assert not old & new


@settings(max_examples=40, deadline=None)
@given(
    salts=st.lists(st.integers(0, 2**63), min_size=2, max_size=2, unique=True),
    seed=st.integers(0, 2**32),
    moves=st.lists(st.integers(0, 3), max_size=25),
)
def test_no_handle_is_ever_shown_twice(salts: list[int], seed: int, moves: list[int]) -> None:
    """Over two games' whole histories of secret moves, no handle comes back: not in a later
    generation of the same game, not in the other game."""
    seen: set[str] = set()
    for salt in salts:
        rng = random.Random(seed)
        hands = dealt(salt=salt, seed=seed, count=2)
        history = [hands]
        for move in moves:
            giver, receiver = rng.sample(hands.seats, 2)
            if move == 0 and hands.count(giver):
                hands = hands.pass_card(giver, receiver, rng.choice(hands.cards_of(giver)))
            elif move == 1 and hands.count(giver):
                hands = hands.take(receiver, giver, rng.choice(hands.handles(giver)))[0]
            elif move == 2:
                hands = hands.add(receiver, [f"drawn-{len(history)}"])
            else:
                hands = hands.reshuffled()
            history.append(hands)
        for state in history:
            shown = all_handles(state)
            assert len(shown) == sum(state.count(seat) for seat in state.seats)
            assert not shown & seen
            seen |= shown
