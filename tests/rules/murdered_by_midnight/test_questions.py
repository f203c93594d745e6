"""The Author's answers in play: "Search a Location", "Dusting for Prints", "Forensic
Anaylsis", "Ask a Witness What They Saw", "Ask a Witness Who They Think the Killer Is"."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import RuleError
from rules.murdered_by_midnight import author
from rules.murdered_by_midnight.state import MbmState
from tests.hidden_information import shown_events
from tests.rules.murdered_by_midnight.helpers import GAME, act, start, until_turn
from tests.rules.murdered_by_midnight.sample_case import sample_case

DECK = ("L3", "L6", "L5", "L4", "L2")


def _in_the_cellar(mode: str, count: int) -> MbmState:
    """Seat 0 has revealed the Wine Cellar (L3) east of the scene, moved in and searched it."""
    state = start(mode, count, deck=DECK)
    state, _ = act(state, 0, "reveal-location", at="1,0")
    state = until_turn(state, 0)
    state, _ = act(state, 0, "move", to="L3")
    state, _ = act(state, 0, "search")
    return until_turn(state, 0)


def test_searching_finds_the_weapon_and_places_a_marker() -> None:
    """ "The Author will check to see if the location matches a Location "L" Number in" the three
    weapon sections. "If a match is found, the Author announces that the player found the given
    weapon and the adds a Purple Weapon Marker Cube to the Map location." """
    state = start(deck=DECK)
    state, _ = act(state, 0, "reveal-location", at="1,0")
    state, _ = act(state, 0, "move", to="L3")
    state, events = act(state, 0, "search")
    assert shown_events(events, None) == [
        {"type": "location-searched", "actor": 0, "location": "L3", "weapons": ["W1"]}
    ]
    shown = GAME.view(state, None)
    assert shown["map"][1]["weapons"] == ["W1"]
    assert shown["searches"] == [{"seat": 0, "location": "L3", "weapons": ["W1"]}]


def test_searching_where_nothing_is_hidden_finds_nothing() -> None:
    """ "If a match is found" — and the scene matches no section."""
    state, events = act(start(), 0, "search")
    assert events[0].data == {"location": "L1", "weapons": []}
    assert GAME.view(state, 0)["map"][0]["weapons"] == []


def test_dusting_and_forensics_need_a_weapon_marker_here() -> None:
    """ "If the player's Inspector Pawn is in the same location as any Purple Weapon Marker Cube
    they can ask to dust for prints" """
    state = start(deck=DECK)
    assert "dust-for-prints" not in {s.type for s in GAME.legal_actions(state, 0)}
    with pytest.raises(RuleError, match="no weapon marker for Brass Candlestick") as caught:
        act(state, 0, "dust-for-prints", weapon="W1")
    assert caught.value.code == "weapon/not-here"


def test_competitive_envelopes_are_private_to_the_asker() -> None:
    """ "the Author will place the Character Bio Card matching the murderer along with the Prints
    Found Matching Suspect Forensics Card in the Secret Envelope and hand it to the player. After
    the player has viewed the results in private" """
    state = _in_the_cellar("competitive", 3)
    state, events = act(state, 0, "dust-for-prints", weapon="W1")
    assert shown_events(events, 0) == [
        {"type": "prints-dusted", "actor": 0, "weapon": "W1", "location": "L3", "prints": "C3"}
    ]
    for other in (1, 2, None):
        assert shown_events(events, other) == [
            {"type": "prints-dusted", "actor": 0, "weapon": "W1", "location": "L3"}
        ]
        assert "prints" not in GAME.view(state, other)["envelopes"][0]
    assert GAME.view(state, 0)["envelopes"] == [
        {"seat": 0, "type": "prints-dusted", "weapon": "W1", "location": "L3", "prints": "C3"}
    ]
    state = until_turn(state, 0)
    state, events = act(state, 0, "forensic-analysis", weapon="W1")
    assert shown_events(events, 0)[0]["murder_weapon"] is True
    assert "murder_weapon" not in shown_events(events, 1)[0]


@pytest.mark.parametrize(("mode", "count"), [("co-op", 3), ("solo", 1)])
def test_team_envelopes_are_read_by_every_seat(mode: str, count: int) -> None:
    """Co-op play: the team reads each envelope together (docs/murdered-by-midnight.md)."""
    state = _in_the_cellar(mode, count)
    state, events = act(state, 0, "forensic-analysis", weapon="W1")
    for seat in range(count):
        assert shown_events(events, seat)[0]["murder_weapon"] is True
        assert GAME.view(state, seat)["envelopes"][0]["murder_weapon"] is True
    assert "murder_weapon" not in shown_events(events, None)[0]


