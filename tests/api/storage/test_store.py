"""Every Store method on every backend: what goes in comes back out, exactly."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa

from api.storage import (
    Store,
    StoredGame,
    StoredSeat,
    StoredStep,
    StoreError,
    VersionConflict,
)
from api.storage.schema import games as games_table
from api.storage.schema import steps as steps_table
from tests.api.storage.conftest import CASE, new_game, step, token_hash
from tests.api.storage.stored import read_game

URL_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{22}$")


def test_case_round_trips(store: Store) -> None:
    case = {"title": "Death at the Manor", "clues": [{"id": 1, "text": "a hat"}], "n": 0.5}

    created = store.create_case(system="toy", seed=42, case=case, author_token_hash="ab" * 32)

    assert store.get_case(created.id) == created
    assert created.case == case
    assert created.created_at.tzinfo is UTC


def test_missing_records_are_none(store: Store) -> None:
    assert store.get_case("nope") is None
    assert read_game(store, "nope") is None
    assert store.list_steps("nope") == []
    assert store.open_game("nope") is None


def test_ids_are_random_and_url_safe(store: Store) -> None:
    ids = [new_game(store).id for _ in range(20)]
    ids += [store.create_case(system="toy", seed=1, case={}, author_token_hash="x").id]

    assert len(set(ids)) == len(ids)
    assert all(URL_SAFE_ID.match(i) for i in ids)


def test_case_without_an_author_round_trips(store: Store) -> None:
    """A case made for one game has no author token: nobody can open its solution."""
    created = store.create_case(system="toy", seed=5, case={"c": 2}, author_token_hash=None)

    fetched = store.get_case(created.id)
    assert fetched == created
    assert fetched is not None and fetched.author_token_hash is None


def test_game_round_trips_with_its_case_seats_and_steps(store: Store) -> None:
    case = store.create_case(system="toy", seed=3, case={"c": 1}, author_token_hash="h")
    seats = (StoredSeat(0, "Ann", False, token_hash("ann")), StoredSeat(1, "Bot", True, None))
    options = {"turn_limit": 200, "difficulty": "hard", "flag": True}

    created = store.create_game(
        system="toy",
        mode="competitive",
        seed=3,
        case_id=case.id,
        options=options,
        seats=seats,
        state={"turn": 2},
        steps=[step(1), step(2, seat=1)],
        status="active",
    )

    fetched = read_game(store, created.id)
    assert fetched == created
    assert fetched.version == 2
    assert fetched.seats == seats
    assert fetched.case_id == case.id
    assert fetched.options == options
    assert store.get_case(case.id) == case  # the game named its case and changed nothing of it
    assert fetched.created_at.tzinfo is UTC and fetched.updated_at.tzinfo is UTC
    assert store.list_steps(created.id) == [step(1), step(2, seat=1)]


def test_create_game_needs_steps_numbered_from_one(store: Store) -> None:
    with pytest.raises(ValueError, match="numbered from 1"):
        store.create_game(
            system="toy",
            mode="solo",
            seed=1,
            case_id="no-such-case",  # refused before the database is asked
            options={},
            seats=[],
            state={},
            steps=[step(2)],
            status="active",
        )


@pytest.mark.parametrize("seed", [0, 1, 2**31, 2**63 - 1])
def test_seeds_round_trip(store: Store, seed: int) -> None:
    game = new_game(store, seed=seed)
    case = store.create_case(system="toy", seed=seed, case={}, author_token_hash="h")

    assert read_game(store, game.id).seed == seed  # type: ignore[union-attr]
    assert store.get_case(case.id).seed == seed  # type: ignore[union-attr]


def test_seeds_beyond_64_bits_are_refused_before_the_database(store: Store) -> None:
    with pytest.raises(ValueError, match="64"):
        new_game(store, seed=2**63)


NESTED_STATE: dict[str, Any] = {
    "zeta": 1,
    "alpha": [1, 2.5, -0.0, 1e-300, 2**62, None, True, False],
    "unicode": "Mörder im Café — 探偵 \U0001f52a",
    "escapes": 'quote " backslash \\ newline \n tab \t',
    "empty": {"list": [], "dict": {}, "string": ""},
    "deep": {"a": {"b": {"c": {"d": [{"e": [[[]]]}]}}}},
}


def test_json_state_round_trips_exactly(store: Store, game: StoredGame) -> None:
    store.append_steps(
        game.id,
        expected_version=0,
        steps=[StoredStep(1, 0, NESTED_STATE, [NESTED_STATE])],
        state=NESTED_STATE,
        status="active",
    )

    fetched = read_game(store, game.id)
    assert fetched is not None
    assert fetched.state == NESTED_STATE
    assert list(fetched.state) == list(NESTED_STATE)  # key order too
    assert store.list_steps(game.id) == [StoredStep(1, 0, NESTED_STATE, [NESTED_STATE])]


def test_append_steps_advances_the_game(store: Store, game: StoredGame) -> None:
    assert (
        store.append_steps(
            game.id, expected_version=0, steps=[step(1)], state={"log": [1]}, status="active"
        )
        == 1
    )
    after_one = read_game(store, game.id)
    assert (
        store.append_steps(
            game.id,
            expected_version=1,
            steps=[step(2), step(3, seat=1)],
            state={"log": [1, 2, 3]},
            status="finished",
        )
        == 3
    )
    after_three = read_game(store, game.id)

    assert after_one is not None and after_three is not None
    assert after_one.version == 1
    assert (after_three.version, after_three.state, after_three.status) == (
        3,
        {"log": [1, 2, 3]},
        "finished",
    )
    assert after_three.seats == game.seats
    assert (after_three.case_id, after_three.options) == (game.case_id, game.options)
    assert after_three.created_at == game.created_at
    assert after_three.updated_at >= after_one.updated_at
    assert [s.step for s in store.list_steps(game.id)] == [1, 2, 3]


def test_open_game_reads_what_a_request_needs_in_one_go(store: Store) -> None:
    case = {"public": {"suspects": [{"id": "S1", "name": "Ada"}]}, "solution": {"culprit": "S1"}}
    stored_case = store.create_case(system="toy", seed=9, case=case, author_token_hash="h")
    seats = (StoredSeat(1, "Bot", True, None), StoredSeat(0, "Ann", False, token_hash("ann")))
    options = {"turn_limit": 400, "nested": {"a": [1, 2]}}
    created = store.create_game(
        system="toy",
        mode="solo",
        seed=2**63 - 1,
        case_id=stored_case.id,
        options=options,
        seats=seats,
        state=NESTED_STATE,
        steps=[step(1)],
        status="active",
    )

    opened = store.open_game(created.id)
    assert opened is not None
    assert (opened.id, opened.system, opened.mode, opened.seed) == (
        created.id,
        "toy",
        "solo",
        2**63 - 1,
    )
    assert (opened.case_id, opened.options) == (stored_case.id, options)
    assert opened.seats == tuple(sorted(seats, key=lambda seat: seat.number))
    assert (opened.version, opened.status) == (1, "active")
    assert opened.state == NESTED_STATE and list(opened.state) == list(NESTED_STATE)
    assert not hasattr(opened, "case")  # the case stays in the database, named by its id

    store.append_steps(created.id, expected_version=1, steps=[step(2)], state={}, status="x")
    moved = store.open_game(created.id)
    assert moved is not None and (moved.version, moved.state, moved.status) == (2, {}, "x")
    assert store.open_game("nope") is None


def test_open_game_of_a_game_without_seats(store: Store) -> None:
    """The outer join's lone row of a seatless game is the game, with no seats."""
    case = store.create_case(system="toy", seed=1, case={}, author_token_hash=None)
    created = store.create_game(
        system="toy",
        mode="solo",
        seed=1,
        case_id=case.id,
        options={},
        seats=[],
        state={"s": 1},
        steps=[],
        status="active",
    )

    opened = store.open_game(created.id)
    assert opened is not None
    assert (opened.seats, opened.state, opened.case_id) == ((), {"s": 1}, case.id)


