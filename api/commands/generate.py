"""``casebook generate``: cases for authors, as JSON Lines or as a printable case book.

JSON Lines hold one whole case envelope per line (solution included), canonical — sorted keys,
no spaces — so the same seed and options give the same bytes. The text format is what an
author prints: the case introduction a table reads aloud, then the Author's sheet.
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from api import config, systems
from api.commands.progress import progress_bar
from generator import registry as generators
from narration import DEFAULT_CLOCK, narrate_author_sheet, narrate_case
from rules import registry

FORMATS = ("json", "text")
RULE = "=" * 72


class CommandError(Exception):
    """Input a command cannot work with; the message is the one line a person sees."""


def load_systems() -> None:
    """Register the built-in systems and the plugins ``CASEBOOK_PLUGINS`` names, as the server
    does, so the command line knows the same systems."""
    systems.load_systems(config.from_env()["PLUGINS"])


def parse_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE``, the value read as JSON when it is JSON (``8`` → 8), else kept as text."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise CommandError(f"--option needs KEY=VALUE, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key, value


def parse_options(items: Sequence[str], difficulty: str | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, value = parse_option(item)
        if key in options:
            raise CommandError(f"--option {key} is given twice")
        options[key] = value
    if difficulty is not None:
        if "difficulty" in options and options["difficulty"] != difficulty:
            raise CommandError("--difficulty and --option difficulty=… disagree")
        options["difficulty"] = difficulty
    return options


def check_system(system_id: str) -> None:
    """Raise a one-line error unless ``system_id`` is a system with a case generator."""
    registry.get(system_id)  # UnknownSystemError names the known systems
    if not generators.has_generator(system_id):
        raise CommandError(f"{system_id} has no case generator")


def seeds_for(seed: int | None, count: int) -> range:
    """``count`` consecutive seeds from ``seed``, or from a random one."""
    if count < 1:
        raise CommandError(f"--count must be at least 1, not {count}")
    if seed is None:
        seed = secrets.randbelow(generators.SEED_LIMIT - count + 1)
    if seed < 0 or seed + count > generators.SEED_LIMIT:
        raise CommandError(
            f"seeds must lie between 0 and {generators.SEED_LIMIT - 1}; "
            f"{seed}…{seed + count - 1} do not"
        )
    return range(seed, seed + count)


def generate_cases(
    system_id: str, seeds: Sequence[int], options: Mapping[str, Any]
) -> Iterator[dict[str, Any]]:
    for seed in seeds:
        yield generators.generate(system_id, seed, options)


def to_json_line(envelope: Mapping[str, Any]) -> str:
    """The canonical line of a case: sorted keys, no spaces, one newline."""
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def to_case_book(envelope: Mapping[str, Any], clock: str = DEFAULT_CLOCK) -> str:
    """The printable pages of one case: a heading, the introduction and the Author's sheet."""
    system_id = envelope["system"]
    name = registry.get(system_id).SPEC.name
    options = envelope.get("options") or {}
    settings = ", ".join(f"{key} {value}" for key, value in sorted(options.items()))
    heading = f"{name}, seed {envelope['seed']}" + (f" ({settings})" if settings else "")
    parts = [RULE, heading, RULE]
    introduction = narrate_case(system_id, envelope["public"], clock=clock)
    if introduction:
        parts += ["", introduction]
    sheet = narrate_author_sheet(system_id, envelope, clock=clock)
    if sheet:
        parts += ["", sheet]
    return "\n".join(parts) + "\n"


def run(
    system_id: str,
    *,
    seed: int | None,
    count: int,
    options: Mapping[str, Any],
    fmt: str,
    output: str | None,
    stdout: TextIO,
    stderr: TextIO,
    clock: str = DEFAULT_CLOCK,
) -> None:
    """Generate ``count`` cases and write them to ``output`` (a path) or ``stdout``."""
    if fmt not in FORMATS:
        raise CommandError(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    load_systems()
    check_system(system_id)
    seeds = seeds_for(seed, count)
    cases = generate_cases(system_id, seeds, options)
    write = to_json_line if fmt == "json" else functools.partial(to_case_book, clock=clock)
    with ExitStack() as stack:
        bar = stack.enter_context(progress_bar(count, stderr, label="cases"))
        first = next(cases)  # bad options fail here, before any file is created
        out = stdout
        if output is not None:
            try:
                out = stack.enter_context(Path(output).open("w", encoding="utf-8"))
            except OSError as error:
                raise CommandError(f"cannot write {output}: {error.strerror}") from None
        for number, envelope in enumerate(_chain(first, cases)):
            text = write(envelope)
            if fmt == "text" and number:
                text = "\n" + text
            bar.write(out, text)
            bar.advance()


def _chain(first: dict[str, Any], rest: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    yield first
    yield from rest