def _weapon_at(location: str, at: str, weapon: str) -> tuple[bool, str | None]:
    deck = (location, *(loc for loc in DECK if loc != location))
    state = start(deck=deck)
    state, _ = act(state, 0, "reveal-location", at=at)
    state, _ = act(state, 0, "move", to=location)
    state, _ = act(state, 0, "search")
    state, forensics = act(state, 0, "forensic-analysis", weapon=weapon)
    state, dusting = act(state, 0, "dust-for-prints", weapon=weapon)
    return forensics[0].secret["murder_weapon"], dusting[0].secret["prints"]


@pytest.mark.parametrize(
    ("location", "weapon", "murder_weapon", "prints"),
    [("L3", "W1", True, "C3"), ("L6", "W2", False, "C4"), ("L2", "W3", False, None)],
)
def test_each_weapon_section_gives_its_own_answer(
    location: str, weapon: str, murder_weapon: bool, prints: str | None
) -> None:
    """Dusting: murderer's prints (section 1), the suspect's (2), "No Fingerprints Found" (3).
    Forensics: "Is Murder Weapon" (1), "Not the Murder Weapon" (2 and 3)."""
    assert _weapon_at(location, "1,0", weapon) == (murder_weapon, prints)


def test_witnesses_answer_from_their_group_and_suspects_know_nothing() -> None:
    """ "If the person asked is in the Murderer and Suspects section, they will be told that the
    person saw nothing." / "has no idea who would kill the victim." "If the person asked is in one
    of the Witness Group sections, the Author will read the message from the first entry in the
    group." / "the second entry in the group." """
    state = start(deck=("L4", "L5", "L3", "L6", "L2"))
    state, events = act(state, 0, "ask-what-they-saw", character="C2")  # the discoverer
    assert events[0].for_seat(None) == {
        "type": "witness-saw",
        "actor": 0,
        "character": "C2",
        "sighting": {"person": "C5", "location": "L2", "time": "19:00", "near": False},
    }
    state, events = act(state, 0, "ask-who-did-it", character="C2")
    assert events[0].data == {"character": "C2", "suspicion": {"suspect": "C5", "motive": "M3"}}
    state, _ = act(state, 0, "reveal-location", at="0,1")  # the Billiard Room: the murderer
    state, _ = act(state, 0, "move", to="L4")
    state, events = act(state, 0, "ask-what-they-saw", character="C3")
    assert events[0].data == {"character": "C3", "sighting": None}
    state, events = act(state, 0, "ask-who-did-it", character="C3")
    assert events[0].data == {"character": "C3", "suspicion": None}
    testimony = GAME.view(state, None)["testimony"]
    assert [t["character"] for t in testimony] == ["C2", "C2", "C3", "C3"]


def test_only_characters_standing_here_can_be_asked() -> None:
    """ "If the player's Inspector Pawn is in the same location as any Character Token" """
    state = start(deck=DECK)
    ask = next(s for s in GAME.legal_actions(state, 0) if s.type == "ask-what-they-saw")
    assert ask.params["character"] == ("C2",)  # never the victim lying there
    for character, code in (("C3", "witness/not-present"), ("C1", "witness/victim")):
        with pytest.raises(RuleError) as caught:
            act(state, 0, "ask-who-did-it", character=character)
        assert caught.value.code == code


def test_a_sighting_at_the_scene_is_near_it_and_never_says_which_side_of_the_door() -> None:
    """ "matching the time they saw someone near the murder location to the murderer": a witness
    who saw someone at the scene says "near" it, the same whether the person stood in the room
    or just outside it (docs/rulings.md); a sighting anywhere else names the room."""
    case = sample_case()
    said = author.witness_answer(case, "ask-what-they-saw", "C6")  # C3 in the Library, 21:00
    assert said == {"sighting": {"person": "C3", "location": "L1", "time": "21:00", "near": True}}
    slots = list(case.timeline["C3"])
    slots[case.times.index("21:00")] = "L2"  # just outside, in the Conservatory next door
    outside = dataclasses.replace(case, timeline={**case.timeline, "C3": tuple(slots)})
    assert author.witness_answer(outside, "ask-what-they-saw", "C6") == said
    elsewhere = author.witness_answer(case, "ask-what-they-saw", "C7")  # C4 in the Gallery
    gallery = {"person": "C4", "location": "L6", "time": "20:00", "near": False}
    assert elsewhere["sighting"] == gallery
    elsewhere_scene = dataclasses.replace(case, scene="L6")
    assert author.witness_answer(elsewhere_scene, "ask-what-they-saw", "C7")["sighting"]["near"]
