"""``/v1/cases``: generate a case, read it, check an accusation, ask its Author questions, and
open a table session for a physical table that plays it."""

# flask-smorest ships no type hints, so its decorators are untyped.
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from flask_smorest import Blueprint

from api.problem_docs import refusals
from api.resources import BEARER, service, token
from api.schemas import (
    AccusationResultSchema,
    AccusationSchema,
    AnswerSchema,
    CaseCreatedSchema,
    CaseRequestSchema,
    CaseSchema,
    ClockQuerySchema,
    QuestionListSchema,
    QuestionSchema,
    TableAnswerSchema,
    TableCreatedSchema,
    TableQuestionListSchema,
    TableQuestionSchema,
    TableQuestionsQuerySchema,
    TableRequestSchema,
    TableSchema,
)
from rules.core import Action

#: ``?clock=24h``: how the text of the answer says times (the table's 7:30 pm by default).
CLOCK = {"location": "query", "unknown": ma.RAISE}

blp = Blueprint("cases", __name__, url_prefix="/v1", description="Cases for authors and tables.")

CASE = "/cases/<id:case_id>"
TABLE = f"{CASE}/tables/<id:table_id>"


@blp.route("/cases")
class Cases(MethodView):
    @refusals(blp, 429)
    @blp.arguments(CaseRequestSchema)
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(201, CaseCreatedSchema)
    def post(self, body: dict[str, Any], query: dict[str, Any]) -> dict[str, Any]:
        """Generate a case

        Its public part and, shown once, the author token that opens its solution.
        """
        return service().create_case(
            body["system"],
            seed=body.get("seed"),
            difficulty=body.get("difficulty"),
            options=body["options"],
            clock=query["clock"],
        )


@blp.route(CASE)
class Case(MethodView):
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(200, CaseSchema)
    @blp.doc(security=[{}, *BEARER])
    def get(self, query: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Read a case

        Its public part; with the author token as bearer, its solution, secret and seed too.
        """
        return service().read_case(case_id, token(), query["clock"])


@blp.route(f"{CASE}/accusations")
class Accusations(MethodView):
    @blp.arguments(AccusationSchema)
    @blp.response(200, AccusationResultSchema)
    @blp.doc(security=[{}, *BEARER])
    @refusals(blp, 409, 429)
    def post(self, body: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Check an accusation against a case

        Only whether it is right as a whole, never which part is wrong. Each field names an
        id of the case (422 ``accusation/unknown-id`` otherwise). A case answers 12
        accusations in all, counting one set aside for each inspector of its tables; then 409
        ``accusation/limit-reached``. With the case's author token as bearer there is no
        bound, and ``reasons`` also names the wrong fields.
        """
        return service().desks.accuse(case_id, body["accusation"], token())


@blp.route(f"{CASE}/questions")
class Questions(MethodView):
    @blp.response(200, QuestionListSchema)
    @blp.doc(security=BEARER)
    @refusals(blp, 422)
    def get(self, case_id: str) -> dict[str, Any]:
        """List the questions of the whole sheet

        For the case's author token only: every question about the case, each parameter with
        its finite choices. 422 ``questions/unsupported`` for a system without an Author. A
        table that plays asks through a table session instead.
        """
        return service().desks.questions(case_id, token())

    @blp.arguments(QuestionSchema)
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(200, AnswerSchema)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], query: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Ask the sheet a question

        For the case's author token only, who reads the whole sheet anyway: the answer as the
        event's data (with the envelope's contents) and its narration.
        """
        question = Action(body["type"], body["params"])
        return service().desks.ask(case_id, token(), question, query["clock"])


@blp.route(f"{CASE}/tables")
class Tables(MethodView):
    @blp.arguments(TableRequestSchema)
    @blp.response(201, TableCreatedSchema)
    @refusals(blp, 409, 429)
    def post(self, body: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Open a table session

        For a physical table that plays the case with the printed components: the desk
        answers what the table would ask its Author, and remembers what that Author sees.
        Sets aside one of the case's accusations for each inspector (409
        ``accusation/limit-reached`` when too few are left). The token is shown once.
        """
        return service().desks.open_table(case_id, body["inspectors"])


@blp.route(TABLE)
class Table(MethodView):
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(200, TableSchema)
    @blp.doc(security=BEARER)
    def get(self, query: dict[str, Any], case_id: str, table_id: str) -> dict[str, Any]:
        """Read a table

        What lies open on it (face-up cards with their tokens and markers, who is out, what was
        accused aloud); the end and the solution once the case is closed.
        """
        return service().desks.read_table(case_id, table_id, token(), query["clock"])


@blp.route(f"{TABLE}/questions")
class TableQuestions(MethodView):
    @blp.arguments(TableQuestionsQuerySchema(), location="query", unknown=ma.RAISE)
    @blp.response(200, TableQuestionListSchema)
    @blp.doc(security=BEARER)
    def get(self, query: dict[str, Any], case_id: str, table_id: str) -> dict[str, Any]:
        """List an inspector's questions

        What the inspector may ask the Author now, each parameter with its finite choices;
        none once the inspector is out or the case is closed.
        """
        return service().desks.table_questions(case_id, table_id, token(), query["inspector"])

    @blp.arguments(TableQuestionSchema())
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(200, TableAnswerSchema)
    @blp.doc(security=BEARER)
    @refusals(blp, 409)
    def post(
        self, body: dict[str, Any], query: dict[str, Any], case_id: str, table_id: str
    ) -> dict[str, Any]:
        """Ask the Author

        The answer as the asking inspector sees it (who alone reads an envelope), narrated. A
        question about anything the case does not have is 422; one the open table does not
        allow is 409 with the rule's code (``desk/not-found``, ``desk/eliminated``, …).
        """
        question = Action(body["type"], body["params"])
        return service().desks.ask_table(
            case_id, table_id, token(), body["inspector"], question, query["clock"]
        )
