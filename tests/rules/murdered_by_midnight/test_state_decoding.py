"""A stored state read after another worker's move (``state.from_json`` taking the head of
each tuple of records from the state this worker last wrote of the game) is the state the
generic decoder reads, and broken data is refused as the generic decoder refuses it."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from rules import serial
from rules.murdered_by_midnight import state as states
from rules.murdered_by_midnight.state import MbmState
from tests.rules.murdered_by_midnight.helpers import TABLES
from tests.rules.murdered_by_midnight.test_playthrough import bot_game


def _game(mode: str, count: int, seed: int) -> list[MbmState]:
    return [state for state, _, _ in bot_game(mode, count, seed)]


def _read(state: MbmState) -> dict[str, Any]:
    """The state as a worker reads it back from the store: fresh data."""
    data: dict[str, Any] = orjson.loads(orjson.dumps(serial.to_json(state)))
    return data


@pytest.mark.parametrize(("mode", "count"), TABLES)
@pytest.mark.parametrize("order", ["in order", "every third", "backwards", "shuffled"])
def test_every_state_reads_as_serial_reads_it_after_any_state_written(
    mode: str, count: int, order: str
) -> None:
    game = _game(mode, count, seed=5)
    pairs = list(zip(game, game[1:], strict=False))
    if order == "every third":
        pairs = list(zip(game, game[3:], strict=False))
    elif order == "backwards":
        pairs = [(after, before) for before, after in pairs]
    elif order == "shuffled":
        pairs = [(random.Random(n).choice(game), state) for n, state in enumerate(game)]
    reused = 0
    for written, read in pairs:
        states.to_json(written)  # this worker wrote it: the latest of the game here
        decoded = states.from_json(_read(read))
        assert decoded == serial.from_json(MbmState, _read(read))
        assert orjson.dumps(states.to_json(decoded)) == orjson.dumps(serial.to_json(read))
        reused += decoded.questions[:1] == written.questions[:1] != ()
    if order != "backwards":
        assert reused > 5  # the heads were taken, not only decoded afresh


def _broken(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Shapes the generic decoder refuses, broken in the records' heads and tails."""
    made = []
    for name in ("questions", "placed", "seats"):
        for at in (0, -1):
            for key, value in (("seat", None), ("x", None), ("y", "1"), ("name", 3), ("extra", 1)):
                copy = orjson.loads(orjson.dumps(data))
                record = copy[name][at]
                if key == "extra" or key in record:
                    # a number as the flag equal to it (``False == 0``), else the value given
                    record[key] = bool(record[key]) if value is None else value
                    made.append(copy)
    copy = orjson.loads(orjson.dumps(data))
    copy["questions"].append([1, 2])
    made.append(copy)
    copy = orjson.loads(orjson.dumps(data))
    copy["seed"] = [1]
    made.append(copy)
    return made


def _refusal(data: dict[str, Any], read: Any) -> str | None:
    try:
        read(data)
    except (TypeError, ValueError, KeyError) as error:
        return type(error).__name__
    return None


def test_broken_data_is_refused_as_serial_refuses_it_with_the_game_written_here() -> None:
    game = _game("competitive", 3, seed=2)
    written, later = game[len(game) // 2], game[-2]
    assert written.questions and later.questions[: len(written.questions)] == written.questions
    checked = 0
    for data in _broken(_read(later)):
        states.to_json(written)
        expected = _refusal(
            orjson.loads(orjson.dumps(data)), lambda d: serial.from_json(MbmState, d)
        )
        assert expected is not None
        assert _refusal(data, states.from_json) == expected
        checked += 1
    assert checked > 10
