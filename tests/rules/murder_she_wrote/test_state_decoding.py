"""A stored state read by ``state.state_from_json`` (against the game's latest state in this
worker, its parts seeded as their encodings) is the state ``serial`` reads, field for field, and
writes back the same text; any other data is read or refused as ``serial`` reads or refuses it,
and leaves nothing behind that changes a later encoding."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from rules import serial
from rules.murder_she_wrote import state as states
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote.test_state_json import _states

#: Games of every table size, both rules and modes, long and short (test_same_games' tables).
GAMES = (0, 3, 5, 7, 16, 19, 21, 23)


def _text(state: MswState) -> bytes:
    return orjson.dumps(serial.to_json(state))


def _read(text: bytes) -> MswState:
    """The state read as a worker reads it (from the text's own data), checked against
    ``serial``'s and written back."""
    read = states.state_from_json(orjson.loads(text))
    generic = serial.from_json(MswState, orjson.loads(text))
    assert read == generic
    assert list(read.__dict__) == list(generic.__dict__)
    assert orjson.dumps(states.state_to_json(read)) == text
    return read


def _cleared() -> None:
    states._GAMES.clear()
    states._ENCODED.entries.clear()
    states._LOGS.entries.clear()


@pytest.mark.parametrize("index", GAMES)
def test_every_state_reads_and_writes_as_serial_after_any_other(index: int) -> None:
    game = _states(index)
    texts = [_text(state) for state in game]
    _cleared()
    for text in texts:  # in order: each read after the one before (a move elsewhere)
        _read(text)
    for text in texts[::3]:  # a few moves elsewhere in between: the log lengthened
        _read(text)
    for text in reversed(texts):  # the latest one known is later than the one read
        _read(text)
    order = list(range(len(texts)))
    random.Random(index).shuffle(order)
    for number in order:
        _read(texts[number])


def test_the_next_state_is_written_as_serial_writes_it() -> None:
    """A state read, then the states bot moves make from it (sharing its parts) written."""
    for index in GAMES:
        game = _states(index)
        for number in range(0, len(game) - 1, 5):
            _cleared()
            _read(_text(game[max(0, number - 2)]))  # this worker's latest of the game
            read = _read(_text(game[number]))
            after = game[number + 1]
            # the next state as the rules make it from the state read: its unchanged parts
            # are the read state's objects
            shared = {
                name: getattr(read, name)
                for name in after.__dict__
                if getattr(read, name) == getattr(after, name)
            }
            made = states.evolve(after, **shared)
            assert orjson.dumps(states.state_to_json(made)) == _text(after)


def test_a_state_of_another_game_with_the_same_seed_is_no_help() -> None:
    one, other = _states(5), _states(19)
    for first, second in zip(one[::4], other[::4], strict=False):
        second = states.evolve(second, seed=first.seed)
        _read(_text(first))
        _read(_text(second))
        _read(_text(first))


def _mid_game() -> dict[str, Any]:
    game = _states(19)
    data: dict[str, Any] = serial.to_json(game[len(game) // 2])
    assert data["visits"] and any(data["sightings"]) and data["scene"] is None
    return data


Broken = Callable[[dict[str, Any]], object]


def _swap_first_two(row: dict[str, Any]) -> None:
    items = list(row.items())
    row.clear()
    row.update([items[1], items[0], *items[2:]])


BROKEN: dict[str, Broken] = {
    "a visit's seat true": lambda d: d["visits"][0].update(seat=True),
    "the last visit's round 2.0": lambda d: d["visits"][-1].update(round=2.0),
    "a visit's keys in another order": lambda d: _swap_first_two(d["visits"][1]),
    "the last visit's keys in another order": lambda d: _swap_first_two(d["visits"][-1]),
    "a visit without its round": lambda d: d["visits"][2].pop("round"),
    "a visit with one more key": lambda d: d["visits"][2].update(extra=1),
    "a visit as a list": lambda d: d["visits"].__setitem__(0, [0, "L1", 1]),
    "a visit's location a number": lambda d: d["visits"][3].update(location=3),
    "a visit more, its keys in another order": lambda d: d["visits"].append(
        {"round": 99, "seat": 0, "location": "L1"}
    ),
    "a visit more, its seat a text": lambda d: d["visits"].append(
        {"seat": "0", "location": "L1", "round": 99}
    ),
    "the log a tuple": lambda d: d.update(visits=tuple(d["visits"])),
    "the log shorter, its last round true": lambda d: (
        d["visits"].pop(),
        d["visits"][-1].update(round=True),
    ),
    "a sighting's status a number": lambda d: next(s for s in d["sightings"] if s)[0].update(
        status=1
    ),
    "a sighting's keys in another order": lambda d: _swap_first_two(
        next(s for s in d["sightings"] if s)[-1]
    ),
    "a sighting more, its visit false": lambda d: d["sightings"][0].append(
        {"visit": False, "status": "alive"}
    ),
    "a seat's sightings missing": lambda d: d["sightings"].pop(),
    "a seat's bot 1": lambda d: d["seats"][1].update(bot=1),
    "a seat's keys in another order": lambda d: _swap_first_two(d["seats"][0]),
    "a seat without its bot": lambda d: d["seats"][0].pop("bot"),
    "a LAST IN card true": lambda d: next(c for c in d["last_in"].values() if c).__setitem__(
        0, True
    ),
    "a LAST IN column a tuple": lambda d: d["last_in"].update(L1=tuple(d["last_in"]["L1"])),
    "LAST IN a list": lambda d: d.update(last_in=list(d["last_in"].items())),
    "a pawn true": lambda d: d["pawns"].__setitem__(0, True),
    "the step a text": lambda d: d.update(step="7"),
    "the seed a huge number": lambda d: d.update(seed=2**80),
    "a visit's round a huge number": lambda d: d["visits"][0].update(round=2**80),
    "the roll 1.5": lambda d: d.update(roll=1.5),
    "the dead a text": lambda d: d.update(dead="L1"),
    "the dead twice L1": lambda d: d.update(dead=["L1", "L1"]),
    "the dead unsorted": lambda d: d.update(dead=["L9", "L1"]),
    "an unknown field": lambda d: d.update(extra=1),
    "a field missing": lambda d: d.pop("ending"),
    "the fields in another order": lambda d: _swap_first_two(d),
    "an accusation's right 1": lambda d: d["accusations"].append(
        {"seat": 1, "suspect": 0, "right": 1, "round": 3}
    ),
    "an accusation in order": lambda d: d["accusations"].append(
        {"seat": 1, "suspect": 0, "right": False, "round": 3}
    ),
    "an accusation's keys in another order": lambda d: d["accusations"].append(
        {"suspect": 0, "seat": 1, "right": False, "round": 3}
    ),
    "a scene": lambda d: d.update(scene={"expected": [0, 1], "choices": {}}),
    "a broken scene": lambda d: d.update(scene={"expected": "x"}),
}


def _outcome(decode: Callable[[Any], MswState], data: Any) -> tuple[str, Any]:
    try:
        return "read", decode(data)
    except Exception as error:  # the refusal compared: its type and words
        return "refused", (type(error), str(error))


@pytest.mark.parametrize("kept", [True, False], ids=["after the game's latest", "first"])
@pytest.mark.parametrize("name", BROKEN)
def test_other_data_is_read_or_refused_as_serial_does(name: str, kept: bool) -> None:
    good = _mid_game()
    _cleared()
    if kept:
        states.state_from_json(orjson.loads(orjson.dumps(good)))  # the game's latest, kept
    broken = copy.deepcopy(good)
    BROKEN[name](broken)
    handed = copy.deepcopy(broken)
    mine = _outcome(states.state_from_json, handed)
    assert handed == broken  # nothing read was changed
    generic = _outcome(lambda data: serial.from_json(MswState, data), copy.deepcopy(broken))
    assert mine[0] == generic[0]
    if mine[0] == "refused":
        assert mine == generic
    else:
        assert mine[1] == generic[1]
        assert list(mine[1].__dict__) == list(generic[1].__dict__)
        written = json.dumps(states.state_to_json(mine[1]))  # orjson: 64-bit numbers only
        assert written == json.dumps(serial.to_json(generic[1]))
    # what was read leaves no wrong encoding behind: the good state reads and writes as before
    _read(orjson.dumps(good))


def test_the_games_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(states._GAMES, "size", 4)
    _cleared()
    game = _states(19)
    for seed in range(11):
        for state in game[:: len(game) // 3]:
            _read(_text(states.evolve(state, seed=seed)))
            assert len(states._GAMES) <= 4
    assert seed in states._GAMES
