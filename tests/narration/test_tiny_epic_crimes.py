"""Tiny Epic Crimes narration: every event told with the case's and the cards' names, never more.

The hand-made events below cover each template's branches (a secret present, absent); the
playouts render real events of the engine for every seat of every mode, check that each text
names what the structured data beside it names (:func:`expected_phrases`) and that a seat
outside an event's secret audience reads none of the secret (:func:`secret_phrases`). Each
officer's view is told too, naming their own cards and nobody else's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from generator import registry as generators
from generator.tiny_epic_crimes import CARD_NAMES, TEXT_SUFFIX
from narration import (
    has_template,
    narrate_author_sheet,
    narrate_before_accusing,
    narrate_case,
    narrate_choice,
    narrate_event,
    narrate_view,
    public_glossary,
)
from narration.environment import seat_name
from rules import registry
from rules.core import Seat, resolve_options, start
from rules.tiny_epic_crimes.case import SYSTEM_ID
from rules.tiny_epic_crimes.spec import SPEC
from tests.narration.games import bot_game, told

generators.load()

#: Names as people type them: an apostrophe, an accent, a space; they must come out unchanged.
NAMES = ["Zoë O'Hara", "Ben", "Cy Twombly", "Dee"]


def _envelope(seed: int = 1, players: int = 4) -> dict[str, Any]:
    return generators.generate(SYSTEM_ID, seed, {"players": players})


ENVELOPE = _envelope()
PUBLIC = ENVELOPE["public"]
GLOSSARY = public_glossary(PUBLIC)
SUSPECTS = {suspect["letter"]: suspect["name"] for suspect in PUBLIC["suspects"]}
BLOCKS = {block["id"]: block["name"] for block in PUBLIC["blocks"]}


def place(block: str, blocks: Mapping[str, str] = BLOCKS) -> str:
    return "the HQ" if block == "HQ" else blocks[block]


def card(card_id: str) -> str:
    return CARD_NAMES[card_id]


def card_text(card_id: str) -> str:
    return CARD_NAMES[card_id + TEXT_SUFFIX]


def solo(names: Sequence[str]) -> bool:
    """Solo is the one mode with one seat: "one person plays every officer"."""
    return len(names) == 1


def officer_name(names: Sequence[str], officer: int) -> str:
    """How an officer is named: their seat's name, or in solo by number ("Officer 2")."""
    return f"Officer {officer + 1}" if solo(names) else seat_name(names, officer)


#: What a badge-bonus text names of its bonus (the icons "Gain a Suspect Card / Interrogate /
#: Evidence holder picks 1").
BONUS_WORDS = {"suspect": "Suspect Card", "interrogate": "Interrogate", "peek": "Peek"}
#: What a skipped Interrogate or Peek says of its reason.
SKIP_WORDS = {
    "shared": "face up",
    "forbidden": "an active event forbids it",
    "no-cards": "nobody else holds a Suspect Card",
    "no-suspect": "they hold none",
    "no-evidence": "no other officer holds solved evidence",
    "declined": "chose not to peek",
}


