"""Murder, She Wrote narration: what a seat sees at a visit, the moves, the deaths as
discovered, the accusation, in the island's names and never more than the seat may know.

The hand-made events cover each template's branches (a secret present, absent); the views are
hand-made too, for a Jessica, the Murderer and a spectator. The case book is read from the rules'
hand-made island (:mod:`tests.rules.murder_she_wrote.island`). Whole games of the engine on it
tell every event to every seat, checked against the event's data and for leaks: no Jessica
reads who the Murderer is before the game says so.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from generator import registry as generators
from narration import (
    narrate_author_sheet,
    narrate_before_accusing,
    narrate_case,
    narrate_choice,
    narrate_ending,
    narrate_event,
    narrate_view,
    public_glossary,
)
from rules.core import Seat, resolve_options, start
from rules.murder_she_wrote.case import SYSTEM_ID, Kind, from_envelope
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.spec import SPEC, Ending, Role
from tests.narration.games import bot_game, told
from tests.rules.murder_she_wrote.island import sample_case, sample_island

#: Names as people type them (an apostrophe, an accent, a hyphen), none inside another.
NAMES = ["Zoë O'Hara", "Bram Ostby", "Cy Twombly", "Dee Nakamura", "Eun-ji Park", "Farid Haddad"]
generators.load()

ISLAND = sample_island()
ENVELOPE = sample_case(ISLAND)
PUBLIC = ENVELOPE["public"]
GLOSSARY = public_glossary(PUBLIC)


def place(location: str) -> str:
    return ISLAND.location_by_id[location].name


def islander(islander_id: str) -> str:
    return ISLAND.islander_by_id[islander_id].name


def islander_at(location: str) -> str:
    return islander(ISLAND.location_by_id[location].islander)


def seat(number: int, names: Sequence[str] = NAMES) -> str:
    return names[number]


def tell(event: Mapping[str, Any], names: Sequence[str] = NAMES) -> str:
    return narrate_event(SYSTEM_ID, event, names=names, glossary=GLOSSARY)


# ------------------------------------------------------------------ what a text must say


def expected_phrases(
    event: Mapping[str, Any], names: Sequence[str], glossary: Mapping[str, str]
) -> list[str]:
    """What the text of ``event`` (as one seat sees it) must contain to agree with its data."""
    kind = event["type"]
    found: list[str] = []
    if event.get("actor") is not None:
        found.append(names[event["actor"]])
    if kind in {"scene-set", "first-victim-hidden"}:
        found.append(names[event["first"]])
    elif kind in {"rolled", "forfeited"}:
        found.append(str(event["roll"]))
    elif kind == "moved":
        found.append(f"from space {event['from']} to space {event['to']}")
        if event["location"] is not None:
            found.append(glossary[event["location"]])
            if not event["visit"]:
                found.append("no visit")
        else:
            found.append(str(event["roll"]))
    elif kind == "visited":
        found += [glossary[event["location"]], "LAST IN"]
        found += [names[number] for number in event["last_in"]]
    elif kind == "islander-seen":
        found += [glossary[event["location"]], glossary[event["islander"]]]
        found.append(event["status"].upper())
    elif kind == "token-returned":
        found += [glossary[event["location"]], glossary[event["islander"]]]
        if "token" in event:
            found.append(f"{event['token'].upper()} token")
        if event.get("killed"):
            found.append("silenced")
    elif kind == "accused":
        if "suspect" in event:
            found.append(names[event["suspect"]])
        found.append("the Murderer" if event["right"] else "out of the game")
    elif kind == "escaped":
        found += [f"space {event['space']}", f"{event['dead']} islanders dead", "the Murderer"]
    elif kind == "game-ended":
        found += [names[number] for number in event["winners"]]
        if event.get("murderer") is not None:
            found.append(names[event["murderer"]])
        found += [glossary["I" + location[1:]] for location in event.get("dead") or []]
    return found


def secret_phrases(event: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """What only the actor may read in the text of ``event`` (the whole event, as the actor
    sees it): the token put back, and whom a wrong accusation named."""
    kind = event["type"]
    if kind == "token-returned" and "token" in event:
        return ["ALIVE", "DEAD", "silenced"]
    if kind == "accused" and not event["right"] and "suspect" in event:
        return [names[event["suspect"]]]
    return []


def check_text(
    event: Mapping[str, Any],
    text: str,
    names: Sequence[str] = NAMES,
    glossary: Mapping[str, str] = GLOSSARY,
    withheld: Sequence[str] = (),
) -> None:
    """``text`` tells ``event`` truly, on one line: every phrase of its data, and none of what
    was ``withheld`` from the seat."""
    assert text and "{{" not in text and "\n" not in text, text
    assert "None" not in text and "undefined" not in text.lower(), text
    for phrase in expected_phrases(event, names, glossary):
        assert phrase in text, (phrase, text, event)
    for phrase in withheld:
        assert phrase not in text, (phrase, text, event)


# ------------------------------------------------------------------ every event, by hand

HAND_MADE: list[dict[str, Any]] = [
    {"type": "entered-room", "actor": 2},
    {"type": "scene-set", "actor": None, "first": 1},
    {"type": "first-victim-hidden", "actor": None, "first": 3},
    {"type": "rolled", "actor": 0, "roll": 4},
    {"type": "forfeited", "actor": 1, "roll": 6},
    {"type": "moved", "actor": 0, "from": 0, "to": 4, "roll": 4, "location": None, "via": None,
     "visit": False},
    {"type": "moved", "actor": 1, "from": 4, "to": 8, "roll": 4, "location": "L2", "via": None,
     "visit": True},
    {"type": "moved", "actor": 1, "from": 2, "to": 7, "roll": 4, "location": "L2", "via": "L2",
     "visit": True},
    {"type": "moved", "actor": 2, "from": 12, "to": 15, "roll": 3, "location": "L3",
     "via": None, "visit": False},
    {"type": "moved", "actor": 2, "from": 10, "to": 16, "roll": 3, "location": "L3",
     "via": "L3", "visit": False},
    {"type": "visited", "actor": 3, "location": "L4", "islander": "I4", "last_in": [3]},
    {"type": "visited", "actor": 3, "location": "L4", "islander": "I4", "last_in": [3, 0, 5]},
    {"type": "islander-seen", "actor": 0, "location": "L5", "islander": "I5",
     "status": "alive", "before": None},
    {"type": "islander-seen", "actor": 0, "location": "L5", "islander": "I5",
     "status": "alive", "before": "alive"},
    {"type": "islander-seen", "actor": 0, "location": "L5", "islander": "I5",
     "status": "dead", "before": "alive"},
    {"type": "islander-seen", "actor": 0, "location": "L5", "islander": "I5",
     "status": "dead", "before": None},
    {"type": "islander-seen", "actor": 0, "location": "L5", "islander": "I5",
     "status": "dead", "before": "dead"},
    {"type": "token-returned", "actor": 4, "location": "L6", "islander": "I6"},
    {"type": "token-returned", "actor": 4, "location": "L6", "islander": "I6",
     "token": "alive", "killed": False},
    {"type": "token-returned", "actor": 4, "location": "L6", "islander": "I6",
     "token": "dead", "killed": False},
    {"type": "token-returned", "actor": 4, "location": "L6", "islander": "I6",
     "token": "dead", "killed": True},
    {"type": "accused", "actor": 0, "right": True, "suspect": 2},
    {"type": "accused", "actor": 0, "right": False},
    {"type": "accused", "actor": 0, "right": False, "suspect": 3},
    {"type": "escaped", "actor": 5, "dead": 5, "space": 25},
    {"type": "escaped", "actor": 5, "dead": 6, "space": 52},
    {"type": "game-ended", "actor": None, "ending": "murderer-caught", "winners": [0],
     "murderer": 2, "dead": ["L1", "L7"], "first_victim": "L7"},
    {"type": "game-ended", "actor": None, "ending": "murderer-escaped", "winners": [5],
     "murderer": 5, "dead": ["L1", "L2", "L3", "L6", "L9"], "first_victim": "L9"},
    {"type": "game-ended", "actor": None, "ending": "no-jessicas-left", "winners": [1],
     "murderer": 1, "dead": ["L8"], "first_victim": "L8"},
    {"type": "game-ended", "actor": None, "ending": "time-up", "winners": [],
     "murderer": 3, "dead": ["L2", "L4"], "first_victim": "L4"},
    {"type": "game-ended", "actor": None, "ending": "time-up", "winners": [],
     "murderer": 3, "dead": [], "first_victim": None},
]  # fmt: skip


@pytest.mark.parametrize("event", HAND_MADE, ids=lambda event: event["type"])
def test_each_branch_names_what_its_data_names(event: dict[str, Any]) -> None:
    check_text(event, tell(event))


def test_the_hand_made_events_are_every_event_type_of_the_spec() -> None:
    assert {event["type"] for event in HAND_MADE} == set(SPEC.event_types)


def _tellings(event: Mapping[str, Any], actors: range = range(6)) -> set[str]:
    """The event told with each of ``actors`` acting: every wording its variants have."""
    return {tell({**event, "actor": actor}) for actor in actors}


def test_an_event_is_told_in_more_than_one_way_and_always_the_same_way() -> None:
    """A long game should not read like a form; a replay reads as it did."""
    for event in HAND_MADE:
        if event["actor"] is None:
            continue
        texts = [tell({**event, "actor": actor}) for actor in range(6)]
        assert texts == [tell({**event, "actor": actor}) for actor in range(6)]
        wordings = {text.replace(seat(actor), "X") for actor, text in enumerate(texts)}
        assert len(wordings) > 1, event


# ------------------------------------------------------------------ deaths as discovered


def _seen(status: str, before: str | None) -> set[str]:
    event = {"type": "islander-seen", "location": "L5", "islander": "I5"}
    return {
        tell({**event, "actor": actor, "status": status, "before": before}) for actor in range(6)
    }


def test_a_death_found_since_an_alive_look_is_told_as_a_discovery() -> None:
    """ "Roberto Ravelli was alive when you visited the Hotel last time, but now he's dead":
    DEAD now, ALIVE at the seat's previous look."""
    for text in _seen("dead", "alive"):
        assert "DEAD" in text and "last" in text, text
        assert "first" not in text, text


