"""The city, its tokens and the time track, laid out as the rulebook's setup lays them.

- The 24 blocks of :data:`.content.BLOCKS` are shuffled into a 5x5 grid around the HQ.
- The die tokens run 1-5 in order: White along the top (columns), Black down the left (rows).
- Informant Tokens lie by the Black Die Tokens, Witness Tokens by the White (the 2-player rows
  and columns when two officers, or one, play), the three Holding Tokens on the HQ.
- The face-down Search Tokens (:data:`.content.SEARCH_SUCCESSES` successes, the rest failures)
  are shuffled onto the 7 search blocks, the Stakeout Tokens onto the 5 stakeout blocks.
- The time track is printed, not shuffled: :func:`time_track` builds it from the content.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.tiny_epic_crimes.case import (
    CLUES_NEEDED,
    CLUES_NEEDED_TWO_PLAYERS,
    DAY,
    DIE_NUMBERS,
    FINAL_HOURS,
    GRID_SIZE,
    HOURS,
    HQ,
    HQ_CELL,
    INFORMANT_ROWS,
    INFORMANT_ROWS_TWO_PLAYERS,
    NIGHT,
    SEARCH_ICONS,
    TIMED_EVENT_HOURS,
    WITNESS_COLUMNS,
    WITNESS_COLUMNS_TWO_PLAYERS,
    Block,
    SearchToken,
    StakeoutToken,
    TimeSpace,
)

from . import content


def blocks() -> tuple[Block, ...]:
    """The 24 City Block Cards, ``B01`` … ``B24``."""
    return tuple(
        Block(f"B{number:02d}", name, icon)
        for number, (name, icon) in enumerate(content.BLOCKS, start=1)
    )


def lay_out(rng: random.Random, cards: Sequence[Block]) -> tuple[tuple[str, ...], ...]:
    """The grid: the cards shuffled face-up into every cell but the centre, which is the HQ."""
    order = [card.id for card in cards]
    rng.shuffle(order)
    rows = []
    for row in range(1, GRID_SIZE + 1):
        line = []
        for column in range(1, GRID_SIZE + 1):
            line.append(HQ if (row, column) == HQ_CELL else order.pop())
        rows.append(tuple(line))
    return tuple(rows)


def search_tokens(rng: random.Random, cards: Sequence[Block]) -> tuple[SearchToken, ...]:
    """The Search Tokens shuffled face-down onto the search blocks, in block order."""
    faces = [True] * content.SEARCH_SUCCESSES + [False] * (SEARCH_ICONS - content.SEARCH_SUCCESSES)
    rng.shuffle(faces)
    targets = [card.id for card in cards if card.icon == "search"]
    return tuple(SearchToken(block, face) for block, face in zip(targets, faces, strict=True))


def stakeout_tokens(rng: random.Random, cards: Sequence[Block]) -> tuple[StakeoutToken, ...]:
    """The Stakeout Tokens shuffled face-down onto the stakeout blocks, in block order."""
    values = list(content.STAKEOUT_VALUES)
    rng.shuffle(values)
    targets = [card.id for card in cards if card.icon == "stakeout"]
    return tuple(StakeoutToken(block, value) for block, value in zip(targets, values, strict=True))


def token_lines(players: int) -> tuple[tuple[int, ...], tuple[int, ...], dict[str, int]]:
    """Informant rows, Witness columns and the clues each evidence needs, for ``players``."""
    if players <= 2:  # solo plays the 2-player cooperative game
        needed = dict(CLUES_NEEDED_TWO_PLAYERS)
        return INFORMANT_ROWS_TWO_PLAYERS, WITNESS_COLUMNS_TWO_PLAYERS, needed
    return INFORMANT_ROWS, WITNESS_COLUMNS, dict(CLUES_NEEDED)


def time_track() -> tuple[TimeSpace, ...]:
    """The 48 spaces: six hours of day, six of night, over again; red Event Lines after
    :data:`.content.EVENT_LINES_AFTER`; red spaces and timed-event icons as the rulebook says."""
    return tuple(
        TimeSpace(
            hour=hour,
            phase=DAY if (hour - 1) // content.PHASE_HOURS % 2 == 0 else NIGHT,
            event_line=hour in content.EVENT_LINES_AFTER,
            final=FINAL_HOURS[0] <= hour <= FINAL_HOURS[1],
            timed_event_icon=TIMED_EVENT_HOURS[0] <= hour <= TIMED_EVENT_HOURS[1],
        )
        for hour in range(1, HOURS + 1)
    )


def die_tokens() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """White (columns) and Black (rows) Die Tokens, in numerical order."""
    return DIE_NUMBERS, DIE_NUMBERS