def expected_phrases(
    event: Mapping[str, Any], names: Sequence[str], glossary: Mapping[str, str] = GLOSSARY
) -> list[str]:
    """What the text of ``event`` (as one seat sees it) must contain to agree with its data."""
    blocks = {key: value for key, value in glossary.items() if key.startswith("B")}

    def where(block: str) -> str:
        return place(block, blocks)

    def suspect(letter: str) -> str:
        return f"{glossary[letter]} ({letter})"

    def who(officer: int) -> str:
        return officer_name(names, officer)

    def seat(number: int) -> str:  # what the seat itself does: its vote, its win
        return seat_name(names, number)

    def cards(letters: Sequence[str]) -> list[str]:
        return [suspect(letter) for letter in letters]

    kind = event["type"]
    actor = event.get("actor")
    # an event about one officer ("seat", "resolver") names them, whoever acted; in solo the
    # acting officer is in "officer"
    found: list[str] = []
    if actor is not None and not {"seat", "resolver"} & set(event):
        found.append(who(event["officer"]) if solo(names) else who(actor))
    if kind == "drove":
        found += [where(event["from"]), where(event["to"])]
    elif kind in {"arrested", "mobster-held"}:
        found += [where(event["block"]), event["colour"]]
    elif kind == "informant-caught":
        found += [where(event["block"]), f"row {event['row']}", "Informant Token"]
    elif kind == "witness-caught":
        found += [where(event["block"]), f"column {event['column']}", "Witness Token"]
    elif kind == "scene-searched":
        found += [where(event["block"]), "success" if event["success"] else "failure"]
    elif kind == "staked-out":
        found += [where(event["block"]), f"{event['hours']} hour"]
        if "value" in event:
            found.append(str(event["value"]))
    elif kind == "backup-called":
        rolls = event.get("rolls", [event["die"]])
        assert rolls[-1] == event["die"]
        found += [f"rolled {rolls[0]}", f"{event['hours']} hour"]
        found += [f"rerolled {again}" for again in rolls[1:]]
        found += event["apprehended"]
    elif kind == "mobster-booked":
        found.append(event["colour"])
    elif kind == "case-rested":
        found.append(f"hour {event['hours']}")
    elif kind == "badge-advanced":
        found.append(f"level {event['badge']}")
    elif kind == "evidence-solved":
        found.append(event["evidence"].capitalize())
        found += [who(event["holder"])]
        if "value" in event:
            found.append(event["value"])
    elif kind == "suspect-gained":
        found.append(who(event["seat"]))
        if "suspect" in event:
            found.append(suspect(event["suspect"]))
    elif kind == "force-gained":
        found.append(who(event["seat"]))
        if "card" in event:
            found += [card(event["card"]), card_text(event["card"])]
    elif kind == "force-played":
        found += [card(event["card"]), card_text(event["card"])]
        if "die" in event:  # Roadblock
            found += [f"{event['die']} die", f"will show {event['number']}"]
    elif kind == "ability-chosen":
        found += [who(event["seat"]), card(event["card"]), card_text(event["card"])]
    elif kind == "token-peeked":
        found += [
            who(event["seat"]),
            f"{event['kind'].capitalize()} Token at {where(event['block'])}",
        ]
        if "success" in event:
            found.append("a success" if event["success"] else "a failure")
        if "value" in event:
            found.append(f"number is {event['value']}")
    elif kind == "mobster-moved":
        found += [f"{event['colour']} mobster", where(event["from"]), where(event["to"])]
    elif kind == "second-action":
        found.append("second action")
        if event["spent"]:
            found.append(f"{event['spent']} hour")
    elif kind == "badge-bonus":
        found += [who(event["seat"]), f"level {event['badge']}", BONUS_WORDS[event["bonus"]]]
    elif kind == "interrogated":
        target = event["officer"]
        found += [who(event["seat"]), "the ghost officer" if target == "ghost" else who(target)]
        found += cards(event.get("suspects", []))
        if event.get("already_seen"):
            found.append("seen")
    elif kind in {"interrogation-skipped", "peek-skipped"}:
        found += [who(event["seat"]), SKIP_WORDS[event["reason"]]]
    elif kind == "suspect-looked-at":
        found += [who(event["seat"]), who(event["officer"]), "Suspect deck empty"]
        found += cards(event.get("suspects", []))
    elif kind == "evidence-peeked":
        found += [who(event["seat"]), who(event["holder"]), event["evidence"]]
        if "value" in event:
            found.append(f"is {event['value']}")
    elif kind == "peek-paid":
        found += [who(event["seat"]), who(event["officer"]), "In exchange"]
        found += cards(event.get("suspects", []))
    elif kind in {"force-discarded", "event-replaced", "event-lapsed", "event-resolved"}:
        found.append(card(event["card"]))
        if kind == "event-resolved":
            found += [who(officer) for officer in [event["resolver"], *event["contributors"]]]
    elif kind == "event-drawn":
        found += [card(event["card"]), card_text(event["card"]), f"slot {event['slot']}"]
        found += [where(block) for block in [*event["tokens"], *event["mobsters"]]]
    elif kind == "apprehended":
        found += [where(block) for block in event["blocks"]]
    elif kind in {"trackers-pushed", "too-many-events"}:
        found += [who(officer) for officer in event.get("seats", [])]
    elif kind == "suspects-lost" and event["count"] > 1:
        found.append(str(event["count"]))
    elif kind == "peek-owed":
        found += [who(event["seat"]), "Peek"]
    elif kind == "mobster-roll":
        found += [f"black {event['black']}", f"white {event['white']}"]
        if event["block"] is not None:
            found.append(where(event["block"]))
        if event["outcome"] == "mobster":
            found.append(event["colour"])
    elif kind == "tracker-advanced":
        found.append(f"hour {event['to']}")
    elif kind == "accusation-made":
        found.append(seat(event["seat"]))
        if "murderer" in event:
            found.append(suspect(event["murderer"]))
    elif kind == "accusations-revealed":
        for number, letter in event["accusations"].items():
            found += [seat(int(number)), suspect(letter)]
        found.append(suspect(event["murderer"]))
        right = [
            int(number)
            for number, letter in event["accusations"].items()
            if letter == event["murderer"]
        ]
        found.append(f"{seat(right[-1])} had it right" if right else "nobody had it right")
    elif kind == "team-accused":
        found.append(suspect(event["murderer"]))
        if event["suspect"] is not None:
            found.append(suspect(event["suspect"]))
    elif kind in {"leg-work-done", "out-of-time"}:
        found.append(f"hour {event['to']}")
    elif kind == "game-ended":
        found += [seat(number) for number in event["winners"]]
        if event.get("solution"):
            found.append(suspect(event["solution"]["murderer"]))
    return found


