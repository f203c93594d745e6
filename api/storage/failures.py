"""Turn driver failures into ``StoreError`` messages safe to show a client.

The original exception, with its SQL, parameters, file path and driver text, goes to the log
only; the message raised names the operation and nothing else, and chains nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import exc

from api.storage.records import StoreError

logger = logging.getLogger("api.storage")


@contextmanager
def translated(operation: str) -> Iterator[None]:
    """Re-raise database failures inside the block as ``StoreError("could not <operation>")``."""
    try:
        yield
    except (exc.DBAPIError, exc.TimeoutError):
        logger.exception("storage failed to %s", operation)
        raise StoreError(f"the database could not {operation}; try again shortly") from None
