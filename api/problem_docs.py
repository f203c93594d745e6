"""The problem responses of every operation, derived from what the operation is.

An operation's possible errors follow from its shape: a body can be malformed (400), too large
(413), of the wrong type (415) or invalid (422); a query can be invalid (422); a path names
something that may not exist, or not for this caller (404); a bearer token can be missing or
wrong (401); anything that reaches the database can find it busy (503). An apispec plugin adds
them to each operation as the spec is built, so the description cannot forget one; a resource
declares only the refusals its shape does not imply, with :func:`refusals` (a rule's 409, a
stale ``If-Match``'s 412). Nothing of this runs when a request is served.

Schemathesis's ``status_code_conformance`` check holds the description to what the server
answers (``tests/api/test_fuzz.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any, TypeVar

from apispec import BasePlugin

F = TypeVar("F", bound=Callable[..., Any])

BODY = (400, 413, 415, 422)


def derived(path: str, operation: dict[str, Any]) -> set[int]:
    """The problem statuses an operation's shape implies."""
    statuses: set[int] = set()
    has_body = "requestBody" in operation
    if has_body:
        statuses.update(BODY)
    if any(param.get("in") == "query" for param in operation.get("parameters", [])):
        statuses.add(422)
    names_something = "{" in path
    if names_something:
        statuses.add(404)
    if any("bearerAuth" in requirement for requirement in operation.get("security", [])):
        statuses.add(401)
    if has_body or names_something:  # it reads or writes the store
        statuses.add(503)
    return statuses


class ProblemResponsesPlugin(BasePlugin):
    """Adds the derived problem responses, by reference, to every operation."""

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            for status in sorted(derived(path or "", operation)):
                responses.setdefault(str(status), HTTPStatus(status).name)


def refusals(blueprint: Any, *statuses: int) -> Callable[[F], F]:
    """Document refusals an operation's shape does not imply (documentation only)."""
    responses = {str(status): HTTPStatus(status).name for status in statuses}
    decorator: Callable[[F], F] = blueprint.doc(responses=responses)
    return decorator
