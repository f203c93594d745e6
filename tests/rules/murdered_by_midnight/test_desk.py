"""The Author's desk: the same answers outside a game, for tables with printed cards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.core import (
    Action,
    AuthorDesk,
    Event,
    InvalidActionError,
    RuleError,
    TableDesk,
    random_action,
)
from rules.murdered_by_midnight import SYSTEM
from rules.murdered_by_midnight.case import MbmCase, WeaponFind
from rules.murdered_by_midnight.session import DeskTable, every_question
from tests.rules.murdered_by_midnight.helpers import CASE


def test_the_system_is_an_author_desk_with_every_question() -> None:
    """The Author answers search, dusting, forensics, both witness questions and accusations."""
    assert isinstance(SYSTEM, AuthorDesk)
    assert SYSTEM.ASKER == "the inspector"
    questions = {q.type: q for q in SYSTEM.author_questions(CASE)}
    assert list(questions) == [
        "search",
        "dust-for-prints",
        "forensic-analysis",
        "ask-what-they-saw",
        "ask-who-did-it",
        "accuse",
    ]
    assert questions["search"].params["location"] == ("L1", "L2", "L3", "L4", "L5", "L6")
    assert set(questions["dust-for-prints"].params) == {"location", "weapon"}
    assert "C1" not in questions["ask-who-did-it"].choices("character")


@pytest.mark.parametrize(
    ("question", "data"),
    [
        (Action("search", {"location": "L6"}), {"location": "L6", "weapons": ["W2"]}),
        (
            Action("dust-for-prints", {"location": "L3", "weapon": "W1"}),
            {"location": "L3", "weapon": "W1", "prints": "C3"},
        ),
        (
            Action("forensic-analysis", {"location": "L2", "weapon": "W3"}),
            {"location": "L2", "weapon": "W3", "murder_weapon": False},
        ),
        (
            Action("ask-what-they-saw", {"character": "C6"}),
            {
                "character": "C6",
                "sighting": {"person": "C3", "location": "L1", "time": "21:00", "near": True},
            },
        ),
        (Action("ask-who-did-it", {"character": "C4"}), {"character": "C4", "suspicion": None}),
        (
            Action("accuse", {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}),
            {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00", "correct": True},
        ),
    ],
)
def test_the_author_answers_as_in_a_game(question: Action, data: dict[str, object]) -> None:
    """ "The Author will check to see if the location matches a Location "L" Number" … the
    envelope's content is in ``data``: the asker is its only reader."""
    answer = SYSTEM.author_answer(CASE, question)
    assert answer.type in SYSTEM.SPEC.event_types
    assert dict(answer.data) == data and not answer.secret


def test_a_weapon_not_found_there_cannot_be_dusted() -> None:
    """ "If the player's Inspector Pawn is in the same location as any Purple Weapon Marker" """
    with pytest.raises(RuleError, match="Brass Candlestick is not found in Library") as caught:
        SYSTEM.author_answer(CASE, Action("dust-for-prints", {"location": "L1", "weapon": "W1"}))
    assert caught.value.code == "author/not-found"
    with pytest.raises(InvalidActionError):
        SYSTEM.author_answer(CASE, Action("search", {"location": "L9"}))


# ------------------------------------------------------------------ a table session


def _ask(
    table: DeskTable, inspector: int, kind: str, **params: str
) -> tuple[DeskTable, list[Event]]:
    return SYSTEM.table_answer(CASE, table, inspector, Action(kind, params))