def test_a_game_stores_the_case_it_generated_beside_it(store: Store) -> None:
    game = new_game(store)

    case = store.get_case(game.case_id)
    assert case is not None
    assert (case.system, case.case, case.author_token_hash) == ("toy", CASE, None)
    opened = store.open_game(game.id)
    assert opened is not None and opened.case_id == case.id
    assert [seat.number for seat in opened.seats] == [0, 1, 2]


def test_create_game_with_a_new_case_is_all_or_nothing(store: Store) -> None:
    """A game that fails to go in takes its new case with it: neither is stored."""
    case = store.new_case(system="toy", seed=4, case=CASE, author_token_hash=None)
    clashing = [StoredSeat(0, "Ann", False, None), StoredSeat(0, "Ann again", False, None)]

    with pytest.raises(StoreError):
        store.create_game(
            system="toy",
            mode="solo",
            seed=4,
            case_id=case.id,
            options={},
            seats=clashing,  # the seats' key refuses the second: the transaction fails late
            state={},
            steps=[],
            status="active",
            new_case=case,
        )

    assert store.get_case(case.id) is None
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(games_table)).scalar() == 0


def test_a_new_case_must_be_the_game_s_case(store: Store) -> None:
    ours = store.new_case(system="toy", seed=4, case=CASE, author_token_hash=None)
    other = store.create_case(system="toy", seed=5, case=CASE, author_token_hash=None)

    with pytest.raises(ValueError, match="the game's case"):
        store.create_game(
            system="toy",
            mode="solo",
            seed=4,
            case_id=other.id,
            options={},
            seats=[],
            state={},
            steps=[],
            status="active",
            new_case=ours,
        )

    assert store.get_case(ours.id) is None


