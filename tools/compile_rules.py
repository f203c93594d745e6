"""Compile the rules' hot modules to C with mypyc, in place beside their sources.

A Murder City bot game spends its time in the interpreter, spread over a flat profile: no
function holds more than a few per cent of a step (docs/murder-city.md), so no rewrite reaches
issue #10's 50 four-bot games a second per core. Compiled by mypyc (which comes with mypy)
from the same typed sources, the engine's modules run about a third faster. The sources stay
the truth: without a build they run interpreted and play the same games, and a build older
than a source is refused when the package is imported (:mod:`rules.compiled`).

Not compiled: the modules whose classes are stored or decoded by their type hints (``state``,
``stored``, ``case``, ``spec``: mypyc's classes have no ``__dict__`` and other annotations;
Midnight's ``session``, whose desk table ``rules.serial`` stores; Tiny Epic Crimes' ``cards``,
whose cards its tests round-trip through ``rules.serial``), and ``game``, whose system class
the benchmarks and tests subclass. Nor those whose own classes have their ``__dict__`` set or
copied (Murder, She Wrote's ``routes``, by ``_destination``), or inherit from a builtin such as
``dict`` (mypyc refuses them). Such a class may be moved to an interpreted module of its own so
that the functions around it compile: Tiny Epic Crimes' ``evolved`` holds the records that
``state.evolve`` (``rules.kit.frozen.replace``, which copies ``__dict__``) changes for
``events`` and ``hazards``, and Murder, She Wrote's ``bot_view`` the ``dict`` its bots read.

Of the shared modules, ``rules.actions`` is compiled: every system lists its forms
(``ActionSpec``) and checks every action against them on every step, so its classes are native
ones, made by their constructors (no system sets their ``__dict__``). ``rules.loop`` was
measured compiled and gained nothing (it calls the system through its protocol either way).

``python tools/compile_rules.py`` builds them (``make compiled``); ``--clean`` removes them;
``--packages`` prints their packages' folders, whose sources the Makefile watches.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The modules compiled, by package; each package is one mypyc group (one shared library).
COMPILED: dict[str, tuple[str, ...]] = {
    "rules": ("actions",),
    "rules.murder_city": (
        "bot",
        "bot_court",
        "bot_investigate",
        "bot_legwork",
        "bot_listen",
        "bot_read",
        "bot_trade",
        "cards",
        "changes",
        "closing",
        "court",
        "draws",
        "effects",
        "hardship",
        "hooks",
        "investigation",
        "later",
        "ledger",
        "legal",
        "made",
        "memory",
        "names",
        "play",
        "presentable",
        "recall",
        "setup",
        "standings",
        "trade",
        "trial",
        "turns",
        "views",
    ),
    "rules.murdered_by_midnight": (
        "author",
        "board",
        "bot",
        "desk",
        "legal",
        "play",
        "reasoning",
        "setup",
        "table",
        "views",
    ),
    "rules.tiny_epic_crimes": (
        "abilities",
        "badge",
        "board",
        "bot",
        "bot_cards",
        "bot_events",
        "clues",
        "coop",
        "decisions",
        "decoding",
        "effects",
        "encoding",
        "events",
        "force",
        "ghost",
        "hand_limit",
        "hazards",
        "interrogate",
        "lapse",
        "legal",
        "legwork",
        "made",
        "mobsters",
        "peek",
        "play",
        "resolve",
        "roles",
        "setup",
        "solo",
        "standings",
        "turns",
        "views",
        "vote",
    ),
    "rules.murder_she_wrote": (
        "bot",
        "bot_deduce",
        "bot_jessica",
        "bot_moves",
        "bot_murderer",
        "bot_policy",
        "bot_scout",
        "legal",
        "news",
        "play",
        "setup",
        "standings",
        "suspects",
        "turns",
        "views",
        "visits",
    ),
}


def built_files(package: str) -> list[Path]:
    """The extension files a build of ``package`` leaves in the tree."""
    folder = ROOT / package.replace(".", "/")
    group = folder.parent / f"{folder.name}__mypyc"
    return [
        *(path for path in folder.iterdir() if path.suffix == ".so"),
        *(path for path in folder.parent.iterdir() if path.name.startswith(group.name + ".")),
    ]


def clean() -> None:
    for package in COMPILED:
        for path in built_files(package):
            path.unlink()


def build() -> None:
    # Imported here: ``--clean`` needs neither, and setuptools is slow to import.
    from mypyc.build import mypycify
    from setuptools import Distribution

    os.chdir(ROOT)  # mypyc names modules by their paths from here
    started = time.time()  # before mypyc reads a source
    extensions = []
    for package, modules in COMPILED.items():
        folder = package.replace(".", "/")
        paths = [f"{folder}/{module}.py" for module in modules]
        # No config file: the project's mypy settings are for checking, and mypyc needs none.
        extensions += mypycify(["--config-file=", *paths], opt_level="3", group_name=package)
    # A Distribution of its own: setuptools would otherwise read pyproject.toml as a project.
    dist = Distribution({"name": "casebook-compiled", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    command.parallel = os.cpu_count() or 1
    dist.run_command("build_ext")
    date_built(started)


def date_built(started: float) -> None:
    """Date every file the build leaves in the tree as of the build's start. build_ext copies
    an extension it had no need to rebuild (a module whose C did not change) with the time it
    was first built, which :mod:`rules.compiled` would take for a build older than the source
    it was just made from; a source changed after the build started stays newer, as it should."""
    for package in COMPILED:
        for path in built_files(package):
            os.utime(path, (started, started))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument(
        "--packages", action="store_true", help="print the compiled packages' folders (for make)"
    )
    args = parser.parse_args(argv)
    if args.packages:
        print(" ".join(package.replace(".", "/") for package in COMPILED))
        return
    clean()  # a module dropped from COMPILED must not stay compiled
    if not args.clean:
        build()


if __name__ == "__main__":
    main()
