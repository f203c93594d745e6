"""Dice: numbered dice that add up, and dice whose faces are symbols.

A roll is a value object kept in the state or an event, so a replay or a narrator reads the
faces that came up instead of rolling again. The rng is passed in; nothing here rolls on its
own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import KitError


class DiceError(KitError):
    """A roll that cannot be made: no dice, a die without faces."""

    code = "dice/invalid"


@dataclass(frozen=True)
class DiceRoll:
    """The faces of numbered dice (1 to ``sides``), in the order rolled."""

    faces: tuple[int, ...]
    sides: int = 6

    @property
    def total(self) -> int:
        return sum(self.faces)

    def count(self, value: int) -> int:
        """How many dice show ``value``."""
        return self.faces.count(value)

    def is_doubles(self) -> bool:
        """Two or more dice, all showing the same face."""
        return len(self.faces) >= 2 and len(set(self.faces)) == 1


@dataclass(frozen=True)
class SymbolDie:
    """A die whose faces are symbols, one entry per face; a symbol may repeat."""

    faces: tuple[str, ...]


@dataclass(frozen=True)
class SymbolRoll:
    """The symbols custom dice showed, in the order rolled."""

    faces: tuple[str, ...]

    def count(self, symbol: str) -> int:
        """How many dice show ``symbol``."""
        return self.faces.count(symbol)

    def tally(self) -> dict[str, int]:
        """Each symbol that came up with how many dice show it, by symbol."""
        return {symbol: self.faces.count(symbol) for symbol in sorted(set(self.faces))}


def roll(rng: random.Random, *, count: int = 1, sides: int = 6) -> DiceRoll:
    """``count`` dice of ``sides`` faces numbered from 1."""
    return DiceRoll(faces=faces(rng, count=count, sides=sides), sides=sides)


def faces(rng: random.Random, *, count: int = 1, sides: int = 6) -> tuple[int, ...]:
    """The faces :func:`roll` rolls, the same draws, without the record: for dice read at once
    and let go (Tiny Epic Crimes rolls two at the end of every turn)."""
    if type(count) is not int or count < 0:  # the checks in full only off the common case
        _check_count(count)
    if type(sides) is not int or sides < 1:
        _check_sides(sides)
    randint = rng.randint
    return tuple([randint(1, sides) for _ in range(count)])


def roll_symbols(
    rng: random.Random, die: SymbolDie | Sequence[str], *, count: int = 1
) -> SymbolRoll:
    """``count`` rolls of a symbol die; ``die`` lists one symbol per face, in a fixed order
    (the order matters for replay, so it is a sequence, never a set)."""
    _check_count(count)
    if isinstance(die, str):
        raise DiceError("a die is a sequence of faces, not one string", code="dice/bad-sides")
    faces = die.faces if isinstance(die, SymbolDie) else tuple(die)
    if not faces:
        raise DiceError("a die needs at least one face", code="dice/bad-sides")
    return SymbolRoll(faces=tuple(faces[rng.randrange(len(faces))] for _ in range(count)))


def _check_count(count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise DiceError(
            f"a dice count must be a whole number >= 0, not {count!r}", code="dice/bad-count"
        )


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise DiceError(f"a die needs at least one side, not {sides!r}", code="dice/bad-sides")
