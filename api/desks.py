"""The use-cases of a case's Author outside any game: accusations, the author's questions, and
table sessions for physical tables, with no HTTP in them.

What answers a question never says more than the Author would at the table: anyone may check
an accusation, a bounded number of times per case; the author token (which reads the whole
sheet anyway) may ask anything about its case; a table asks through its own session, which
refuses what its Author would refuse.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from api import security
from api.cases import CaseCache, OpenCase
from api.security import Unauthenticated
from api.storage import (
    ACTIVE,
    FINISHED,
    WRITE_ATTEMPTS,
    Store,
    StoredCase,
    StoredTable,
    VersionConflict,
)
from narration import DEFAULT_CLOCK, narrate_ending, narrate_event
from rules import registry
from rules.core import (
    AccusationChoices,
    Action,
    AuthorDesk,
    ConflictError,
    Outcome,
    TableDesk,
    check_action,
)
from rules.errors import InvalidInputError, NotFoundError, RuleError, json_pointer
from rules.events import Event

#: Accusations a case answers in all, counting those set aside for its tables (one for each
#: inspector): enough for two full tables, far too few to try every combination.
ACCUSATIONS_PER_CASE = 12


class AccusationsSpent(ConflictError):
    """The case has answered all the accusations it will."""

    code = "accusation/limit-reached"


class Desks:
    """The Author of stored cases, over one store and the service's decoded cases."""

    def __init__(self, store: Store, cases: CaseCache) -> None:
        self.store = store
        self.cases = cases

    # ------------------------------------------------------------------------ accusations

    def accuse(
        self, case_id: str, accusation: Mapping[str, str], token: str | None = None
    ) -> dict[str, Any]:
        """Whether ``accusation`` names the solution.

        Which parts are wrong (``reasons``) is told only to the case's author token, which
        knows them anyway; anyone else learns right or wrong, at most
        :data:`ACCUSATIONS_PER_CASE` times a case, so nobody can try every combination.
        """
        stored = self._stored_case(case_id)
        if token is not None:
            _check_author(stored, token)
        opened = self._open_case(case_id)
        solution = stored.case.get("solution")
        fields = registry.get(stored.system).SPEC.accusation_fields
        if not fields or solution is None:
            raise InvalidInputError(
                "This system has no accusations.",
                code="accusation/unsupported",
                fields=[("/accusation", "This system has no accusations.")],
            )
        _check_accusation(opened, fields, accusation)
        if token is None and not self.store.tables.spend_accusations(
            case_id, 1, limit=ACCUSATIONS_PER_CASE
        ):
            raise _spent()
        wrong = [name for name in fields if accusation[name] != solution.get(name)]
        answer: dict[str, Any] = {"correct": not wrong}
        if token is not None:
            answer["reasons"] = wrong
        return answer

    # ------------------------------------------------------------------------ the author

    def questions(self, case_id: str, token: str | None) -> dict[str, Any]:
        """Every question the author may ask of the case, each parameter with its choices."""
        desk, opened = self._author_desk(case_id, token)
        return {"questions": [spec.to_json() for spec in desk.author_questions(opened.case)]}

    def ask(
        self, case_id: str, token: str | None, question: Action, clock: str = DEFAULT_CLOCK
    ) -> dict[str, Any]:
        """The sheet's answer to one question, for the author, as event data and text."""
        desk, opened = self._author_desk(case_id, token)
        check_action(desk.author_questions(opened.case), question)
        try:
            event = desk.author_answer(opened.case, question)
        except RuleError as error:  # a listed question the sheet cannot answer: still bad input
            raise InvalidInputError(error.message, code=error.code) from None
        shown = {"type": event.type, **event.data, **event.secret}
        text = narrate_event(
            opened.system,
            {**shown, "actor": 0},
            names=[desk.ASKER],
            glossary=opened.glossary,
            clock=clock,
        )
        return {"event": shown, "text": text}

    # ------------------------------------------------------------------------ tables

    def open_table(self, case_id: str, inspectors: Sequence[str]) -> dict[str, Any]:
        """A table session for ``inspectors``, with its token (shown here only), and one
        accusation set aside on the case for each inspector."""
        opened = self._open_case(case_id)
        desk = _table_desk(opened)
        table = desk.open_table(opened.case, len(inspectors))
        token = security.new_token()
        stored = self.store.tables.create_table(
            case_id=case_id,
            system=opened.system,
            inspectors=inspectors,
            token_hash=security.hash_token(token),
            state=desk.table_to_json(table),
            status=ACTIVE,
            accusations=len(inspectors),
            limit=ACCUSATIONS_PER_CASE,
        )
        if stored is None:
            raise _spent()
        return {**self._shown(stored, opened, desk, table, DEFAULT_CLOCK), "token": token}

    def read_table(
        self, case_id: str, table_id: str, token: str | None, clock: str = DEFAULT_CLOCK
    ) -> dict[str, Any]:
        """What lies open on the table, and the end once the case is closed."""
        stored, opened, desk = self._table(case_id, table_id, token)
        return self._shown(stored, opened, desk, desk.table_from_json(stored.state), clock)

    def table_questions(
        self, case_id: str, table_id: str, token: str | None, inspector: int
    ) -> dict[str, Any]:
        """What ``inspector`` may ask now, each parameter with its choices."""
        stored, opened, desk = self._table(case_id, table_id, token)
        _check_inspector(stored, inspector)
        table = desk.table_from_json(stored.state)
        questions = desk.table_questions(opened.case, table, inspector)
        return {"version": stored.version, "questions": [spec.to_json() for spec in questions]}

    def ask_table(
        self,
        case_id: str,
        table_id: str,
        token: str | None,
        inspector: int,
        question: Action,
        clock: str = DEFAULT_CLOCK,
    ) -> dict[str, Any]:
        """The Author's answer to ``inspector``, stored with one compare-and-set; a lost race
        is answered again on the new table."""
        attempt = 1
        while True:
            try:
                return self._ask_once(case_id, table_id, token, inspector, question, clock)
            except VersionConflict:
                if attempt >= WRITE_ATTEMPTS:
                    raise
                attempt += 1

    # ------------------------------------------------------------------------ helpers

    def _ask_once(
        self,
        case_id: str,
        table_id: str,
        token: str | None,
        inspector: int,
        question: Action,
        clock: str,
    ) -> dict[str, Any]:
        stored, opened, desk = self._table(case_id, table_id, token)
        _check_inspector(stored, inspector)
        table, events = desk.table_answer(
            opened.case, desk.table_from_json(stored.state), inspector, question
        )
        outcome = desk.table_result(opened.case, table)
        status = ACTIVE if outcome is None else FINISHED
        version = self.store.tables.advance_table(
            stored.id,
            expected_version=stored.version,
            state=desk.table_to_json(table),
            status=status,
        )
        answer: dict[str, Any] = {
            "version": version,
            "status": status,
            "events": _narrated(stored, opened, events, inspector, clock),
        }
        if outcome is not None:
            answer["result"] = _result(stored, opened, outcome, clock)
        return answer

    def _shown(
        self, stored: StoredTable, opened: OpenCase, desk: TableDesk, table: Any, clock: str
    ) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "id": stored.id,
            "case_id": stored.case_id,
            "system": stored.system,
            "inspectors": list(stored.inspectors),
            "version": stored.version,
            "status": stored.status,
            "view": desk.table_view(opened.case, table),
        }
        outcome = desk.table_result(opened.case, table)
        if outcome is not None:
            shown["result"] = _result(stored, opened, outcome, clock)
        return shown

    def _table(
        self, case_id: str, table_id: str, token: str | None
    ) -> tuple[StoredTable, OpenCase, TableDesk]:
        """The table ``token`` opens, under ``case_id``; a stranger learns nothing more than
        that there is no such table for it."""
        if token is None or not security.is_well_formed(token):
            raise Unauthenticated("This needs the bearer token of this table.")
        stored = self.store.tables.get_table(table_id)
        if (
            stored is None
            or stored.case_id != case_id
            or not security.matches(token, stored.token_hash)
        ):
            raise NotFoundError(
                "There is no table with this id for this token.", code="table/not-found"
            )
        opened = self._open_case(case_id)
        return stored, opened, _table_desk(opened)

    def _author_desk(self, case_id: str, token: str | None) -> tuple[AuthorDesk, OpenCase]:
        """The system of a stored case as an Author, for its author token only."""
        stored = self._stored_case(case_id)
        if token is None:
            raise Unauthenticated("Only the author token of this case may ask its whole sheet.")
        _check_author(stored, token)
        opened = self._open_case(case_id)
        system = registry.get(opened.system)
        if not isinstance(system, AuthorDesk):
            raise InvalidInputError(
                f"{system.SPEC.name} has no Author to ask questions of.",
                code="questions/unsupported",
            )
        return system, opened

    def _stored_case(self, case_id: str) -> StoredCase:
        stored = self.store.get_case(case_id)
        if stored is None:
            raise NotFoundError("There is no case with this id.", code="case/not-found")
        return stored

    def _open_case(self, case_id: str) -> OpenCase:
        opened = self.cases.get(case_id, self.store.get_case)
        if opened is None:
            raise NotFoundError("There is no case with this id.", code="case/not-found")
        return opened


