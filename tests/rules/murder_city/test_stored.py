"""``stored.from_json`` reads a stored state as ``state.from_json`` (``serial``'s generic
decoder) does, and its seeds leave the state's encoding as it was.

On every step of bot games of 2-5 seats: the same state (its ``repr``: every value, its type and
every mapping's order) read the first time and again (the parts then found by their text), and
the text of ``to_json(from_json(data))`` with the seeds the same as without them (and as the
stored text). On data made wrong in many ways (keys dropped, added or reordered, values of
other types, seats written otherwise): the same state, or the same refusal, as the generic
decoder, and an encoding the same as the generic decoder's state gives.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import orjson
import pytest

import generator.murder_city  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import Seat, check_seats, resolve_options
from rules.murder_city import state as states
from rules.murder_city import stored
from rules.murder_city.case import SYSTEM_ID, City
from rules.murder_city.game import SYSTEM
from tests.rules.murder_city.helpers import CITY


def _states(city: City, count: int, seed: int, options: dict[str, Any]) -> list[states.McState]:
    """Every state of a bot game, from setup to its end."""
    people = [Seat(f"Bot {n}", True) for n in range(count)]
    mode = check_seats(SYSTEM.SPEC, "standard", people)
    state = SYSTEM.new_game(
        city, people, "standard", seed=seed, options=resolve_options(mode.options, options)
    )
    rng = random.Random(seed)
    played = []
    for _ in range(2_000):
        played.append(state)
        if SYSTEM.result(city, state) is not None:
            break
        acting = min(SYSTEM.to_act(city, state))
        legal = SYSTEM.legal_actions(city, state, acting)
        action = SYSTEM.bot_choose(SYSTEM.view(city, state, acting), legal, rng)
        state, _ = SYSTEM.apply(city, state, acting, action)
    return played


def _texts(city: City, count: int, seed: int, options: dict[str, Any]) -> list[bytes]:
    """The stored text of every state of a bot game, from setup to its end."""
    return [orjson.dumps(states.to_json(each)) for each in _states(city, count, seed, options)]


GAMES: tuple[tuple[int | None, int, dict[str, Any], int], ...] = (
    (None, 2, {}, 1),
    (None, 3, {"jovans": "chosen"}, 2),
    (11, 4, {}, 3),
    (12, 5, {"turns": 4}, 4),
)


@pytest.fixture(scope="module")
def games() -> list[list[bytes]]:
    made = []
    for city_seed, count, options, seed in GAMES:
        city = CITY if city_seed is None else SYSTEM.read_case(generate(SYSTEM_ID, city_seed))
        made.append(_texts(city, count, seed, options))
    return made


def _forget() -> None:
    """Nothing encoded or read kept: each encoding below made from the value alone."""
    states._ENCODED.entries.clear()
    states.LATEST.clear()
    stored._KEPT.clear()


def _encoded(state: states.McState) -> bytes:
    return orjson.dumps(states.to_json(state))


def test_every_step_reads_as_the_generic_decoder(games: list[list[bytes]]) -> None:
    for texts in games:
        _forget()
        for text in texts:
            expected = states.from_json(orjson.loads(text))
            for _ in range(2):  # read afresh, then with its parts found by their text
                data = orjson.loads(text)
                state = stored.from_json(data)
                assert repr(state) == repr(expected)
                assert list(state.__dict__) == list(expected.__dict__)
                assert orjson.dumps(data) == text  # nothing read was changed


def test_seeded_encoding_is_the_encoding(games: list[list[bytes]]) -> None:
    for texts in games:
        for text in texts:
            _forget()
            unseeded = _encoded(states.from_json(orjson.loads(text)))
            _forget()
            data = orjson.loads(text)
            state = stored.from_json(data)
            assert states._ENCODED.entries  # the parts were seeded
            assert _encoded(state) == unseeded == text
            assert orjson.dumps(data) == text


def test_parts_read_again_are_the_very_values(games: list[list[bytes]]) -> None:
    """A part whose text was read before is the value read then (the views' and the encoding's
    parts kept by identity find it), and its encoding is taken from the seed."""
    _forget()
    texts = games[2]
    before = stored.from_json(orjson.loads(texts[10]))
    after = stored.from_json(orjson.loads(texts[11]))
    assert after.seats is before.seats
    same = [a is b for a, b in zip(after.desks, before.desks, strict=True)]
    assert any(same)
    assert _encoded(after) == texts[11]


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_the_state_after_the_latest_written_takes_its_parts(
    game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker wrote each state of a game (``to_json``) and reads the next one back, as after
    another worker's move: the state is the generic decoder's, its encoding the stored text,
    and every part the move left alone is the very value the worker wrote (while its encoding
    is kept: here every one, in a store larger than the game)."""
    monkeypatch.setattr(states._ENCODED, "size", 100_000)
    city_seed, count, options, seed = GAMES[game]
    city = CITY if city_seed is None else SYSTEM.read_case(generate(SYSTEM_ID, city_seed))
    played = _states(city, count, seed, options)
    texts = [orjson.dumps(states.to_json(each)) for each in played]
    _forget()
    taken = 0
    for before, after, text in zip(played, played[1:], texts[1:], strict=False):
        stored._KEPT.clear()  # nothing read before: the parts come from the latest state
        states.to_json(before)
        state = stored.from_json(orjson.loads(text))
        assert repr(state) == repr(states.from_json(orjson.loads(text)))
        for name in ("seats", "murder_deck", "legwork_deck", "evidence", "legwork", "markers"):
            if getattr(after, name) is getattr(before, name) and getattr(after, name):
                assert getattr(state, name) is getattr(before, name)
                taken += 1
        for mine, theirs, was in zip(state.desks, after.desks, before.desks, strict=True):
            assert mine is was or theirs is not was
        assert _encoded(state) == text
    assert taken > len(played)