def secret_phrases(event: Mapping[str, Any], glossary: Mapping[str, str] = GLOSSARY) -> list[str]:
    """What only an event's secret audience may read in its text: each secret field as the
    templates say it. ``event`` is the whole event as its owner sees it."""
    kind = event["type"]
    if kind == "evidence-solved" and "value" in event:
        return [str(event["value"])]
    if kind == "suspect-gained" and "suspect" in event:
        return [glossary[event["suspect"]]]
    if kind == "force-gained" and "card" in event:
        return [card(event["card"]), card_text(event["card"])]
    if kind == "staked-out" and not event["success"] and "value" in event:
        return [f"shows {event['value']}"]
    if kind == "accusation-made" and "murderer" in event:
        return [glossary[event["murderer"]]]
    if kind == "token-peeked" and "success" in event:
        return ["a success" if event["success"] else "a failure"]
    if kind == "token-peeked" and "value" in event:
        return [f"number is {event['value']}"]
    if kind in {"interrogated", "suspect-looked-at", "peek-paid"} and "suspects" in event:
        return [glossary[letter] for letter in event["suspects"]]
    if kind == "evidence-peeked" and "value" in event:
        return [f"is {event['value']}"]
    return []


def check_text(
    event: Mapping[str, Any],
    text: str,
    names: Sequence[str],
    glossary: Mapping[str, str] = GLOSSARY,
    withheld: Sequence[str] = (),
) -> None:
    """``text`` tells ``event`` truly: every phrase of its data, exactly, and none of what was
    ``withheld`` from the seat (another seat's secret)."""
    assert text and "{{" not in text and "\n" not in text, text
    assert "None" not in text and "undefined" not in text.lower(), text
    for phrase in expected_phrases(event, names, glossary):
        assert phrase in text, (phrase, text, event)
    for phrase in withheld:
        assert phrase not in text, (phrase, text, event)


def tell(event: Mapping[str, Any], names: Sequence[str] = NAMES) -> str:
    return narrate_event(SYSTEM_ID, event, names=names, glossary=GLOSSARY)


# ------------------------------------------------------------------ every event, by hand