def _refusal(table: DeskTable, inspector: int, kind: str, **params: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        _ask(table, inspector, kind, **params)
    return caught.value


def test_a_table_opens_on_the_scene_for_one_to_six_inspectors() -> None:
    """ "the Author will lay out the Map card where the body was found in the center of the
    play field, face up … each Player (1 to 6)" """
    assert isinstance(SYSTEM, TableDesk)
    table = SYSTEM.open_table(CASE, 3)
    view = SYSTEM.table_view(CASE, table)
    assert [card["location"] for card in view["map"]] == ["L1"]
    assert view["map"][0]["characters"] == ["C2"]  # the discoverer, standing
    assert view["face_down"] == 5 and view["eliminated"] == [] and view["accusations"] == []
    for count in (0, 7):
        with pytest.raises(RuleError) as caught:
            SYSTEM.open_table(CASE, count)
        assert caught.value.status == 422


def test_revealing_a_card_tells_where_the_tokens_stand() -> None:
    table = SYSTEM.open_table(CASE, 2)
    table, events = _ask(table, 1, "reveal-location", location="L5")
    assert [(e.type, e.actor, dict(e.data)) for e in events] == [
        ("location-revealed", 1, {"location": "L5", "characters": ["C6", "C7"]})
    ]
    refused = _refusal(table, 0, "reveal-location", location="L5")
    assert refused.code == "desk/already-revealed"


def test_only_a_face_up_card_can_be_searched_and_its_markers_stay() -> None:
    """ "For any location that the player's Inspector Pawn is in" … "adds a Purple Weapon
    Marker Cube to the Map location" """
    table = SYSTEM.open_table(CASE, 1)
    assert _refusal(table, 0, "search", location="L3").code == "desk/not-revealed"
    table, _ = _ask(table, 0, "reveal-location", location="L3")
    table, events = _ask(table, 0, "search", location="L3")
    assert dict(events[0].data) == {"location": "L3", "weapons": ["W1"]}
    card = SYSTEM.table_view(CASE, table)["map"][1]
    assert card == {"location": "L3", "characters": ["C8"], "searched": True, "weapons": ["W1"]}


def test_an_envelope_goes_to_the_asker_for_a_weapon_with_a_marker_only() -> None:
    """ "If the player's Inspector Pawn is in the same location as any Purple Weapon Marker
    Cube they can ask to dust for prints" … "After the player has viewed the results in
    private" """
    table = SYSTEM.open_table(CASE, 2)
    refused = _refusal(table, 0, "dust-for-prints", weapon="W1")
    assert refused.code == "desk/not-found"
    table, _ = _ask(table, 0, "reveal-location", location="L3")
    table, _ = _ask(table, 0, "search", location="L3")
    _, events = _ask(table, 1, "dust-for-prints", weapon="W1")
    assert dict(events[0].data) == {"weapon": "W1", "location": "L3"}
    assert events[0].for_seat(1) == {
        "type": "prints-dusted",
        "actor": 1,
        "weapon": "W1",
        "location": "L3",
        "prints": "C3",
    }
    assert "prints" not in (events[0].for_seat(0) or {})
    _, events = _ask(table, 0, "forensic-analysis", weapon="W1")
    assert events[0].for_seat(0)["murder_weapon"] is True  # type: ignore[index]


def test_an_unsearched_weapon_is_refused_alike_wherever_it_lies() -> None:
    """The Author would not say where a weapon is not: the refusal of dusting W2 is the same
    whichever card hides it, and names no card."""
    moved = dataclasses.replace(
        CASE, weapons_with_prints=(WeaponFind("W2", "L4", "C4"), CASE.weapons_with_prints[1])
    )
    table = SYSTEM.open_table(CASE, 1)
    table, _ = _ask(table, 0, "reveal-location", location="L6")
    refusals = set()
    for case in (CASE, moved):
        with pytest.raises(RuleError) as caught:
            SYSTEM.table_answer(case, table, 0, Action("dust-for-prints", {"weapon": "W2"}))
        refusals.add((caught.value.code, caught.value.message))
        assert SYSTEM.table_view(case, table) == SYSTEM.table_view(CASE, table)
        assert SYSTEM.table_questions(case, table, 0) == SYSTEM.table_questions(CASE, table, 0)
    assert len(refusals) == 1
    message = refusals.pop()[1]
    assert not any(location.name in message for location in CASE.locations)


def test_only_tokens_on_face_up_cards_can_be_asked_or_accused() -> None:
    """ "If the player's Inspector Pawn is in the same location as any Character Token" """
    table = SYSTEM.open_table(CASE, 1)
    questions = {q.type: q for q in SYSTEM.table_questions(CASE, table, 0)}
    assert questions["ask-what-they-saw"].params["character"] == ("C2",)
    assert questions["accuse"].params["murderer"] == ("C2",)
    refused = _refusal(table, 0, "ask-who-did-it", character="C6")
    assert refused.code == "desk/not-present" and "Tobias Finch" in refused.message
    accusation = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}
    assert _refusal(table, 0, "accuse", **accusation).code == "desk/not-present"
    with pytest.raises(InvalidActionError):  # the victim is no witness: not a question at all
        _ask(table, 0, "ask-what-they-saw", character="C1")
    _, events = _ask(table, 0, "ask-what-they-saw", character="C2")
    sighting = {"person": "C5", "location": "L2", "time": "19:00", "near": False}
    assert dict(events[0].data)["sighting"] == sighting