def test_a_death_at_a_first_look_says_it_is_the_first_look() -> None:
    for text in _seen("dead", None):
        assert "DEAD" in text and "first" in text, text
        assert "last" not in text, text


def test_a_known_death_and_a_second_alive_look_are_no_news() -> None:
    """ "DEAD tokens cannot be swapped for ALIVE ones - murder is final": a second DEAD look
    repeats what the seat knew; ALIVE after ALIVE says the islander is still alive."""
    for text in _seen("dead", "dead"):
        assert "DEAD" in text and ("again" in text or "as " in text), text
    for text in _seen("alive", "alive"):
        assert "ALIVE" in text and "DEAD" not in text, text
        assert "still" in text or "as before" in text, text
    for text in _seen("alive", None):
        assert "ALIVE" in text and "first" in text and "DEAD" not in text, text
    told = [_seen(status, before) for status, before in
            [("dead", "alive"), ("dead", None), ("dead", "dead"), ("alive", "alive"),
             ("alive", None)]]  # fmt: skip
    for number, texts in enumerate(told):
        for other in told[number + 1 :]:
            assert not texts & other


# ------------------------------------------------------------------ secrets


def test_the_token_put_back_is_told_to_the_visitor_only() -> None:
    """ "Everyone should be going through the same actions, thus providing essential cover for
    the Murderer's crimes": the others read that a token went back, never which."""
    public_texts = _tellings({"type": "token-returned", "location": "L6", "islander": "I6"})
    for text in public_texts:
        for word in ("ALIVE", "DEAD", "silenced", "kill"):
            assert word not in text, text
    killed = {"type": "token-returned", "location": "L6", "islander": "I6", "token": "dead"}
    for text in _tellings({**killed, "killed": True}):
        assert "DEAD token" in text and "silenced" in text, text
    for text in _tellings({**killed, "killed": False}):
        assert "DEAD token" in text and "silenced" not in text, text


