"""What the store holds for a game, read straight from its tables: how the tests inspect it.

The service never needs a game's whole record (it opens games through ``Store.open_game``), so
the store offers no such read; tests that check what was written read it here.
"""

from __future__ import annotations

import sqlalchemy as sa

from api.storage import Store, StoredGame, StoredSeat
from api.storage.schema import games, seats


def read_game(store: Store, game_id: str) -> StoredGame | None:
    """The whole stored record of ``game_id`` (timestamps included), or ``None``."""
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(games).where(games.c.id == game_id)).first()
        if row is None:
            return None
        seat_rows = conn.execute(
            sa.select(seats).where(seats.c.game_id == game_id).order_by(seats.c.number)
        ).all()
    return StoredGame(
        id=row.id,
        system=row.system,
        mode=row.mode,
        seed=row.seed,
        case_id=row.case_id,
        options=row.options,
        seats=tuple(
            StoredSeat(number=s.number, name=s.name, bot=s.bot, token_hash=s.token_hash)
            for s in seat_rows
        ),
        version=row.version,
        state=row.state,
        status=row.status,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )
