"""Make a Tiny Epic Crimes case: the roster with z3, the city by shuffling, then the proof.

1. **Roster** (:mod:`.roster`, z3): sixteen profiles under the design constraints; the seed
   names each suspect from :data:`.content.SUSPECT_NAMES` and draws the murderer.
2. **City** (:mod:`.city`): the blocks shuffled around the HQ, the face-down tokens shuffled
   onto their blocks, the printed die tokens, token rows and time track.
3. **Proof**: the independent verifier (:mod:`.verify`) reads the finished case; a case it
   rejects is a bug, not a bad draw (:class:`GenerationError`).

Every draw comes from the attempt's ``random.Random`` (the kit's
:func:`~generator.kit.retry.retry`), in a fixed order, so the same seed and options give the
same case.

==================  =============================================
reason              the draft is rejected when
==================  =============================================
``roster/unknown``  z3 finds no roster within its effort bound
``roster/unsat``    the design constraints admit no roster
==================  =============================================
"""

from __future__ import annotations

import random
from collections import Counter

from generator.kit.retry import GenerationError, retry
from rules.tiny_epic_crimes.case import (
    EVIDENCE,
    MOBSTER_COLOURS,
    MOBSTERS_PER_COLOUR,
    SUSPECT_LETTERS,
    TRAIT_VALUES,
    Solution,
    Suspect,
    TecCase,
)

from . import city, content
from .options import Settings
from .roster import FULL, RosterDesign, Rows, solve_roster
from .verify import verify

__all__ = ["ATTEMPTS", "GenerationError", "build_case", "generate_case"]

ATTEMPTS = 8


def suspects_of(rows: Rows, rng: random.Random) -> tuple[Suspect, ...]:
    """The Suspect Cards of a roster, A to P, each with one of its letter's names."""
    cards = []
    for letter, row in zip(SUSPECT_LETTERS, rows, strict=True):
        values = {e: TRAIT_VALUES[e][bit] for e, bit in zip(EVIDENCE, row, strict=True)}
        cards.append(Suspect(letter, rng.choice(content.SUSPECT_NAMES[letter]), **values))
    return tuple(cards)


def build_case(rng: random.Random, settings: Settings, design: RosterDesign = FULL) -> TecCase:
    """One draft of a case, drawn from ``rng`` (roster first, then the city)."""
    suspects = suspects_of(solve_roster(rng, design), rng)
    murderer = rng.choice(SUSPECT_LETTERS)
    cards = city.blocks()
    grid = city.lay_out(rng, cards)
    searches = city.search_tokens(rng, cards)
    stakeouts = city.stakeout_tokens(rng, cards)
    gangs = {colour: rng.choice(content.GANG_NAMES[colour]) for colour in MOBSTER_COLOURS}
    town = rng.choice(content.CITIES)
    white, black = city.die_tokens()
    rows, columns, needed = city.token_lines(settings.players)
    return TecCase(
        title=content.TITLE.format(city=town),
        city=town,
        introduction=content.INTRODUCTION.format(city=town),
        players=settings.players,
        gang_names=gangs,
        suspects=suspects,
        blocks=cards,
        grid=grid,
        white_dice=white,
        black_dice=black,
        informant_rows=rows,
        witness_columns=columns,
        holding_tokens=MOBSTER_COLOURS,
        clues_needed=needed,
        mobsters=dict.fromkeys(MOBSTER_COLOURS, MOBSTERS_PER_COLOUR),
        time_track=city.time_track(),
        search_tokens=searches,
        stakeout_tokens=stakeouts,
        solution=Solution(murderer),
    )


def generate_case(
    seed: int, settings: Settings, *, rejections: Counter[str] | None = None
) -> TecCase:
    """The case of ``seed``, proved by the independent verifier.

    :class:`~generator.kit.retry.AttemptsExhausted` when every draft is rejected;
    :class:`GenerationError` when a finished case fails the verifier (a bug).
    """

    def attempt(rng: random.Random) -> TecCase:
        case = build_case(rng, settings)
        report = verify(case)
        if not report.ok:
            raise GenerationError(f"seed {seed}: the verifier rejects the case: {report.problems}")
        return case

    return retry(
        attempt,
        seed=seed,
        attempts=ATTEMPTS,
        what=f"Tiny Epic Crimes case for seed {seed} with {settings.players} players",
        rejections=rejections,
    )
