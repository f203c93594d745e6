"""Event Cards entering play, from the rulebook's Step 3 ("Draw an Event"), the Mobster Roll
and the Too-Many-Events Penalty."""

from __future__ import annotations

import dataclasses

import pytest

from rules.kit.deck import Deck
from rules.tiny_epic_crimes import events as ev
from rules.tiny_epic_crimes.cards import EVENTS, EventCard
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.effects import walk
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.helpers import CASE, GAME, hours, mobsters, of, start
from tests.rules.tiny_epic_crimes.test_evidence import Dice


def _top(state: TecState, *cards: str) -> TecState:
    """The event deck with ``cards`` on top, in order."""
    rest = tuple(c for c in state.event_deck.draw_pile if c not in cards)
    return dataclasses.replace(state, event_deck=Deck(draw_pile=(*cards, *rest)))


def _active(card: str, slot: int) -> ActiveEvent:
    return ActiveEvent(card, slot, 0, (), (), (), ())


def test_an_event_goes_face_up_into_the_lowest_open_slot() -> None:
    # "place it face-up into the lowest-number open slot"
    state = dataclasses.replace(
        _top(start(3), "E03"), events=(_active("E07", 1), _active("E12", 3))
    )
    after, events = ev.draw(CASE, state, 0, "line-6", Dice([]))
    assert [(e.card, e.slot) for e in after.events] == [("E07", 1), ("E03", 2), ("E12", 3)]
    assert of(events, "event-drawn")[0].data["slot"] == 2
    assert after.event_deck.draw_count == state.event_deck.draw_count - 1


def test_a_fourth_event_is_the_too_many_events_penalty_instead() -> None:
    # "If there are already 3 Events active, and a fourth Event would be drawn, instead discard
    # the top Suspect Card from the game without revealing it"
    full = tuple(_active(card, slot) for slot, card in enumerate(("E03", "E07", "E12"), 1))
    state = dataclasses.replace(start(3), events=full)
    after, events = ev.draw(CASE, state, 0, "line-6", Dice([]))
    assert after.events == full and after.event_deck == state.event_deck
    assert [e.type for e in events] == ["too-many-events"]
    assert after.suspect_deck.draw_pile == state.suspect_deck.draw_pile[1:]


def test_setup_tokens_reroll_sixes_and_the_hq() -> None:
    # "Reroll any 6's (there is no reprieve …)"; "Tokens … can never be placed on HQ"
    state = _top(start(3), "E01")
    after, _ = ev.draw(CASE, state, 0, "line-6", Dice([6, 2, 3, 3, 2, 4]))
    assert after.events[0].tokens == ("B09",)
    assert CASE.rolled(3, 3) == HQ


def test_setup_mobsters_reroll_an_occupied_block_and_draw_no_event_nor_spree() -> None:
    # "If a roll would place a mobster into a block with another mobster, reroll … Do not then
    # draw an additional Event"; "If you roll a double, do not then add an additional mobster"
    state = mobsters(_top(start(3), "E10"), {"B09": "red"})
    after, events = ev.draw(CASE, state, 0, "line-6", Dice([2, 4, 1, 1, 1, 2]))
    assert set(after.mobsters) == {"B09", "B01", "B02"}
    assert len(after.events) == 1 and sum(after.bag.values()) == sum(state.bag.values()) - 2
    assert [e.type for e in events] == ["event-drawn"]
    assert of(events, "event-drawn")[0].data["mobsters"] == ["B01", "B02"]


def test_mobsters_go_onto_the_card_or_onto_the_events_own_tokens() -> None:
    state = mobsters(_top(start(3), "E04"), {})
    after, _ = ev.draw(CASE, state, 0, "line-6", Dice([]))
    assert len(after.events[0].on_card) == 2 and after.mobsters == {}
    state = mobsters(_top(start(3), "E02"), {})
    after, _ = ev.draw(CASE, state, 0, "line-6", Dice([2, 4]))
    assert after.events[0].tokens == ("B09",) and set(after.mobsters) == {"B09"}


def test_a_timed_event_revealed_on_the_icon_spaces_is_replaced() -> None:
    # "If a Timed Event … is revealed when at least one Officer's tracker is on hours 39-48
    # … then discard that Event and draw a new one"
    state = hours(_top(start(3), "E02", "E09", "E03"), {0: 20, 1: 39, 2: 20})
    after, events = ev.draw(CASE, state, 0, "line-23", Dice([]))
    assert [e.card for e in after.events] == ["E03"]
    assert [e.data["card"] for e in of(events, "event-replaced")] == ["E02", "E09"]
    assert after.event_deck.discard_pile[:2] == ("E09", "E02")
    early = hours(_top(start(3), "E02"), {0: 20, 1: 38, 2: 20})
    after, _ = ev.draw(CASE, early, 0, "line-23", Dice([2, 4]))
    assert [e.card for e in after.events] == ["E02"]


def test_an_empty_bag_during_setup_is_a_penalty() -> None:
    # "If at any point in the game you must pull a new mobster and there are none left"
    state = dataclasses.replace(_top(start(3), "E04"), bag={"blue": 0, "red": 0, "gray": 0})
    after, events = ev.draw(CASE, state, 0, "line-6", Dice([]))
    assert len(of(events, "too-many-events")) == 2 and after.events[0].on_card == ()


@pytest.mark.parametrize("card", EVENTS, ids=lambda card: card.id)
def test_every_events_setup_places_what_its_card_says(card: EventCard) -> None:
    state = mobsters(_top(start(3), card.id), {})
    after, _ = ev.draw(CASE, state, 0, "line-6", Dice([]))
    (active,) = after.events
    placed = [p for p in walk(card.setup) if "op" in p]
    tokens = sum(p["count"] for p in placed if p["op"] == "add_event_tokens")
    on_card = sum(p["count"] for p in placed if p["op"] == "add_mobsters" and p["where"] == "card")
    in_city = sum(p["count"] for p in placed if p["op"] == "add_mobsters" and p["where"] != "card")
    assert len(active.tokens) == len(set(active.tokens)) == tokens
    assert HQ not in active.tokens and HQ not in after.mobsters
    assert len(active.on_card) == on_card and len(after.mobsters) == in_city
    assert sum(after.bag.values()) == sum(state.bag.values()) - on_card - in_city


def test_active_events_are_public_in_every_view() -> None:
    state, _ = ev.draw(CASE, _top(start(3), "E02"), 0, "line-6", Dice([2, 4]))
    for seat in (0, 1, None):
        shown = GAME.view(state, seat)
        assert shown["events"][0]["card"] == "E02" and shown["events"][0]["tokens"] == ["B09"]