def test_a_wrong_accusation_never_names_the_suspect_to_the_others() -> None:
    """ "If you are wrong you are out of the game and must not reveal whodunnit": whom the
    dial named is the accuser's alone; a right accusation names the Murderer to all."""
    for accuser in range(4):
        for suspect in range(4):
            if suspect == accuser:
                continue
            public_copy = {"type": "accused", "actor": accuser, "right": False}
            text = tell(public_copy)
            assert all(NAMES[other] not in text for other in range(6) if other != accuser)
            assert "out of the game" in text and "Murderer" not in text, text
            own = tell({**public_copy, "suspect": suspect})
            assert NAMES[suspect] in own and "out of the game" in own, own
            right = tell({"type": "accused", "actor": accuser, "right": True, "suspect": suspect})
            assert f"{NAMES[suspect]} is the Murderer" in right, right


# ------------------------------------------------------------------ endings


@pytest.mark.parametrize("ending", [ending.value for ending in Ending])
def test_every_ending_is_told_from_the_event_and_from_the_outcome(ending: str) -> None:
    """The rules' game-ended event carries the Murderer and the dead; an outcome as data
    carries the Murderer in its solution: both read the ending, on one line."""
    winners = {"murderer-caught": [0], "murderer-escaped": [2], "no-jessicas-left": [2]}
    chosen = winners.get(ending, [])
    event = {
        "type": "game-ended",
        "actor": None,
        "ending": ending,
        "winners": chosen,
        "murderer": 2,
        "dead": ["L1", "L3", "L5", "L7", "L9"],
        "first_victim": "L3",
    }
    text = tell(event)
    check_text(event, text)
    assert NAMES[2] in text and f"{islander_at('L3')} at {place('L3')} (the first victim)" in text
    outcome = {
        "ending": ending,
        "winners": chosen,
        "standings": [],
        "solution": {"murderer": 2, "first_victim": "L3"},
    }
    told = narrate_ending(SYSTEM_ID, outcome, names=NAMES, glossary=GLOSSARY)
    assert NAMES[2] in told and islander_at("L3") in told and "\n" not in told, told


