"""Who made each game, so one client cannot keep more than its share of games running.

``games.creator`` is a hash of the address the game was made from (``api/quotas.py``); games
made before this revision have none and count against nobody.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("games_creator_status", "games", ["creator", "status"])


def downgrade() -> None:
    op.drop_index("games_creator_status", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("creator")
