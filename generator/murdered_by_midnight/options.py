"""The options of the Murdered by Midnight generator: difficulty presets and explicit counts.

``difficulty`` (``easy``, ``standard`` — the default — or ``hard``) picks a preset; the counts
``locations``, ``characters``, ``witness_groups`` and ``red_herrings`` override it one by one.

- ``characters`` is the whole cast, victim included. Half of the living (rounded down) are the
  Murderer and Suspects, the rest witnesses (the discoverer is always a witness).
- ``witness_groups``: how many groups the witnesses form; each group gives one sighting and one
  suspicion, so every group beyond the ones that carry the solution is testimony pointing at
  innocent suspects.
- ``red_herrings``: the weapons hidden on the map besides the murder weapon; two in three carry
  an innocent suspect's prints (rounded up), the rest none. Every weapon lies at its own
  location, since the Author looks a weapon up by its L number.

``hard`` also uses a 15-minute time grid (24 slots instead of 12), takes the time of death and
the motive from two different witness groups, and makes every other group's sighting an
innocent suspect near or at the scene earlier in the evening.

- ``cross_reference`` (``true`` for ``hard``, else ``false``): the time of death is narrowed by
  two statements. One group saw the murderer at the scene at the time of death T2, another saw
  them there earlier at T0, and a third saw the victim alive somewhere else at T1 between the two:
  the body lies at the scene from the death on, so the death came after T1, and only T2 fits
  (docs/rulings.md). It needs three witness groups at least.

The options are declared as data (:data:`OPTIONS`, parsed by :mod:`generator.kit.options`);
what depends on two options at once is checked in :func:`settings_from_options`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.kit import names
from generator.kit.options import BoolOption, ChoiceOption, IntOption, OptionSet
from generator.registry import CaseOptionsError

from . import content

DIFFICULTIES = ("easy", "standard", "hard")


@dataclass(frozen=True)
class Settings:
    difficulty: str
    locations: int
    characters: int
    witness_groups: int
    red_herrings: int
    slot_minutes: int  # 30: 12 slots from 18:00; 15: 24 slots
    split_key_groups: bool  # the time and the motive come from different witness groups
    herrings_at_scene: bool  # innocent suspects sighted at the scene before the murder
    cross_reference: bool = False  # an earlier visit of the murderer, ruled out by the victim

    @property
    def suspects(self) -> int:
        return (self.characters - 1) // 2

    @property
    def witnesses(self) -> int:
        return self.characters - 1 - self.suspects


#: What each difficulty means. ``slot_minutes``, ``split_key_groups`` and ``herrings_at_scene``
#: are no options: only a difficulty sets them.
PRESETS: dict[str, dict[str, Any]] = {
    "easy": {
        "locations": 6,
        "characters": 7,
        "witness_groups": 2,
        "red_herrings": 2,
        "slot_minutes": 30,
        "split_key_groups": False,
        "herrings_at_scene": False,
        "cross_reference": False,
    },
    "standard": {
        "locations": 8,
        "characters": 10,
        "witness_groups": 3,
        "red_herrings": 4,
        "slot_minutes": 30,
        "split_key_groups": False,
        "herrings_at_scene": True,
        "cross_reference": False,
    },
    "hard": {
        "locations": 10,
        "characters": 13,
        "witness_groups": 4,
        "red_herrings": 7,
        "slot_minutes": 15,
        "split_key_groups": True,
        "herrings_at_scene": True,
        "cross_reference": True,
    },
}

OPTIONS = OptionSet(
    options=(
        ChoiceOption("difficulty", DIFFICULTIES, default="standard", help="a preset"),
        IntOption(
            "locations",
            4,
            min(12, len(content.ROOMS)),
            help="rooms of the house",
        ),
        IntOption(
            "characters",
            5,
            min(16, len(names.FAMILY_NAMES), len(content.OCCUPATIONS) + 1),
            help="the whole cast, victim included",
        ),
        IntOption("witness_groups", 1, 8, help="groups of witnesses, one testimony each"),
        IntOption(
            "red_herrings",
            0,
            len(content.WEAPONS) - 1,
            help="weapons besides the murder weapon",
        ),
        BoolOption("cross_reference", help="narrow the time of death by two statements"),
    ),
    presets_by="difficulty",
    presets=PRESETS,
)

#: Two sightings of the murderer at the scene and one of the victim, each a group's.
CROSS_REFERENCE_GROUPS = 3


def settings_from_options(options: Mapping[str, Any]) -> Settings:
    """The settings ``options`` ask for; :class:`CaseOptionsError` explains what is wrong."""
    settings = Settings(**OPTIONS.parse(options))
    if settings.witness_groups > settings.witnesses:
        raise CaseOptionsError(
            f"witness_groups must be at most {settings.witnesses}: {settings.characters}"
            f" characters leave {settings.witnesses} witnesses"
        )
    if settings.red_herrings > settings.locations - 1:
        raise CaseOptionsError(
            f"red_herrings must be at most {settings.locations - 1} with"
            f" {settings.locations} locations: every weapon lies at its own location"
        )
    if settings.cross_reference and settings.witness_groups < CROSS_REFERENCE_GROUPS:
        raise CaseOptionsError(
            f"cross_reference needs at least {CROSS_REFERENCE_GROUPS} witness groups (two saw the"
            f" murderer at the scene, one the victim elsewhere), not {settings.witness_groups}"
        )
    return settings