def test_the_endings_read_differently() -> None:
    texts = {
        tell({"type": "game-ended", "actor": None, "ending": ending.value, "winners": []})
        for ending in Ending
    }
    assert len(texts) == len(Ending)


# ------------------------------------------------------------------ views


def _visit(seat_: int, location: str, round_: int) -> dict[str, Any]:
    return {"seat": seat_, "location": location, "round": round_}


#: Ann (seat 0) saw the Hotel alive in round 1 and dead in round 4, with Cy (2) and Dee (3)
#: in between; the Net Loft dead at her first look in round 3, after Bram (1); the Chapel alive.
VISITS = [
    _visit(0, "L1", 1),  # 0
    _visit(1, "L3", 1),  # 1
    _visit(2, "L1", 2),  # 2
    _visit(0, "L2", 2),  # 3
    _visit(3, "L1", 3),  # 4
    _visit(0, "L3", 3),  # 5
    _visit(2, "L1", 3),  # 6
    _visit(0, "L1", 4),  # 7
]


def view_of(seat_: int | None, **changes: Any) -> dict[str, Any]:
    """A view of the shape rules/murder_she_wrote/views.py gives, at round 5."""
    base: dict[str, Any] = {
        "seat": seat_,
        "role": None if seat_ is None else "jessica",
        "rules": "basic",
        "mode": "standard",
        "round": 5,
        "rounds": 40,
        "phase": "move",
        "turn": 0,
        "roll": 4,
        "pawns": [2, 15, None, 40],
        "out": [2],
        "last_in": {"L1": [0, 2, 3], "L2": [0], "L3": [0, 1], "L4": []},
        "visits": VISITS,
        "accusers": [{"seat": 2, "right": False}],
        "seen": [],
        "known_dead": [],
        "kills": [],
        "may_check": [],
        "moves": [
            {"to": 6, "location": None, "via": None, "visit": False, "accuse": False,
             "escape": False},
            {"to": 8, "location": "L2", "via": "L2", "visit": False, "accuse": False,
             "escape": False},
            {"to": 22, "location": "L4", "via": None, "visit": True, "accuse": True,
             "escape": True},
        ],
        "scene": None,
    }  # fmt: skip
    return {**base, **changes}


JESSICA = view_of(
    0,
    seen=[
        {"visit": 0, "location": "L1", "status": "alive"},
        {"visit": 3, "location": "L2", "status": "alive"},
        {"visit": 5, "location": "L3", "status": "dead"},
        {"visit": 7, "location": "L1", "status": "dead"},
    ],
    may_check=["L2", "L3", "L4"],
)
MURDERER = view_of(
    3,
    role="murderer",
    seen=[{"visit": 4, "location": "L1", "status": "alive"}],
    kills=[4],
    known_dead=["L1", "L8"],
    may_check=["L2"],
)