def test_a_new_case_is_not_stored_until_its_game_is(store: Store) -> None:
    case = store.new_case(system="toy", seed=4, case=CASE, author_token_hash=None)

    assert store.get_case(case.id) is None


def test_list_steps_pages(store: Store, game: StoredGame) -> None:
    store.append_steps(
        game.id,
        expected_version=0,
        steps=[step(n) for n in range(1, 6)],
        state={},
        status="active",
    )

    assert [s.step for s in store.list_steps(game.id, after=2)] == [3, 4, 5]
    assert [s.step for s in store.list_steps(game.id, after=1, limit=2)] == [2, 3]
    assert store.list_steps(game.id, after=5) == []
    assert store.list_steps(game.id, limit=0) == []
    with pytest.raises(ValueError):
        store.list_steps(game.id, after=-1)


def test_stale_version_conflicts_and_changes_nothing(store: Store, game: StoredGame) -> None:
    store.append_steps(
        game.id, expected_version=0, steps=[step(1)], state={"log": [1]}, status="active"
    )
    current = read_game(store, game.id)

    with pytest.raises(VersionConflict) as caught:
        store.append_steps(
            game.id, expected_version=0, steps=[step(1)], state={"log": ["lost"]}, status="active"
        )

    assert (caught.value.game_id, caught.value.expected, caught.value.actual) == (game.id, 0, 1)
    assert read_game(store, game.id) == current
    assert store.list_steps(game.id) == [step(1)]


def test_appending_to_a_missing_game_conflicts_with_no_version(store: Store) -> None:
    with pytest.raises(VersionConflict) as caught:
        store.append_steps("gone", expected_version=0, steps=[step(1)], state={}, status="x")

    assert caught.value.actual is None


@pytest.mark.parametrize("numbers", [[], [2], [1, 3], [1, 1]])
def test_append_steps_refuses_bad_numbering(
    store: Store, game: StoredGame, numbers: list[int]
) -> None:
    with pytest.raises(ValueError):
        store.append_steps(
            game.id, expected_version=0, steps=[step(n) for n in numbers], state={}, status="x"
        )

    assert read_game(store, game.id) == game


def test_append_is_all_or_nothing(store: Store, game: StoredGame) -> None:
    """The second step's insert fails after the version moved and step 1 went in: all undone."""
    with store.engine.begin() as conn:  # a stray row where step 2 will go
        conn.execute(sa.insert(steps_table), [_raw_step(game.id, 2)])

    with pytest.raises(VersionConflict):
        store.append_steps(
            game.id, expected_version=0, steps=[step(1), step(2)], state={"x": 1}, status="active"
        )

    assert read_game(store, game.id) == game
    assert [s.step for s in store.list_steps(game.id)] == [2]


def test_open_game_gives_only_the_seats_of_that_game(store: Store) -> None:
    """The service matches a token against these hashes: another game's never appear."""
    first = new_game(store, tokens=("alice", "bob"))
    second = new_game(store, tokens=("carol", "alice-2"))

    def hashes(game_id: str) -> list[str | None]:
        opened = store.open_game(game_id)
        assert opened is not None
        return [seat.token_hash for seat in opened.seats]

    assert hashes(first.id) == [token_hash("alice"), token_hash("bob"), None]
    assert hashes(second.id) == [token_hash("carol"), token_hash("alice-2"), None]
    assert first.case_id != second.case_id  # each generated case is its own row


def test_self_check_reports_the_backend(store: Store) -> None:
    report = store.self_check()

    assert report["backend"] in {"sqlite", "postgresql"}
    if report["backend"] == "postgresql":
        assert report["server_version"]


def _raw_step(game_id: str, number: int) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "step": number,
        "seat": 0,
        "action": {},
        "events": [],
        "created_at": datetime.now(UTC),
    }
