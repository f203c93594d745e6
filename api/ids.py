"""What an id may look like, in a body and in a path.

Ids are the server's (games, cases, tables: ``secrets.token_urlsafe``) or a system's (systems,
modes, actions, parameters, options: short lowercase words). Both fit one pattern, which the
OpenAPI description states, so a NUL byte, a space or 10 KB of text never reach the database:
a body with one is a 422, a path with one matches no route (404).
"""

from __future__ import annotations

from typing import Any

from werkzeug.routing import BaseConverter

#: An id in a body: the URL-safe alphabet, dots and colons, 1 to 64 characters.
ID_PATTERN = r"^[A-Za-z0-9_.:-]{1,64}$"
ID_RULE = "An id is 1 to 64 letters, digits, '_', '-', '.' or ':'."
#: An id in a path: the alphabet of ``secrets.token_urlsafe``.
PATH_ID = r"[A-Za-z0-9_-]{1,64}"


class IdConverter(BaseConverter):
    """``<id:game_id>``: a path segment that can be one of our ids."""

    regex = PATH_ID


#: How the description states ``IdConverter``'s paths (flask-smorest ``register_converter``).
def id_schema(converter: Any) -> dict[str, Any]:
    return {"type": "string", "pattern": f"^{PATH_ID}$", "minLength": 1, "maxLength": 64}
