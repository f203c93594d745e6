"""The case of a Nightfall game: a manor, its rooms and its charms, and no solution.

The killer is not part of the case: it is drawn in each game from the game's own secret seed,
so two games of one case have different killers and the case envelope holds ``solution: None``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.registry import CaseOptionsError
from rules.core import SetupError

MANORS = ("Ashcombe Hall", "Greyfriars", "Wrenmoor House", "Thornleigh Manor", "Gallowbrook")
ROOMS = (
    "Library",
    "Conservatory",
    "Billiard Room",
    "Long Gallery",
    "Chapel",
    "Wine Cellar",
    "Orangery",
    "Nursery",
)
ROOM_COUNT = 4
#: What each kind of charm is used on: the rooms of the case, or another living seat.
CHARM_TARGETS: Mapping[str, str] = {"lantern": "rooms", "locket": "seats"}
CHARM_NAMES: Mapping[str, tuple[str, ...]] = {
    "lantern": ("Brass Lantern", "Storm Lantern", "Candle Lantern"),
    "locket": ("Silver Locket", "Jet Locket", "Enamel Locket"),
}


@dataclass(frozen=True)
class Charm:
    """A charm of the case: ``kind`` says what it is used on (see :data:`CHARM_TARGETS`)."""

    id: str
    kind: str


@dataclass(frozen=True)
class NightfallCase:
    """The public cast of a manor; nothing in it is hidden."""

    manor: str
    rooms: tuple[str, ...]  # room ids
    charms: tuple[Charm, ...]

    def charm(self, charm_id: str) -> Charm:
        return next(charm for charm in self.charms if charm.id == charm_id)


def generate_case(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A manor for ``seed``: its name, four rooms and one charm of each kind; no solution."""
    if options:
        raise CaseOptionsError(f"a Nightfall case takes no option {', '.join(sorted(options))}")
    rng = random.Random(seed)
    rooms = sorted(rng.sample(ROOMS, ROOM_COUNT))
    return {
        "public": {
            "manor": rng.choice(MANORS),
            "rooms": [{"id": f"R{n}", "name": name} for n, name in enumerate(rooms, 1)],
            "charms": [
                {"id": f"C{n}", "name": rng.choice(CHARM_NAMES[kind]), "kind": kind}
                for n, kind in enumerate(sorted(CHARM_TARGETS), 1)
            ],
        },
    }


def read_case(envelope: Mapping[str, Any]) -> NightfallCase:
    """The case of ``envelope``; :class:`SetupError` if it is not a Nightfall manor."""
    if envelope.get("solution") is not None:
        raise SetupError(
            "a Nightfall case has no solution: the killer is drawn in each game",
            code="setup/bad-case",
        )
    try:
        public = envelope["public"]
        rooms = tuple(str(room["id"]) for room in public["rooms"])
        charms = tuple(Charm(str(c["id"]), str(c["kind"])) for c in public["charms"])
        manor = str(public["manor"])
    except (KeyError, TypeError):
        raise SetupError("this is not a Nightfall case", code="setup/bad-case") from None
    if not rooms or any(charm.kind not in CHARM_TARGETS for charm in charms):
        raise SetupError("this is not a Nightfall case", code="setup/bad-case")
    return NightfallCase(manor, rooms, charms)