def test_a_wrong_accusation_ends_the_game_for_that_inspector() -> None:
    """ "they are told that they're not correct and that the game has ended for them" """
    table = SYSTEM.open_table(CASE, 2)
    table, _ = _ask(table, 0, "reveal-location", location="L4")
    wrong = {"murderer": "C3", "weapon": "W2", "motive": "M1", "time": "21:00"}
    table, events = _ask(table, 0, "accuse", **wrong)
    assert [e.type for e in events] == ["accusation-made", "inspector-eliminated"]
    assert events[0].data["correct"] is False
    assert SYSTEM.table_result(CASE, table) is None
    assert SYSTEM.table_questions(CASE, table, 0) == []
    right = {**wrong, "weapon": "W1"}
    assert _refusal(table, 0, "accuse", **right).code == "desk/eliminated"
    assert _refusal(table, 0, "search", location="L4").code == "desk/eliminated"
    table, events = _ask(table, 1, "accuse", **right)
    assert [e.type for e in events] == ["accusation-made", "game-ended"]
    outcome = SYSTEM.table_result(CASE, table)
    assert outcome is not None and outcome.ending == "solved" and outcome.winners == (1,)
    assert _refusal(table, 1, "search", location="L4").code == "game/over"


def test_when_every_inspector_is_out_nobody_won_and_the_truth_is_told() -> None:
    """ "In the event all of the players are eliminated, the Author will state that no one
    won and will reveal the correct details of the case." """
    table = SYSTEM.open_table(CASE, 2)
    table, _ = _ask(table, 0, "reveal-location", location="L4")
    wrong = {"murderer": "C3", "weapon": "W1", "motive": "M2", "time": "21:00"}
    table, _ = _ask(table, 0, "accuse", **wrong)
    table, events = _ask(table, 1, "accuse", **wrong)
    assert events[-1].type == "game-ended"
    outcome = SYSTEM.table_result(CASE, table)
    assert outcome is not None and outcome.ending == "all-eliminated" and outcome.winners == ()
    assert outcome.solution == {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}
    assert SYSTEM.table_from_json(SYSTEM.table_to_json(table)) == table


def test_accusations_may_name_only_what_the_case_has() -> None:
    choices = SYSTEM.accusation_choices(CASE)
    assert choices["murderer"] == ("C2", "C3", "C4", "C5", "C6", "C7", "C8")
    assert choices["weapon"] == ("W1", "W2", "W3", "W4") and "M5" not in choices["motive"]
    assert choices["time"] == CASE.times


@pytest.mark.parametrize("seed", range(12))
def test_an_open_table_tells_nothing_of_what_lies_unsearched(seed: int) -> None:
    """Two cases alike but for the card that hides the Letter Opener: until one of those cards
    is searched, every list of questions, every view, every answer and every refusal is the
    same in both, so no question tells where the weapon is not."""
    moved = dataclasses.replace(
        CASE, weapons_with_prints=(WeaponFind("W2", "L4", "C4"), CASE.weapons_with_prints[1])
    )
    rng = random.Random(seed)
    table = SYSTEM.open_table(CASE, 2)
    for _ in range(60):
        inspector = rng.randrange(2)
        legal = SYSTEM.table_questions(CASE, table, inspector)
        assert legal == SYSTEM.table_questions(moved, table, inspector)
        assert SYSTEM.table_view(CASE, table) == SYSTEM.table_view(moved, table)
        anything = random_action(every_question(CASE), rng)
        if not _searches_either(anything):
            assert _outcome(CASE, table, inspector, anything) == _outcome(
                moved, table, inspector, anything
            )
        question = random_action([q for q in legal if q.type != "accuse"], rng)
        if _searches_either(question):
            break  # the one way to learn where it lies
        _, elsewhere = SYSTEM.table_answer(moved, table, inspector, question)
        table, events = SYSTEM.table_answer(CASE, table, inspector, question)
        assert [e.for_seat(inspector) for e in events] == [e.for_seat(inspector) for e in elsewhere]


def _searches_either(question: Action) -> bool:
    return question.type == "search" and question.params["location"] in {"L4", "L6"}


def _outcome(case: MbmCase, table: DeskTable, inspector: int, question: Action) -> object:
    """What asking ``question`` shows: the answer as the asker sees it, or the refusal."""
    try:
        _, events = SYSTEM.table_answer(case, table, inspector, question)
    except RuleError as error:
        return (error.code, error.message)
    return [event.for_seat(inspector) for event in events]
