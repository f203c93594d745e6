"""The case types say what the rulebook says and round-trip through the envelope."""

from __future__ import annotations

import pytest

from rules import serial
from rules.tiny_epic_crimes.case import (
    CLUES_NEEDED,
    CLUES_NEEDED_TWO_PLAYERS,
    EVIDENCE_OF_CLUE,
    HQ,
    TecCase,
    from_envelope,
    to_envelope_parts,
)
from tests.rules.tiny_epic_crimes.sample_case import sample_case


def test_the_main_text_maps_clues_to_evidence() -> None:
    # "when players perform Catch Informant 5 times and have collected 5 Informant Tokens,
    # the Rank Evidence is solved"; 2-player: "only 3 Witness Tokens are needed to solve Gang"
    assert EVIDENCE_OF_CLUE["informant"] == "rank"
    assert EVIDENCE_OF_CLUE["witness"] == "gang"
    # "Only 3 are needed to solve Forensics / Getaway / Weapon"
    assert EVIDENCE_OF_CLUE["search"] == "forensics"
    assert EVIDENCE_OF_CLUE["stakeout"] == "getaway"
    assert EVIDENCE_OF_CLUE["holding"] == "weapon"
    assert (CLUES_NEEDED["informant"], CLUES_NEEDED["search"]) == (5, 3)
    assert (CLUES_NEEDED_TWO_PLAYERS["informant"], CLUES_NEEDED_TWO_PLAYERS["witness"]) == (3, 3)


def test_the_envelope_round_trip_loses_nothing() -> None:
    case = sample_case()
    parts = to_envelope_parts(case)
    assert from_envelope(parts) == case
    assert serial.from_json(TecCase, serial.to_json(case)) == case


def test_the_face_down_tokens_and_the_murderer_are_not_public() -> None:
    parts = to_envelope_parts(sample_case())
    assert parts["solution"] == {"murderer": "F"}
    assert set(parts["secret"]) == {"search_tokens", "stakeout_tokens"}
    public = repr(parts["public"])
    assert "success" not in public and "'value'" not in public and "murderer" not in public
    # which blocks show an icon is printed on the cards, so it is public
    assert any(block["icon"] == "search" for block in parts["public"]["blocks"])


def test_a_mobster_roll_reads_black_as_the_row_and_white_as_the_column() -> None:
    case = sample_case()
    # Black Die Tokens run down the left side (rows), White along the top (columns)
    assert case.rolled(2, 4) == case.block_at(2, 4)
    assert case.rolled(4, 2) == case.block_at(4, 2)
    assert case.rolled(2, 4) != case.rolled(4, 2)
    assert case.rolled(3, 3) == HQ  # "a 3-3 (the HQ's block)"
    assert case.rolled(6, 1) is None and case.rolled(1, 6) is None  # a 6 is a reprieve


def test_positions_and_lookups() -> None:
    case = sample_case()
    assert case.position(HQ) == (3, 3)
    row, column = case.position("B01")
    assert case.block_at(row, column) == "B01"
    assert case.suspect("F").letter == "F"
    assert case.space(43).final and not case.space(42).final
    with pytest.raises(KeyError):
        case.suspect("Q")