B1, B2, B3 = "B01", "B02", "B03"
HAND_MADE: list[dict[str, Any]] = [
    {"type": "drove", "actor": 0, "from": "HQ", "to": B1, "hours": 2},
    {"type": "drove", "actor": 1, "from": B1, "to": B2, "hours": 0},
    {"type": "arrested", "actor": 2, "block": B1, "colour": "red"},
    {"type": "coffee-break", "actor": 3},
    {"type": "backup-called", "actor": 0, "hours": 4, "die": 3, "success": True,
     "apprehended": ["red", "gray"]},
    {"type": "backup-called", "actor": 0, "hours": 1, "die": 6, "success": False,
     "apprehended": []},
    {"type": "backup-called", "actor": 0, "hours": 1, "die": 6, "success": False,
     "apprehended": ["blue"]},
    {"type": "informant-caught", "actor": 1, "block": B2, "row": 2, "colour": "blue"},
    {"type": "witness-caught", "actor": 1, "block": B3, "column": 4, "colour": "gray"},
    {"type": "scene-searched", "actor": 0, "block": B1, "success": True},
    {"type": "scene-searched", "actor": 0, "block": B1, "success": False},
    {"type": "staked-out", "actor": 2, "block": B2, "hours": 5, "success": True, "value": 4},
    {"type": "staked-out", "actor": 2, "block": B2, "hours": 2, "success": False, "value": 5},
    {"type": "staked-out", "actor": 2, "block": B2, "hours": 2, "success": False},
    {"type": "mobster-held", "actor": 3, "block": B3, "colour": "red"},
    {"type": "mobster-booked", "actor": 3, "colour": "red", "token": True},
    {"type": "mobster-booked", "actor": 3, "colour": "red", "token": False},
    {"type": "case-rested", "actor": 1, "hours": 44},
    {"type": "badge-advanced", "actor": 1, "badge": 3},
    {"type": "evidence-solved", "actor": 0, "evidence": "forensics", "holder": 0,
     "value": "fingerprints"},
    {"type": "evidence-solved", "actor": 0, "evidence": "forensics", "holder": 0},
    {"type": "suspect-gained", "actor": 1, "seat": 1, "gained": True, "suspect": "C"},
    {"type": "suspect-gained", "actor": 1, "seat": 1, "gained": True},
    {"type": "suspect-gained", "actor": 1, "seat": 1, "gained": False},
    {"type": "force-gained", "actor": 2, "seat": 2, "gained": True, "card": "F03"},
    {"type": "force-gained", "actor": 2, "seat": 2, "gained": True},
    {"type": "force-gained", "actor": 2, "seat": 2, "gained": False},
    {"type": "force-played", "actor": 2, "card": "F10"},
    {"type": "force-discarded", "actor": 2, "seat": 2, "card": "F07"},
    {"type": "tracker-advanced", "actor": 0, "from": 3, "to": 7},
    {"type": "tracker-advanced", "actor": 0, "from": 44, "to": 44},
    {"type": "event-drawn", "actor": 1, "card": "E01", "slot": 1, "reason": "line-8",
     "tokens": [B1], "on_card": [], "mobsters": []},
    {"type": "event-drawn", "actor": None, "card": "E04", "slot": 3, "reason": "mobster-roll",
     "tokens": [], "on_card": ["red", "gray"], "mobsters": [B2, B3]},
    {"type": "event-replaced", "actor": None, "card": "E02"},
    {"type": "event-resolved", "actor": 1, "card": "E03", "resolver": 1, "contributors": [2, 3]},
    {"type": "event-resolved", "actor": 1, "card": "E03", "resolver": 1, "contributors": []},
    {"type": "apprehended", "actor": 0, "blocks": [B1]},
    {"type": "apprehended", "actor": 0, "blocks": [B1, B2]},
    {"type": "event-lapsed", "actor": None, "card": "E02", "slot": 2},
    {"type": "trackers-pushed", "actor": None, "hours": 1, "seats": [0, 2]},
    {"type": "trackers-pushed", "actor": None, "hours": 1, "seats": []},
    {"type": "suspects-lost", "actor": None, "count": 2},
    {"type": "suspects-lost", "actor": None, "count": 0},
    {"type": "peek-owed", "actor": 3, "seat": 3},
    {"type": "ability-chosen", "actor": 1, "seat": 1, "card": "A04"},
    {"type": "token-peeked", "actor": 2, "seat": 2, "block": B1, "kind": "search",
     "success": False},
    {"type": "token-peeked", "actor": 2, "seat": 2, "block": B1, "kind": "search",
     "success": True},
    {"type": "token-peeked", "actor": 2, "seat": 2, "block": B2, "kind": "stakeout", "value": 3},
    {"type": "token-peeked", "actor": 2, "seat": 2, "block": B2, "kind": "stakeout"},
    {"type": "mobster-moved", "actor": 0, "from": B1, "to": B3, "colour": "gray"},
    {"type": "second-action", "actor": 0, "spent": 2},
    {"type": "second-action", "actor": 0, "spent": 1},
    {"type": "second-action", "actor": 0, "spent": 0},
    {"type": "badge-bonus", "actor": 1, "seat": 1, "badge": 2, "bonus": "suspect"},
    {"type": "badge-bonus", "actor": 1, "seat": 1, "badge": 13, "bonus": "interrogate"},
    {"type": "badge-bonus", "actor": 1, "seat": 1, "badge": 5, "bonus": "peek"},
    {"type": "interrogated", "actor": 0, "seat": 0, "officer": 2, "looked": 1,
     "suspects": ["F"], "already_seen": []},
    {"type": "interrogated", "actor": 0, "seat": 0, "officer": "ghost", "looked": 2,
     "suspects": ["F", "G"], "already_seen": ["G"]},
    {"type": "interrogated", "actor": 0, "seat": 0, "officer": 2, "looked": 1},
    {"type": "interrogated", "actor": 0, "seat": 0, "officer": "ghost", "looked": 2},
    {"type": "interrogation-skipped", "actor": 3, "seat": 3, "reason": "no-cards"},
    {"type": "interrogation-skipped", "actor": 3, "seat": 3, "reason": "forbidden"},
    {"type": "interrogation-skipped", "actor": 3, "seat": 3, "reason": "shared"},
    {"type": "suspect-looked-at", "actor": 1, "seat": 1, "officer": 0, "looked": 1,
     "suspects": ["H"], "already_seen": ["H"]},
    {"type": "suspect-looked-at", "actor": 1, "seat": 1, "officer": 0, "looked": 1},
    {"type": "evidence-peeked", "actor": 2, "seat": 2, "holder": 0, "evidence": "getaway",
     "value": "motorcycle"},
    {"type": "evidence-peeked", "actor": 2, "seat": 2, "holder": 0, "evidence": "getaway"},
    {"type": "peek-paid", "actor": 0, "seat": 0, "officer": 2, "looked": 1, "suspects": ["K"],
     "already_seen": []},
    {"type": "peek-paid", "actor": 0, "seat": 0, "officer": 2, "looked": 1},
    {"type": "peek-skipped", "actor": 2, "seat": 2, "reason": "declined"},
    {"type": "peek-skipped", "actor": 2, "seat": 2, "reason": "no-suspect"},
    {"type": "peek-skipped", "actor": 2, "seat": 2, "reason": "no-evidence"},
    {"type": "peek-skipped", "actor": 2, "seat": 2, "reason": "forbidden"},
    {"type": "peek-skipped", "actor": 2, "seat": 2, "reason": "shared"},
    {"type": "backup-called", "actor": 1, "hours": 3, "die": 2, "rolls": [6, 2], "success": True,
     "apprehended": ["red"]},
    {"type": "backup-called", "actor": 1, "hours": 2, "die": 4, "rolls": [5, 6, 4],
     "success": False, "apprehended": []},
    {"type": "force-played", "actor": 3, "card": "F07", "die": "white", "number": 4},
    {"type": "mobster-roll", "actor": None, "black": 2, "white": 4, "block": B1,
     "outcome": "mobster", "colour": "blue"},
    {"type": "mobster-roll", "actor": None, "black": 6, "white": 1, "block": None,
     "outcome": "reprieve"},
    {"type": "mobster-roll", "actor": None, "black": 1, "white": 1, "block": B2,
     "outcome": "event"},
    {"type": "mobster-roll", "actor": None, "black": 4, "white": 2, "block": B3,
     "outcome": "empty-bag"},
    {"type": "too-many-events", "actor": None, "penalty": "suspect-discarded"},
    {"type": "too-many-events", "actor": None, "penalty": "hour-lost", "seats": [1, 3]},
    {"type": "accusation-made", "actor": 0, "seat": 0, "murderer": "D"},
    {"type": "accusation-made", "actor": 0, "seat": 0},
    {"type": "accusations-revealed", "actor": None, "accusations": {"0": "D", "1": "A"},
     "murderer": "D"},
    {"type": "game-ended", "actor": None, "ending": "solved", "winners": [0],
     "standings": [], "solution": {"murderer": "D"}},
    {"type": "game-ended", "actor": None, "ending": "unsolved", "winners": [],
     "standings": [], "solution": {"murderer": "D"}},
]  # fmt: skip


