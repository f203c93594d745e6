"""The Author's desk: the same answers outside a game, for tables with printed cards."""

from __future__ import annotations

import pytest

from rules.core import Action, AuthorDesk, InvalidActionError, RuleError
from rules.murdered_by_midnight import SYSTEM
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
            {"character": "C6", "sighting": {"person": "C3", "location": "L1", "time": "21:00"}},
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
