"""One family for every error casebook raises on purpose.

Each error carries a stable ``code`` a client can branch on, a ``status`` (the HTTP status the
API answers with; the rules only use it as a category), a ``message`` a person understands and,
for bad input, ``fields``: JSON pointers into the request with what is wrong there. The HTTP
layer needs one handler for the whole family; everything else is a bug and answers 500.
"""

from __future__ import annotations

from collections.abc import Sequence

#: A field error: (JSON pointer into the request body, what is wrong there).
FieldError = tuple[str, str]


def json_pointer(*keys: str) -> str:
    """The JSON pointer (RFC 6901) to ``keys`` in a request body: ``/options/a~1b``."""
    return "".join("/" + key.replace("~", "~0").replace("/", "~1") for key in keys)


class CasebookError(Exception):
    """A request casebook refuses, or a service it cannot reach; never a bug."""

    code: str = "error"
    status: int = 400

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        fields: Sequence[FieldError] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.fields: tuple[FieldError, ...] = tuple(fields)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, code={self.code!r})"


class NotFoundError(CasebookError):
    """No such thing, or none the caller may see: the two are never told apart."""

    code = "not-found"
    status = 404


class InvalidInputError(CasebookError):
    """Well-formed input that names something wrong (an option, a field, a case id)."""

    code = "request/invalid"
    status = 422


class ConflictError(CasebookError):
    """The request is well formed but the current state does not allow it."""

    code = "conflict"
    status = 409


class UnavailableError(CasebookError):
    """A service casebook depends on did not answer in time; the same request may succeed."""

    code = "service-unavailable"
    status = 503


class RuleError(ConflictError):
    """An action the rules do not allow now."""

    code = "rule/illegal"


class InvalidActionError(RuleError):
    """The action is malformed: an unknown type, a missing, extra or out-of-range parameter."""

    code = "action/invalid"
    status = 422


class NotYourTurnError(RuleError):
    """The seat may not act now, whatever it asks for."""

    code = "action/not-your-turn"


class GameOverError(RuleError):
    """The game has ended; nothing more can be played."""

    code = "game/over"


class SetupError(RuleError):
    """A game cannot be started as asked: wrong mode, seat count, options or case."""

    code = "setup/invalid"
    status = 422


class UnknownSystemError(InvalidInputError):
    """No system is registered under that id."""

    code = "system/unknown"