@pytest.mark.parametrize("event", HAND_MADE, ids=lambda event: event["type"])
def test_each_branch_names_what_its_data_names(event: dict[str, Any]) -> None:
    check_text(event, tell(event), NAMES)


#: Solo events as the rules give them: the one seat acts, the officer it acts for is ``officer``.
SOLO: list[dict[str, Any]] = [
    {"type": "drove", "actor": 0, "officer": 1, "from": "HQ", "to": B1, "hours": 2},
    {"type": "evidence-solved", "actor": 0, "officer": 1, "evidence": "rank", "holder": 1,
     "value": "boss"},
    {"type": "suspect-gained", "actor": 0, "officer": 2, "seat": 2, "gained": True,
     "suspect": "C"},
    {"type": "trackers-pushed", "actor": None, "hours": 1, "seats": [0, 1, 2]},
    {"type": "accusation-made", "actor": 0, "officer": 0, "seat": 0, "murderer": "D"},
    {"type": "accusations-revealed", "actor": None, "accusations": {"0": "D"}, "murderer": "D"},
    {"type": "game-ended", "actor": None, "ending": "solved", "winners": [0], "standings": [],
     "solution": {"murderer": "D"}},
]  # fmt: skip


@pytest.mark.parametrize("event", SOLO, ids=lambda event: event["type"])
def test_solo_names_each_officer_by_number_and_the_seat_by_name(event: dict[str, Any]) -> None:
    """Solo: "one person plays every officer … you track each officer's actions and components
    individually", so each officer has a name of their own; the vote and the win are the
    person's."""
    text = tell(event, names=NAMES[:1])
    check_text(event, text, NAMES[:1])
    assert "Seat " not in text, text


def test_every_event_type_of_the_hand_made_list_is_the_spec_s() -> None:
    assert {event["type"] for event in HAND_MADE} <= set(SPEC.event_types)


