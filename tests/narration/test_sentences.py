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

from generator.murdered_by_midnight.content import INTRODUCTIONS
from narration import (
    CLOCKS,
    narrate_author_sheet,
    narrate_case,
    narrate_event,
    public_glossary,
    variants,
)
from narration.environment import clock_time, environment, with_article
from rules.murdered_by_midnight.case import SYSTEM_ID
from tests.narration.test_murdered_by_midnight import (
    GLOSSARY,
    NAMES,
    _events,
    _generated,
    _public,
    _sample_envelope,
    check_text,
)

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
    # A search asks for weapons: the body and the tokens are on the card whatever it finds.
    ("location-searched", r"\bnothing\b", never),
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
    # The murderer and the suspects "saw nothing" on the Author's sheet: the murderer saw the
    # murder, so the narrator only reports what they say, never vouches for it.
    ("witness-saw", r"(?<!they )saw nothing", never),
    # A sighting at the scene is "near the murder location": in it or just outside, and the
    # witness cannot tell which, so it never puts the person in the room; a sighting elsewhere
    # names the room they stood in. An event logged before sightings said so reads "at".
    ("witness-saw", r"\bnear\b|just outside", lambda e: _near(e) is True),
    (
        "witness-saw",
        r"\b(?:[Ii]n|inside|into) (?:the )?[A-Z]|in there",
        lambda e: _near(e) is False,
    ),
    ("witness-saw", r"\bat (?:the )?[A-Z]", lambda e: _said(e) and _near(e) is None),
    # What the witness did is not on the sheet: only whom they saw, where and when.
    ("witness-saw", r"passed|walked|looked in|window|door", never),
    ("witness-suspects", r"no idea|can't imagine|nobody", lambda e: e["suspicion"] is None),
    # "has no idea who would kill the victim": the murderer has every idea; reported, not vouched.
    ("witness-suspects", r"(?<!they )(?<!to )(?:has|have) no idea|can think of", never),
    ("accusation-made", r"nods|confirms|solved", lambda e: e["correct"]),
    ("accusation-made", r"shakes|wrong", lambda e: not e["correct"]),
    ("inspector-eliminated", r"accused wrongly|off the case|is over", lambda e: True),
    ("game-ended", r"solved it|cracked it|got to the truth", lambda e: e["ending"] == "solved"),
    ("game-ended", r"Midnight strikes", lambda e: e["ending"] == "midnight"),
    ("game-ended", r"every inspector", lambda e: e["ending"] == "all-eliminated"),
    ("game-ended", r"scream|running", never),
    ("turn-ended", r"asked no question|ended their turn|passed", lambda e: True),
]


def _said(event: Mapping[str, Any]) -> bool:
    return event["sighting"] is not None


def _near(event: Mapping[str, Any]) -> bool | None:
    """Whether the witness saw the person near the scene; ``None``: no sighting, or an event
    logged before sightings said so."""
    sighting = event["sighting"]
    near = None if sighting is None else sighting.get("near")
    return near if isinstance(near, bool) else None


def _sighting_events() -> list[dict[str, Any]]:
    """A sighting near the scene (the Library, L1), one in another room, and one logged before
    sightings said which (no "near")."""
    return [
        {
            "type": "witness-saw",
            "actor": 0,
            "character": witness,
            "sighting": {"person": person, "location": location, "time": time, **near},
        }
        for witness, person, location, time, near in (
            ("C6", "C3", "L1", "21:00", {"near": True}),
            ("C8", "C5", "L1", "22:00", {"near": True}),
            ("C7", "C4", "L6", "20:00", {"near": False}),
            ("C2", "C1", "L2", "19:30", {"near": False}),
            ("C6", "C3", "L1", "21:00", {}),
            ("C7", "C4", "L6", "20:00", {}),
        )
    ]


