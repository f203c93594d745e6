"""A stored state read back by ``decoding.from_json`` (issue #12, a move after another worker's):
the very state ``serial`` reads, or the very refusal; data in the encoder's shape is seeded as
the state's encoding, and the text written after it is the text written without the seeding."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules import serial
from rules.tiny_epic_crimes import decoding, encoding
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.coop_helpers import game_for
from tests.rules.tiny_epic_crimes.test_speed_paths import _TABLES, _played


def _texts() -> Iterator[str]:
    """The text of every state of whole bot games of every mode, as ``serial`` writes it."""
    for mode, officers in _TABLES:
        for state in _played(game_for(officers), mode, officers, seed=17):
            yield json.dumps(serial.to_json(state))


def _forget_encodings() -> None:
    """No encoding kept from before: what is written next comes from the seeding or afresh."""
    encoding._LATEST.clear()
    encoding._KEPT_OFFICERS.entries.clear()


def test_every_state_reads_as_serial_reads_it_and_writes_the_same_text() -> None:
    """At every step, the state read is ``serial``'s, read in the encoder's shape (no decline),
    and its encoding with the data seeded, and that of the next state after a move, are the
    texts written without the seeding (the state encoded whole, then after its predecessor)."""
    game = {officers: game_for(officers) for _, officers in _TABLES}
    steps = 0
    for mode, officers in _TABLES:
        for state in _played(game[officers], mode, officers, seed=23):
            text = json.dumps(serial.to_json(state))
            data = json.loads(text)
            assert decoding._decoder(TecState)(json.loads(text)) == state  # not declined
            _forget_encodings()
            read = SYSTEM.state_from_json(data)
            assert read == state == serial.from_json(TecState, json.loads(text))
            assert data == json.loads(text)  # nothing read was changed
            assert json.dumps(SYSTEM.state_to_json(read)) == text
            if game[officers].result(read) is None:  # the next state, after the one read
                actor = min(game[officers].to_act(read))
                view, legal = (
                    game[officers].view(read, actor),
                    game[officers].legal_actions(read, actor),
                )
                after, _ = game[officers].apply(
                    read, actor, SYSTEM.bot_choose(view, legal, random.Random(5))
                )
                _forget_encodings()
                _ = SYSTEM.state_from_json(json.loads(text))  # the seeding, alone
                seeded = json.dumps(SYSTEM.state_to_json(after))
                assert seeded == json.dumps(serial.to_json(after))
            steps += 1
    assert steps > 300


def _breakings(data: dict[str, Any]) -> Iterator[tuple[str, Callable[[dict[str, Any]], Any]]]:
    """Ways to write a state other than the encoder writes it, each a change of a copy."""

    def reordered(d: dict[str, Any]) -> Any:
        return dict(reversed(list(d.items())))

    def officer_reordered(d: dict[str, Any]) -> Any:
        d["officers"][0] = dict(reversed(list(d["officers"][0].items())))
        return d

    def put(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], Any]:
        def change(d: dict[str, Any]) -> Any:
            place = d
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = value
            return d

        return change

    def drop(name: str) -> Callable[[dict[str, Any]], Any]:
        def change(d: dict[str, Any]) -> Any:
            del d[name]
            return d

        return change

    def rekeyed(name: str, key: Callable[[str], str]) -> Callable[[dict[str, Any]], Any]:
        def change(d: dict[str, Any]) -> Any:
            place = d[name] if name != "positions" else d["track"]["positions"]
            items = list(place.items())
            place.clear()
            place.update((key(k), v) for k, v in items)
            return d

        return change

    yield "reordered", reordered
    yield "an officer reordered", officer_reordered
    yield "a field missing", drop("ghost")
    yield "a field missing, no default", drop("mobsters")
    yield "a field more", put(("extra",), 1)
    yield "a boolean step", put(("step",), True)
    yield "a float step", put(("step",), 3.0)
    yield "a boolean badge", put(("officers", 0, "badge"), False)
    yield "a float badge", put(("officers", 0, "badge"), 1.0)
    yield "a number for a block", put(("officers", 0, "block"), 7)
    yield "a text for a bool", put(("drove",), "no")
    yield "a tuple pair too long", put(("peeks",), [[0, "B01", 1]])
    yield "a pair of the wrong types", put(("peeks",), [["0", "B01"]])
    yield "a map for a list", put(("search_blocks",), {"B01": 1})
    yield "a float in the bag", put(("bag", "red"), 1.0)
    yield "a boolean rested", put(("officers", 0, "rested"), 0)
    yield "a float salt", put(("forces", "salt"), float(data["forces"]["salt"]))
    yield "a boolean for a held count", put(("suspects", "generation"), True)
    yield "a boolean in the bag", put(("bag", "red"), True)
    yield "a list as context", put(("decisions",), [{"kind": "x", "seat": 0, "choices": []}])
    yield "the track broken", put(("track", "arrivals"), [0, 0])
    yield "a salt as text", put(("suspects", "salt"), "1")
    yield "a seat's number key written 01", rekeyed("positions", lambda k: "0" + k)
    yield "an ability key written with a space", rekeyed("abilities", lambda k: " " + k)
    yield "an ability key not a number", rekeyed("abilities", lambda k: "x" + k)
    yield "an accusation key written with a plus", put(("accusations",), {"+1": "A"})
    yield "an accusation key written 1_0", put(("accusations",), {"1_0": "A"})
    yield "an accusation key not text", put(("accusations",), {None: "A"})
    yield "not an object", lambda d: list(d)


def _outcome(read: Callable[[Any], Any], data: Any) -> tuple[str, Any]:
    try:
        return "read", read(data)
    except Exception as error:  # the refusal: its kind and its words
        return "refused", (type(error), str(error))


@pytest.mark.parametrize("latest", [False, True])
@pytest.mark.parametrize("step", [0, 9, 40])
def test_data_in_another_shape_is_read_or_refused_as_serial_does_and_nothing_seeded(
    step: int, latest: bool
) -> None:
    """Every other shape goes to the generic decoder: the same state or the same refusal, and
    the data is not taken as any state's encoding; with the state it breaks kept as the game's
    latest too (which a ``false`` for a 0 equals in Python)."""
    texts = list(_texts())
    data = json.loads(texts[step % len(texts)])
    data["accusations"] = data["accusations"] or {"0": "A"}
    data["abilities"] = data["abilities"] or {"0": "A01"}
    kept = serial.from_json(TecState, copy.deepcopy(data))
    tried = 0
    for name, breaking in _breakings(data):
        broken = breaking(copy.deepcopy(data))
        _forget_encodings()
        if latest:
            encoding.to_json(kept)
        mine = _outcome(SYSTEM.state_from_json, broken)
        generic = _outcome(lambda d: serial.from_json(TecState, dict(d)), copy.deepcopy(broken))
        assert mine == generic, name
        assert all(made is not broken for _, made in encoding._LATEST.values()), name
        if latest:  # the kept state's parts are not what was read instead
            assert encoding._LATEST[kept.seed][0] is kept, name
        tried += 1
    assert tried > 20


def test_a_map_written_in_another_order_is_read_in_that_order_not_taken_from_the_latest() -> None:
    """Two maps in another order are equal in Python: a state whose mobsters or hands are
    written in another order than the kept state's is read in the order written (as
    ``serial`` reads it), and written back so."""
    for text in list(_texts())[20::50]:
        data = json.loads(text)
        data["mobsters"] = data["mobsters"] or {"B01": "red", "B02": "blue"}
        kept = serial.from_json(TecState, copy.deepcopy(data))
        data["mobsters"] = dict(reversed(list(data["mobsters"].items())))
        held = data["suspects"]["held"]
        data["suspects"]["held"] = dict(reversed(list(held.items())))
        _forget_encodings()
        encoding.to_json(kept)
        read = SYSTEM.state_from_json(copy.deepcopy(data))
        generic = serial.from_json(TecState, copy.deepcopy(data))
        assert list(read.mobsters) == list(generic.mobsters) == list(data["mobsters"])
        assert list(read.suspects.held) == list(generic.suspects.held)
        assert json.dumps(SYSTEM.state_to_json(read)) == json.dumps(data)
