"""``/v1/systems``: the game systems this server plays."""

# flask-smorest ships no type hints, so its decorators are untyped.
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.resources import service
from api.schemas import SystemListSchema

blp = Blueprint("systems", __name__, url_prefix="/v1", description="The game systems.")


@blp.route("/systems")
class Systems(MethodView):
    @blp.response(200, SystemListSchema)
    def get(self) -> dict[str, Any]:
        """List the systems with their modes, seat counts and action types"""
        return service().systems()
