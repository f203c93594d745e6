"""What a seat sees (docs/murder-city.md, "What a seat sees"): its own hand and attached
evidence; of others, counts and the types of filled ports; a spectator the public part."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules.murder_city.spec import Act, Phase
from rules.murder_city.state import Limits, McState
from tests.rules.murder_city.helpers import GAME, act, cases, hand, start

pytestmark = pytest.mark.usefixtures("no_cards")


def arranged() -> tuple[McState, int]:
    state = start(3)
    seat = state.order[0]
    state = cases(state, seat, ("M01", {"forensics": "FO19", "murder-weapon": "MW01"}))
    state = hand(state, seat, ["EW05", "PO12"])
    return state, seat


def test_a_seat_sees_its_own_cards_and_only_counts_of_others() -> None:
    state, seat = arranged()
    other = (seat + 1) % 3
    mine = GAME.view(state, seat)
    assert mine["hand"] == ["EW05", "PO12"]
    assert mine["seats"][seat]["cases"][0]["ports"] == {
        "forensics": "FO19",
        "murder-weapon": "MW01",
    }
    theirs = GAME.view(state, other)
    text = json.dumps({key: value for key, value in theirs.items() if key != "city"})
    assert "EW05" not in text and "FO19" not in text and "MW01" not in text
    assert theirs["seats"][seat]["cases"][0]["ports"] == ["forensics", "murder-weapon"]
    assert theirs["seats"][seat]["hand"] == 2
    assert sorted(theirs["hand"]) == sorted(state.evidence.cards_of(other))


def test_a_spectator_sees_the_public_part_only() -> None:
    state, seat = arranged()
    seen = GAME.view(state, None)
    assert "hand" not in seen and "legwork" not in seen
    assert seen["seats"][seat]["cases"][0]["ports"] == ["forensics", "murder-weapon"]
    public = {key for key in seen if key not in ("you",)}
    assert public <= set(GAME.view(state, seat))


def test_the_views_of_two_seats_differ_only_in_what_is_theirs() -> None:
    state, seat = arranged()
    a, b = GAME.view(state, 0), GAME.view(state, 1)
    assert set(a) == set(b)
    for key in ("city", "turn", "order", "evidence_decks", "murder_discard", "court"):
        assert a[key] == b[key]


def test_a_sealed_volunteer_answer_is_seen_by_its_seat_alone() -> None:
    state = start(3)
    p = 0
    state = cases(state, p, ("M01", {"forensics": "FO01"}))
    state = dataclasses.replace(
        state, phase=Phase.COURT, order=(0, 1, 2), at=0, limits=(Limits(), Limits(), Limits())
    )
    state = dataclasses.replace(state, legwork=state.legwork.remove(0, state.legwork.cards_of(0)))
    state, _ = act(state, p, Act.PRESENT, murder="M01", suspect="Child")
    state, _ = act(state, 2, Act.VOLUNTEER, listen=True)
    assert GAME.view(state, 2)["court"]["volunteers"]["mine"] is True
    assert GAME.view(state, 1)["court"]["volunteers"]["mine"] is None
    assert GAME.view(state, None)["court"]["volunteers"]["committed"] == [2]
