"""``make bench``: run every benchmark and write BENCHMARKS.md with the machine and date."""

from __future__ import annotations

import datetime
import os
import platform
from pathlib import Path

from benchmarks import games, generation, http, memory

OUTPUT = Path(__file__).resolve().parents[1] / "BENCHMARKS.md"


def machine() -> str:
    return f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main() -> None:
    sections = {
        "Murdered by Midnight: generate and verify one case": generation.run(),
        "Murdered by Midnight: bot-only games": games.run(),
        "HTTP under gunicorn sync workers, wrk -t2 -c16": http.run(),
        "Server memory, SQLite": memory.run(),
    }
    lines = [
        "# Benchmarks",
        "",
        f"Measured {datetime.date.today().isoformat()} on {machine()} by `make bench`.",
        "Ratios are measured side by side in one run; absolute figures vary ±30 % between runs.",
    ]
    for title, rows in sections.items():
        lines += ["", f"## {title}", "", *rows]
    text = "\n".join(lines) + "\n"
    OUTPUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
