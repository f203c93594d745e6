"""Alembic environment: migrations run only on the connection ``api.storage.migrate`` passes in.

That keeps the URL out of Alembic's configuration and the whole upgrade inside the caller's
transaction and lock. To upgrade a database by hand, call ``Store(url).migrate()``.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations with api.storage.Store(url).migrate(), not the alembic CLI")

context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
