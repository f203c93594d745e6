"""Decoded cases, kept per process: a case never changes once stored, so it is read once.

Every request on a game needs its case decoded (the rules take it beside the state) and its
public glossary (narration names things by it). Both are kept here by case id, a bounded number
of them, so serving a move reads and decodes only the small state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from api.recent import Recent
from api.storage import StoredCase
from narration import public_glossary
from rules import registry

#: Cases kept decoded; an active game's case stays, a finished one's falls out. A decoded
#: Midnight case with its glossary takes about 15 KB, so a worker keeps at most a few MB.
CACHE_SIZE = 256


@dataclass(frozen=True)
class OpenCase:
    """What serving the games of a stored case needs, computed once: not the stored envelope,
    whose hidden parts the rules hold decoded already."""

    id: str
    system: str
    case: Any  # the system's decoded case (``System.read_case``)
    glossary: dict[str, str]  # display names by id, from the public part only


class CaseCache:
    """The most recently used decoded cases, safe to share between threads."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._kept: Recent[str, OpenCase] = Recent(size)

    def get(self, case_id: str, load: Callable[[str], StoredCase | None]) -> OpenCase | None:
        """The case ``case_id``, decoded; ``load`` reads it from the store when not kept."""
        found = self._kept.get(case_id)
        if found is not None:
            return found
        stored = load(case_id)
        if stored is None:
            return None
        return self.put(stored)

    def put(self, stored: StoredCase) -> OpenCase:
        """Decode ``stored`` and keep it."""
        system = registry.get(stored.system)
        opened = OpenCase(
            id=stored.id,
            system=stored.system,
            case=system.read_case(stored.case),
            glossary=public_glossary(stored.case["public"]),
        )
        self._kept.put(stored.id, opened)
        return opened
