"""Timed events lapsing (docs/rulings.md: the clock icon is a deadline in hours from the draw,
passed when the furthest-behind tracker moves beyond it)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.tiny_epic_crimes.cards import EVENTS
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.helpers import act, hours, mobsters, of, start

TIMED = {card.id: card for card in EVENTS if card.timed}


def _at_deadline(card: str, *, before: int) -> TecState:
    """``card`` drawn at hour 2, seat 0 (furthest behind) ``before`` hours short of passing it."""
    deadline = 2 + (TIMED[card].hours or 0)
    state = mobsters(start(3), {})
    on_card = ("blue",) if card in ("E04", "E17") else ()
    event = ActiveEvent(card, 1, 2, ("B09",), on_card, (), ())
    state = dataclasses.replace(state, events=(event,))
    return hours(state, {0: deadline - before, 1: deadline + 3, 2: deadline + 3}, top=0)


def test_seven_events_are_timed() -> None:
    assert sorted(TIMED) == ["E02", "E04", "E06", "E09", "E11", "E14", "E17"]


@pytest.mark.parametrize("card", sorted(TIMED))
def test_a_timed_event_lapses_once_the_last_tracker_passes_its_hours(card: str) -> None:
    state = _at_deadline(card, before=1)
    kept, events = act(state, 0, "coffee-break")  # onto the deadline: not past it
    assert not of(events, "event-lapsed") and [e.card for e in kept.events] == [card]
    state = _at_deadline(card, before=0)
    after, events = act(state, 0, "coffee-break")
    assert [e.data["card"] for e in of(events, "event-lapsed")] == [card]
    assert after.events == () and card in after.event_deck.discard_pile
    lapse = TIMED[card].lapse or {}
    if lapse.get("op") == "advance_trackers":  # every officer loses an hour
        assert [after.track.position(s) for s in (1, 2)] == [
            state.track.position(s) + 1 for s in (1, 2)
        ]
    elif lapse.get("op") == "discard_suspect_deck":  # the top Suspect Card is lost
        assert after.suspect_deck.draw_pile == state.suspect_deck.draw_pile[1:]
    elif lapse.get("op") == "too_many_events":
        assert of(events, "too-many-events")
        assert after.suspect_deck.draw_pile == state.suspect_deck.draw_pile[1:]
    else:  # one more Mobster Roll
        assert lapse.get("op") == "mobster_roll"
        _, plain = act(dataclasses.replace(state, events=()), 0, "coffee-break")
        assert len(of(events, "mobster-roll")) > len(of(plain, "mobster-roll"))
    if card in ("E04", "E17"):  # the mobsters waiting on the card go back to the bag
        assert sum(after.bag.values()) == sum(state.bag.values()) + 1 - len(after.mobsters)
