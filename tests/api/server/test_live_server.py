"""The real server: a whole game over HTTP, a SIGKILL mid-game, and 32 racing writers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.toy  # noqa: F401  (registers the system the server plays)
from api.storage import Store
from tests.api.server.live import LiveServer, Reply, request
from tests.api.storage.stored import assert_replays

pytestmark = pytest.mark.slow


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(database_url, tmp_path / "server.log")
    live.start()
    yield live
    live.kill()


def start_duel(server: LiveServer) -> tuple[str, list[str]]:
    reply = request(
        server,
        "POST",
        "/v1/games",
        {
            "system": "toy-culprit",
            "mode": "duel",
            "seed": 4,
            "seats": [{"name": "Ann"}, {"name": "Bob"}],
        },
    )
    assert reply.status == 201, reply.body
    return reply.body["id"], [seat["token"] for seat in reply.body["seats"]]


def whose_turn(server: LiveServer, game: str, tokens: list[str]) -> int:
    for seat, token in enumerate(tokens):
        if request(server, "GET", f"/v1/games/{game}/actions", token=token).body["actions"]:
            return seat
    raise AssertionError("nobody may act")


def play_one(server: LiveServer, game: str, tokens: list[str], action: dict[str, object]) -> Reply:
    seat = whose_turn(server, game, tokens)
    reply = request(server, "POST", f"/v1/games/{game}/actions", action, token=tokens[seat])
    assert reply.status == 200, reply.body
    return reply


def assert_replay_rebuilds_the_stored_state(database_url: str, game_id: str) -> None:
    store = Store(database_url)
    try:
        assert_replays(store, game_id)
    finally:
        store.dispose()


def test_a_game_survives_sigkill_and_goes_on(server: LiveServer, database_url: str) -> None:
    kill_restart_and_finish(server, database_url)


def test_with_synchronous_normal_a_game_survives_sigkill_too(tmp_path: Path) -> None:
    """SIGKILL is a crash of the process, not of the machine: NORMAL must survive it as well."""
    database_url = f"sqlite:///{tmp_path / 'normal.sqlite3'}"
    live = LiveServer(
        database_url, tmp_path / "server.log", env={"CASEBOOK_SQLITE_SYNCHRONOUS": "normal"}
    )
    live.start()
    try:
        kill_restart_and_finish(live, database_url)
    finally:
        live.kill()


def kill_restart_and_finish(server: LiveServer, database_url: str) -> None:
    """Two moves, SIGKILL, restart: every view and ETag is as before, and the game goes on."""
    game, tokens = start_duel(server)
    for _ in range(2):
        play_one(server, game, tokens, {"type": "investigate", "params": {}})
    before = [request(server, "GET", f"/v1/games/{game}", token=t) for t in tokens]
    assert before[0].body["version"] == 2 and before[0].body["status"] == "active"

    server.kill()
    server.start()

    after = [request(server, "GET", f"/v1/games/{game}", token=t) for t in tokens]
    assert [r.body for r in after] == [r.body for r in before]
    assert [r.headers["ETag"] for r in after] == [r.headers["ETag"] for r in before]

    while True:
        seat = whose_turn(server, game, tokens)
        view = request(server, "GET", f"/v1/games/{game}", token=tokens[seat]).body["view"]
        suspect = next(s for s in view["suspects"] if s != view["hand"])
        reply = play_one(server, game, tokens, {"type": "accuse", "params": {"suspect": suspect}})
        if reply.body["status"] == "finished":
            break
    final = request(server, "GET", f"/v1/games/{game}", token=tokens[0]).body
    assert final["status"] == "finished" and "solution" in final["result"]
    assert_replay_rebuilds_the_stored_state(database_url, game)


def test_32_racing_writers_with_one_version_make_exactly_one_move(
    server: LiveServer, database_url: str
) -> None:
    game, tokens = start_duel(server)
    seat = whose_turn(server, game, tokens)
    version = request(server, "GET", f"/v1/games/{game}", token=tokens[seat]).body["version"]
    replies: list[Reply] = []
    lock = threading.Lock()
    gate = threading.Barrier(32)

    def race() -> None:
        gate.wait()
        reply = request(
            server,
            "POST",
            f"/v1/games/{game}/actions",
            {"type": "investigate", "params": {}},
            token=tokens[seat],
            headers={"If-Match": f'"{version}"'},
        )
        with lock:
            replies.append(reply)

    threads = [threading.Thread(target=race) for _ in range(32)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    statuses = sorted(reply.status for reply in replies)
    assert statuses.count(200) == 1, statuses
    assert statuses.count(412) == 31, statuses
    for reply in replies:
        if reply.status == 412:
            assert reply.headers["Content-Type"].startswith("application/problem+json")
    now = request(server, "GET", f"/v1/games/{game}", token=tokens[seat]).body
    assert now["version"] == version + 1
    log = request(server, "GET", f"/v1/games/{game}/log", token=tokens[seat]).body["events"]
    assert [event["step"] for event in log] == [version + 1]
    assert_replay_rebuilds_the_stored_state(database_url, game)