def summary(view: Mapping[str, Any]) -> str:
    text = narrate_view(SYSTEM_ID, view, names=NAMES[:4], glossary=GLOSSARY)
    assert text and "{{" not in text and "None" not in text, text
    return text


def test_a_jessica_reads_the_board_the_columns_and_her_own_sightings() -> None:
    text = summary(JESSICA)
    assert "You are Zoë O'Hara, a Jessica." in text
    assert "Round 5 of 40" in text and "4 spaces to walk" in text
    assert "Zoë O'Hara (you): space 2" in text and "Cy Twombly: out of the game" in text
    assert f"{place('L1')}: Zoë O'Hara, Cy Twombly and Dee Nakamura" in text
    assert f"{place('L4')}:" not in text  # an empty column is not a column
    assert "Cy Twombly accused wrongly and is out" in text
    assert f"{place('L1')} ({islander_at('L1')}): ALIVE in round 1, DEAD in round 4" in text
    assert f"You may check {place('L2')}, {place('L3')} and {place('L4')}." in text
    assert "kill" not in text.lower() and "Dead, as far as" not in text


def test_what_the_calling_cards_tell_a_jessica() -> None:
    """ "Look at the coloured counters to see who has been visiting the location since you last
    left": who came in between an ALIVE look and a DEAD one, and who came before a first look
    that found the islander dead."""
    text = summary(JESSICA)
    assert (
        f"{islander_at('L1')} was ALIVE at your look at {place('L1')} in round 1 and DEAD in"
        " round 4; in between came Cy Twombly and Dee Nakamura." in text
    )
    assert (
        f"{islander_at('L3')} was DEAD at your first look at {place('L3')}, in round 3; before"
        " you, Bram Ostby had been in." in text
    )
    notes = narrate_before_accusing(SYSTEM_ID, JESSICA, names=NAMES[:4], glossary=GLOSSARY)
    assert notes and "in between came Cy Twombly and Dee Nakamura" in notes
    assert "Still in the game besides you: Bram Ostby and Dee Nakamura." in notes


def test_during_a_check_the_summary_says_whose_name_place_it_is() -> None:
    """The visitor "discreetly removes the token from the islander's name" of the location
    just visited: the last card of the public log."""
    view = view_of(1, phase="check", turn=0, roll=None)
    text = summary(view)
    assert f"Zoë O'Hara is putting a token back under {islander_at('L1')}'s name at" in text


def test_a_death_nobody_came_before_is_the_first_victim() -> None:
    view = view_of(1, seen=[{"visit": 1, "location": "L3", "status": "dead"}])
    assert "nobody had been in before you: the first victim" in summary(view)


def test_the_murderer_reads_its_kills_and_the_dead_it_knows() -> None:
    text = summary(MURDERER)
    assert "You are Dee Nakamura, the Murderer." in text
    assert f"Your kills: {islander_at('L1')} at {place('L1')} (round 3)." in text
    assert f"{islander_at('L8')} at {place('L8')}" in text and "(2 so far)" in text
    looked = [*MURDERER["seen"], {"visit": 7, "location": "L1", "status": "dead"}]
    assert "What the calling cards tell you" in summary({**MURDERER, "role": "jessica",
                                                         "seen": looked})  # fmt: skip
    # the Murderer made the kills the cards would tell it of
    assert "What the calling cards tell you" not in summary({**MURDERER, "seen": looked})
    five = summary({**MURDERER, "known_dead": ["L1", "L2", "L3", "L8", "L9"]})
    assert "That makes 5: a red Escape space lets you flee." in five


def test_under_the_advanced_rules_the_murderer_counts_a_first_victim_it_has_not_found() -> None:
    """ "Now even the Murderer does not know where the first murder was done!" Yet there is
    one: it counts towards the five."""
    advanced = {**MURDERER, "rules": "advanced", "known_dead": ["L1"]}
    text = summary(advanced)
    assert "the first victim, wherever that is" in text and "(2 so far)" in text
    found = {**advanced, "known_dead": ["L1", "L8"]}
    assert "wherever that is" not in summary(found)


def test_a_spectator_reads_the_board_and_nothing_of_anyone() -> None:
    text = summary(view_of(None))
    assert "You are" not in text and "You may check" not in text
    assert "Pawns:" in text and "Calling cards" in text


