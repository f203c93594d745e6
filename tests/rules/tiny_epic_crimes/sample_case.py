"""A Tiny Epic Crimes case written by hand from the rulebook's setup, for tests.

The roster is the sixteen even-weight five-bit words (every two differ in at least two
evidences); blocks 1-7 show the search icon, 8-12 the stakeout icon, and the grid is filled
row by row around the HQ.
"""

from __future__ import annotations

import itertools

from rules.tiny_epic_crimes.case import (
    CLUES_NEEDED,
    EVIDENCE,
    SUSPECT_LETTERS,
    TRAIT_VALUES,
    Block,
    SearchToken,
    Solution,
    StakeoutToken,
    Suspect,
    TecCase,
    TimeSpace,
)


def even_words() -> list[tuple[int, ...]]:
    return [bits for bits in itertools.product((0, 1), repeat=5) if sum(bits) % 2 == 0]


def sample_suspects() -> tuple[Suspect, ...]:
    return tuple(
        Suspect(
            letter,
            f"Suspect {letter}",
            **{e: TRAIT_VALUES[e][bit] for e, bit in zip(EVIDENCE, bits, strict=True)},
        )
        for letter, bits in zip(SUSPECT_LETTERS, even_words(), strict=True)
    )


def sample_track() -> tuple[TimeSpace, ...]:
    """Hours 1-48: day and night every six hours, a line every six, red 43-48, icons 39-48."""
    return tuple(
        TimeSpace(
            hour=hour,
            phase="day" if (hour - 1) // 6 % 2 == 0 else "night",
            event_line=hour % 6 == 0,
            final=hour >= 43,
            timed_event_icon=hour >= 39,
        )
        for hour in range(1, 49)
    )


def sample_case(murderer: str = "F") -> TecCase:
    icons = ["search"] * 7 + ["stakeout"] * 5 + [None] * 12
    blocks = tuple(Block(f"B{n:02d}", f"Block {n}", icon) for n, icon in enumerate(icons, start=1))
    ids = iter(block.id for block in blocks)
    grid = tuple(
        tuple("HQ" if (row, column) == (3, 3) else next(ids) for column in range(1, 6))
        for row in range(1, 6)
    )
    return TecCase(
        title="A test case",
        city="Testville",
        introduction="Someone did it.",
        players=4,
        gang_names={"blue": "the Blues", "red": "the Reds", "gray": "the Grays"},
        suspects=sample_suspects(),
        blocks=blocks,
        grid=grid,
        white_dice=(1, 2, 3, 4, 5),
        black_dice=(1, 2, 3, 4, 5),
        informant_rows=(1, 2, 3, 4, 5),
        witness_columns=(1, 2, 3, 4, 5),
        holding_tokens=("blue", "red", "gray"),
        clues_needed=dict(CLUES_NEEDED),
        mobsters={"blue": 5, "red": 5, "gray": 5},
        time_track=sample_track(),
        search_tokens=tuple(SearchToken(f"B{n:02d}", n % 2 == 1) for n in range(1, 8)),
        stakeout_tokens=tuple(StakeoutToken(f"B{n:02d}", n - 7) for n in range(8, 13)),
        solution=Solution(murderer),
    )
