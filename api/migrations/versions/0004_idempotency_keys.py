"""Idempotency keys: a POST repeated with the same key is applied once and answered alike.

A row per (scope, key): the scope is the caller's token and the path, hashed with the key, so
no key is stored; the answer is kept sealed with a secret derived from the key, which only its
sender knows (a created game's answer holds its seats' tokens).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "idempotency_keys",
        sa.Column("lookup", sa.String(64), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer, nullable=True),
        sa.Column("sealed", sa.LargeBinary, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("idempotency_keys_created_at", "idempotency_keys", ["created_at"])


def downgrade() -> None:
    op.drop_index("idempotency_keys_created_at", "idempotency_keys")
    op.drop_table("idempotency_keys")