def test_the_scene_tells_who_has_been_in_the_room() -> None:
    scene = {"committed": [0, 2], "waiting": [1, 3], "mine": None}
    view = view_of(1, phase="scene", turn=None, roll=None, scene=scene, visits=[])
    text = summary({**view, "last_in": {}, "out": [], "pawns": [0, 0, 0, 0]})
    assert "Zoë O'Hara and Cy Twombly have been in the room" in text
    assert "still to go in: Bram Ostby and Dee Nakamura" in text
    assert "touched nothing" not in text and "DEAD one" not in text
    waited = summary({**view, "scene": {**scene, "mine": "none"}})
    assert "You waited in the room and touched nothing." in waited
    chose = summary({**view, "role": "murderer", "scene": {**scene, "mine": "L4"}})
    assert f"you swapped {islander_at('L4')}'s token at {place('L4')} for a DEAD one" in chose


def test_choices_read_as_what_they_mean() -> None:
    def label(param: str, value: Any, view: Mapping[str, Any] = JESSICA) -> str:
        return narrate_choice(SYSTEM_ID, param, value, view=view, names=NAMES, glossary=GLOSSARY)

    assert label("to", 6) == "space 6"
    assert label("to", 8) == f"space 8 ({place('L2')}, too soon to check; by its To space)"
    assert label("to", "22") == (
        f"space 22 ({place('L4')}, a visit; over an Accuse space; over a red Escape space)"
    )
    assert label("accuse", 3) == "Dee Nakamura" and label("accuse", "1") == "Bram Ostby"
    assert label("victim", "L5") == f"{islander_at('L5')} at {place('L5')}"
    assert label("victim", "none").startswith("nobody")
    assert label("token", "alive") == "an ALIVE token" and label("token", "dead") == "a DEAD token"


# ------------------------------------------------------------------ the case book


def _road_lines(text: str) -> list[tuple[str, str]]:
    """The lines of the road: (space numbers, what lies there)."""
    road = text.split("The road, clockwise", 1)[1]
    return re.findall(r"^  (\d+(?:-\d+)?) +(.+)$", road, flags=re.MULTILINE)


def _road_spaces(text: str, size: int) -> list[int]:
    """Every space the road's lines name, in their order ("62-1" runs over the ring's end)."""
    spaces: list[int] = []
    for numbers, _ in _road_lines(text):
        first, _, last = numbers.partition("-")
        start, end = int(first), int(last or first)
        spaces += [(start + step) % size for step in range((end - start) % size + 1)]
    return spaces


def test_the_case_book_walks_the_whole_ring_from_the_start() -> None:
    """ "All pawns in play are placed around the Start at the Hotel": the road is told from
    there, every space once, in ring order."""
    text = narrate_case(SYSTEM_ID, PUBLIC)
    assert text is not None and text.startswith(ISLAND.name.upper())
    start = ISLAND.start
    assert _road_spaces(text, ISLAND.size) == [
        (start + step) % ISLAND.size for step in range(ISLAND.size)
    ]


def test_the_case_book_starting_elsewhere_wraps_round_the_ring() -> None:
    """A ring whose Start is not space 0 is still told from the Start, a run of road across
    the end of the numbering included."""
    last_road = max(ISLAND.spaces_of(Kind.PATH))  # a run of road ends the sample's numbering
    assert ISLAND.ring[last_road - 1].kind == Kind.PATH
    cut = last_road  # the ring turned so that the run of road crosses the end
    turned = {**PUBLIC, "ring": PUBLIC["ring"][cut:] + PUBLIC["ring"][:cut]}
    text = narrate_case(SYSTEM_ID, turned)
    assert text is not None
    start = (ISLAND.start - cut) % ISLAND.size
    assert _road_spaces(text, ISLAND.size) == [
        (start + step) % ISLAND.size for step in range(ISLAND.size)
    ]
    assert any("-" in numbers and int(numbers.split("-")[0]) > int(numbers.split("-")[1])
               for numbers, _ in _road_lines(text))  # fmt: skip


