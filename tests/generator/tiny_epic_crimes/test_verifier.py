"""The independent verifier passes fair cases and names, with a stable code, what is wrong with
a tampered one."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from generator.tiny_epic_crimes import envelope, verify
from generator.tiny_epic_crimes.verify import verify as verify_case
from rules.tiny_epic_crimes.case import (
    Block,
    SearchToken,
    Solution,
    StakeoutToken,
    TecCase,
    TimeSpace,
)
from tests.generator.tiny_epic_crimes.shortcuts import case_for
from tests.rules.tiny_epic_crimes.sample_case import sample_case


def problems_of(case: TecCase) -> dict[str, str]:
    return {problem.code: problem.message for problem in verify_case(case).problems}


def test_the_hand_made_case_and_generated_ones_pass() -> None:
    assert verify_case(sample_case()).ok
    for seed in range(5):
        for players in (1, 4):
            assert verify_case(case_for(seed, players)).ok


def _suspect(case: TecCase, letter: str, **changes: str) -> TecCase:
    suspects = tuple(
        dataclasses.replace(s, **changes) if s.letter == letter else s for s in case.suspects
    )
    return dataclasses.replace(case, suspects=suspects)


def test_two_alike_suspects_hide_the_murderer() -> None:
    case = sample_case(murderer="A")
    twin = case.suspect("A")
    values = dict(
        zip(("gang", "rank", "forensics", "getaway", "weapon"), twin.profile, strict=True)
    )
    found = problems_of(_suspect(case, "B", **values))
    assert "roster/duplicate" in found and "A and B" in found["roster/duplicate"]
    assert "solution/not-identifiable" in found
    assert "roster/unbalanced" in found


def test_two_suspects_one_evidence_apart() -> None:
    case = sample_case()
    a = case.suspect("A")
    flipped = "red" if a.gang == "blue" else "blue"
    found = problems_of(_suspect(case, "A", gang=flipped))
    assert "roster/too-close" in found
    assert "roster/unbalanced" in found
    assert "solution/not-identifiable" not in found  # still distinct


def test_two_suspects_with_one_name() -> None:
    case = sample_case()
    assert "roster/names" in problems_of(_suspect(case, "B", name=case.suspect("A").name))


def test_an_unknown_value_or_murderer() -> None:
    assert "roster/value" in problems_of(_suspect(sample_case(), "C", weapon="poison"))
    unknown = dataclasses.replace(sample_case(), solution=Solution("Q"))
    assert "'Q'" in problems_of(unknown)["solution/unknown"]


def test_the_hq_off_centre_or_a_block_twice() -> None:
    case = sample_case()
    rows = [list(row) for row in case.grid]
    rows[0][0], rows[2][2] = rows[2][2], rows[0][0]
    assert "grid/hq" in problems_of(dataclasses.replace(case, grid=tuple(map(tuple, rows))))
    rows = [list(row) for row in case.grid]
    rows[0][1] = rows[0][0]
    assert "grid/blocks" in problems_of(dataclasses.replace(case, grid=tuple(map(tuple, rows))))
    assert "grid/dice" in problems_of(dataclasses.replace(case, white_dice=(2, 1, 3, 4, 5)))


def test_the_wrong_icons() -> None:
    case = sample_case()
    blocks = tuple(Block(b.id, b.name, "search" if b.id == "B13" else b.icon) for b in case.blocks)
    assert "city/icons" in problems_of(dataclasses.replace(case, blocks=blocks))


def test_too_few_successful_searches_leave_forensics_unsolvable() -> None:
    case = sample_case()
    tokens = tuple(SearchToken(t.block, t.block == "B01") for t in case.search_tokens)
    found = problems_of(dataclasses.replace(case, search_tokens=tokens))
    assert "search" in found["clues/unsolvable"] and "3 are needed" in found["clues/unsolvable"]


def test_a_stakeout_nobody_can_risk_enough_for() -> None:
    case = sample_case()
    tokens = tuple(
        StakeoutToken(t.block, 6 if t.value == 1 else t.value) for t in case.stakeout_tokens
    )
    found = problems_of(dataclasses.replace(case, stakeout_tokens=tokens))
    assert "6 hours" in found["clues/stakeout-value"]


def test_a_token_off_its_icon() -> None:
    case = sample_case()
    tokens = (SearchToken("B20", True), *case.search_tokens[1:])
    assert "clues/search-tokens" in problems_of(dataclasses.replace(case, search_tokens=tokens))


def test_token_rows_for_the_wrong_table_size() -> None:
    found = problems_of(dataclasses.replace(sample_case(), players=2))
    assert "clues/lines" in found and "clues/needed" in found


def test_a_wrong_time_track() -> None:
    case = sample_case()
    track = list(case.time_track)
    track[41] = dataclasses.replace(track[41], final=True)  # hour 42 red
    assert "track/final" in problems_of(dataclasses.replace(case, time_track=tuple(track)))
    assert "track/hours" in problems_of(dataclasses.replace(case, time_track=case.time_track[1:]))
    days = tuple(dataclasses.replace(s, phase="day") for s in case.time_track)
    assert "track/phase" in problems_of(dataclasses.replace(case, time_track=days))


def test_too_few_night_hours_to_stake_out() -> None:
    case = dataclasses.replace(sample_case(), players=1)
    case = dataclasses.replace(
        case,
        informant_rows=(1, 3, 5),
        witness_columns=(2, 3, 4),
        clues_needed={**case.clues_needed, "informant": 3, "witness": 3},
    )
    assert verify_case(case).ok
    track = tuple(
        TimeSpace(
            s.hour, "night" if s.hour == 7 else "day", s.event_line, s.final, s.timed_event_icon
        )
        for s in case.time_track
    )
    found = problems_of(dataclasses.replace(case, time_track=track))
    # solo plays a 2-player game: two officers, one night hour each
    assert "the table has 2 night hours" in found["win/too-slow"]


def _tampered(mutate: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(envelope(4)))
    mutate(data)
    return data


def test_the_envelope_hook() -> None:
    assert verify(envelope(4)) == []
    codes = [code for code, _ in verify(_tampered(lambda d: d.pop("secret")))]
    assert codes == ["envelope/malformed"]
    assert verify(_tampered(lambda d: d.update(system="murdered-by-midnight")))[0][0] == (
        "envelope/system"
    )

    def murderer(data: dict[str, Any]) -> None:
        data["solution"]["murderer"] = "Z"

    assert [code for code, _ in verify(_tampered(murderer))] == ["solution/unknown"]


@pytest.mark.parametrize("field", ["suspects", "blocks"])
def test_every_message_is_a_sentence(field: str) -> None:
    case = sample_case()
    broken = dataclasses.replace(case, **{field: getattr(case, field)[:-1]})
    for problem in verify_case(broken).problems:
        assert problem.code.count("/") == 1 and len(problem.message.split()) >= 3


def test_the_verifier_does_not_use_the_generators_code() -> None:
    spec = importlib.util.find_spec("generator.tiny_epic_crimes.verify")
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).read_text(encoding="utf-8")
    assert "import z3" not in source
    imports = [line for line in source.splitlines() if line.startswith(("from ", "import "))]
    assert not any("generator" in line for line in imports)
