"""The Flask app factory: configuration, systems, the store, the API and its error handling."""

from __future__ import annotations

from typing import Any

import orjson
import swagger_ui_bundle
from flask import Flask, Response, send_from_directory

from api import config, errors, hot_routes, housekeeping, idempotency, ratelimits
from api.contract import state_the_contract
from api.generation import Generation
from api.idempotency import IdempotencyKeyPlugin
from api.ids import IdConverter, id_schema
from api.problem_docs import ProblemResponsesPlugin
from api.resources import (
    StrictJSONProvider,
    cases,
    games,
    health,
    require_json_body,
    systems,
)
from api.schemas import GameRequestSchema
from api.service import Service
from api.storage import Store
from api.systems import load_systems
from rules.kit import texts

BEARER_SCHEME = {"type": "http", "scheme": "bearer", "description": "a seat's or author's token"}


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """A configured app: settings from the environment, then ``test_config`` over them."""
    app = Flask(__name__)
    app.json = StrictJSONProvider(app)
    app.config.from_mapping(config.from_env())
    if test_config:
        app.config.from_mapping(test_config)

    load_systems(app.config["PLUGINS"])
    texts.use(orjson.dumps)  # the rules' texts of stored parts, orjson's: the same, cheaper

    store = Store(app.config["DATABASE_URL"], sqlite_synchronous=app.config["SQLITE_SYNCHRONOUS"])
    if app.config["AUTO_MIGRATE"]:
        store.migrate()
    running_limit = app.config["RUNNING_GAMES_PER_CLIENT"] or None
    generation = Generation(app.config["GENERATION_TIME_LIMIT"])
    app.extensions["casebook"] = Service(store, running_limit=running_limit, generation=generation)

    app.url_map.converters["id"] = IdConverter
    api = errors.ProblemApi(
        app, spec_kwargs={"extra_plugins": [IdempotencyKeyPlugin(), ProblemResponsesPlugin()]}
    )
    api.register_converter(IdConverter, id_schema)
    state_the_contract(api, GameRequestSchema)
    api.spec.components.security_scheme("bearerAuth", BEARER_SCHEME)
    for module in (health, systems, cases, games):
        api.register_blueprint(module.blp)
    errors.register(app)
    ratelimits.install(app)  # first of the checks: a client over its limit costs little
    housekeeping.install(app)
    app.before_request(require_json_body)
    idempotency.register(app)  # after the body checks: a malformed request claims no key
    app.add_url_rule("/docs/assets/<path:filename>", "docs_assets", _docs_asset)
    hot_routes.install(app)  # last: it checks the hooks above are all it knows
    return app


def _docs_asset(filename: str) -> Response:
    """Swagger UI's own files, served from the installed package: /docs needs no CDN."""
    return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)
