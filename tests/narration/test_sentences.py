"""Every fixed sentence of Murdered by Midnight's templates, checked against the state it tells.

A template says one thing in several wordings (``{% variants %}``), chosen by a hash of the
event, so a handful of events reaches only some of them. Here the choice is forced to each
wording in turn, and each sentence is held to what the event's data says happened: a sentence
may only claim what the state holds (nobody walks into a card by turning it over; a search
does not throw a room about; "nothing" only when nothing was found).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from narration import narrate_event
from narration.environment import clock_time
from narration.variants import VariantsExtension
from rules.murdered_by_midnight.case import SYSTEM_ID
from tests.narration.test_murdered_by_midnight import GLOSSARY, NAMES, _events, check_text

#: The most wordings any variants block offers.
MOST_WORDINGS = 6

Holds = Callable[[Mapping[str, Any]], bool]


def never(event: Mapping[str, Any]) -> bool:
    return False


#: (event type, words, what must hold of the event for a sentence to say them).
CLAIMS: list[tuple[str, str, Holds]] = [
    # Turning a map card over puts nobody in the room: no door opens, nobody looks up.
    ("location-revealed", r"door|open|enter|walk|step|look|silent|inside|Inside", never),
    ("location-revealed", r"No token|no token", lambda e: not e["characters"]),
    (
        "location-revealed",
        r"tokens? of|'s token stands|On the card stand",
        lambda e: bool(e["characters"]),
    ),
    # A search is a question to the Author, not a room tossed about.
    ("location-searched", r"turned \S+( \S+)? over|hidden|Hidden", never),
    ("location-searched", r"nothing|no weapon", lambda e: not e["weapons"]),
    ("location-searched", r"marker", lambda e: bool(e["weapons"])),
    ("inspector-moved", r"passage|hidden", never),
    ("passage-taken", r"passage", lambda e: True),
    ("passage-opened", r"open for everyone|Anyone may use it", lambda e: True),
    ("prints-dusted", r"No Fingerprints", lambda e: "prints" in e and e["prints"] is None),
    ("prints-dusted", r"Prints Found", lambda e: e.get("prints") is not None),
    ("prints-dusted", r"sealed envelope|envelope changed hands", lambda e: "prints" not in e),
    ("forensics-analysed", r"Is Murder Weapon|killed", lambda e: e.get("murder_weapon") is True),
    (
        "forensics-analysed",
        r"Not the Murder Weapon|innocent",
        lambda e: e.get("murder_weapon") is False,
    ),
    ("witness-saw", r"nothing|didn't see", lambda e: e["sighting"] is None),
    ("witness-saw", r"shoulder|nervous|running|scream", never),
    ("witness-suspects", r"no idea|can't imagine|nobody", lambda e: e["suspicion"] is None),
    ("accusation-made", r"nods|confirms|solved", lambda e: e["correct"]),
    ("accusation-made", r"shakes|wrong", lambda e: not e["correct"]),
    ("inspector-eliminated", r"accused wrongly|off the case|is over", lambda e: True),
    ("game-ended", r"solved it|cracked it|got to the truth", lambda e: e["ending"] == "solved"),
    ("game-ended", r"Midnight strikes", lambda e: e["ending"] == "midnight"),
    ("game-ended", r"every inspector", lambda e: e["ending"] == "all-eliminated"),
    ("game-ended", r"scream|running", never),
    ("turn-ended", r"asked no question|ended their turn|passed", lambda e: True),
]


def _desk_events() -> list[dict[str, Any]]:
    """The desk's answers differ in shape: a revealed card has no grid cell."""
    return [
        {"type": "location-revealed", "actor": 0, "location": "L5", "characters": ["C6", "C7"]},
        {"type": "location-revealed", "actor": 1, "location": "L4", "characters": []},
        {"type": "location-revealed", "actor": 1, "location": "L6", "characters": ["C4"]},
    ]


EVENTS = [*_events(), *_desk_events()]


@pytest.fixture
def force_wording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], None]]:
    """Choose the wording of every variants block: ``force(n)`` picks the n-th (wrapping)."""
    chosen = [0]

    def index(self: VariantsExtension, keys: list[Any], count: int) -> int:
        return chosen[0] % count

    monkeypatch.setattr(VariantsExtension, "_index", index)

    def force(number: int) -> None:
        chosen[0] = number

    yield force


def _every_wording(event: Mapping[str, Any], force: Callable[[int], None]) -> set[str]:
    texts = set()
    for number in range(MOST_WORDINGS):
        force(number)
        texts.add(narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY))
    return texts


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e["type"])
def test_every_wording_says_only_what_the_state_holds(
    event: dict[str, Any], force_wording: Callable[[int], None]
) -> None:
    for text in _every_wording(event, force_wording):
        check_text(event, text, GLOSSARY, NAMES)
        for kind, words, holds in CLAIMS:
            if kind == event["type"] and re.search(words, text):
                assert holds(event), (words, event, text)


def test_the_claims_cover_every_event_type() -> None:
    assert {kind for kind, _, _ in CLAIMS} == {event["type"] for event in EVENTS}


def test_a_claim_that_does_not_hold_is_caught(force_wording: Callable[[int], None]) -> None:
    """The check can fail: an empty card told as if its tokens stood there breaks a claim."""
    event = {"type": "location-revealed", "actor": 0, "location": "L4", "characters": ["C3"]}
    lying = {**event, "characters": []}
    texts = _every_wording(event, force_wording)
    broken = [
        text
        for text in texts
        for kind, words, holds in CLAIMS
        if kind == lying["type"] and re.search(words, text) and not holds(lying)
    ]
    assert broken


@pytest.mark.parametrize(
    ("time", "twelve"),
    [
        ("19:30", "7:30 pm"),
        ("21:00", "9:00 pm"),
        ("12:00", "12:00 pm"),
        ("00:15", "12:15 am"),
        ("09:05", "9:05 am"),
        ("23:59", "11:59 pm"),
        ("noon", "noon"),
        ("25:00", "25:00"),
    ],
)
def test_times_read_as_the_table_says_them(time: str, twelve: str) -> None:
    """ "I saw Marjorie Lynton leaving The Countess Room around 7:00 pm" """
    assert clock_time(time) == twelve
    assert clock_time(time, "24h") == time


@pytest.mark.parametrize("event", [e for e in EVENTS if "time" in str(e)], ids=lambda e: e["type"])
def test_the_24_hour_clock_is_a_choice(event: dict[str, Any]) -> None:
    twelve = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY)
    day = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY, clock="24h")
    check_text(event, day, GLOSSARY, NAMES, clock="24h")
    assert " pm" in twelve and " pm" not in day and re.search(r"\b2\d:\d\d\b", day)