def test_an_event_type_without_a_template_is_told_by_its_name_and_fails_no_game() -> None:
    """A type added to the rules before its template: the served game still tells it (the
    test above asks for the template)."""
    event = {"type": "brand-new-thing", "actor": 1, "secret_number": 7}
    assert not has_template(SYSTEM_ID, "brand-new-thing")
    assert tell(event) == "Ben: brand new thing."
    assert tell({"type": "brand-new-thing", "actor": None}) == "Brand new thing."


def test_secret_fields_are_told_to_their_owner_only() -> None:
    """Each template with a secret field says it when the field is there and nothing of it
    otherwise ("Return the token face-down … and do not tell the other players the number")."""
    hidden = {
        "evidence-solved": {"value"},
        "suspect-gained": {"suspect"},
        "force-gained": {"card"},
        "staked-out": {"value"},
        "accusation-made": {"murderer"},
        "token-peeked": {"success", "value"},
        "interrogated": {"suspects", "already_seen"},
        "suspect-looked-at": {"suspects", "already_seen"},
        "evidence-peeked": {"value"},
        "peek-paid": {"suspects", "already_seen"},
    }
    owned = [event for event in HAND_MADE if secret_phrases(event)]
    assert {event["type"] for event in owned} == set(hidden)
    for event in owned:
        secret = secret_phrases(event)
        outsider = {key: value for key, value in event.items() if key not in hidden[event["type"]]}
        check_text(outsider, tell(outsider), NAMES, withheld=secret)
        assert all(phrase in tell(event) for phrase in secret)


def test_event_cards_and_force_cards_are_read_aloud() -> None:
    """ "Draw an Event Card … read it aloud": the card's name and its whole text."""
    drawn = tell(HAND_MADE[31])
    assert card("E01") in drawn and card_text("E01") in drawn and "Event Line after hour 8" in drawn
    played = tell({"type": "force-played", "actor": 0, "card": "F01"})
    assert played.startswith("Zoë O'Hara played the Force Card Squad Car")
    assert card_text("F01") in played


def test_the_endings_are_told_in_their_own_words() -> None:
    solved = tell(HAND_MADE[-2])
    unsolved = tell(HAND_MADE[-1])
    assert solved.startswith("The case is solved: Zoë O'Hara named the murderer")
    assert unsolved.startswith("The case goes unsolved")
    assert f"{SUSPECTS['D']} (D)" in solved and f"{SUSPECTS['D']} (D)" in unsolved


def test_the_wording_varies_with_the_data_and_replays_the_same() -> None:
    texts = {
        tell({"type": "drove", "actor": seat, "from": "HQ", "to": block, "hours": 1})
        for seat in range(4)
        for block in BLOCKS
    }
    assert any(text.startswith("Ben drove") for text in texts)
    assert any("car pulled away" in text for text in texts)
    event = {"type": "coffee-break", "actor": 2}
    assert tell(event) == tell(event)


# ------------------------------------------------------------------ the case and the box


def test_the_case_introduction_reads_the_public_part_only() -> None:
    text = narrate_case(SYSTEM_ID, PUBLIC)
    assert text is not None and PUBLIC["title"].upper() in text
    assert PUBLIC["introduction"] in text
    for suspect in PUBLIC["suspects"]:
        assert f"{suspect['letter']}  {suspect['name']}" in text
    assert "Murderer Envelope" not in text and "success" not in text


def test_the_case_introduction_draws_the_city_and_its_clock() -> None:
    """Setup: "HQ in the centre" of the 5x5 city, die tokens naming rows and columns, and the
    Time Track's day and night spaces, Event Lines and final red hours: a printed case book
    needs the map and the clock as much as the suspects."""
    text = narrate_case(SYSTEM_ID, PUBLIC)
    assert text is not None
    rows = [line for line in text.splitlines() if line[:4] in {f"  {n}:" for n in range(1, 6)}]
    assert len(rows) == len(PUBLIC["grid"])
    for line, row in zip(rows, PUBLIC["grid"], strict=True):
        cells = line.split(": ", 1)[1].split(" | ")
        assert [cell.split(" (")[0] for cell in cells] == [
            "the HQ" if block == "HQ" else BLOCKS[block] for block in row
        ]
    day = [space["hour"] for space in PUBLIC["time_track"] if space["phase"] == "day"]
    assert f"daytime in hours {day[0]}-{day[5]}," in text
    lines = [space["hour"] for space in PUBLIC["time_track"] if space["event_line"]]
    assert "Event Lines after hours " + ", ".join(map(str, lines)) + ";" in text


