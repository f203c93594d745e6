"""The Badge Level Track on an Officer Mat, and the bonus icons on some of its spaces.

"Advance your Badge 1 space on its track … If it lands on a space with an icon, then
immediately gain that bonus: Gain a Suspect Card / Interrogate / Evidence holder picks 1." and
"If your Rank ever exceeds "9," then flip the badge to its "10+" side and place it back on the
large badge image."

The rulebook prints no track, so casebook lays one out (docs/rulings.md): the large badge image
is space 0, spaces 1-9 follow, and three icons repeat in the order the rulebook lists them, one
space apart after a bare first space. Level 10 flips the badge and puts it back on the image,
so level 10 + n stands on space n and earns that space's bonus again.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Bonus(StrEnum):
    SUSPECT = "suspect"  # Gain a Suspect Card
    INTERROGATE = "interrogate"  # Interrogate another officer
    PEEK = "peek"  # Evidence holder picks 1: a Peek at 1 Solved Evidence exchange (peek.py)


#: space -> the icon printed on it; spaces 0 (the large badge image), 1, 4 and 8 are bare
TRACK: Mapping[int, Bonus] = {
    2: Bonus.SUSPECT,
    3: Bonus.INTERROGATE,
    5: Bonus.PEEK,
    6: Bonus.SUSPECT,
    7: Bonus.INTERROGATE,
    9: Bonus.PEEK,
}
SPACES = 10  # the image (0) and spaces 1-9; a level past 9 starts again on the image


def space_of(level: int) -> int:
    """The space a badge of ``level`` stands on: level 10 is the 10+ side on the image."""
    return level % SPACES


def flipped(level: int) -> bool:
    """Whether the badge shows its 10+ side (the rank has exceeded 9)."""
    return level >= SPACES


def bonus_at(level: int) -> Bonus | None:
    """The bonus earned by landing on ``level``, if its space shows an icon."""
    return TRACK.get(space_of(level))
