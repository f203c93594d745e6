"""A Murdered by Midnight case: the Author's sheet as plain data.

The generator makes one, the rules play it, narration tells it. Ids are stable and short
(``L3`` is a location's "L number" from the rulebook, ``C2`` a character, ``W4`` a weapon, ``M1``
a motive) so that answers, actions and views refer to things without repeating their text.

A case travels as the envelope of ``generator.registry.generate``: ``public`` is what every
player knows at setup, ``secret`` the rest of the Author's sheet, ``solution`` the Case Details.
:func:`to_envelope_parts` and :func:`from_envelope` convert between the two.

The actions and events of the game are fixed in ``docs/murdered-by-midnight.md`` (the vocabulary
that the rules, narration and API share).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import serial

SYSTEM_ID = "murdered-by-midnight"
SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Location:
    """A map card."""

    id: str  # "L1" … : the L number the Author's sheet uses
    name: str
    description: str


@dataclass(frozen=True)
class Character:
    """A character token with its biography card."""

    id: str  # "C1" …
    name: str
    biography: str


@dataclass(frozen=True)
class Weapon:
    id: str  # "W1" …
    name: str
    cause_of_death: str  # the Cause of Death card this weapon would leave


@dataclass(frozen=True)
class Motive:
    id: str  # "M1" …
    name: str  # e.g. "an inheritance they could not wait for"


@dataclass(frozen=True)
class WeaponFind:
    """A line of the Murder Weapon / Weapons With Prints / Weapons Without Prints sections."""

    weapon: str  # Weapon id
    location: str  # Location id where searching finds it
    prints: str | None  # Character id whose prints are on it; None: no prints


@dataclass(frozen=True)
class Sighting:
    """What a witness saw: a person, at a place, at a time — true in the timeline."""

    person: str  # Character id
    location: str  # Location id; the scene means near it: in it or just outside (rulings)
    time: str  # one of MbmCase.times


@dataclass(frozen=True)
class Suspicion:
    """Whom a witness suspects, and why."""

    suspect: str  # Character id
    motive: str  # Motive id


@dataclass(frozen=True)
class WitnessGroup:
    """Witnesses who give the same two answers (the rulebook's first and second entries)."""

    witnesses: tuple[str, ...]  # Character ids
    saw: Sighting
    suspects: Suspicion


@dataclass(frozen=True)
class Solution:
    """The Case Details an accusation must match in full."""

    murderer: str  # Character id
    weapon: str  # Weapon id
    motive: str  # Motive id
    time: str  # one of MbmCase.times: the time of death


@dataclass(frozen=True)
class MbmCase:
    """Everything the Author knows."""

    title: str
    #: Atmosphere only: no time, no discovery. Narration words the discovery from
    #: ``discoverer``, ``scene`` and ``discovered_at`` on the reader's clock.
    introduction: str
    locations: tuple[Location, ...]
    characters: tuple[Character, ...]
    weapons: tuple[Weapon, ...]
    motives: tuple[Motive, ...]
    times: tuple[str, ...]  # the evening's time grid, "HH:MM" ascending, before midnight
    scene: str  # Location id where the body lies
    victim: str  # Character id
    discoverer: str  # Character id, standing at the scene at setup
    discovered_at: str  # the Time Card: when the body was found, after the death
    cause_of_death: str  # the Cause of Death card, the murder weapon's cause
    whereabouts: Mapping[str, str]  # living Character id -> Location id of its token
    timeline: Mapping[str, tuple[str, ...]]  # Character id -> Location id per time slot
    murder_weapon: WeaponFind  # prints are the murderer's
    weapons_with_prints: tuple[WeaponFind, ...]  # other suspects' prints
    weapons_without_prints: tuple[WeaponFind, ...]
    suspects: tuple[str, ...]  # Murderer and Suspects: they saw nothing and have no idea
    witness_groups: tuple[WitnessGroup, ...]
    solution: Solution
    #: Living Character id -> the Motive ids its biography gives it toward the victim (public:
    #: the biography says so in words). Empty in cases made before ties existed.
    ties: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def location(self, location_id: str) -> Location:
        return self._locations[location_id]

    def character(self, character_id: str) -> Character:
        return self._characters[character_id]

    def weapon(self, weapon_id: str) -> Weapon:
        return self._weapons[weapon_id]

    def motive(self, motive_id: str) -> Motive:
        return self._motives[motive_id]

    @property
    def weapon_finds(self) -> tuple[WeaponFind, ...]:
        """Every weapon on the sheet, in the order the Author checks the sections."""
        return (self.murder_weapon, *self.weapons_with_prints, *self.weapons_without_prints)

    def tokens_at(self, location: str) -> tuple[str, ...]:
        """The living characters whose tokens stand on ``location``, in the case's order."""
        return self._tokens.get(location, ())

    def finds_at(self, location: str) -> tuple[str, ...]:
        """The weapons searching ``location`` finds, in the order the Author checks them."""
        return self._finds.get(location, ())

    # A case never changes once made and is decoded once per game, so the lookups every view
    # and every move make are worked out once per case object.

    @functools.cached_property
    def _locations(self) -> dict[str, Location]:
        return {item.id: item for item in self.locations}

    @functools.cached_property
    def _characters(self) -> dict[str, Character]:
        return {item.id: item for item in self.characters}

    @functools.cached_property
    def _weapons(self) -> dict[str, Weapon]:
        return {item.id: item for item in self.weapons}

    @functools.cached_property
    def _motives(self) -> dict[str, Motive]:
        return {item.id: item for item in self.motives}

    @functools.cached_property
    def _tokens(self) -> dict[str, tuple[str, ...]]:
        placed: dict[str, list[str]] = {}
        for character in self.characters:
            where = self.whereabouts.get(character.id)
            if character.id != self.victim and where is not None:
                placed.setdefault(where, []).append(character.id)
        return {location: tuple(ids) for location, ids in placed.items()}

    @functools.cached_property
    def _finds(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        for find in self.weapon_finds:
            found.setdefault(find.location, []).append(find.weapon)
        return {location: tuple(weapons) for location, weapons in found.items()}

    def witness_group_of(self, character_id: str) -> WitnessGroup | None:
        """The group a character answers from; ``None`` for the victim and the suspects."""
        return next((g for g in self.witness_groups if character_id in g.witnesses), None)


#: The fields every player sees at setup; the rest of the sheet is secret.
PUBLIC_FIELDS = (
    "title",
    "introduction",
    "locations",
    "characters",
    "weapons",
    "motives",
    "times",
    "scene",
    "victim",
    "discoverer",
    "discovered_at",
    "cause_of_death",
    "ties",
)


def to_envelope_parts(case: MbmCase) -> dict[str, Any]:
    """The ``public``/``secret``/``solution`` parts a generator returns for ``case``."""
    data = serial.to_json(case)
    solution = data.pop("solution")
    public = {name: data.pop(name) for name in PUBLIC_FIELDS}
    return {"public": public, "secret": data, "solution": solution}


def from_envelope(envelope: Mapping[str, Any]) -> MbmCase:
    """The whole case from a stored envelope (``public``, ``secret`` and ``solution``)."""
    data = {**envelope["public"], **envelope["secret"], "solution": envelope["solution"]}
    case: MbmCase = serial.from_json(MbmCase, data)
    return case
