"""Every Store method on every backend: what goes in comes back out, exactly."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa

from api.storage import Store, StoredGame, StoredSeat, StoredStep, VersionConflict
from api.storage.schema import steps as steps_table
from tests.storage.conftest import new_game, step, token_hash

URL_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{22}$")


def test_case_round_trips(store: Store) -> None:
    case = {"title": "Death at the Manor", "clues": [{"id": 1, "text": "a hat"}], "n": 0.5}

    created = store.create_case(system="toy", seed=42, case=case, author_token_hash="ab" * 32)

    assert store.get_case(created.id) == created
    assert created.case == case
    assert created.created_at.tzinfo is UTC


def test_missing_records_are_none(store: Store) -> None:
    assert store.get_case("nope") is None
    assert store.get_game("nope") is None
    assert store.list_steps("nope") == []
    assert store.seat_for_token("nope", token_hash("alice")) is None


def test_ids_are_random_and_url_safe(store: Store) -> None:
    ids = [new_game(store).id for _ in range(20)]
    ids += [store.create_case(system="toy", seed=1, case={}, author_token_hash="x").id]

    assert len(set(ids)) == len(ids)
    assert all(URL_SAFE_ID.match(i) for i in ids)


def test_game_round_trips_with_its_case_seats_and_steps(store: Store) -> None:
    case = store.create_case(system="toy", seed=3, case={"c": 1}, author_token_hash="h")
    seats = (StoredSeat(0, "Ann", False, token_hash("ann")), StoredSeat(1, "Bot", True, None))

    created = store.create_game(
        system="toy",
        mode="competitive",
        seed=3,
        case_id=case.id,
        case=case.case,
        seats=seats,
        state={"turn": 2},
        steps=[step(1), step(2, seat=1)],
        status="active",
    )

    fetched = store.get_game(created.id)
    assert fetched == created
    assert fetched.version == 2
    assert fetched.seats == seats
    assert fetched.case_id == case.id
    assert fetched.created_at.tzinfo is UTC and fetched.updated_at.tzinfo is UTC
    assert store.list_steps(created.id) == [step(1), step(2, seat=1)]


def test_create_game_needs_steps_numbered_from_one(store: Store) -> None:
    with pytest.raises(ValueError, match="numbered from 1"):
        store.create_game(
            system="toy",
            mode="solo",
            seed=1,
            case_id=None,
            case={},
            seats=[],
            state={},
            steps=[step(2)],
            status="active",
        )


@pytest.mark.parametrize("seed", [0, 1, 2**31, 2**63 - 1])
def test_seeds_round_trip(store: Store, seed: int) -> None:
    game = new_game(store, seed=seed)
    case = store.create_case(system="toy", seed=seed, case={}, author_token_hash="h")

    assert store.get_game(game.id).seed == seed  # type: ignore[union-attr]
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

    fetched = store.get_game(game.id)
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
    after_one = store.get_game(game.id)
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
    after_three = store.get_game(game.id)

    assert after_one is not None and after_three is not None
    assert after_one.version == 1
    assert (after_three.version, after_three.state, after_three.status) == (
        3,
        {"log": [1, 2, 3]},
        "finished",
    )
    assert after_three.seats == game.seats
    assert after_three.case == game.case
    assert after_three.created_at == game.created_at
    assert after_three.updated_at >= after_one.updated_at
    assert [s.step for s in store.list_steps(game.id)] == [1, 2, 3]


def test_open_game_reads_what_a_request_needs_in_one_go(store: Store) -> None:
    case = {"public": {"suspects": [{"id": "S1", "name": "Ada"}]}, "solution": {"culprit": "S1"}}
    seats = (StoredSeat(1, "Bot", True, None), StoredSeat(0, "Ann", False, token_hash("ann")))
    created = store.create_game(
        system="toy",
        mode="solo",
        seed=2**63 - 1,
        case_id=None,
        case=case,
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
    assert opened.seats == tuple(sorted(seats, key=lambda seat: seat.number))
    assert (opened.version, opened.status) == (1, "active")
    assert opened.state == NESTED_STATE and list(opened.state) == list(NESTED_STATE)
    assert opened.public_case is None  # not asked for: the case stays in the database

    with_case = store.open_game(created.id, with_public_case=True)
    assert with_case is not None
    assert with_case.public_case == case["public"]  # and nothing of the solution

    store.append_steps(created.id, expected_version=1, steps=[step(2)], state={}, status="x")
    moved = store.open_game(created.id)
    assert moved is not None and (moved.version, moved.state, moved.status) == (2, {}, "x")
    assert store.open_game("nope") is None


def test_open_game_of_a_case_without_a_public_part(store: Store) -> None:
    game = new_game(store)  # its case is {"murderer": "nobody"}

    opened = store.open_game(game.id, with_public_case=True)
    assert opened is not None
    assert opened.public_case == {}
    assert [seat.number for seat in opened.seats] == [0, 1, 2]


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
    current = store.get_game(game.id)

    with pytest.raises(VersionConflict) as caught:
        store.append_steps(
            game.id, expected_version=0, steps=[step(1)], state={"log": ["lost"]}, status="active"
        )

    assert (caught.value.game_id, caught.value.expected, caught.value.actual) == (game.id, 0, 1)
    assert store.get_game(game.id) == current
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

    assert store.get_game(game.id) == game


def test_append_is_all_or_nothing(store: Store, game: StoredGame) -> None:
    """The second step's insert fails after the version moved and step 1 went in: all undone."""
    with store.engine.begin() as conn:  # a stray row where step 2 will go
        conn.execute(sa.insert(steps_table), [_raw_step(game.id, 2)])

    with pytest.raises(VersionConflict):
        store.append_steps(
            game.id, expected_version=0, steps=[step(1), step(2)], state={"x": 1}, status="active"
        )

    assert store.get_game(game.id) == game
    assert [s.step for s in store.list_steps(game.id)] == [2]


def test_seat_for_token_finds_only_seats_of_that_game(store: Store) -> None:
    first = new_game(store, tokens=("alice", "bob"))
    second = new_game(store, tokens=("carol", "alice-2"))

    assert store.seat_for_token(first.id, token_hash("alice")) == 0
    assert store.seat_for_token(first.id, token_hash("bob")) == 1
    assert store.seat_for_token(second.id, token_hash("carol")) == 0
    assert store.seat_for_token(first.id, token_hash("carol")) is None
    assert store.seat_for_token(second.id, token_hash("alice")) is None
    assert store.seat_for_token(first.id, "") is None  # the bot seat has no token


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
