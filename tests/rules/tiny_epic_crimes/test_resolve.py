"""Resolving events, from the rulebook's "Action: Resolve Event": each card's requirement met
on the table, the resolver's and contributors' rewards, and the card discarded."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rules.core import Action, Event, RuleError
from rules.tiny_epic_crimes.cards import EVENTS
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.helpers import (
    GAME,
    NIGHT,
    act,
    hours,
    mobsters,
    of,
    officer,
    start,
)

REWARD_EVENTS = {
    "suspect": "suspect-gained",
    "force": "force-gained",
    "badge": "badge-advanced",
    "peek": "peek-owed",
}
CARDS = {card.id: card for card in EVENTS}


def active(
    state: TecState,
    card: str,
    *,
    tokens: tuple[str, ...] = (),
    mobster_blocks: tuple[str, ...] = (),
) -> TecState:
    on_card = ("red",) if card == "E04" else ()
    event = ActiveEvent(card, 1, 0, tokens, on_card, mobster_blocks, ())
    return dataclasses.replace(state, events=(event,))


def rewards(events: list[Event], seat: int) -> Counter[str]:
    """What ``seat`` gained after the event was resolved, by reward icon."""
    (done,) = [i for i, e in enumerate(events) if e.type == "event-resolved"]
    names = {v: k for k, v in REWARD_EVENTS.items()}
    after = events[done:]
    # a badge landing on an icon pays its bonus next (badge.py): that is not the card's reward
    bonus = {i + 1 for i, e in enumerate(after) if e.type == "badge-bonus"}
    return Counter(
        names[e.type]
        for i, e in enumerate(after)
        if e.type in names and e.actor == seat and i not in bonus
    )


def at(state: TecState, block: str, seat: int = 0) -> TecState:
    return officer(state, seat, block=block)


# card -> (the state before, the action) for seat 0, each meeting the card's requirement
def _case(card: str) -> tuple[TecState, str, dict[str, object]]:
    s = start(3)
    night = hours(s, {0: NIGHT, 1: NIGHT, 2: NIGHT}, top=None)
    night = hours(night, {0: NIGHT}, top=0)
    table: dict[str, tuple[TecState, str, dict[str, object]]] = {
        "E01": (at(active(s, card, tokens=("B09",)), "B09"), "coffee-break", {}),
        "E02": (
            at(mobsters(active(s, card, tokens=("B09",)), {"B09": "red"}), "B09"),
            "arrest",
            {},
        ),
        "E03": (active(s, card), "resolve-event", {"event": card}),
        "E04": (
            at(mobsters(active(night, card), {"B09": "red"}), "B09"),
            "bring-in-for-holding",
            {},
        ),
        "E07": (active(s, card), "resolve-event", {"event": card}),
        "E08": (
            at(mobsters(active(night, card, tokens=("B04",)), {"B09": "red"}), "B09"),
            "catch-witness",
            {},
        ),
        "E09": (
            at(mobsters(active(s, card, tokens=("B09",)), {"B09": "red"}), "B09"),
            "call-for-backup",
            {"hours": 6},
        ),
        "E10": (
            at(mobsters(active(s, card), {"B09": "red"}), "B09"),
            "call-for-backup",
            {"hours": 6},
        ),
        "E11": (at(active(s, card, tokens=("B09",)), "B09"), "resolve-event", {"event": card}),
        "E12": (at(active(s, card), "B08"), "coffee-break", {}),
        "E13": (
            at(mobsters(active(s, card, tokens=("B09",)), {"B06": "red"}), "B06"),
            "arrest",
            {},
        ),
        "E15": (at(active(s, card, tokens=("B09",)), "B09"), "resolve-event", {"event": card}),
        "E16": (at(mobsters(active(s, card), {"B09": "red"}), "B09"), "catch-informant", {}),
        "E17": (at(mobsters(active(night, card), {"B09": "red"}), "B09"), "arrest", {}),
        "E18": (at(active(s, card, tokens=("B09",)), "B09"), "resolve-event", {"event": card}),
    }
    return table[card]


SINGLE = [
    "E01",
    "E02",
    "E03",
    "E04",
    "E07",
    "E08",
    "E09",
    "E10",
    "E11",
    "E12",
    "E13",
    "E15",
    "E16",
    "E17",
    "E18",
]


@pytest.mark.parametrize("card", SINGLE)
def test_meeting_the_requirement_resolves_the_event_and_pays_the_resolver(card: str) -> None:
    # "Gain the reward listed on the bottom of the card … Discard the Event's card"
    state, kind, params = _case(card)
    bag = sum(state.bag.values())
    after, events = act(state, 0, kind, **params)  # type: ignore[arg-type]
    assert [e.data["card"] for e in of(events, "event-resolved")] == [card]
    assert rewards(events, 0) == Counter(CARDS[card].reward)
    assert after.events == () and card in after.event_deck.discard_pile
    if card == "E04":  # "If mobsters were placed on the card, return them to the bag"
        assert sum(after.bag.values()) == bag + 1 - len(after.mobsters)


def test_resolve_event_costs_the_hours_its_card_prints_at_its_block() -> None:
    state = active(start(3), "E15", tokens=("B09",))
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, Action("resolve-event", {"event": "E15"}))  # not on the block
    assert refused.value.code == "event/cannot-resolve"
    after, _ = act(at(state, "B09"), 0, "resolve-event", event="E15")
    assert after.track.position(0) == 2


def test_the_wrong_block_time_or_failure_does_not_resolve() -> None:
    state = at(mobsters(active(start(3), "E17"), {"B09": "red"}), "B09")  # by day
    after, events = act(state, 0, "arrest")
    assert not of(events, "event-resolved") and [e.card for e in after.events] == ["E17"]
    state = at(mobsters(active(start(3), "E13", tokens=("B09",)), {"B16": "red"}), "B16")
    _, events = act(state, 0, "arrest")  # another row
    assert not of(events, "event-resolved")


def test_two_officers_on_the_parade_blocks_resolve_it_and_the_second_contributes() -> None:
    # "any other player that contributed an action or is on a block necessary to resolve"
    state = at(active(start(3), "E05", tokens=("B09", "B13")), "B09")
    with pytest.raises(RuleError):
        GAME.apply(state, 0, Action("resolve-event", {"event": "E05"}))
    state = at(state, "B13", 1)
    after, events = act(state, 0, "resolve-event", event="E05")
    assert rewards(events, 0) == Counter(("suspect", "badge"))
    assert rewards(events, 1) == Counter(("suspect",)) and rewards(events, 2) == Counter()


def test_two_arrests_resolve_the_jailbreak_and_the_first_arrester_contributes() -> None:
    state = mobsters(active(start(3), "E06"), {"B09": "red", "B13": "blue"})
    state = at(at(state, "B09", 0), "B13", 1)
    state, events = act(state, 0, "arrest")
    assert not of(events, "event-resolved") and state.events[0].helpers == (0,)
    state, events = act(state, 1, "arrest")
    assert rewards(events, 1) == Counter(("force", "suspect"))
    assert rewards(events, 0) == Counter(("badge",))


def test_apprehending_both_crews_resolves_the_armoured_car_job() -> None:
    state = mobsters(
        active(start(3), "E14", mobster_blocks=("B09", "B13")), {"B09": "red", "B13": "blue"}
    )
    state = at(at(state, "B09", 0), "B13", 1)
    state, events = act(state, 0, "arrest")
    assert not of(events, "event-resolved") and state.events[0].mobster_blocks == ("B13",)
    state, events = act(state, 1, "arrest")
    assert rewards(events, 1) == Counter(("force", "force"))
    assert rewards(events, 0) == Counter(("badge",))


def test_limited_rewards_go_furthest_back_first() -> None:
    # "If there is not enough of a reward for each recipient, players select in Time Track
    # order, furthest back first": one Suspect Card left for seat 1 (resolving, hour 1) and
    # seat 0 (contributing, hour 2); seat order would give it to seat 0
    state = at(at(active(start(3), "E05", tokens=("B09", "B13")), "B09", 1), "B13", 0)
    deck = dataclasses.replace(state.suspect_deck, draw_pile=state.suspect_deck.draw_pile[:1])
    state = hours(dataclasses.replace(state, suspect_deck=deck), {0: 2, 1: 1, 2: 5})
    _, events = act(state, 1, "resolve-event", event="E05")
    assert [e.actor for e in of(events, "suspect-gained") if e.data["gained"]] == [1]
    assert [e.actor for e in of(events, "suspect-gained") if not e.data["gained"]] == [0]