def test_the_case_book_names_every_location_islander_and_special_space() -> None:
    text = narrate_case(SYSTEM_ID, PUBLIC)
    assert text is not None
    for location in ISLAND.locations:
        person = ISLAND.islander_by_id[location.islander]
        assert f"{person.name}, {person.calling}" in text
    lines = dict(_road_lines(text))
    for location in ISLAND.locations:
        rooms = f"{location.rooms[0]}-{location.rooms[-1]}"
        assert lines[rooms].startswith(location.name[:1].upper() + location.name[1:]), lines
    first, second = ISLAND.docks
    assert f"cross to the dock at space {second}" in lines[str(first)]
    assert f"cross to the dock at space {first}" in lines[str(second)]
    for space in ISLAND.spaces_of(Kind.ACCUSE):
        assert lines[str(space)].startswith("an Accuse space")
    for space in ISLAND.spaces_of(Kind.ESCAPE):
        assert lines[str(space)].startswith("a red Escape space")
    for location in ISLAND.locations[1:]:
        to = next(
            index
            for index, space in enumerate(ISLAND.ring)
            if space.kind == Kind.TO and space.location == location.id
        )
        assert lines[str(to)].startswith(f"To {location.name}")
    assert lines[str(ISLAND.start)].startswith(f"the Start, beside {place('L1')}")


def test_the_author_sheet_sets_out_the_tokens_and_hides_nothing_it_does_not_have() -> None:
    envelope = {"public": PUBLIC, "solution": None, "secret": {}, "rating": {}}
    text = narrate_author_sheet(SYSTEM_ID, envelope)
    assert text is not None and ISLAND.name in text
    assert f"space {ISLAND.start}" in text
    for location in ISLAND.locations:
        assert f"ALIVE, over {islander(location.islander)}" in text


# ------------------------------------------------------------------ whole games

#: What a seat's summary says only to the Murderer.
MURDERER_ONLY = ("Your kills", "Dead, as far as you know")
#: The events after which every seat may know who the Murderer is.
REVEALING = {"escaped", "game-ended"}


def _reveals(event: Mapping[str, Any]) -> bool:
    return event["type"] in REVEALING or (event["type"] == "accused" and event["right"])


def _names_the_murderer(text: str, murderer: str) -> bool:
    """A sentence that says who the Murderer is: the Murderer's name and the word in it."""
    sentences = re.split(r"(?<=[.!?])\s+|\n", text)
    return any(murderer in sentence and "Murderer" in sentence for sentence in sentences)


def _check_views(
    views: Sequence[Mapping[str, Any]],
    murderer: int,
    names: Sequence[str],
    revealed: bool,
    glossary: Mapping[str, str],
) -> None:
    """Each seat's summary names its own role, the Murderer's facts to the Murderer only, and
    (before the end) nothing a Jessica could read the Murderer from; its choices' notes too."""
    for view in views:
        text = narrate_view(SYSTEM_ID, view, names=names, glossary=glossary)
        assert text and "{{" not in text and "None" not in text, text
        if view["seat"] is None:
            assert "You are" not in text, text
        elif view["role"] == Role.MURDERER:
            assert f"You are {names[view['seat']]}, the Murderer." in text, text
            assert "Dead, as far as you know" in text, text
            continue
        else:
            assert f"You are {names[view['seat']]}, a Jessica" in text, text
        assert not [words for words in MURDERER_ONLY if words in text], text
        if not revealed:
            assert not _names_the_murderer(text, names[murderer]), text
        notes = narrate_before_accusing(SYSTEM_ID, view, names=names, glossary=glossary)
        assert notes and "{{" not in notes and "None" not in notes, notes
        if not revealed:
            assert not _names_the_murderer(notes, names[murderer]), notes


