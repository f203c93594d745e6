"""``/v1/cases``: generate a case, read it, check an accusation, ask its Author questions."""

# flask-smorest ships no type hints, so its decorators are untyped.
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

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
    QuestionListSchema,
    QuestionSchema,
)
from rules.core import Action

blp = Blueprint("cases", __name__, url_prefix="/v1", description="Cases for authors and tables.")

CASE = "/cases/<string(maxlength=64):case_id>"


@blp.route("/cases")
class Cases(MethodView):
    @blp.arguments(CaseRequestSchema)
    @blp.response(201, CaseCreatedSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Generate a case

        Its public part and, shown once, the author token that opens its solution.
        """
        return service().create_case(
            body["system"],
            seed=body.get("seed"),
            difficulty=body.get("difficulty"),
            options=body["options"],
        )


@blp.route(CASE)
class Case(MethodView):
    @blp.response(200, CaseSchema)
    @blp.doc(security=[{}, *BEARER])
    def get(self, case_id: str) -> dict[str, Any]:
        """Read a case

        Its public part; with the author token as bearer, its solution, secret and seed too.
        """
        return service().read_case(case_id, token())


@blp.route(f"{CASE}/accusations")
class Accusations(MethodView):
    @blp.arguments(AccusationSchema)
    @blp.response(200, AccusationResultSchema)
    @blp.doc(security=[{}, *BEARER])
    def post(self, body: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Check an accusation against a case

        Only whether it is right as a whole, never which part is wrong; with the case's author
        token as bearer, ``reasons`` also names the wrong fields.
        """
        return service().accuse(case_id, body["accusation"], token())


@blp.route(f"{CASE}/questions")
class Questions(MethodView):
    @blp.response(200, QuestionListSchema)
    @refusals(blp, 422)
    def get(self, case_id: str) -> dict[str, Any]:
        """List the questions the Author answers

        For tables that play a stored case with the physical components: every question the
        Author may be asked about it, each parameter with its finite choices. 422
        ``questions/unsupported`` for a system without an Author.
        """
        return service().questions(case_id)

    @blp.arguments(QuestionSchema)
    @blp.response(200, AnswerSchema)
    def post(self, body: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Ask the Author a question

        The answer the Author would give at the table, as the event's data (with the
        envelope's contents) and its narration. 422 ``questions/unsupported`` for a system
        without an Author, or the rule's code for a question that is not listed.
        """
        return service().ask(case_id, Action(body["type"], body["params"]))