def _check_author(stored: StoredCase, token: str) -> None:
    if not security.matches(token, stored.author_token_hash):
        raise Unauthenticated("This token is not the author token of this case.")


def _check_accusation(
    opened: OpenCase, fields: Sequence[str], accusation: Mapping[str, str]
) -> None:
    """Exactly the system's fields, each naming something of the case when the system says
    what that is: an unknown id is bad input, never a wrong guess."""
    missing = [name for name in fields if name not in accusation]
    unknown = sorted(name for name in accusation if name not in fields)
    problems = [
        (json_pointer("accusation", name), "Missing data for required field.") for name in missing
    ]
    problems += [(json_pointer("accusation", name), "Unknown field.") for name in unknown]
    if problems:
        raise InvalidInputError(
            f"An accusation names exactly: {', '.join(fields)}.",
            code="accusation/bad-fields",
            fields=problems,
        )
    system = registry.get(opened.system)
    if not isinstance(system, AccusationChoices):
        return
    choices = system.accusation_choices(opened.case)
    bad = [name for name in fields if accusation[name] not in choices.get(name, ())]
    if bad:
        raise InvalidInputError(
            f"An accusation names what the case has: {', '.join(bad)} names nothing of it.",
            code="accusation/unknown-id",
            fields=[
                (json_pointer("accusation", name), "Not one of the case's ids.") for name in bad
            ],
        )


