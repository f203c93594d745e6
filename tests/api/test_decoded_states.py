"""Decoded states kept per game for the very text they were stored as (``api/states.py``): one
decode per text, one place a game, bounded, and a server that keeps them, and keeps the answers
to its reads (``api/answers.py``), answers every read exactly as one that decodes and writes
afresh."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from api.answers import KeptAnswers
from api.hot_routes import HotRoutes
from api.states import DecodedStates
from tests.conftest import make_app
from tests.suite.client import Answer, InProcess
from tests.suite.players import modes, new_game, play


class Counting:
    """A system's decoding, counted."""

    def __init__(self) -> None:
        self.decoded: list[Any] = []

    def state_from_json(self, data: Any) -> Any:
        self.decoded.append(data)
        return {"decoded": data}


def counting() -> Any:
    """A :class:`Counting`, passed where the cache takes a whole system."""
    return Counting()


def test_a_text_is_decoded_once_and_kept_for_its_game() -> None:
    states, system = DecodedStates(), counting()
    first = states.decode("g1", system, '{"n": 1}')
    assert states.decode("g1", system, '{"n": 1}') is first
    assert system.decoded == [{"n": 1}]
    assert states.decode("g2", system, '{"n": 1}') is not first  # another game's, its own
    assert len(system.decoded) == 2


def test_a_kept_state_serves_only_its_own_text() -> None:
    states, system = DecodedStates(), counting()
    states.decode("g1", system, '{"n": 1}')
    assert states.decode("g1", system, '{"n": 2}') == {"decoded": {"n": 2}}
    assert states.decode("g1", system, '{"n": 1}') == {"decoded": {"n": 1}}
    assert system.decoded == [{"n": 1}, {"n": 2}, {"n": 1}]


def test_a_kept_state_is_served_without_decoding() -> None:
    states, system = DecodedStates(), counting()
    made = {"n": 3}
    states.keep("g1", '{"n":3}', made)
    assert states.decode("g1", system, '{"n":3}') is made
    assert system.decoded == []


def test_a_game_holds_one_place_whatever_its_moves() -> None:
    """A move keeps its new state in place of the one it read: two games played in turn, many
    moves each, fit in two places."""
    states, system = DecodedStates(size=2), counting()
    for move in range(5):
        for game in ("g1", "g2"):
            states.decode(game, system, f"[{move}]")  # read, as a move does
            states.keep(game, f"[{move + 1}]", {"made": move + 1})  # the state it stored
    assert system.decoded == [[0], [0]]  # only each game's first read decoded


def test_the_most_recently_used_games_are_kept_up_to_the_size() -> None:
    states, system = DecodedStates(size=2), counting()
    for game in ("g1", "g2", "g1", "g3"):  # g2 is the least recently used when g3 comes
        states.decode(game, system, "[1]")
    assert len(system.decoded) == 3
    states.decode("g1", system, "[1]")
    assert len(system.decoded) == 3
    states.decode("g2", system, "[1]")
    assert len(system.decoded) == 4


def _keeps_no_answers(app: Any) -> Any:
    """``app``, its layer in front of Flask keeping no answer to a read."""
    layer = app.wsgi_app
    assert isinstance(layer, HotRoutes)
    layer.answers = KeptAnswers(games=0)
    return app


def _is_a_view(path: str) -> bool:
    return path.startswith("/v1/games/") and path.count("/") == 3


class Compared:
    """A transport that answers from ``warm`` (which keeps states and answers) and checks that
    every read is answered the same by ``cold``, a server on the same database that keeps
    neither; ``warm`` answers each view twice, the second time from its kept answer, and both
    answers must be the same. With ``elsewhere``, a second server on that database keeping
    states too, every other move is served there: the game moves on under the kept state and
    answers of each."""

    def __init__(
        self,
        warm: InProcess,
        cold: InProcess,
        cold_states: Any,
        elsewhere: InProcess | None = None,
    ) -> None:
        self.warm, self.cold, self.cold_service = warm, cold, cold_states
        self.elsewhere = elsewhere
        self.reads = self.moves = self.views = 0

    def __call__(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        if method == "POST" and path.endswith("/actions"):
            self.moves += 1
            if self.elsewhere is not None and self.moves % 2:
                return self.elsewhere(method, path, body, token=token, headers=headers)
        answer = self.warm(method, path, body, token=token, headers=headers)
        if method == "GET" and _is_a_view(path):
            again = self.warm(method, path, body, token=token, headers=headers)
            assert (again.status, again.body) == (answer.status, answer.body), path
            self.views += answer.status == 200
        if method == "GET" and path.startswith("/v1/games/"):
            self.cold_service.states = DecodedStates(size=0)
            again = self.cold(method, path, body, token=token, headers=headers)
            assert (again.status, again.body) == (answer.status, answer.body), path
            self.reads += 1
        return answer


#: The built-in systems and the test-only one the test apps load.
SYSTEMS = (
    "murdered-by-midnight",
    "tiny-epic-crimes",
    "murder-city",
    "murder-she-wrote",
    "toy-culprit",
)


@pytest.mark.parametrize("system", SYSTEMS)
def test_kept_states_answer_as_states_decoded_afresh(tmp_path: Path, system: str) -> None:
    """Random clients play each system's games to the end on a server that keeps states; each
    read, its view, legal actions, log and deductions, is what a server decoding afresh says."""
    database = tmp_path / "api.sqlite3"
    warm, cold = make_app(database), _keeps_no_answers(make_app(database))
    try:
        transport = Compared(
            InProcess(warm.test_client()),
            InProcess(cold.test_client()),
            cold.extensions["casebook"],
        )
        rng = random.Random(system)
        for played, mode in [(s, m) for s, m in modes(transport) if s == system]:
            game = new_game(transport, played, mode, rng)
            assert play(transport, game, rng, max_moves=60).seen
        assert transport.reads > 0 and transport.views > 0
        assert len(warm.wsgi_app.answers) > 0  # type: ignore[attr-defined]
    finally:
        for app in (warm, cold):
            app.extensions["casebook"].store.dispose()


@pytest.mark.parametrize("system", ["murdered-by-midnight", "toy-culprit"])
def test_a_game_moved_by_another_server_is_read_afresh(tmp_path: Path, system: str) -> None:
    """Two servers share a database and take a game's moves in turn: each read of one, whose
    kept state the other's move left behind, is what a server decoding afresh says."""
    database = tmp_path / "api.sqlite3"
    warm, elsewhere = make_app(database), make_app(database)
    cold = _keeps_no_answers(make_app(database))
    try:
        transport = Compared(
            InProcess(warm.test_client()),
            InProcess(cold.test_client()),
            cold.extensions["casebook"],
            elsewhere=InProcess(elsewhere.test_client()),
        )
        rng = random.Random(system)
        for played, mode in [(s, m) for s, m in modes(transport) if s == system]:
            game = new_game(transport, played, mode, rng)
            assert play(transport, game, rng, max_moves=60).seen
        assert transport.reads > 0 and transport.moves > 1
    finally:
        for app in (warm, elsewhere, cold):
            app.extensions["casebook"].store.dispose()
