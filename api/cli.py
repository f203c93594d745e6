"""The ``casebook`` command: serve the API; generate, verify and play cases at the terminal.

Built on click. Errors are one line on stderr (``casebook: …``) and a non-zero exit, never a
traceback: click's own usage errors exit 2, everything a command refuses exits 1.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from api.serving import WORKER_CLASSES, ServeSettings, run_gunicorn

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
#: ``narration.CLOCKS``, named here so the command line starts without loading narration.
CLOCK_CHOICES = ("12h", "24h")
PROG = "casebook"


def _env_flag(name: str) -> Callable[[], bool]:
    """A default read from ``$name`` when the command runs: on for 1/true/yes/on, else off."""

    def default() -> bool:
        return os.environ.get(name, "").strip().lower() in TRUE_WORDS

    return default


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text or type(error).__name__


#: What click itself handles: its exits and errors, Ctrl-C, and a reader that went away
#: (``| head``: click quietens stdout and exits 1).
_PASS_THROUGH = (
    click.exceptions.Exit,
    click.ClickException,
    click.Abort,
    KeyboardInterrupt,
    EOFError,
    BrokenPipeError,
)


class CasebookGroup(click.Group):
    """A group whose every error, click's usage errors included, is one line on stderr."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except _PASS_THROUGH:
            raise
        except Exception as error:  # CommandError, CasebookError (rules, generator, options)…
            raise click.ClickException(_one_line(error)) from error  # …and bugs: no traceback

    def main(  # type: ignore[override]  # one signature: the exit status, or sys.exit with it
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> int:
        """Run the command line; exit with its status (or return it, ``standalone_mode=False``)."""
        try:
            status = super().main(
                args=args,
                prog_name=prog_name or PROG,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
            code = status if isinstance(status, int) else 0
        except click.exceptions.NoArgsIsHelpError as error:  # bare ``casebook``: the help
            error.show()
            code = error.exit_code
        except click.ClickException as error:
            click.echo(_error_line(error), err=True)
            code = error.exit_code
        except click.Abort:  # Ctrl-C: the person knows; nothing to add
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code


def _error_line(error: click.ClickException) -> str:
    """``casebook: message``; a usage error names its command and where to read more."""
    message = _one_line(Exception(error.format_message()))
    if isinstance(error, click.UsageError):
        path = PROG if error.ctx is None else error.ctx.command_path
        return f"{path}: {message} (see {path} --help)"
    return f"{PROG}: {message}"


@click.group(PROG, cls=CasebookGroup, context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Murder-mystery cases and games behind a REST API."""


main = cli  # ``[project.scripts] casebook = "api.cli:main"``


# ------------------------------------------------------------------------------- serve, migrate


@cli.command()
@click.option("--host", envvar="HOST", default="127.0.0.1", show_default=True, help="$HOST")
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    envvar="PORT",
    default=8000,
    show_default=True,
    help="default: $PORT or 8000",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    envvar="WEB_CONCURRENCY",
    default=2,
    show_default=True,
    help="gunicorn worker processes (default: $WEB_CONCURRENCY or 2)",
)
@click.option(
    "--worker-class",
    type=click.Choice(WORKER_CLASSES),
    envvar="CASEBOOK_WORKER_CLASS",
    default=WORKER_CLASSES[0],
    show_default=True,
    help="gevent: slow or idle clients hold no worker; sync: one request per worker at a time "
    "(default: $CASEBOOK_WORKER_CLASS or gevent)",
)
@click.option(
    "--keep-alive",
    type=click.IntRange(min=1),
    envvar="CASEBOOK_KEEP_ALIVE",
    default=ServeSettings.keep_alive,
    show_default=True,
    help="seconds a request's line and headers may take, and a connection may idle "
    "(default: $CASEBOOK_KEEP_ALIVE or 5)",
)
@click.option(
    "--client-timeout",
    type=click.IntRange(min=1),
    envvar="CASEBOOK_CLIENT_TIMEOUT",
    default=ServeSettings.client_timeout,
    show_default=True,
    help="seconds a gevent worker's connection may stall while a body is read or a reply "
    "written (default: $CASEBOOK_CLIENT_TIMEOUT or 10)",
)
@click.option(
    "--control-socket",
    metavar="PATH",
    envvar="CASEBOOK_CONTROL_SOCKET",
    help="gunicorn's control socket (default: $CASEBOOK_CONTROL_SOCKET, or "
    "casebook-HOST-PORT.ctl in $XDG_RUNTIME_DIR or the temporary folder)",
)
@click.option(
    "--access-log/--no-access-log",
    default=_env_flag("CASEBOOK_ACCESS_LOG"),
    help="log every request to stdout (default: off, or $CASEBOOK_ACCESS_LOG=1)",
)
@click.option("--debug", is_flag=True, help="Flask's reloading debug server")
def serve(
    host: str,
    port: int,
    workers: int,
    worker_class: str,
    keep_alive: int,
    client_timeout: int,
    control_socket: str | None,
    access_log: bool,
    debug: bool,
) -> None:
    """Serve the API (gunicorn; Flask's server with --debug)."""
    from api.app import create_app

    if debug:
        create_app().run(host=host, port=port, debug=True)
        return
    settings = ServeSettings(
        host=host,
        port=port,
        workers=workers,
        worker_class=worker_class,
        keep_alive=keep_alive,
        client_timeout=client_timeout,
        control_socket=control_socket,
        access_log=access_log,
    )
    migrate_in_a_child()
    # The imports, shared by every worker (frozen before each fork: serving.freeze_before_fork).
    create_app({"AUTO_MIGRATE": False}).extensions["casebook"].store.dispose()
    run_gunicorn(settings, lambda: create_app({"AUTO_MIGRATE": False}))


def migrate_in_a_child() -> None:
    """Upgrade the schema once, before the fork, in a child of its own: the server's processes
    then never import alembic, with mako and pygments (about 11 MB of objects, 23 MB of RSS that
    the master would hold and every worker share for nothing)."""
    from generator.kit.forked import call_in_fork

    call_in_fork(None, _migrate_from_environment)


def _migrate_from_environment() -> None:
    from api import config
    from api.storage import Store

    settings = config.from_env()
    store = Store(settings["DATABASE_URL"], sqlite_synchronous=settings["SQLITE_SYNCHRONOUS"])
    try:
        store.migrate()
    finally:
        store.dispose()


@cli.command()
def migrate() -> None:
    """Bring the database schema up to date."""
    from api.app import create_app

    store = create_app({"AUTO_MIGRATE": False}).extensions["casebook"].store
    store.migrate()
    click.echo("database schema is up to date")


@cli.command()
@click.option(
    "--keep-finished-days",
    type=click.IntRange(min=0),
    envvar="CASEBOOK_KEEP_FINISHED_DAYS",
    default=30,
    show_default=True,
    help="forget games finished longer ago (default: $CASEBOOK_KEEP_FINISHED_DAYS or 30)",
)
@click.option(
    "--keep-idle-days",
    type=click.IntRange(min=0),
    envvar="CASEBOOK_KEEP_IDLE_DAYS",
    default=90,
    show_default=True,
    help="forget running games nobody moved for longer (default: $CASEBOOK_KEEP_IDLE_DAYS or 90)",
)
def tidy(keep_finished_days: int, keep_idle_days: int) -> None:
    """Forget old finished games, abandoned ones and old idempotency keys now (servers also do
    it hourly)."""
    from datetime import timedelta

    from api import housekeeping
    from api.app import create_app

    store = create_app({"AUTO_MIGRATE": False}).extensions["casebook"].store
    forgotten = housekeeping.tidy(
        store, timedelta(days=keep_finished_days), keep_idle=timedelta(days=keep_idle_days)
    )
    click.echo("forgot " + ", ".join(f"{count} {kind}" for kind, count in forgotten.items()))


# ------------------------------------------------------------------------------- cases

SEED = click.IntRange(min=0)
OPTION_HELP = "an option, the value read as JSON when it is (locations=8); repeatable"


@cli.command()
@click.argument("system", metavar="SYSTEM")
@click.option("--seed", type=SEED, help="the first seed (default: random)")
@click.option(
    "--count", type=click.IntRange(min=1), default=1, show_default=True, help="how many cases"
)
@click.option("--difficulty", metavar="D", help="the same as --option difficulty=D")
@click.option("options", "--option", multiple=True, metavar="KEY=VALUE", help=OPTION_HELP)
@click.option(
    "fmt", "--format", type=click.Choice(("json", "text")), default="json", show_default=True
)
@click.option(
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE",
    help="write here instead of stdout",
)
@click.option(
    "--clock",
    type=click.Choice(CLOCK_CHOICES),
    default=CLOCK_CHOICES[0],
    show_default=True,
    help="how the case book says times (text format): 12h (7:30 pm) or 24h (19:30)",
)
def generate(
    system: str,
    seed: int | None,
    count: int,
    difficulty: str | None,
    options: tuple[str, ...],
    fmt: str,
    output: str | None,
    clock: str,
) -> None:
    """Generate cases for seeds N, N+1, ... (a random N without --seed).

    JSON Lines (one case envelope a line, solution included) or a printable case book.
    SYSTEM is a system id, e.g. murdered-by-midnight.
    """
    from api.commands import generate as command

    command.run(
        system,
        seed=seed,
        count=count,
        options=command.parse_options(options, difficulty),
        fmt=fmt,
        output=output,
        stdout=sys.stdout,
        stderr=sys.stderr,
        clock=clock,
    )


@cli.command()
@click.argument("file", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True))
@click.pass_context
def verify(ctx: click.Context, file: str) -> None:
    """Check cases again with their system's independent verifier.

    FILE holds JSON Lines of case envelopes (- for stdin); exit 1 if any case fails.
    """
    from api.commands import verify as command

    fair = command.run(file, stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr)
    if not fair:
        ctx.exit(1)


@cli.command()
@click.argument("system", metavar="SYSTEM")
@click.option("--mode", help="default: the system's first mode that takes this many seats")
@click.option("--seed", type=SEED, help="the case seed (default: random)")
@click.option("--difficulty", metavar="D", help="the same as --option difficulty=D")
@click.option("options", "--option", multiple=True, metavar="KEY=VALUE", help=OPTION_HELP)
@click.option(
    "--seats",
    metavar="NAMES",
    help='comma-separated seats, "bot" for a bot: "Ann,bot,bot" (default: one person, and '
    "bots to the mode's fewest seats)",
)
@click.option(
    "--clock",
    type=click.Choice(CLOCK_CHOICES),
    default=CLOCK_CHOICES[0],
    show_default=True,
    help="how times read: 12h (7:30 pm) or 24h (19:30)",
)
def play(
    system: str,
    mode: str | None,
    seed: int | None,
    difficulty: str | None,
    options: tuple[str, ...],
    seats: str | None,
    clock: str,
) -> None:
    """Play a whole game at the terminal against the bots.

    Type a number to choose (several, like 1 3, where a choice takes several), b to go back,
    q to quit. The options are the mode's (see GET /v1/systems).
    """
    from api import collector
    from api.commands import play as command

    collector.settle()  # as a server's worker: the bots' games collect less often
    command.run(
        system,
        mode=mode,
        seed=seed,
        difficulty=difficulty,
        options=options,
        seats=seats,
        clock=clock,
    )


if __name__ == "__main__":
    main()