def play_and_check(
    mode: str, count: int, rules: str, seed: int, envelope: Mapping[str, Any] = ENVELOPE
) -> set[str]:
    """A game of bots (now and then a random move) on ``envelope``'s island (the sample's
    unless told): every event told to every seat and to a spectator, checked against its data,
    its secret withheld from the others; every seat's view told now and then; the event types
    seen."""
    glossary = public_glossary(envelope["public"])
    spec = SPEC.mode(mode)
    chosen: dict[str, Any] = {"rules": rules}
    if mode == "solo":  # "one person and bots; the person plays a Jessica or the Murderer"
        chosen["play_as"] = ("jessica", "murderer")[seed % 2]
    options = resolve_options(spec.options, chosen)
    names = NAMES[:count]
    solo = mode == "solo"
    seats = [Seat(name, bot=solo and number > 0) for number, name in enumerate(names)]
    case, state = start(SYSTEM, envelope, seats, mode, seed=seed, options=options)
    murderer = state.murderer  # the test reads the hidden state; no seat's text may
    seen: set[str] = set()
    revealed = False
    for step in bot_game(SYSTEM, case, state, random.Random(seed)):
        state = step.after
        watched = range(count) if step.number % 7 == 0 else [step.actor]
        views = [SYSTEM.view(case, step.before, other) for other in watched]
        _check_views(views, murderer, names, False, glossary)
        for spec_ in step.legal:
            for param in spec_.params:
                for value in spec_.choices(param):
                    label = narrate_choice(
                        SYSTEM_ID, param, value, view=step.view, names=names, glossary=glossary
                    )
                    assert label and "{{" not in label and "None" not in label, label
        for event in step.events:
            seen.add(event.type)
            whole = event.for_seat(event.actor) if event.actor is not None else None
            revealed = revealed or _reveals(event.for_seat(None) or {"type": ""})
            for seat_, shown in told(event, count):
                text = narrate_event(SYSTEM_ID, shown, names=names, glossary=glossary)
                own = seat_ is not None and seat_ in event.secret_audience
                withheld = [] if own or whole is None else secret_phrases(whole, names)
                check_text(shown, text, names, glossary, withheld)
                if seat_ != murderer and not revealed:
                    assert not _names_the_murderer(text, names[murderer]), text
    assert SYSTEM.result(case, state) is not None
    finals = [SYSTEM.view(case, state, other) for other in [*range(count), None]]
    _check_views(finals, murderer, names, True, glossary)
    return seen


TABLES = [
    (mode, count, rules)
    for mode in ("standard", "solo")
    for count in (3, 6)
    for rules in ("basic", "advanced")
]


@pytest.mark.parametrize(("mode", "count", "rules"), TABLES)
def test_whole_games_are_told_truly_to_every_seat(mode: str, count: int, rules: str) -> None:
    for seed in range(2):
        play_and_check(mode, count, rules, seed)


def test_games_tell_every_common_event_type() -> None:
    """Over a few games, the events the rules make are all told: the setups of both rules, the
    accusations and the escapes (a forfeited turn is rarer: the hand-made list tells it)."""
    seen: set[str] = set()
    for seed in range(6):
        seen |= play_and_check("standard", 3 + seed % 4, ("basic", "advanced")[seed % 2], seed)
    common = {
        "entered-room", "scene-set", "first-victim-hidden", "rolled", "moved", "visited",
        "islander-seen", "token-returned", "accused", "escaped", "game-ended",
    }  # fmt: skip
    assert common <= seen, sorted(common - seen)


def test_a_view_that_carries_the_island_says_what_lies_on_each_pawn_s_space() -> None:
    """The board is public: with it, a pawn's space reads as the place it is in."""
    text = summary({**JESSICA, "island": PUBLIC})
    room = ISLAND.location_at(2)
    assert room is not None and f"Zoë O'Hara (you): space 2 ({place(room)})" in text
    assert f"Dee Nakamura: space 40 ({place(str(ISLAND.location_at(40)))})" in text
    start = summary({**JESSICA, "island": PUBLIC, "pawns": [ISLAND.start] * 4, "out": []})
    assert f"Bram Ostby: space {ISLAND.start} (the Start)" in start


def test_games_on_generated_islands_are_told_truly() -> None:
    """The generator's islands (their own names and layouts) read as the sample does."""
    for seed in range(2):
        envelope = generators.generate(SYSTEM_ID, seed, {})
        play_and_check("standard", 4 + seed, ("basic", "advanced")[seed], seed, envelope)


@pytest.mark.parametrize("seed", range(3))
def test_the_case_book_of_a_generated_island_walks_its_whole_ring(seed: int) -> None:
    envelope = generators.generate(SYSTEM_ID, seed, {})
    island = from_envelope(envelope)
    text = narrate_case(SYSTEM_ID, envelope["public"])
    assert text is not None and "{{" not in text
    assert _road_spaces(text, island.size) == [
        (island.start + step) % island.size for step in range(island.size)
    ]
    for person in island.islanders:
        assert f"{person.name}, {person.calling}" in text
    sheet = narrate_author_sheet(SYSTEM_ID, envelope)
    assert sheet is not None and f"a ring of {island.size} spaces" in sheet
