"""Table sessions and the accusation bound, on SQLite and PostgreSQL: one winner per version,
and never one accusation more than the bound, however many requests race for it."""

from __future__ import annotations

import pytest

from api.storage import Store, StoredCase, VersionConflict
from tests.api.storage.conftest import token_hash
from tests.api.storage.test_concurrency import race

LIMIT = 12


def _case(store: Store) -> StoredCase:
    return store.create_case(system="toy", seed=1, case={"c": 1}, author_token_hash=None)


def _table(store: Store, case: StoredCase, inspectors: int = 2) -> str:
    table = store.tables.create_table(
        case_id=case.id,
        system="toy",
        inspectors=[f"Inspector {n}" for n in range(inspectors)],
        token_hash=token_hash("t"),
        state={"seen": []},
        status="active",
        accusations=inspectors,
        limit=LIMIT,
    )
    assert table is not None
    return table.id


def test_a_table_is_stored_and_read_back(store: Store) -> None:
    case = _case(store)
    table_id = _table(store, case)
    stored = store.tables.get_table(table_id)
    assert stored is not None
    assert (stored.case_id, stored.inspectors, stored.version) == (
        case.id,
        ("Inspector 0", "Inspector 1"),
        0,
    )
    assert stored.state == {"seen": []} and store.tables.get_table("nope") is None


def test_a_table_moves_on_from_the_version_it_was_read_at(store: Store) -> None:
    table_id = _table(store, _case(store))
    assert (
        store.tables.advance_table(
            table_id, expected_version=0, state={"seen": ["L1"]}, status="active"
        )
        == 1
    )
    with pytest.raises(VersionConflict):
        store.tables.advance_table(table_id, expected_version=0, state={}, status="active")
    stored = store.tables.get_table(table_id)
    assert stored is not None and (stored.version, stored.state) == (1, {"seen": ["L1"]})


def test_racing_answers_one_wins(store: Store) -> None:
    table_id = _table(store, _case(store))

    def answer(i: int) -> int:
        return store.tables.advance_table(
            table_id, expected_version=0, state={"by": i}, status="active"
        )

    outcomes = race(answer, racers=8)
    assert sum(outcome is None for outcome in outcomes) == 1
    assert all(isinstance(o, VersionConflict) for o in outcomes if o is not None)


def test_racing_accusations_never_pass_the_bound(store: Store) -> None:
    case = _case(store)
    _table(store, case, inspectors=6)  # six set aside: six left
    won: list[int] = []

    def accuse(i: int) -> None:
        if store.tables.spend_accusations(case.id, 1, limit=LIMIT):
            won.append(i)

    assert race(accuse, racers=16) == [None] * 16
    assert len(won) == LIMIT - 6
    assert (
        store.tables.create_table(
            case_id=case.id,
            system="toy",
            inspectors=["Ann"],
            token_hash=token_hash("u"),
            state={},
            status="active",
            accusations=1,
            limit=LIMIT,
        )
        is None
    )
    assert not store.tables.spend_accusations("nope", 1, limit=LIMIT)
