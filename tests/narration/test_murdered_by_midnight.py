"""Murdered by Midnight narration: every event type told with the case's names, never more.

The hand-made events below cover each template's branches (a secret present, absent, empty);
the playouts render real events of the engine for every seat and check that the text names
what the structured data beside it names (:func:`expected_phrases`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from generator import registry as generators
from narration import has_template, narrate_case, narrate_event, public_glossary
from narration.environment import clock_time, display_name, with_article
from rules import registry
from rules.core import Seat, System, random_action, start
from rules.murdered_by_midnight import author
from rules.murdered_by_midnight.case import (
    SYSTEM_ID,
    MbmCase,
    Solution,
    from_envelope,
    to_envelope_parts,
)
from rules.murdered_by_midnight.spec import SPEC
from tests.narration.games import told
from tests.rules.murdered_by_midnight.sample_case import sample_case

EVENT_TYPES = (
    "location-revealed",
    "inspector-moved",
    "passage-opened",
    "passage-taken",
    "location-searched",
    "prints-dusted",
    "forensics-analysed",
    "witness-saw",
    "witness-suspects",
    "accusation-made",
    "inspector-eliminated",
    "turn-ended",
    "game-ended",
)
#: Words only an opened envelope may say.
ENVELOPE_CONTENTS = ("Fingerprints", "Prints Found", "Murder Weapon card", "Is Murder Weapon")
NAMES = ["Ann", "Ben", "Cy"]
#: The witness speaks; who asked is in ``actor``, not necessarily in the words.
WITNESS_EVENTS = frozenset({"witness-saw", "witness-suspects"})
#: How each ending code is told ("Ending the Game": solved, the case lost to a wrong accusation,
#: every inspector out, and midnight, the turn limit of the rulings).
ENDING_WORDS = {
    "solved": "confronting the murderer with every detail right",
    "wrong-accusation": "the accusation was wrong",
    "all-eliminated": "every inspector accused the wrong way",
    "midnight": "Midnight strikes",
}


def _public(case: MbmCase | None = None) -> dict[str, Any]:
    parts: dict[str, Any] = to_envelope_parts(case or sample_case())
    return dict(parts["public"])


GLOSSARY = public_glossary(_public())


def expected_phrases(
    event: Mapping[str, Any],
    glossary: Mapping[str, str],
    names: Sequence[str],
    clock: str = "12h",
) -> list[str]:
    """What the text of ``event`` (as one seat sees it) must contain to agree with its data,
    its times as ``clock`` says them."""

    def name(key: Any) -> str:
        return glossary[str(key)]

    def time(value: str) -> str:
        return clock_time(value, clock)

    kind = event["type"]
    actor = event.get("actor")
    spoken = actor is not None and kind not in {"inspector-eliminated", *WITNESS_EVENTS}
    found: list[str] = [names[actor]] if spoken and actor is not None else []
    if kind == "location-revealed":
        found += [name(event["location"]), *map(name, event["characters"])]
        found += [event["at"]] if "at" in event else []  # a desk's answer has no grid cell
    elif kind in {"inspector-moved", "passage-opened", "passage-taken"}:
        found += [name(event["from"]), name(event["to"])]
    elif kind == "location-searched":
        found += [name(event["location"]), *map(name, event["weapons"])]
    elif kind == "prints-dusted":
        found.append(name(event["weapon"]))
        if "prints" not in event:
            found.append("sealed envelope")
        elif event["prints"] is None:
            found.append("No Fingerprints Found")
        else:
            found += ["Prints Found", name(event["prints"])]
    elif kind == "forensics-analysed":
        found.append(name(event["weapon"]))
        if "murder_weapon" not in event:
            found.append("sealed envelope")
        else:
            found.append("Is Murder Weapon" if event["murder_weapon"] else "Not the Murder Weapon")
    elif kind == "witness-saw":
        found.append(name(event["character"]))
        sighting = event["sighting"]
        if sighting is not None:
            found += [name(sighting["person"]), name(sighting["location"]), time(sighting["time"])]
            # at the scene "near" it (in it or just outside); anywhere else in the room itself
            if "near" in sighting:
                where = "near" if sighting["near"] else "in"
                found.append(f"{where} {with_article(name(sighting['location']))}")
    elif kind == "witness-suspects":
        found.append(name(event["character"]))
        suspicion = event["suspicion"]
        if suspicion is not None:
            found += [name(suspicion["suspect"]), name(suspicion["motive"])]
    elif kind == "accusation-made":
        found += [name(event[key]) for key in ("murderer", "weapon", "motive")]
        found.append(time(event["time"]))
    elif kind == "inspector-eliminated":
        found.append(names[event["seat"]])
    elif kind == "game-ended":
        ending = event["ending"]
        found.append(ENDING_WORDS[ending])
        found += [names[seat] for seat in event["winners"]]
        solution = event["solution"]
        found += [name(solution[key]) for key in ("murderer", "weapon", "motive")]
        found.append(time(solution["time"]))
    return found


def check_text(
    event: Mapping[str, Any],
    text: str,
    glossary: Mapping[str, str],
    names: Sequence[str],
    clock: str = "12h",
) -> None:
    """``text`` agrees with ``event``: it names what the data names and opens no envelope
    the seat was not given."""
    assert text and "{{" not in text and "None" not in text, text
    for phrase in expected_phrases(event, glossary, names, clock):
        opening = phrase[:1].upper() + phrase[1:]  # a sentence opens with a capital
        assert phrase in text or opening in text, (phrase, event, text)
    sealed = (event["type"] == "prints-dusted" and "prints" not in event) or (
        event["type"] == "forensics-analysed" and "murder_weapon" not in event
    )
    if sealed:
        assert not any(word in text for word in ENVELOPE_CONTENTS), text
    if event["type"] == "accusation-made" and not event["correct"]:
        assert not any(f"wrong {key}" in text for key in ("murderer", "weapon", "motive", "time"))


# ------------------------------------------------------------------ filters and the glossary


def test_the_glossary_holds_every_public_name_and_nothing_secret() -> None:
    case = sample_case()
    assert GLOSSARY["L3"] == "Wine Cellar"
    assert GLOSSARY["C3"] == "Dorian Vane"
    assert GLOSSARY["W4"] == "Vial of Laudanum"
    assert GLOSSARY["M1"] == "an inheritance he could not wait for"
    expected = len(case.locations) + len(case.characters) + len(case.weapons) + len(case.motives)
    assert len(GLOSSARY) == expected
    assert public_glossary({"suspects": ["Ada"], "title": "x"}) == {}


def test_display_names_fall_back_to_the_id() -> None:
    assert display_name({"W1": "Rope"}, "W1") == "Rope"
    assert display_name({}, "W9") == "W9"
    assert display_name({}, None) == ""


def test_the_article_is_added_once() -> None:
    assert with_article("Library") == "the Library"
    assert with_article("The Countess Room") == "The Countess Room"
    assert with_article("an old jealousy") == "an old jealousy"


def test_narration_without_a_glossary_still_works() -> None:
    event = {"type": "inspector-moved", "actor": 0, "from": "L1", "to": "L3"}
    bare = narrate_event(SYSTEM_ID, event, names=NAMES)
    named = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY)
    assert "L1" in bare and "L3" in bare
    assert "Library" in named and "Wine Cellar" in named and "L3" not in named


# ------------------------------------------------------------------ hand-made events


def _events() -> list[dict[str, Any]]:
    sighting = {"person": "C3", "location": "L1", "time": "21:00", "near": True}
    accusation = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}
    solution = dict(accusation)
    return [
        {"type": "location-revealed", "actor": 0, "location": "L3", "at": "1,0", "characters": []},
        {
            "type": "location-revealed",
            "actor": 1,
            "location": "L5",
            "at": "0,-1",
            "characters": ["C2"],
        },
        {
            "type": "location-revealed",
            "actor": 2,
            "location": "L5",
            "at": "0,1",
            "characters": ["C6", "C7", "C8"],
        },
        {"type": "inspector-moved", "actor": 0, "from": "L1", "to": "L3"},
        {"type": "passage-opened", "actor": 1, "from": "L3", "to": "L6"},
        {"type": "passage-taken", "actor": 2, "from": "L6", "to": "L3"},
        {"type": "location-searched", "actor": 0, "location": "L4", "weapons": []},
        {"type": "location-searched", "actor": 0, "location": "L3", "weapons": ["W1"]},
        {"type": "location-searched", "actor": 0, "location": "L3", "weapons": ["W1", "W4"]},
        {"type": "prints-dusted", "actor": 0, "weapon": "W1", "location": "L3"},
        {"type": "prints-dusted", "actor": 0, "weapon": "W1", "location": "L3", "prints": "C3"},
        {"type": "prints-dusted", "actor": 0, "weapon": "W3", "location": "L2", "prints": None},
        {"type": "forensics-analysed", "actor": 1, "weapon": "W1", "location": "L3"},
        {
            "type": "forensics-analysed",
            "actor": 1,
            "weapon": "W1",
            "location": "L3",
            "murder_weapon": True,
        },
        {
            "type": "forensics-analysed",
            "actor": 1,
            "weapon": "W2",
            "location": "L6",
            "murder_weapon": False,
        },
        {"type": "witness-saw", "actor": 2, "character": "C3", "sighting": None},
        {"type": "witness-saw", "actor": 2, "character": "C6", "sighting": sighting},
        {"type": "witness-suspects", "actor": 2, "character": "C4", "suspicion": None},
        {
            "type": "witness-suspects",
            "actor": 2,
            "character": "C6",
            "suspicion": {"suspect": "C3", "motive": "M1"},
        },
        {"type": "accusation-made", "actor": 0, **accusation, "correct": True},
        {"type": "accusation-made", "actor": 1, **accusation, "motive": "M2", "correct": False},
        {"type": "inspector-eliminated", "actor": 1, "seat": 1},
        {"type": "turn-ended", "actor": 2},
        *(
            {
                "type": "game-ended",
                "actor": None,
                "ending": ending,
                "winners": winners,
                "standings": [
                    {"seat": seat, "rank": 1 if seat in winners else 2, "score": None}
                    for seat in range(3)
                ],
                "solution": solution,
            }
            for ending, winners in (
                ("solved", [0]),
                ("solved", [0, 1, 2]),
                ("wrong-accusation", []),
                ("all-eliminated", []),
                ("midnight", []),
            )
        ),
    ]


def test_every_event_type_has_a_template() -> None:
    assert not [kind for kind in EVENT_TYPES if not has_template(SYSTEM_ID, kind)]
    assert {event["type"] for event in _events()} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", _events(), ids=lambda e: e["type"])
def test_each_branch_names_what_its_data_names(event: dict[str, Any]) -> None:
    text = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY)
    check_text(event, text, GLOSSARY, NAMES)
    assert text == narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY)
    assert "\n" not in text


def test_every_ending_is_told_in_its_own_words() -> None:
    """ "The game ends when a player solves the murder or all players have been eliminated";
    the team's case is lost to one wrong accusation, and midnight ends an unsolved night. Each
    ending code has its own sentence, followed by the revealed Case Details."""
    assert set(ENDING_WORDS) == set(SPEC.endings)
    texts = {}
    for event in _events():
        if event["type"] != "game-ended" or event["winners"] not in ([], [0]):
            continue
        text = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY)
        assert ENDING_WORDS[event["ending"]] in text, text
        assert text.endswith(
            "Dorian Vane did it, with the Brass Candlestick, at 9:00 pm, because of "
            "an inheritance he could not wait for."
        ), text
        texts[event["ending"]] = text
    assert texts["solved"].startswith("The case is closed: Ann ")
    assert len(set(texts.values())) == len(ENDING_WORDS)
    for ending, text in texts.items():
        for other, words in ENDING_WORDS.items():
            if other != ending:
                assert words not in text, (ending, text)


def test_a_sealed_envelope_says_nothing_of_its_contents() -> None:
    base = {"type": "prints-dusted", "actor": 0, "weapon": "W1", "location": "L3"}
    sealed = narrate_event(SYSTEM_ID, base, names=NAMES, glossary=GLOSSARY)
    assert "Dorian Vane" not in sealed and "envelope" in sealed
    base = {"type": "forensics-analysed", "actor": 0, "weapon": "W1", "location": "L3"}
    sealed = narrate_event(SYSTEM_ID, base, names=NAMES, glossary=GLOSSARY)
    assert "Murder Weapon" not in sealed and "envelope" in sealed


def test_a_wrong_accusation_never_says_which_part_is_wrong() -> None:
    right = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}
    verdicts = (
        "The Author shakes their head: that is not how it happened.",
        "The Author says only that the accusation is wrong.",
    )
    for key, value in (("murderer", "C4"), ("weapon", "W2"), ("motive", "M2"), ("time", "20:00")):
        for actor in range(3):
            event = {"type": "accusation-made", "actor": actor, **right, key: value}
            text = narrate_event(
                SYSTEM_ID, {**event, "correct": False}, names=NAMES, glossary=GLOSSARY
            )
            assert text.endswith(verdicts), text


def test_the_wording_varies_with_the_data() -> None:
    texts = {
        narrate_event(
            SYSTEM_ID,
            {
                "type": "witness-saw",
                "actor": 0,
                "character": witness,
                "sighting": {"person": person, "location": "L1", "time": "21:00", "near": True},
            },
            names=NAMES,
            glossary=GLOSSARY,
        )
        .replace(GLOSSARY[witness], "W")
        .replace(GLOSSARY[person], "P")
        for witness in ("C2", "C6", "C7", "C8")
        for person in ("C3", "C4", "C5")
    }
    assert len(texts) >= 3


# ------------------------------------------------------------------ the case introduction


def test_the_case_introduction_tells_the_setup() -> None:
    case = sample_case()
    text = narrate_case(SYSTEM_ID, _public(case))
    assert text is not None
    for phrase in (case.title, case.introduction, "Percival Rook", "Ines Marlowe", "Library"):
        assert phrase in text
    assert case.cause_of_death in text and "10:30 pm" in text  # the Time Card: 22:30
    for character in case.characters:
        assert character.biography in text


def test_the_case_text_gives_each_id_beside_its_name() -> None:
    """A table asks the Author about L3, C7, W2 or M1: the text it reads gives them."""
    case = sample_case()
    text = narrate_case(SYSTEM_ID, _public(case))
    assert text is not None
    named = [(item.name, item.id) for item in case.characters]
    named += [(item.name, item.id) for item in case.locations]
    named += [(item.name, item.id) for item in case.weapons]
    for name, key in named:
        assert f"{name} ({key})" in text
    for weapon in case.weapons:
        assert f"{weapon.name} ({weapon.id}): {weapon.cause_of_death}" in text
    for motive in case.motives:
        assert f"{motive.id}: {motive.name}" in text


def test_the_case_introduction_reads_only_the_public_part() -> None:
    case = sample_case()
    other = dataclasses.replace(
        case,
        solution=Solution(murderer="C4", weapon="W2", motive="M2", time="20:00"),
        suspects=("C4", "C3", "C5"),
    )
    text = narrate_case(SYSTEM_ID, _public(case))
    assert text == narrate_case(SYSTEM_ID, _public(other))
    assert text is not None and "murderer" not in text.lower() and "time of death" not in text


def test_systems_without_an_introduction_have_no_case_text() -> None:
    assert narrate_case("no-such-system", {}) is None


# ------------------------------------------------------------------ real events


def _mbm() -> System:
    generators.load()
    return registry.get(SYSTEM_ID)


def play_and_check(
    system: System,
    envelope: Mapping[str, Any],
    mode: str,
    seats: int,
    seed: int,
    *,
    randomly: bool = False,
) -> set[str]:
    """Play a bot game and check the narration of every event for every seat; the types seen."""
    table = [Seat(NAMES[n] if n < len(NAMES) else f"Inspector {n}") for n in range(seats)]
    names = [seat.name for seat in table]
    glossary = public_glossary(envelope["public"])
    case, state = start(system, envelope, table, mode, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(system.SPEC.step_limit):  # every random game has a step cap
        if system.result(case, state) is not None:
            break
        actor = sorted(system.to_act(case, state))[0]
        legal = system.legal_actions(case, state, actor)
        if randomly:
            action = random_action(legal, rng)
        else:
            action = system.bot_choose(system.view(case, state, actor), legal, rng)
        state, events = system.apply(case, state, actor, action)
        for event in events:
            seen.add(event.type)
            for _, shown in told(event, seats):
                text = narrate_event(SYSTEM_ID, shown, names=names, glossary=glossary)
                check_text(shown, text, glossary, names)
    return seen


def _sample_envelope() -> dict[str, Any]:
    return {"system": SYSTEM_ID, "seed": 0, **to_envelope_parts(sample_case())}


TABLES = [("solo", 1), ("co-op", 1), ("co-op", 3), ("competitive", 2), ("competitive", 6)]


@pytest.mark.parametrize(("mode", "seats"), TABLES)
def test_bot_games_on_the_sample_case_are_told_truly(mode: str, seats: int) -> None:
    system = _mbm()
    for seed in range(5):
        seen = play_and_check(system, _sample_envelope(), mode, seats, seed)
        assert "game-ended" in seen


def test_random_games_on_the_sample_case_tell_every_event_type_truly() -> None:
    system = _mbm()
    seen: set[str] = set()
    for seed in range(40):
        mode, seats = TABLES[seed % len(TABLES)]
        seen |= play_and_check(system, _sample_envelope(), mode, seats, seed, randomly=True)
    seen |= play_and_check(system, _sample_envelope(), "competitive", 3, 1)
    assert seen == set(EVENT_TYPES)


def _generated(seed: int, difficulty: str) -> dict[str, Any]:
    generators.load()
    return generators.generate(SYSTEM_ID, seed, {"difficulty": difficulty})


@pytest.mark.parametrize("difficulty", ["easy", "standard", "hard"])
def test_games_on_generated_cases_are_told_truly(difficulty: str) -> None:
    system = _mbm()
    seen: set[str] = set()
    for seed in range(12):
        envelope = _generated(seed, difficulty)
        assert narrate_case(SYSTEM_ID, envelope["public"])
        mode, seats = TABLES[seed % len(TABLES)]
        seen |= play_and_check(system, envelope, mode, seats, seed)
        seen |= play_and_check(system, envelope, mode, seats, seed, randomly=True)
    assert "game-ended" in seen and "prints-dusted" in seen


def test_a_sighting_of_the_victim_names_the_victim() -> None:
    """Hard cases sight the victim alive elsewhere (docs/rulings.md); every wording tells who,
    where and when, the victim by name like anyone else."""
    sighting = {"person": "C1", "location": "L2", "time": "20:00", "near": False}  # alive
    texts = set()
    for witness in ("C2", "C5", "C6", "C7", "C8"):
        event = {"type": "witness-saw", "actor": 0, "character": witness, "sighting": sighting}
        text = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=GLOSSARY)
        check_text(event, text, GLOSSARY, NAMES)
        assert all(part in text for part in ("Percival Rook", "Conservatory", "8:00 pm")), text
        texts.add(text)
    assert len(texts) > 1


def test_a_hard_cases_victim_sighting_reads_sensibly() -> None:
    envelope = _generated(4, "hard")
    public = envelope["public"]
    glossary = public_glossary(public)
    victim = public["victim"]
    group = next(g for g in envelope["secret"]["witness_groups"] if g["saw"]["person"] == victim)
    witness = group["witnesses"][0]
    said = author.witness_answer(from_envelope(envelope), "ask-what-they-saw", witness)
    event = {"type": "witness-saw", "actor": 0, "character": witness, **said}
    text = narrate_event(SYSTEM_ID, event, names=NAMES, glossary=glossary)
    check_text(event, text, glossary, NAMES)
    place = glossary[group["saw"]["location"]]
    when = clock_time(group["saw"]["time"])
    assert glossary[victim] in text and f"in {with_article(place)}" in text and when in text, text
