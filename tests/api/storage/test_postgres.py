"""PostgreSQL specifics: a lost server connection surfaces as a clean, recoverable StoreError."""

from __future__ import annotations

import secrets

import pytest
import sqlalchemy as sa

from api.storage import Store, StoreError
from tests.api.storage.conftest import new_game
from tests.conftest import POSTGRES_URL

pytestmark = pytest.mark.postgres


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
def test_a_lost_connection_is_a_clean_store_error(database_url: str) -> None:
    application = f"casebook_test_{secrets.token_hex(4)}"
    store = Store(
        sa.make_url(database_url)
        .update_query_dict({"application_name": application})
        .render_as_string(hide_password=False)
    )
    admin = sa.create_engine(POSTGRES_URL, poolclass=sa.NullPool)
    try:
        store.migrate()
        game = new_game(store)
        with admin.connect() as conn:  # the server drops every pooled connection of the store
            conn.execute(
                sa.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE application_name = :name"
                ),
                {"name": application},
            )

        with pytest.raises(StoreError) as caught:
            store.open_game(game.id)
        recovered = store.open_game(game.id)
    finally:
        store.dispose()
        admin.dispose()

    for message in (caught.value.message, str(caught.value)):  # what a client and the log see
        for leak in ("terminat", "server", "psycopg", "SELECT", "games", "127.0.0.1", application):
            assert leak not in message
    assert recovered is not None  # the pool threw the dead connection away
    assert (recovered.version, recovered.state) == (game.version, game.state)
