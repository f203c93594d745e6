"""Commit then reveal: nothing about a choice shows before every expected seat has chosen."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.kit.simultaneous import Choice, CommitError, Commitments, CommitmentsView

from .helpers import as_text, round_trip

ACCUSATION = {"suspect": "suspect-k", "weapon": "knife"}


def test_commit_then_reveal() -> None:
    vote = Commitments.open([0, 1, 2])
    assert vote.waiting == (0, 1, 2) and not vote.is_complete()
    vote = vote.commit(2, ACCUSATION).commit(0, "suspect-b")
    assert vote.waiting == (1,) and vote.committed == (0, 2)
    assert vote.has_committed(2) and not vote.has_committed(1)
    vote = vote.commit(1, None)
    assert vote.is_complete() and vote.waiting == ()
    assert vote.reveal() == {0: "suspect-b", 1: None, 2: ACCUSATION}


def test_revealing_early_is_refused() -> None:
    vote = Commitments.open([0, 1]).commit(0, 3)
    with pytest.raises(CommitError) as caught:
        vote.reveal()
    assert caught.value.code == "commit/incomplete"


def test_only_expected_seats_commit_and_only_once() -> None:
    vote = Commitments.open([0, 1])
    with pytest.raises(CommitError) as caught:
        vote.commit(5, "x")
    assert caught.value.code == "commit/not-expected"
    with pytest.raises(CommitError) as caught:
        vote.commit(0, "x").commit(0, "y")
    assert caught.value.code == "commit/already-committed"
    with pytest.raises(CommitError) as caught:
        Commitments.open([])
    assert caught.value.code == "commit/no-seats"


def test_committing_never_mutates_and_copies_the_choice() -> None:
    choice = dict(ACCUSATION)
    vote = Commitments.open([0, 1])
    after = vote.commit(0, choice)
    choice["suspect"] = "changed"
    assert vote.choices == {}
    assert after.choices[0] == ACCUSATION


def test_the_public_view_says_who_not_what() -> None:
    vote = Commitments.open([0, 1, 2]).commit(1, ACCUSATION)
    public = vote.public_view()
    assert public == CommitmentsView(expected=(0, 1, 2), committed=(1,), waiting=(0, 2))
    assert "suspect-k" not in as_text(public) and "knife" not in as_text(public)
    assert vote.view_for(1).mine == ACCUSATION
    assert vote.view_for(0) == public and vote.view_for(None) == public


def test_json_round_trip_keeps_every_kind_of_choice() -> None:
    vote = Commitments.open([0, 1, 2, 3, 4]).commit(0, ACCUSATION).commit(1, "3").commit(2, 3)
    vote = vote.commit(3, True).commit(4, 2.5)
    back = round_trip(vote)
    assert back == vote
    assert back.reveal() == {0: ACCUSATION, 1: "3", 2: 3, 3: True, 4: 2.5}
    assert type(back.choices[1]) is str and type(back.choices[3]) is bool
    assert round_trip(vote.view_for(0)) == vote.view_for(0)


scalars = st.one_of(st.text(max_size=5), st.integers(), st.booleans(), st.none())
choices: st.SearchStrategy[Choice] = st.one_of(
    scalars, st.dictionaries(st.text(max_size=5), scalars, max_size=3)
)


@given(seats=st.sets(st.integers(0, 5), min_size=1), data=st.data())
def test_views_before_the_reveal_do_not_depend_on_the_choices(
    seats: set[int], data: st.DataObject
) -> None:
    order = data.draw(st.permutations(sorted(seats)))
    done = order[: data.draw(st.integers(0, len(order) - 1))]
    one, two = Commitments.open(seats), Commitments.open(seats)
    for seat in done:
        one = one.commit(seat, data.draw(choices))
        two = two.commit(seat, data.draw(choices))
    assert one.public_view() == two.public_view()
    assert as_text(one.public_view()) == as_text(two.public_view())
    for seat in sorted(seats - set(done)):
        assert one.view_for(seat) == two.view_for(seat)


def test_a_subset_choice_is_sealed_as_a_tuple_and_round_trips() -> None:
    decision = Commitments.open([0, 1]).commit(0, ["C2", "C4"]).commit(1, ("C1",))
    assert decision.reveal() == {0: ("C2", "C4"), 1: ("C1",)}
    assert round_trip(decision) == decision
