"""``make bench``: run every benchmark and write BENCHMARKS.md with the machine and date."""

from __future__ import annotations

import datetime
import os
import platform
import time
from pathlib import Path

from benchmarks import (
    breakdown,
    fairness,
    games,
    generation,
    http,
    mc_fairness,
    mc_games,
    mc_generation,
    memory,
    msw_fairness,
    msw_games,
    tec_fairness,
    tec_games,
)

OUTPUT = Path(__file__).resolve().parents[1] / "BENCHMARKS.md"


def machine() -> str:
    return f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main() -> None:
    started = time.monotonic()
    sections = {
        "Murdered by Midnight: generate and verify one case": generation.run(),
        "Murdered by Midnight: shortcut detectives against chance": fairness.run(),
        "Murdered by Midnight: bot-only games": games.run(),
        "Tiny Epic Crimes: shortcut detectives against chance": tec_fairness.run(),
        "Tiny Epic Crimes: bot-only games": tec_games.run(),
        "Murder, She Wrote: shortcut accusers against chance": msw_fairness.run(),
        "Murder, She Wrote: bot-only games": msw_games.run(),
        "Murder City: generate and verify one city (decks, Jovans, exact charge chances)": (
            mc_generation.run()
        ),
        "Murder City: shortcut Listeners against chance, and how bot games go": mc_fairness.run(),
        "Murder City: bot-only games": mc_games.run(),
        "HTTP under gunicorn (casebook serve's settings), wrk -t16 -c16 -d10s": http.run(),
        "Where a move and a read spend their time (in process)": (breakdown.run()),
        "Server memory, SQLite": memory.run(),
    }
    lines = [
        "# Benchmarks",
        "",
        f"Measured {datetime.date.today().isoformat()} on {machine()} by `make bench`.",
        "Ratios are measured side by side in one run; absolute figures vary ±30 % between runs.",
        f"The whole run took {(time.monotonic() - started) / 60:.1f} minutes.",
    ]
    for title, rows in sections.items():
        lines += ["", f"## {title}", "", *rows]
    text = "\n".join(lines) + "\n"
    OUTPUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
