"""Racing writers: exactly one wins each version, nothing is lost or applied twice.

Threads share one ``Store`` (one engine and pool), as the threads of an API process do. A negative
control runs the same race against a deliberately broken append to prove the race can catch one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from api.storage import Store, StoredGame, VersionConflict
from api.storage.engine import writer
from api.storage.schema import games, steps
from tests.api.storage.conftest import step
from tests.api.storage.stored import read_game

RACERS = 32
PLAYERS, ATTEMPTS = 8, 25
_BARRIER_TIMEOUT_S = 60


def race(attempt: Callable[[int], object], racers: int = RACERS) -> list[BaseException | None]:
    """Release ``racers`` threads together on ``attempt(i)``; return what each one raised."""
    barrier = threading.Barrier(racers)

    def run(i: int) -> object:
        barrier.wait(timeout=_BARRIER_TIMEOUT_S)
        return attempt(i)

    with ThreadPoolExecutor(racers) as pool:
        futures = [pool.submit(run, i) for i in range(racers)]
    return [future.exception() for future in futures]


def test_same_version_race_has_exactly_one_winner(store: Store, game: StoredGame) -> None:
    store.append_steps(
        game.id, expected_version=0, steps=[step(1)], state={"log": [-1]}, status="a"
    )

    outcomes = race(
        lambda i: store.append_steps(
            game.id,
            expected_version=1,
            steps=[step(2, racer=i)],
            state={"log": [-1, i]},
            status="a",
        )
    )

    winners = [i for i, outcome in enumerate(outcomes) if outcome is None]
    conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(winners) == 1
    assert len(conflicts) == RACERS - 1
    assert all(c.expected == 1 and c.actual == 2 for c in conflicts)
    final = read_game(store, game.id)
    assert final is not None
    assert final.version == 2
    assert final.state == {"log": [-1, winners[0]]}
    assert store.list_steps(game.id) == [step(1), step(2, racer=winners[0])]


def test_sustained_contention_loses_and_doubles_nothing(store: Store, game: StoredGame) -> None:
    def play(player: int) -> list[tuple[int, int]]:
        won = []
        for attempt in range(ATTEMPTS):
            current = read_game(store, game.id)
            assert current is not None
            mine = [player, attempt]
            try:
                store.append_steps(
                    game.id,
                    expected_version=current.version,
                    steps=[step(current.version + 1, mine=mine)],
                    state={"log": [*current.state["log"], mine]},
                    status="active",
                )
            except VersionConflict:
                continue
            won.append((player, attempt))
        return won

    with ThreadPoolExecutor(PLAYERS) as pool:
        wins = [win for won in pool.map(play, range(PLAYERS)) for win in won]

    final = read_game(store, game.id)
    log = store.list_steps(game.id)
    assert final is not None
    assert final.version == len(wins) == len(log)
    assert [s.step for s in log] == list(range(1, len(wins) + 1))
    replayed = [s.action["mine"] for s in log]
    assert sorted(tuple(m) for m in replayed) == sorted(wins)  # none lost, none doubled
    assert final.state == {"log": replayed}  # replay(log) == stored state


def test_negative_control_an_append_without_the_predicate_lets_many_win(
    store: Store, game: StoredGame
) -> None:
    """The race above must be able to fail: here every racer "wins" and updates are lost."""
    outcomes = race(lambda i: _append_without_predicate(store, game.id, racer=i))

    winners = [o for o in outcomes if o is None]
    final = read_game(store, game.id)
    log = store.list_steps(game.id)
    assert final is not None
    assert len(winners) > 1
    assert len(final.state["log"]) < len(log)  # lost updates: the state forgot applied steps


def test_the_step_key_alone_stops_a_second_winner(store: Store, game: StoredGame) -> None:
    """Defence in depth: even without the version predicate, (game, step) admits one writer."""
    outcomes = race(lambda i: _append_trusting_the_step_key(store, game.id, racer=i))

    assert sum(o is None for o in outcomes) == 1
    assert all(o is None or isinstance(o, sa.exc.IntegrityError) for o in outcomes)
    assert [s.step for s in store.list_steps(game.id)] == [1]


def _append_without_predicate(store: Store, game_id: str, *, racer: int) -> None:
    """The textbook bug: bump the counter without checking it, number the step from the result."""
    with writer(store.engine).begin() as conn:
        version = conn.execute(
            sa.update(games)
            .where(games.c.id == game_id)
            .values(version=games.c.version + 1, state={"log": [racer]})
            .returning(games.c.version)
        ).scalar_one()
        conn.execute(sa.insert(steps), [_step_row(game_id, version, racer)])


def _append_trusting_the_step_key(store: Store, game_id: str, *, racer: int) -> None:
    """Everyone read version 0 and writes step 1 with no version predicate."""
    with writer(store.engine).begin() as conn:
        conn.execute(
            sa.update(games).where(games.c.id == game_id).values(version=1, state={"log": [racer]})
        )
        conn.execute(sa.insert(steps), [_step_row(game_id, 1, racer)])


def _step_row(game_id: str, number: int, racer: int) -> dict[str, Any]:
    row = step(number, racer=racer)
    return {
        "game_id": game_id,
        "step": number,
        "seat": row.seat,
        "action": row.action,
        "events": row.events,
        "created_at": datetime.now(UTC),
    }
