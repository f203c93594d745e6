"""``/v1/health``: is the API up, which version, and can it reach its database."""

# flask-smorest ships no type hints, so its decorators are untyped.
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from api.problem_docs import refusals
from api.resources import service
from api.schemas import HealthSchema

blp = Blueprint("health", __name__, url_prefix="/v1", description="Liveness.")


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @refusals(blp, 503)
    def get(self) -> dict[str, Any]:
        """Report liveness, version and database

        503 when the database cannot be reached.
        """
        service().check_database()
        return {"status": "ok", "version": current_app.config["API_VERSION"], "database": "ok"}
