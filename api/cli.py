"""The ``casebook`` command: serve the API (later issues add generate, verify and play).

Errors are one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 1-65535, not {port}")
    return port


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="casebook", description="Murder-mystery cases and games behind a REST API."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser(
        "serve", help="serve the API (gunicorn; Flask's server with --debug)"
    )
    serve.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    serve.add_argument(
        "--port", type=_port, default=os.environ.get("PORT", "8000"), help="default: $PORT or 8000"
    )
    serve.add_argument(
        "--workers",
        type=_positive,
        default=os.environ.get("WEB_CONCURRENCY", "2"),
        help="gunicorn worker processes (default: $WEB_CONCURRENCY or 2)",
    )
    serve.add_argument("--debug", action="store_true", help="Flask's reloading debug server")
    serve.set_defaults(run=_serve)

    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(run=_migrate)
    return parser


def _serve(args: argparse.Namespace) -> None:
    from api.app import create_app

    if args.debug:
        create_app().run(host=args.host, port=args.port, debug=True)
        return
    from gunicorn.app.base import BaseApplication

    create_app().extensions["casebook"].store.dispose()  # migrates once, before the fork

    class Server(BaseApplication):  # type: ignore[misc]  # gunicorn ships no type hints
        def load_config(self) -> None:
            self.cfg.set("bind", f"{args.host}:{args.port}")
            self.cfg.set("workers", args.workers)
            self.cfg.set("worker_class", "sync")
            self.cfg.set("accesslog", "-")

        def load(self) -> Callable[..., Any]:
            return create_app({"AUTO_MIGRATE": False})

    Server().run()


def _migrate(args: argparse.Namespace) -> None:
    from api.app import create_app

    store = create_app({"AUTO_MIGRATE": False}).extensions["casebook"].store
    store.migrate()
    print("database schema is up to date")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # one line for a person, never a traceback
        print(f"casebook: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
