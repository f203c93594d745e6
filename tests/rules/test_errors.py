"""One family for every error casebook raises on purpose (rules/errors.py)."""

from __future__ import annotations

import pickle

import pytest

from rules import errors
from rules.errors import CasebookError

#: Each error, its place in the family, and the code and HTTP status it answers with.
FAMILY = [
    (errors.CasebookError, None, "error", 400),
    (errors.NotFoundError, errors.CasebookError, "not-found", 404),
    (errors.InvalidInputError, errors.CasebookError, "request/invalid", 422),
    (errors.ConflictError, errors.CasebookError, "conflict", 409),
    (errors.UnavailableError, errors.CasebookError, "service-unavailable", 503),
    (errors.RuleError, errors.ConflictError, "rule/illegal", 409),
    (errors.InvalidActionError, errors.RuleError, "action/invalid", 422),
    (errors.NotYourTurnError, errors.RuleError, "action/not-your-turn", 409),
    (errors.GameOverError, errors.RuleError, "game/over", 409),
    (errors.SetupError, errors.RuleError, "setup/invalid", 422),
    (errors.UnknownSystemError, errors.InvalidInputError, "system/unknown", 422),
]


@pytest.mark.parametrize(("error", "parent", "code", "status"), FAMILY)
def test_each_error_has_its_code_status_and_place(
    error: type[CasebookError], parent: type[CasebookError] | None, code: str, status: int
) -> None:
    raised = error("something is wrong")
    assert isinstance(raised, CasebookError) and isinstance(raised, Exception)
    if parent is not None:
        assert issubclass(error, parent)
    assert (raised.code, raised.status) == (code, status)
    assert raised.message == str(raised) == "something is wrong"
    assert raised.fields == ()


def test_a_code_and_fields_may_be_given_per_error_without_changing_the_class() -> None:
    raised = errors.SetupError(
        "no such mode", code="setup/unknown-mode", fields=[("/mode", "Unknown mode.")]
    )
    assert raised.code == "setup/unknown-mode" and raised.status == 422
    assert raised.fields == (("/mode", "Unknown mode."),)
    assert errors.SetupError("x").code == "setup/invalid"
    assert repr(raised) == "SetupError('no such mode', code='setup/unknown-mode')"


def test_an_error_survives_pickling_with_its_code_and_fields() -> None:
    """Errors cross process boundaries (a generator's worker process) intact."""
    raised = errors.InvalidInputError("bad", code="case/bad-options", fields=[("/seed", "no")])
    copy = pickle.loads(pickle.dumps(raised))
    assert type(copy) is errors.InvalidInputError
    assert (copy.message, copy.code, copy.status, copy.fields) == (
        "bad",
        "case/bad-options",
        422,
        (("/seed", "no"),),
    )


def test_one_handler_catches_the_whole_family() -> None:
    for error, *_ in FAMILY:
        with pytest.raises(CasebookError):
            raise error("x")