def _desk_events() -> list[dict[str, Any]]:
    """The desk's answers differ in shape: a revealed card has no grid cell."""
    return [
        {"type": "location-revealed", "actor": 0, "location": "L5", "characters": ["C6", "C7"]},
        {"type": "location-revealed", "actor": 1, "location": "L4", "characters": []},
        {"type": "location-revealed", "actor": 1, "location": "L6", "characters": ["C4"]},
    ]


EVENTS = [*_events(), *_desk_events(), *_sighting_events()]


@pytest.fixture
def force_wording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], None]]:
    """Choose the wording of every variants block: ``force(n)`` picks the n-th (wrapping)."""
    chosen = [0]

    def index(keys: list[Any], count: int) -> int:
        return chosen[0] % count

    # The tag's filter is bound when the environment is built and its templates compiled.
    monkeypatch.setattr(variants, "variant_index", index)
    environment.cache_clear()

    def force(number: int) -> None:
        chosen[0] = number

    yield force
    monkeypatch.undo()
    environment.cache_clear()


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
    assert " pm" in twelve and " pm" not in day and re.search(r"\b(?:1[3-9]|2\d):\d\d\b", day)


#: Sentences of earlier wordings that said what the state did not hold, each with the event it
#: was told of: the claims must catch every one.
OLD_SENTENCES = [
    (
        {"type": "witness-saw", "actor": 0, "character": "C3", "sighting": None},
        "Dorian Vane saw nothing out of the ordinary all evening.",
    ),
    (
        _sighting_events()[0],
        '"Around 9:00 pm I passed the Library, and Dorian Vane was in there," says Tobias Finch.',
    ),
    (
        _sighting_events()[0],
        'Tobias Finch says: "I saw Dorian Vane in the Library at about 9:00 pm."',
    ),
    (
        {"type": "witness-suspects", "actor": 0, "character": "C4", "suspicion": None},
        "Celia Hart can think of nobody who would want the victim dead.",
    ),
    (
        {"type": "witness-suspects", "actor": 0, "character": "C3", "suspicion": None},
        "Dorian Vane has no idea who would do such a thing.",
    ),
    (
        {"type": "location-searched", "actor": 0, "location": "L1", "weapons": []},
        "Ann searched the Library from top to bottom and found nothing.",
    ),
]


@pytest.mark.parametrize(("event", "text"), OLD_SENTENCES, ids=lambda item: str(item)[:30])
def test_the_old_sentences_that_said_too_much_are_caught(event: dict[str, Any], text: str) -> None:
    broken = [
        words
        for kind, words, holds in CLAIMS
        if kind == event["type"] and re.search(words, text) and not holds(event)
    ]
    assert broken, text


def test_a_sighting_told_on_the_wrong_side_of_the_door_is_caught(
    force_wording: Callable[[int], None],
) -> None:
    """Every wording of a sighting in a room breaks a claim when the sighting was near the
    scene, and every wording of one near the scene breaks one when it was in the room."""
    inside, near = _sighting_events()[2], _sighting_events()[0]
    for told, truth in (
        (inside, {**inside, "sighting": {**inside["sighting"], "near": True}}),
        (near, {**near, "sighting": {**near["sighting"], "near": False}}),
    ):
        for text in _every_wording(told, force_wording):
            assert any(
                kind == "witness-saw" and re.search(words, text) and not holds(truth)
                for kind, words, holds in CLAIMS
            ), text


# ------------------------------------------------------------------ the case introduction

#: What the case text (before the cards' own words) may never say: nobody screamed or came
#: running (the tokens stand all over the house), the people are not all guests (the cook, the
#: butler), and a time is the Time Card's, on the reader's clock, never in words it cannot change.
CASE_NEVER = r"scream|[Ee]veryone|[Ee]verybody|running|rushed|guests?\b|half past|o'clock|quarter"
CLOCK_TIME = re.compile(r"\b\d{1,2}:\d\d(?: [ap]m)?")