def test_the_author_sheet_shows_what_lies_face_down_and_the_murderer() -> None:
    text = narrate_author_sheet(SYSTEM_ID, ENVELOPE)
    assert text is not None
    murderer = ENVELOPE["solution"]["murderer"]
    assert f"Murderer Envelope: {SUSPECTS[murderer]} ({murderer})" in text
    for token in ENVELOPE["secret"]["search_tokens"]:
        outcome = "success" if token["success"] else "failure"
        assert f"{BLOCKS[token['block']]}: {outcome}" in text
    for token in ENVELOPE["secret"]["stakeout_tokens"]:
        assert f"{BLOCKS[token['block']]}: {token['value']}" in text


# ------------------------------------------------------------------ whole games


def _tables() -> list[tuple[str, int]]:
    """Every mode of the spec with its fewest and most seats."""
    return sorted(
        {(mode.id, count) for mode in SPEC.modes for count in (mode.min_seats, mode.max_seats)}
    )


def _private_of(view: Mapping[str, Any], glossary: Mapping[str, str]) -> set[str]:
    """The suspects' and cards' names only ``view``'s seat may read in its own summary: its
    hand, its Force Cards, the cards it saw in other hands (and a team's face-up hands)."""
    words = {glossary[letter] for letter in view.get("suspects", [])}
    words |= {card(item) for item in view.get("forces", [])}
    for letters in view.get("seen_suspects", {}).values():
        words |= {glossary[letter] for letter in letters}
    for hand in view.get("forces_of", []):
        words |= {card(item) for item in hand}
    return words


def _told_openly(view: Mapping[str, Any], glossary: Mapping[str, str]) -> set[str]:
    """Names the seat's summary may say although another seat holds them privately: its own
    sealed accusation, and once the game is over every accusation and the murderer."""
    letters = {view.get("accusation"), *view.get("accusations", {}).values()}
    if view.get("result"):
        letters.add(view["result"]["solution"]["murderer"])
    return {glossary[letter] for letter in letters if letter}


def play_and_check(mode: str, count: int, seed: int) -> set[str]:
    """A game of bots (and now and then a random move), every event told to every seat and
    checked, every view told; the event types seen."""
    system = registry.get(SYSTEM_ID)
    spec = SPEC.mode(mode)
    options = resolve_options(spec.options, {})
    envelope = generators.generate_for_table(
        SYSTEM_ID, seed, spec.options, options, mode=mode, seats=count
    )
    glossary = public_glossary(envelope["public"])
    names = NAMES[:count]
    seats = [Seat(name) for name in names]
    case, state = start(system, envelope, seats, mode, seed=seed, options=options)
    seen: set[str] = set()
    for step in bot_game(system, case, state, random.Random(seed)):
        state = step.after
        views = [system.view(case, step.before, other) for other in range(count)]
        _check_view(step.view, views, glossary, names)
        for event in step.events:
            seen.add(event.type)
            whole = event.for_seat(next(iter(event.secret_audience), None))
            for seat, shown in told(event, count):
                text = narrate_event(SYSTEM_ID, shown, names=names, glossary=glossary)
                secret = seat is not None and seat in event.secret_audience
                withheld = [] if secret or whole is None else secret_phrases(whole, glossary)
                check_text(shown, text, names, glossary, withheld)
    assert system.result(case, state) is not None
    finals = [system.view(case, state, seat) for seat in range(count)]
    for final in finals:  # the accusations revealed, the case closed
        _check_view(final, finals, glossary, names)
    return seen


def _check_view(
    view: Mapping[str, Any],
    views: Sequence[Mapping[str, Any]],
    glossary: Mapping[str, str],
    names: Sequence[str],
) -> None:
    """The seat's summary says what each officer has (their Ability Card, face up) and what is
    the seat's own (cards held and seen), and nobody else's secrets; its notes before an
    accusation weigh every suspect."""
    summary = narrate_view(SYSTEM_ID, view, names=names, glossary=glossary)
    assert summary and "{{" not in summary and "None" not in summary, summary
    for officer in view["officers"]:
        assert f"{officer_name(names, officer['seat'])}" in summary, summary
        if officer["ability"] is not None:
            assert f"ability: {card(officer['ability'])}" in summary, summary
    mine = _private_of(view, glossary)
    assert not [word for word in mine if word not in summary], summary
    for other in views:
        if other["you"] != view["you"]:
            for word in _private_of(other, glossary) - mine - _told_openly(view, glossary):
                assert word not in summary, (word, summary)
    notes = narrate_before_accusing(SYSTEM_ID, view, names=names, glossary=glossary)
    assert notes and all(suspect["name"] in notes for suspect in view["case"]["suspects"])


@pytest.mark.parametrize(("mode", "count"), _tables())
def test_games_on_generated_cases_are_told_truly(mode: str, count: int) -> None:
    for seed in range(2):
        play_and_check(mode, count, seed)