# --------------------------------------------------------------------------------------------
# Data made wrong


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, (*path, index))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _at(data, path[:-1])[path[-1]] = value
    return data


ODD_VALUES: tuple[Any, ...] = ("1", 1, 1.0, True, False, None, [], {}, ["x"], {"0": 1}, -1)


def _wrong(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with one thing made wrong somewhere."""
    data = copy.deepcopy(data)
    path, node = rng.choice(list(_nodes(data)))
    kind = rng.randrange(6)
    if isinstance(node, dict) and node and kind < 4:
        keys = list(node)
        if kind == 0:  # a key dropped
            del node[rng.choice(keys)]
        elif kind == 1:  # a key more
            node[rng.choice(["x", "0", "peeks", "looks"])] = rng.choice(ODD_VALUES)
        elif kind == 2:  # the keys in another order
            rng.shuffle(keys)
            reordered = {key: node[key] for key in keys}
            return _set(data, path, reordered)  # type: ignore[no-any-return]
        else:  # a key written otherwise (a seat's "01", " 1", "+1")
            key = rng.choice(keys)
            node[rng.choice(["0", " ", "+", "x"]) + key] = node.pop(key)
        return data
    if isinstance(node, list) and node and kind < 3:
        if kind == 0:
            node.append(rng.choice(ODD_VALUES))
        elif kind == 1:
            node.reverse()
        else:
            node.pop()
        return data
    return _set(data, path, rng.choice(ODD_VALUES))  # type: ignore[no-any-return]


def _outcome(decode: Callable[[Any], Any], data: Any) -> tuple[str, ...]:
    """The state read (its ``repr`` and its encoding's text), or the refusal."""
    try:
        state = decode(data)
    except Exception as error:  # every refusal compared, whatever its type
        return ("refused", type(error).__name__, str(error))
    try:
        text = _encoded(state).decode()
    except Exception as error:  # a state read that cannot be written
        text = f"unwritable {type(error).__name__}: {error}"
    return ("read", repr(state), text)


@pytest.mark.parametrize("seed", range(4))
def test_wrong_data_reads_or_is_refused_as_by_the_generic_decoder(
    games: list[list[bytes]], seed: int
) -> None:
    rng = random.Random(seed)
    texts = games[seed]
    for text in rng.sample(texts, 12):
        right = orjson.loads(text)
        stored.from_json(orjson.loads(text))  # its parts kept: a wrong part is not found
        for _ in range(60):
            wrong = _wrong(right, rng)
            _forget()
            expected = _outcome(states.from_json, copy.deepcopy(wrong))
            _forget()
            stored.from_json(orjson.loads(text))
            found = _outcome(stored.from_json, copy.deepcopy(wrong))
            assert found == expected, orjson.dumps(wrong)[:300]


@pytest.mark.parametrize("data", [None, [], "state", 1, {}, {"seed": 1}])
def test_not_a_state_is_refused_as_before(data: Any) -> None:
    assert _outcome(stored.from_json, data) == _outcome(states.from_json, data)
