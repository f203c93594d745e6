"""A game names its case instead of holding a copy, and keeps its options.

Every game now points at a row of ``cases``: a game started from a seed gets one (with no author
token: nobody is its author). ``games.case_data`` goes, ``games.options`` comes, and the state
of a game no longer holds its case (the rules are handed the case beside the state). The one
system stored by the previous release whose state held its case, Murdered by Midnight, also
changes how a finished game names its ending: a stable code instead of a sentence.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

#: Murdered by Midnight's endings as the previous release worded them, and their codes now.
_MIDNIGHT_ENDINGS = {
    "the murderer was confronted": "solved",
    "every inspector accused wrongly": "all-eliminated",
    "the accusation was wrong; the case is lost": "wrong-accusation",
    "midnight: the turn limit was reached": "midnight",
}


def upgrade() -> None:
    with op.batch_alter_table("cases") as batch:
        batch.alter_column("author_token_hash", existing_type=sa.String(64), nullable=True)
    op.add_column("games", sa.Column("options", sa.JSON, nullable=True))
    bind = op.get_bind()
    games = sa.table(
        "games",
        sa.column("id", sa.String),
        sa.column("system", sa.String),
        sa.column("seed", sa.BigInteger),
        sa.column("case_id", sa.String),
        sa.column("case_data", sa.JSON),
        sa.column("state", sa.JSON),
        sa.column("options", sa.JSON),
        sa.column("version", sa.Integer),
        sa.column("created_at", sa.DateTime(timezone=True)),
    )
    steps = sa.table(
        "steps",
        sa.column("game_id", sa.String),
        sa.column("step", sa.Integer),
        sa.column("events", sa.JSON),
    )
    cases = sa.table(
        "cases",
        sa.column("id", sa.String),
        sa.column("system", sa.String),
        sa.column("seed", sa.BigInteger),
        sa.column("case_data", sa.JSON),
        sa.column("author_token_hash", sa.String),
        sa.column("created_at", sa.DateTime(timezone=True)),
    )
    for row in bind.execute(sa.select(games)).all():
        case_id = row.case_id
        if case_id is None:
            case_id = secrets.token_urlsafe(16)
            envelope = _json(row.case_data)
            bind.execute(
                sa.insert(cases).values(
                    id=case_id,
                    system=row.system,
                    seed=envelope.get("seed", row.seed),
                    case_data=envelope,
                    author_token_hash=None,
                    created_at=row.created_at,
                )
            )
        state = _state_without_case(_json(row.state))
        bind.execute(
            sa.update(games)
            .where(games.c.id == row.id)
            .values(case_id=case_id, state=state, options={})
        )
        if state.get("ended") in _MIDNIGHT_ENDINGS.values() and row.version:
            # The step that ended the game told its ending in prose too: the log words codes now.
            where = (steps.c.game_id == row.id) & (steps.c.step == row.version)
            for found in bind.execute(sa.select(steps.c.events).where(where)).all():
                events = [_ending_coded(event, state) for event in _json_list(found.events)]
                bind.execute(sa.update(steps).where(where).values(events=events))
    with op.batch_alter_table("games") as batch:
        batch.drop_column("case_data")
        batch.alter_column("case_id", existing_type=sa.String(32), nullable=False)
        batch.alter_column("options", existing_type=sa.JSON, nullable=False)


def _state_without_case(state: dict[str, Any]) -> dict[str, Any]:
    if "case" not in state:
        return state
    state = {key: value for key, value in state.items() if key != "case"}
    if state.get("ended") in _MIDNIGHT_ENDINGS:
        state["ended"] = _MIDNIGHT_ENDINGS[state["ended"]]
    return state


def _ending_coded(event: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """A Midnight ``game-ended`` event of the previous release as this release records it: its
    ending as a code, with the standings (winners first, inspectors put out last)."""
    data = event.get("data") or {}
    if event.get("type") != "game-ended" or "reason" not in data:
        return event
    winners = [int(seat) for seat in data.get("winners", [])]
    out = {int(seat) for seat in state.get("eliminated", [])}
    seats = len(state.get("seats", []))
    group = {seat: 0 if seat in winners else 2 if seat in out else 1 for seat in range(seats)}
    ordered = sorted(range(seats), key=lambda seat: (group[seat], seat))
    standings = [
        {
            "seat": seat,
            "rank": 1 + sum(1 for other in range(seats) if group[other] < group[seat]),
            "score": 1.0 if seat in winners else 0.0,
        }
        for seat in ordered
    ]
    coded = {
        "ending": _MIDNIGHT_ENDINGS.get(data["reason"], data["reason"]),
        "winners": winners,
        "standings": standings,
        "solution": data.get("solution"),
    }
    return {**event, "data": coded}


def _json_list(value: Any) -> list[dict[str, Any]]:
    loaded = json.loads(value) if isinstance(value, str) else value
    return list(loaded or [])


def _json(value: Any) -> dict[str, Any]:
    loaded = json.loads(value) if isinstance(value, str) else value
    return dict(loaded or {})


def downgrade() -> None:
    raise NotImplementedError("games no longer hold a copy of their case; restore a backup")
