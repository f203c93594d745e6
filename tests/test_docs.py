"""Everything a reader is sent to exists in the repository.

The README, the docs and the code's docstrings and comments name files (``docs/rulings.md``,
``rules/core.py``) and notes (``BENCHMARKS.md``); each must be in the repository, so a reader
is never sent to a file that moved, or to one that only ever lived outside it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOP = ("rules", "generator", "narration", "api", "tests", "benchmarks", "docs")
#: A path into the repository: one of its top folders, then names.
PATH = re.compile(r"(?<![\w./<-])((?:" + "|".join(TOP) + r")/[\w./-]*[\w/])(?![\w<{*])")
NOTE = re.compile(r"(?<![\w/.-])([\w-]+\.md)\b")
OUTSIDE = re.compile(r"\.\./shared")


def _texts() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "BENCHMARKS.md", *sorted((ROOT / "docs").glob("*.md"))]
    for top in TOP:
        if top != "docs":
            files += sorted((ROOT / top).rglob("*.py"))
            files += sorted((ROOT / top).rglob("*.j2"))
            files += sorted((ROOT / top).rglob("*.md"))
    files += [ROOT / "Makefile", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    return [path for path in files if path != Path(__file__).resolve()]  # its examples are missing


def dangling(text: str) -> list[str]:
    """The references in ``text`` to files the repository does not have."""
    missing = [path for path in PATH.findall(text) if not (ROOT / path.rstrip("/.")).exists()]
    notes = {path.name for path in ROOT.rglob("*.md") if ".venv" not in path.parts}
    missing += [name for name in NOTE.findall(text) if name not in notes]
    missing += OUTSIDE.findall(text)
    return missing


@pytest.mark.parametrize("path", _texts(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_a_text_names_exists(path: Path) -> None:
    assert dangling(path.read_text(errors="replace")) == []


def test_the_check_finds_what_is_missing() -> None:
    text = (
        "See docs/rulings.md and rules/core.py, not docs/design.md nor PERFORMANCE.md, "
        "nor ../shared/DESIGN.md; templates live in narration/templates/<system>/."
    )
    assert dangling(text) == ["docs/design.md", "PERFORMANCE.md", "../shared"]