def check_case_text(public: Mapping[str, Any], text: str, clock: str) -> None:
    """``text`` (the case told on ``clock``) holds to the case's facts: the discovery sentence
    names who found the body, whose body, where and when; the only time is the Time Card's, as
    ``clock`` says it; and nothing is claimed that the case does not hold."""
    glossary = public_glossary(public)
    told = text.split("The people of the case:")[0]  # the cards' own words follow
    assert not re.search(CASE_NEVER, told), told
    assert set(CLOCK_TIME.findall(text)) == {clock_time(public["discovered_at"], clock)}, text
    lines = [line for line in told.splitlines() if re.search(r"found the body|discovered", line)]
    assert len(lines) == 1, text
    scene = with_article(glossary[public["scene"]])
    for phrase in (glossary[public["discoverer"]], glossary[public["victim"]], f"in {scene}"):
        assert phrase in lines[0], (phrase, lines[0])


def _with_introduction(public: Mapping[str, Any], pattern: str) -> dict[str, Any]:
    glossary = public_glossary(public)
    living = len(public["characters"]) - 1
    text = pattern.format(house="Ashgrove Lodge", victim=glossary[public["victim"]], count=living)
    return {**public, "introduction": text}


def _publics() -> list[dict[str, Any]]:
    """The sample case with each of the generator's introductions, and generated cases."""
    sample = _public()
    publics = [sample, *(_with_introduction(sample, p) for p in INTRODUCTIONS)]
    return publics + [_generated(seed, d)["public"] for d in DIFFICULTIES for seed in range(3)]


DIFFICULTIES = ("easy", "standard", "hard")


@pytest.mark.parametrize("clock", CLOCKS)
def test_every_wording_of_the_case_text_says_only_what_the_case_holds(
    clock: str, force_wording: Callable[[int], None]
) -> None:
    for public in _publics():
        for number in range(MOST_WORDINGS):
            force_wording(number)
            text = narrate_case(SYSTEM_ID, public, clock=clock)
            assert text is not None
            check_case_text(public, text, clock)


def test_the_clock_changes_every_time_in_the_case_text_and_nothing_else() -> None:
    """ "Times read the way the table says them (7:30 pm), with a choice of 24-hour clock." """
    for public in _publics():
        twelve, day = (narrate_case(SYSTEM_ID, public, clock=clock) for clock in ("12h", "24h"))
        assert twelve is not None and day is not None
        assert CLOCK_TIME.sub("<time>", twelve) == CLOCK_TIME.sub("<time>", day)
        assert clock_time(public["discovered_at"]) in twelve and public["discovered_at"] in day


def test_a_time_baked_into_the_introduction_is_caught() -> None:
    """The generator's old introduction put the discovery's "22:30" in its own words, with a
    scream that brought everyone running: neither clock passes the check."""
    public = {**_public(), "introduction": "At 22:30 a scream brought everyone running."}
    for clock in CLOCKS:
        text = narrate_case(SYSTEM_ID, public, clock=clock)
        assert text is not None
        with pytest.raises(AssertionError):
            check_case_text(public, text, clock)
    twelve, day = (narrate_case(SYSTEM_ID, public, clock=clock) for clock in ("12h", "24h"))
    assert twelve is not None and day is not None
    assert "22:30" in twelve  # the clock cannot reach it
    quiet = {**public, "introduction": "At 22:30 the house was quiet."}
    with pytest.raises(AssertionError):
        check_case_text(quiet, str(narrate_case(SYSTEM_ID, quiet)), "12h")


def test_the_author_sheet_says_near_for_a_sighting_at_the_scene() -> None:
    """The sheet's first entry of each group is what its witnesses say: near the scene, or in
    the room elsewhere."""
    envelope = _sample_envelope()
    sheet = narrate_author_sheet(SYSTEM_ID, envelope)
    assert sheet is not None
    assert "What they saw: Dorian Vane near the Library (L1) at 9:00 pm." in sheet
    assert "What they saw: Celia Hart in the Gallery (L6) at 8:00 pm." in sheet