def _check_inspector(stored: StoredTable, inspector: int) -> None:
    if not 0 <= inspector < len(stored.inspectors):
        detail = f"This table seats inspectors 0 to {len(stored.inspectors) - 1}."
        raise InvalidInputError(
            detail, code="table/unknown-inspector", fields=[("/inspector", detail)]
        )


def _table_desk(opened: OpenCase) -> TableDesk:
    system = registry.get(opened.system)
    if not isinstance(system, TableDesk):
        raise InvalidInputError(
            f"{system.SPEC.name} has no Author to sit at a table.", code="tables/unsupported"
        )
    return system


def _spent() -> AccusationsSpent:
    return AccusationsSpent(
        f"This case has answered its {ACCUSATIONS_PER_CASE} accusations: no more are taken, so "
        "nobody can try them all."
    )


def _narrated(
    stored: StoredTable, opened: OpenCase, events: Iterable[Event], inspector: int, clock: str
) -> list[dict[str, Any]]:
    """The events as the asking inspector sees them (who alone reads an envelope), narrated."""
    shown: list[dict[str, Any]] = []
    for event in events:
        seen = event.for_seat(inspector)
        if seen is not None:
            text = narrate_event(
                stored.system, seen, names=stored.inspectors, glossary=opened.glossary, clock=clock
            )
            shown.append({**seen, "text": text})
    return shown


def _result(stored: StoredTable, opened: OpenCase, outcome: Outcome, clock: str) -> dict[str, Any]:
    data = outcome.to_json()
    names, glossary = stored.inspectors, opened.glossary
    text = narrate_ending(stored.system, data, names=names, glossary=glossary, clock=clock)
    return {**data, "text": text}
