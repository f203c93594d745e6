"""Modules compiled to C (by ``make compiled``) are run only while they are newer than their
sources.

Python picks a compiled extension over the ``.py`` beside it, and unlike bytecode nothing tells
it that the source changed since: an edited rule would go on running its old compiled self,
silently. So a package whose modules may be compiled checks them when it is imported, and a
stale build is refused with the command that rebuilds it.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

REBUILD = "run `make compiled` (or `make clean-compiled` to run the sources as they are)"


def stale_modules(package_file: str) -> list[str]:
    """The compiled modules of the package whose ``__init__`` is ``package_file`` that are older
    than their ``.py`` source (none when nothing is compiled)."""
    folder = Path(package_file).parent
    stale = []
    suffixes = sorted(EXTENSION_SUFFIXES, key=len, reverse=True)
    for built in folder.iterdir():
        suffix = next((s for s in suffixes if built.name.endswith(s)), None)
        if suffix is None:
            continue
        source = folder / (built.name[: -len(suffix)] + ".py")
        if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
            stale.append(source.name)
    return sorted(stale)


def refuse_stale(package_file: str, package: str) -> None:
    """Raise :class:`ImportError` when a module of ``package`` is compiled from an older
    source than the one beside it."""
    stale = stale_modules(package_file)
    if stale:
        raise ImportError(
            f"{package}: compiled from older sources than {', '.join(stale)}: {REBUILD}"
        )
