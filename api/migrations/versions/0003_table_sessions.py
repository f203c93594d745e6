"""Table sessions of the Author's desk, and a bound on the accusations of each case.

A physical table that plays a stored case opens a session: ``tables`` keeps what its Author has
seen (the system's table state) under the table's own token. ``cases.accusations`` counts the
accusations a case has answered or set aside for its tables, so nobody can try them all.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("cases", sa.Column("accusations", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "case_id",
            sa.String(32),
            sa.ForeignKey("cases.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("system", sa.String(64), nullable=False),
        sa.Column("inspectors", sa.JSON, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tables")
    with op.batch_alter_table("cases") as batch:
        batch.drop_column("accusations")
