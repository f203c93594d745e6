"""``/v1/cases``: generate a case, read it, check an accusation against it."""

# flask-smorest ships no type hints, so its decorators are untyped.
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.resources import BEARER, problems, service, token
from api.schemas import (
    AccusationResultSchema,
    AccusationSchema,
    CaseCreatedSchema,
    CaseRequestSchema,
    CaseSchema,
)

blp = Blueprint("cases", __name__, url_prefix="/v1", description="Cases for authors and tables.")

CASE = "/cases/<string(maxlength=64):case_id>"


@blp.route("/cases")
class Cases(MethodView):
    @blp.arguments(CaseRequestSchema)
    @blp.response(201, CaseCreatedSchema)
    @problems(blp, 400, 413, 415)
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
    @problems(blp, 401, 404)
    def get(self, case_id: str) -> dict[str, Any]:
        """Read a case

        Its public part; with the author token as bearer, its solution, secret and seed too.
        """
        return service().read_case(case_id, token())


@blp.route(f"{CASE}/accusations")
class Accusations(MethodView):
    @blp.arguments(AccusationSchema)
    @blp.response(200, AccusationResultSchema)
    @problems(blp, 400, 404, 413, 415)
    def post(self, body: dict[str, Any], case_id: str) -> dict[str, Any]:
        """Check an accusation against a case

        Only whether it is right as a whole, never which part is wrong.
        """
        return service().accuse(case_id, body["accusation"])