def test_games_tell_almost_every_event_type() -> None:
    """Over a few games of the standard mode, the events the rules make are all told: the
    badge's bonuses, Interrogate, the Peek exchange, the Ability Cards and Force Cards among
    them (the rare ones, and those only other modes make, are told in the hand-made list)."""
    seen: set[str] = set()
    for seed in range(6):
        seen |= play_and_check("standard", 2 + seed % 3, seed)
    common = {
        "drove", "arrested", "coffee-break", "informant-caught", "witness-caught",
        "scene-searched", "staked-out", "badge-advanced", "evidence-solved", "suspect-gained",
        "tracker-advanced", "event-drawn", "mobster-roll", "accusation-made",
        "accusations-revealed", "game-ended", "ability-chosen", "badge-bonus", "interrogated",
        "suspect-looked-at", "peek-owed", "evidence-peeked", "peek-paid", "peek-skipped",
        "token-peeked", "force-played", "force-gained", "second-action", "backup-called",
    }  # fmt: skip
    assert common <= seen, sorted(common - seen)


def test_team_games_tell_their_own_events() -> None:
    """The cooperative and solo games tell what only a team does: Leg Work, the Out-of-Time
    Marker, the one accusation; and the badge's Interrogate and Peek that a team skips ("all
    evidence is shared")."""
    seen: set[str] = set()
    for seed in range(4):
        seen |= play_and_check("cooperative", 2 + seed % 3, seed)
        seen |= play_and_check("solo", 1, seed)
    team = {"leg-work-done", "out-of-time", "team-accused", "badge-bonus", "peek-skipped"}
    assert team <= seen, sorted(team - seen)


def test_choices_read_as_the_officer_sees_them() -> None:
    system = registry.get(SYSTEM_ID)
    seats = [Seat(name) for name in NAMES]
    case, state = start(system, ENVELOPE, seats, "standard", seed=3)
    view = system.view(case, state, 0)

    def label(param: str, value: Any) -> str:
        return narrate_choice(SYSTEM_ID, param, value, view=view, glossary=GLOSSARY)

    block = next(iter(view["search_blocks"]))
    assert label("to", block) == f"{BLOCKS[block]} [search token]" or label("to", block) in (
        f"{BLOCKS[block]} [search token, {view['mobsters'].get(block)} mobster]",
    )
    assert label("to", "HQ") == "the HQ"
    assert label("hours", 1) == "1 hour" and label("hours", 3) == "3 hours"
    assert label("card", "F01") == f"Squad Car: {card_text('F01')}"
    suspect = PUBLIC["suspects"][0]
    assert label("murderer", "A") == (
        f"{suspect['name']} (A): {suspect['gang']}, {suspect['rank']}, {suspect['forensics']},"
        f" {suspect['getaway']}, {suspect['weapon']}"
    )


def test_owed_choices_read_as_what_they_name() -> None:
    """The choices owed outside a turn read as what they name, not as ids: "Choose another
    player" (Interrogate: an officer or the ghost officer's pile), "which envelope to look at"
    (the Peek, or none), "Each player chooses one" (Ability Cards), Roadblock's die and Shadow
    Detail's blocks, and co-op's Leg Work ("spend 3 hours … for a Suspect Card")."""
    system = registry.get(SYSTEM_ID)
    case, state = start(system, ENVELOPE, [Seat(name) for name in NAMES], "standard", seed=3)
    view = {
        **system.view(case, state, 0),
        "solved": {"gang": 2},
        "seen_suspects": {"1": ["A"]},
        "ghost_pile": 4,
    }
    ben = view["officers"][1]["suspect_cards"]

    def label(param: str, value: Any) -> str:
        return narrate_choice(SYSTEM_ID, param, value, view=view, glossary=GLOSSARY)

    assert (
        label("officer", "1")
        == f"Ben ({ben} Suspect Card{'' if ben == 1 else 's'}, 1 of them seen)"
    )
    assert label("officer", "ghost") == "the ghost officer's pile (4 Suspect Cards)"
    assert label("evidence", "gang") == "gang, held by Cy Twombly"
    assert label("evidence", "none") == "no peek"
    assert label("ability", "A04") == f"{card('A04')}: {card_text('A04')}"
    assert label("die", "white") == "the white die (the column)"
    assert label("onto", "B02") == BLOCKS["B02"]
    assert label("take", "force") == "a Force Card"
    assert "Suspect Card" in label("take", "suspect") and "3 hours" in label("take", "suspect")
    solo = {**view, "mode": "solo"}
    text = narrate_choice(SYSTEM_ID, "officer", "1", view=solo, glossary=GLOSSARY)
    assert text.startswith("Officer 2 (")
