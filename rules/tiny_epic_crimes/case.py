"""A Tiny Epic Crimes case: the suspects, the city, the time track and the hidden tokens.

The generator makes one, a later rules module will play it. What the rulebook fixes (how many
blocks, tokens and hours there are, which clue solves which evidence) is written here once as
constants, so the generator, its verifier and the rules read the same numbers.

Ids are short and stable: a suspect is its letter (``"A"`` … ``"P"``, the letters the rulebook's
note-taking advice crosses out), a block ``"B01"`` … ``"B24"``, the centre of the grid ``"HQ"``.
Rows and columns count from 1, top-left, as the die tokens number them.

A case travels as an envelope: ``public`` is what every officer sees at setup (the suspects'
profiles, the city, the track), ``secret`` the face-down search and stakeout tokens, and
``solution`` the card in the Murderer Envelope. :func:`to_envelope_parts` and
:func:`from_envelope` convert between the two.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules import serial

SYSTEM_ID = "tiny-epic-crimes"
SCHEMA_VERSION = 1

#: The five evidences of the Murderer's Card, in the rulebook's order, each with its two values.
EVIDENCE: tuple[str, ...] = ("gang", "rank", "forensics", "getaway", "weapon")
TRAIT_VALUES: Mapping[str, tuple[str, str]] = {
    "gang": ("blue", "red"),
    "rank": ("boss", "underboss"),
    "forensics": ("fingerprints", "shoeprints"),
    "getaway": ("car", "motorcycle"),
    "weapon": ("gun", "knife"),
}
#: Which clue tokens solve which evidence. The main text's mapping (Informant solves Rank,
#: Witness solves Gang); the quick reference swaps them (docs/rulings.md).
EVIDENCE_OF_CLUE: Mapping[str, str] = {
    "informant": "rank",
    "witness": "gang",
    "search": "forensics",
    "stakeout": "getaway",
    "holding": "weapon",
}
CLUES: tuple[str, ...] = tuple(EVIDENCE_OF_CLUE)
#: How many tokens of each clue solve its evidence, by the number of officers at the table.
CLUES_NEEDED: Mapping[str, int] = {
    "informant": 5,
    "witness": 5,
    "search": 3,
    "stakeout": 3,
    "holding": 3,
}
CLUES_NEEDED_TWO_PLAYERS: Mapping[str, int] = {**CLUES_NEEDED, "informant": 3, "witness": 3}

SUSPECT_LETTERS = "ABCDEFGHIJKLMNOP"
GRID_SIZE = 5
HQ = "HQ"
HQ_CELL = (3, 3)  # the centre, also the die roll 3-3
BLOCK_COUNT = 24
SEARCH_ICONS = 7
STAKEOUT_ICONS = 5
#: The die tokens: White 1-5 along the top (columns), Black 1-5 down the left (rows).
DIE_NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5)
#: Informant Tokens go by the Black Die Tokens (rows), Witness Tokens by the White (columns);
#: the 2-player variant keeps Black 1, 3, 5 and White 2, 3, 4.
INFORMANT_ROWS: tuple[int, ...] = (1, 2, 3, 4, 5)
WITNESS_COLUMNS: tuple[int, ...] = (1, 2, 3, 4, 5)
INFORMANT_ROWS_TWO_PLAYERS: tuple[int, ...] = (1, 3, 5)
WITNESS_COLUMNS_TWO_PLAYERS: tuple[int, ...] = (2, 3, 4)
MOBSTER_COLOURS: tuple[str, ...] = ("blue", "red", "gray")
MOBSTERS_PER_COLOUR = 5  # 15 mobsters in the bag
STAKEOUT_RISK = (1, 5)  # the hours an officer may risk on a stakeout
HOURS = 48
FINAL_HOURS = (43, 48)  # the red spaces: an officer may Rest Your Case from here
TIMED_EVENT_HOURS = (39, 48)  # a timed event drawn while a tracker is here is replaced

DAY = "day"
NIGHT = "night"


@dataclass(frozen=True)
class Suspect:
    """A Suspect Card: a letter, a name and the five evidences its decoder hides."""

    letter: str
    name: str
    gang: str
    rank: str
    forensics: str
    getaway: str
    weapon: str

    def trait(self, evidence: str) -> str:
        """The value of one evidence (``"gang"`` … ``"weapon"``)."""
        if evidence not in TRAIT_VALUES:
            raise KeyError(evidence)
        value: str = getattr(self, evidence)
        return value

    @property
    def profile(self) -> tuple[str, ...]:
        """The five values in :data:`EVIDENCE` order."""
        return (self.gang, self.rank, self.forensics, self.getaway, self.weapon)


@dataclass(frozen=True)
class Block:
    """A City Block Card; ``icon`` is ``"search"``, ``"stakeout"`` or ``None``."""

    id: str
    name: str
    icon: str | None


@dataclass(frozen=True)
class TimeSpace:
    """One hour of the time track, as its space is printed."""

    hour: int
    phase: str  # DAY or NIGHT: the actions a tracker starting here may take
    event_line: bool  # a red Event Line right after this space
    final: bool  # a red space (Rest Your Case)
    timed_event_icon: bool  # a timed event drawn now is discarded and replaced


@dataclass(frozen=True)
class SearchToken:
    """A face-down Search Token on a search block: success or failure when flipped."""

    block: str
    success: bool


@dataclass(frozen=True)
class StakeoutToken:
    """A face-down Stakeout Token: a stakeout succeeds when the hours risked reach ``value``."""

    block: str
    value: int


@dataclass(frozen=True)
class Solution:
    """The Suspect Card in the Murderer Envelope."""

    murderer: str  # a suspect's letter


@dataclass(frozen=True)
class TecCase:
    """Everything a Tiny Epic Crimes case fixes before the first turn."""

    title: str
    city: str
    introduction: str
    players: int  # officers at the table; 2 (and solo) use the 2-player token rows
    gang_names: Mapping[str, str]  # mobster colour -> the gang's name in this city
    suspects: tuple[Suspect, ...]  # A to P
    blocks: tuple[Block, ...]
    grid: tuple[tuple[str, ...], ...]  # rows top to bottom of block ids; HQ in the centre
    white_dice: tuple[int, ...]  # the White Die Token above each column, left to right
    black_dice: tuple[int, ...]  # the Black Die Token beside each row, top to bottom
    informant_rows: tuple[int, ...]  # rows with an Informant Token
    witness_columns: tuple[int, ...]  # columns with a Witness Token
    holding_tokens: tuple[str, ...]  # mobster colours of the Holding Tokens on the HQ
    clues_needed: Mapping[str, int]  # clue -> tokens that solve its evidence
    mobsters: Mapping[str, int]  # mobster colour -> how many are in the bag
    time_track: tuple[TimeSpace, ...]
    search_tokens: tuple[SearchToken, ...]
    stakeout_tokens: tuple[StakeoutToken, ...]
    solution: Solution

    def suspect(self, letter: str) -> Suspect:
        return self._suspects[letter]

    def block(self, block_id: str) -> Block:
        return self._blocks[block_id]

    def position(self, block_id: str) -> tuple[int, int]:
        """The (row, column) of a block or the HQ, from 1."""
        return self._positions[block_id]

    def block_at(self, row: int, column: int) -> str:
        """The id on the grid at (row, column), from 1."""
        return self.grid[row - 1][column - 1]

    def rolled(self, black: int, white: int) -> str | None:
        """The block a Mobster Roll of ``black`` and ``white`` names; ``None`` for a 6."""
        if black not in self.black_dice or white not in self.white_dice:
            return None
        return self.block_at(self.black_dice.index(black) + 1, self.white_dice.index(white) + 1)

    def space(self, hour: int) -> TimeSpace:
        return self.time_track[hour - 1]

    def stakeout_value(self, block: str) -> int:
        """The number on the Stakeout Token of ``block`` (a view shows those seen each read)."""
        return self._stakeout_values[block]

    def search_success(self, block: str) -> bool:
        """Whether the Search Token of ``block`` is a success."""
        return self._search_successes[block]

    @functools.cached_property
    def _stakeout_values(self) -> dict[str, int]:
        found: dict[str, int] = {}
        for token in self.stakeout_tokens:
            found.setdefault(token.block, token.value)  # the first on a block, as next() found
        return found

    @functools.cached_property
    def _search_successes(self) -> dict[str, bool]:
        found: dict[str, bool] = {}
        for token in self.search_tokens:
            found.setdefault(token.block, token.success)
        return found

    @functools.cached_property
    def _suspects(self) -> dict[str, Suspect]:
        return {item.letter: item for item in self.suspects}

    @functools.cached_property
    def _blocks(self) -> dict[str, Block]:
        return {item.id: item for item in self.blocks}

    def distances_from(self, block_id: str) -> tuple[tuple[str, int], ...]:
        """Every place on the grid, row by row, with its drive distance from ``block_id``."""
        return self._distances[block_id]

    @functools.cached_property
    def _distances(self) -> dict[str, tuple[tuple[str, int], ...]]:
        # one table per decoded case: legality asks every place's distance every step
        places = self._positions
        return {
            a: tuple((b, abs(ra - rb) + abs(ca - cb)) for b, (rb, cb) in places.items())
            for a, (ra, ca) in places.items()
        }

    @functools.cached_property
    def _positions(self) -> dict[str, tuple[int, int]]:
        return {
            item: (row, column)
            for row, line in enumerate(self.grid, start=1)
            for column, item in enumerate(line, start=1)
        }


#: The fields only the box knows: which face-down token lies where, and the murderer.
SECRET_FIELDS = ("search_tokens", "stakeout_tokens")


def to_envelope_parts(case: TecCase) -> dict[str, Any]:
    """The ``public``/``secret``/``solution`` parts a generator returns for ``case``."""
    data = serial.to_json(case)
    solution = data.pop("solution")
    secret = {name: data.pop(name) for name in SECRET_FIELDS}
    return {"public": data, "secret": secret, "solution": solution}


def from_envelope(envelope: Mapping[str, Any]) -> TecCase:
    """The whole case from a stored envelope (``public``, ``secret`` and ``solution``)."""
    data = {**envelope["public"], **envelope["secret"], "solution": envelope["solution"]}
    case: TecCase = serial.from_json(TecCase, data)
    return case
