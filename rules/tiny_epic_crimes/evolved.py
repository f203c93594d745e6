"""The records :mod:`.events` and :mod:`.hazards` change through ``state.evolve``
(:func:`rules.kit.frozen.replace`, which copies an object's ``__dict__``): kept in a module of
their own, interpreted, so that those two may be compiled (tools/compile_rules.py), since a
compiled class has no ``__dict__``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from .case import TecCase
from .state import ActiveEvent, TecState


@dataclasses.dataclass(frozen=True)
class Setting:
    """What a setup handler works on: the state and the event card being set up."""

    case: TecCase
    state: TecState
    event: ActiveEvent


@dataclasses.dataclass(frozen=True)
class Hazards:
    costs: Mapping[str, int] = dataclasses.field(default_factory=dict)  # action -> extra hours
    forbidden: frozenset[str] = frozenset()  # actions no officer may take
    no_drive: frozenset[str] = frozenset()  # blocks no car may drive onto
    tolls: Mapping[str, int] = dataclasses.field(default_factory=dict)  # block -> extra hours
    extra_rolls: int = 0

    def cost(self, action: str) -> int:
        return self.costs.get(action, 0)

    def toll(self, block: str) -> int:
        return self.tolls.get(block, 0)
