"""The options of the Murdered by Midnight generator: difficulty presets and explicit counts.

``difficulty`` (``easy``, ``standard`` — the default — or ``hard``) picks a preset; the counts
``locations``, ``characters``, ``witness_groups`` and ``red_herrings`` override it one by one.

- ``characters`` is the whole cast, victim included. Half of the living (rounded down) are the
  Murderer and Suspects, the rest witnesses; the discoverer is any of the living, the murderer
  included.
- ``witness_groups``: how many groups the witnesses form; each group gives one sighting and one
  suspicion.
- ``red_herrings``: the weapons hidden on the map besides the murder weapon; two in three carry
  a suspect's prints (rounded up), the rest none. Every weapon lies at its own location, since
  the Author looks a weapon up by its L number.
- ``cross_reference`` (``true`` for ``hard``, else ``false``): the victim is seen alive away from
  the scene at T1, and someone who could have done it was also seen near the scene before T1:
  that earlier visit is ruled out by the victim's sighting (docs/rulings.md).

Each difficulty also sets what no option sets: the time grid (``slot_minutes``; ``hard`` uses
15-minute slots) and ``decoys``, the innocent suspects who mirror the murderer: each is seen near
the scene at a time that could be the time of death, is suspected with one of their own motives,
and left prints on a weapon that leaves the same cause of death as the murder weapon. A decoy is
what makes every deduction step needed: without forensics, dusting, suspicions or sightings a
detective cannot tell the murderer's answer from the decoys'. The counts may leave room for
fewer decoys than the preset asks (:attr:`Settings.decoy_count`).

The options are declared as data (:data:`OPTIONS`, parsed by :mod:`generator.kit.options`);
what depends on two options at once is checked in :func:`settings_from_options`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.kit import names
from generator.kit.options import BoolOption, ChoiceOption, IntOption, OptionSet
from generator.registry import CaseOptionsError

from . import content

DIFFICULTIES = ("easy", "standard", "hard")
#: The most weapons of the pool that leave one cause of death: the murder weapon and the
#: decoys' weapons share a cause.
LARGEST_CAUSE = max(Counter(cause for _, cause in content.WEAPONS).values())


@dataclass(frozen=True)
class Settings:
    difficulty: str
    locations: int
    characters: int
    witness_groups: int
    red_herrings: int
    slot_minutes: int  # 30: 12 slots from 18:00; 15: 24 slots
    decoys: int = 0  # innocent suspects who mirror the murderer, as many as the counts allow
    cross_reference: bool = False  # an earlier visit near the scene, ruled out by the victim

    @property
    def suspects(self) -> int:
        return (self.characters - 1) // 2

    @property
    def witnesses(self) -> int:
        return self.characters - 1 - self.suspects

    @property
    def decoy_count(self) -> int:
        """The decoys the counts leave room for: each needs an innocent suspect, a red herring
        of the murder weapon's cause in a room of its own (neither the scene nor the murder
        weapon's), and a witness group for its sighting besides the murderer's (and, with
        ``cross_reference``, besides the victim's and one earlier visit's)."""
        spare_groups = self.witness_groups - 1 - (2 if self.cross_reference else 0)
        return max(
            0,
            min(
                self.decoys,
                self.suspects - 1,
                self.red_herrings,
                self.locations - 2,
                spare_groups,
                LARGEST_CAUSE - 1,
            ),
        )


#: What each difficulty means. ``slot_minutes`` and ``decoys`` are no options: only a
#: difficulty sets them.
PRESETS: dict[str, dict[str, Any]] = {
    "easy": {
        "locations": 6,
        "characters": 7,
        "witness_groups": 2,
        "red_herrings": 2,
        "slot_minutes": 30,
        "decoys": 1,
        "cross_reference": False,
    },
    "standard": {
        "locations": 8,
        "characters": 10,
        "witness_groups": 3,
        "red_herrings": 4,
        "slot_minutes": 30,
        "decoys": 2,
        "cross_reference": False,
    },
    "hard": {
        "locations": 10,
        "characters": 13,
        "witness_groups": 5,
        "red_herrings": 7,
        "slot_minutes": 15,
        "decoys": 2,
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

#: The murderer near the scene, an earlier visit there, and the victim elsewhere: each a group's.
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
            f"cross_reference needs at least {CROSS_REFERENCE_GROUPS} witness groups"
            " (the murderer near the scene, an earlier visit there, the victim elsewhere), not"
            f" {settings.witness_groups}"
        )
    return settings
