"""The ``casebook`` command: serve the API; generate, verify and play cases at the terminal.

Errors are one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

DIFFICULTIES = ("easy", "standard", "hard")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 1-65535, not {port}")
    return port


def _whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return parse


_seed = _whole_number(0)
_positive = _whole_number(1)


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
    serve.add_argument(
        "--access-log",
        action=argparse.BooleanOptionalAction,
        default=os.environ.get("CASEBOOK_ACCESS_LOG", "").lower() in {"1", "true", "yes", "on"},
        help="log every request to stdout (default: off, or $CASEBOOK_ACCESS_LOG=1)",
    )
    serve.add_argument("--debug", action="store_true", help="Flask's reloading debug server")
    serve.set_defaults(run=_serve)

    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(run=_migrate)

    generate = commands.add_parser(
        "generate",
        help="generate cases: JSON Lines (solution included) or a printable case book",
        description="Generate cases for seeds N, N+1, ... (a random N without --seed).",
    )
    generate.add_argument("system", metavar="SYSTEM", help="system id, e.g. murdered-by-midnight")
    generate.add_argument("--seed", type=_seed, help="the first seed (default: random)")
    generate.add_argument("--count", type=_positive, default=1, help="how many cases (default 1)")
    generate.add_argument("--difficulty", choices=DIFFICULTIES)
    generate.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a generator option, the value read as JSON when it is (locations=8); repeatable",
    )
    generate.add_argument("--format", choices=("json", "text"), default="json")
    generate.add_argument("--output", metavar="FILE", help="write here instead of stdout")
    generate.set_defaults(run=_generate)

    verify = commands.add_parser(
        "verify",
        help="check cases again with their system's independent verifier",
        description="Re-check each case envelope of a JSON Lines file; exit 1 if any fails.",
    )
    verify.add_argument("file", metavar="FILE", help="JSON Lines of case envelopes, or - for stdin")
    verify.set_defaults(run=_verify)

    play = commands.add_parser(
        "play",
        help="play a whole game at the terminal against the bots",
        description=(
            "Play a game in the terminal: type numbers to choose, b to go back, q to quit."
        ),
    )
    play.add_argument("system", metavar="SYSTEM", help="system id, e.g. murdered-by-midnight")
    play.add_argument("--mode", help="default: the system's first mode that takes this many seats")
    play.add_argument("--seed", type=_seed, help="the case and game seed (default: random)")
    play.add_argument("--difficulty", choices=DIFFICULTIES)
    play.add_argument(
        "--seats",
        metavar="NAMES",
        help='comma-separated seats, "bot" for a bot: "Ann,bot,bot" (default: one person)',
    )
    play.set_defaults(run=_play)
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
            if args.access_log:  # off by default: a line per request costs throughput
                self.cfg.set("accesslog", "-")

        def load(self) -> Callable[..., Any]:
            return create_app({"AUTO_MIGRATE": False})

    Server().run()


def _migrate(args: argparse.Namespace) -> None:
    from api.app import create_app

    store = create_app({"AUTO_MIGRATE": False}).extensions["casebook"].store
    store.migrate()
    print("database schema is up to date")


def _generate(args: argparse.Namespace) -> None:
    from api.commands import generate

    generate.run(
        args.system,
        seed=args.seed,
        count=args.count,
        options=generate.parse_options(args.option, args.difficulty),
        fmt=args.format,
        output=args.output,
        stdout=sys.stdout,
        stderr=sys.stderr,
    )


def _verify(args: argparse.Namespace) -> int:
    from api.commands import verify

    fair = verify.run(args.file, stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr)
    return 0 if fair else 1


def _play(args: argparse.Namespace) -> None:
    from api.commands import play

    play.run(
        args.system, mode=args.mode, seed=args.seed, difficulty=args.difficulty, seats=args.seats
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        _silence_stdout()
        return 1
    except Exception as error:  # one line for a person, never a traceback
        print(f"casebook: {_one_line(error)}", file=sys.stderr)
        return 1
    return status if isinstance(status, int) else 0


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split())
    return text or type(error).__name__


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
