"""Answers to reads kept per game for the version they were written from (``api/answers.py``):
served only to the same seat and clock reading the same version, one version a game, bounded
by games and by bytes. That a server keeping them answers every read as one writing afresh is
checked by ``tests/api/test_decoded_states.py``, every system played by random clients."""

from __future__ import annotations

import tracemalloc

import orjson
from flask import Flask
from flask.testing import FlaskClient

from api.answers import KeptAnswers
from api.hot_routes import HotRoutes
from tests.api.helpers import Table


def _answer(size: int, tag: str = "t") -> tuple[bytes, str]:
    return b"x" * size, tag


def test_an_answer_serves_only_its_version_seat_and_clock() -> None:
    kept = KeptAnswers()
    kept.put("g1", 3, 0, "12h", _answer(5, "a"))
    assert kept.get("g1", 3, 0, "12h") == _answer(5, "a")
    assert kept.get("g1", 4, 0, "12h") is None  # the game moved on
    assert kept.get("g1", 2, 0, "12h") is None
    assert kept.get("g1", 3, 1, "12h") is None  # another seat sees another view
    assert kept.get("g1", 3, 0, "24h") is None  # another clock, other text
    assert kept.get("g2", 3, 0, "12h") is None


def test_a_newer_version_replaces_the_answers_of_the_older() -> None:
    kept = KeptAnswers()
    kept.put("g1", 3, 0, "12h", _answer(5))
    kept.put("g1", 3, 1, "12h", _answer(7))
    assert kept.size == 12
    kept.put("g1", 4, 0, "12h", _answer(6))
    assert kept.get("g1", 3, 1, "12h") is None
    assert len(kept) == 1 and kept.size == 6


def test_a_read_that_lost_a_race_with_a_move_keeps_nothing() -> None:
    kept = KeptAnswers()
    kept.put("g1", 4, 0, "12h", _answer(6, "new"))
    kept.put("g1", 3, 0, "12h", _answer(5, "old"))  # read before the move, written after
    assert kept.get("g1", 4, 0, "12h") == _answer(6, "new")
    assert kept.get("g1", 3, 0, "12h") is None


def test_the_least_recently_read_games_go_beyond_the_count() -> None:
    kept = KeptAnswers(games=2)
    kept.put("g1", 1, 0, "12h", _answer(1))
    kept.put("g2", 1, 0, "12h", _answer(1))
    assert kept.get("g1", 1, 0, "12h") is not None  # g2 is now the least recently read
    kept.put("g3", 1, 0, "12h", _answer(1))
    assert kept.get("g2", 1, 0, "12h") is None
    assert kept.get("g1", 1, 0, "12h") is not None
    assert len(kept) == 2


def test_the_least_recently_read_games_go_beyond_the_bytes() -> None:
    kept = KeptAnswers(size=10)
    kept.put("g1", 1, 0, "12h", _answer(4))
    kept.put("g2", 1, 0, "12h", _answer(4))
    kept.put("g3", 1, 0, "12h", _answer(4))
    assert kept.get("g1", 1, 0, "12h") is None
    assert kept.size == 8 and len(kept) == 2
    kept.put("g4", 1, 0, "12h", _answer(11))  # more than all the bytes: not kept
    assert kept.get("g4", 1, 0, "12h") is None and kept.size == 8


def test_a_second_read_of_a_version_is_answered_from_the_kept_answer(
    app: Flask, client: FlaskClient, duel: Table
) -> None:
    layer = app.wsgi_app
    assert isinstance(layer, HotRoutes)
    first = client.get(f"/v1/games/{duel.id}", headers=duel.auth(0))
    assert layer.answers.get(duel.id, 0, 0, "12h") == (first.get_data(), first.headers["ETag"])
    app.extensions["casebook"].states.decode = None  # a view made again would fail
    again = client.get(f"/v1/games/{duel.id}", headers=duel.auth(0))
    assert (again.status_code, again.get_data()) == (200, first.get_data())
    assert again.headers["ETag"] == first.headers["ETag"]


def test_a_kept_body_holds_its_bytes_not_the_buffer_orjson_wrote_it_in() -> None:
    """orjson hands over its 4 KiB buffer with a short body: kept as given, a thousand small
    views would hold 4 MiB."""
    kept = KeptAnswers()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(200):  # each body written, kept, and let go by its writer
            kept.put(f"g{n}", 1, 0, "12h", (orjson.dumps({"game": n, "view": "v" * 300}), "t"))
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept.get("g7", 1, 0, "12h") == (orjson.dumps({"game": 7, "view": "v" * 300}), "t")
    assert grown < 200 * 1024  # about 0.6 KB a place, where the buffers alone are 4.4 KiB
