"""The card sets: the rulebook's numbers, its event anatomy, and a vocabulary that covers the
mechanisms it names and nothing unused."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from rules import serial
from rules.kit.effects import Context, EffectError
from rules.tiny_epic_crimes.cards import (
    ABILITIES,
    EVENTS,
    FORCE_CARDS,
    REWARD_EFFECTS,
    AbilityCard,
    EventCard,
    ForceCard,
)
from rules.tiny_epic_crimes.effects import CHECKS, OPS, TRACER, TRIGGERS, check, op, validate, walk

#: "Event Reward Icons: Gain a Suspect Card, Gain a Force Card, Advance 1 Badge Level, Peek at 1
#: Solved Evidence."
ICONS = {"suspect", "force", "badge", "peek"}
#: The actions the rulebook's "On Your Turn" names, each of which some card must touch.
ACTIONS = (
    "drive",
    "arrest",
    "coffee-break",
    "call-for-backup",
    "catch-informant",
    "catch-witness",
    "search-scene",
    "stakeout",
    "bring-in-for-holding",
)
#: The cards played for their effect.
PLAYED: tuple[ForceCard | AbilityCard, ...] = (*FORCE_CARDS, *ABILITIES)


def effects() -> Iterator[Mapping[str, Any]]:
    for event in EVENTS:
        yield from (event.setup, event.hazard, event.requirement)
        if event.lapse is not None:
            yield event.lapse
    for card in PLAYED:
        yield card.effect
    yield from REWARD_EFFECTS.values()


def test_the_rulebooks_numbers() -> None:
    # "12 Force Cards, 8 Ability Cards, 18 Event Cards"
    assert (len(EVENTS), len(FORCE_CARDS), len(ABILITIES)) == (18, 12, 8)
    cards: tuple[EventCard | ForceCard | AbilityCard, ...] = (*EVENTS, *PLAYED)
    assert len({card.id for card in cards}) == len({card.name for card in cards}) == len(cards)
    assert all(card.text.strip() for card in cards)


@pytest.mark.parametrize("event", EVENTS, ids=lambda event: event.id)
def test_every_event_has_the_rulebooks_anatomy(event: EventCard) -> None:
    # "each has a unique setup, a negative effect, and a requirement for resolving it"
    validate(event.setup)
    validate(event.hazard)
    assert event.hazard["op"] != "nothing"
    validate(event.requirement, test=True)
    assert event.reward and set(event.reward) <= ICONS
    assert set(event.contributors) <= ICONS
    assert event.timed == (event.hours is not None) == (event.lapse is not None)
    # "Tokens and mobsters can never be placed on HQ unless the Event setup specifies it"
    for part in walk(event.setup):
        assert part.get("where") != "hq"


def test_events_vary_as_the_rulebook_describes() -> None:
    assert any(event.contributors for event in EVENTS)  # "If … is included on the card"
    assert any(not event.contributors for event in EVENTS)
    timed = [event for event in EVENTS if event.timed]
    assert 0 < len(timed) < len(EVENTS)
    # a timed event drawn at hours 39-48 is replaced, so its hours must fit before the end
    assert all(event.hours is not None and 1 <= event.hours <= 10 for event in timed)
    setups = {part["op"] for event in EVENTS for part in walk(event.setup)}
    assert {"add_mobsters", "add_event_tokens"} <= setups  # "roll to add mobsters or tokens"
    mobsters_on_card = [
        e
        for e in EVENTS
        for p in walk(e.setup)
        if p.get("op") == "add_mobsters" and p["where"] == "card"
    ]
    assert mobsters_on_card  # "If mobsters were placed on the card, return them to the bag"


def test_force_cards_and_abilities_validate_and_say_when() -> None:
    for card in PLAYED:
        validate(card.effect)
        assert card.when in TRIGGERS


def test_the_vocabulary_is_all_used_and_covers_the_rulebooks_mechanisms() -> None:
    used_ops = {part["op"] for effect in effects() for part in walk(effect) if "op" in part}
    used_checks = {
        part["check"] for effect in effects() for part in walk(effect) if "check" in part
    }
    assert set(OPS) <= used_ops
    assert set(CHECKS) <= used_checks
    named = {
        "Gain a Suspect Card": "gain_suspect",
        "Gain a Force Card": "gain_force",
        "Advance 1 Badge Level": "advance_badge",
        "Peek at 1 Solved Evidence": "peek_evidence",
        "Interrogate": "interrogate",
        "apprehend": "apprehend",
        "Too-Many-Events Penalty": "too_many_events",
        "Mobster Roll": "mobster_roll",
        "discard the top Suspect Card": "discard_suspect_deck",
        "advance each player's Time Tracker": "advance_trackers",
    }
    assert set(named.values()) <= used_ops
    touched = {
        value
        for effect in effects()
        for part in walk(effect)
        for value in (part.get("action"),)
        if value
    } | {card.when for card in PLAYED}
    assert set(ACTIONS) <= touched


def test_the_tracer_runs_a_card_step_by_step() -> None:
    trace, events = TRACER.run(FORCE_CARDS[0].effect, ())
    assert trace == (("drive_free", {"blocks": 3}),) and events == ["drive_free"]
    resolver = next(event for event in EVENTS if len(event.reward) == 2 and event.contributors)
    trace, _ = TRACER.run(resolver.reward_effect(), ())
    assert len(trace) == 2
    trace, _ = TRACER.run(resolver.reward_effect(resolver=False), ())
    assert len(trace) == len(resolver.contributors)
    sergeant = ABILITIES[-1].effect
    away = Context(data={"checks": {"hq": False}})
    assert TRACER.run(sergeant, (), away)[0] == ()
    assert TRACER.run(sergeant, ())[0][0][0] == "any_time_of_day"


@pytest.mark.parametrize(
    ("effect", "code"),
    [
        (op("apprehend", where="the moon"), "effect/bad-value"),
        (op("drive_free", blocks=0), "effect/bad-value"),
        (op("teleport"), "effect/unknown-op"),
        (op("gain_force"), "effect/bad-args"),
        (op("if", test=check("at", where="nowhere"), then=op("nothing")), "effect/bad-value"),
    ],
)
def test_a_bad_effect_is_refused_with_a_code(effect: Mapping[str, Any], code: str) -> None:
    with pytest.raises(EffectError) as caught:
        validate(effect)
    assert caught.value.code == code


def test_the_cards_round_trip_as_json() -> None:
    data = serial.to_json(EVENTS)
    assert serial.from_json(tuple[EventCard, ...], data) == EVENTS
