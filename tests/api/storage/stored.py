"""What the store holds for a game, read straight from its tables: how the tests inspect it,
and how they check that the stored log replays to the stored state.

The service never needs a game's whole record (it opens games through ``Store.open_game``), so
the store offers no such read; tests that check what was written read it here.
"""

from __future__ import annotations

import sqlalchemy as sa

from api.storage import Store, StoredGame, StoredSeat
from api.storage.schema import games, seats
from rules import registry
from rules.core import Action, Seat, start


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


def assert_replays(store: Store, game_id: str) -> None:
    """The stored log, applied in order to a game rebuilt from the stored case, seed and
    options, makes exactly the stored state and status: the secret seed is all a replay needs."""
    game = read_game(store, game_id)
    assert game is not None
    stored_case = store.get_case(game.case_id)
    assert stored_case is not None
    system = registry.get(game.system)
    seats = [Seat(seat.name, seat.bot) for seat in game.seats]
    case, state = start(
        system, stored_case.case, seats, game.mode, seed=game.seed, options=game.options
    )
    steps = store.list_steps(game_id)
    assert [step.step for step in steps] == list(range(1, game.version + 1))
    for step in steps:
        state, _ = system.apply(case, state, step.seat, Action.from_json(step.action))
    assert system.state_to_json(state) == game.state
    assert ("active" if system.result(case, state) is None else "finished") == game.status
