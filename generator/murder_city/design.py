"""The design numbers of a Murder City case: what the model asserts and the verifier checks.

The rulebook gives the deck sizes, the values and the example charges (Murder One 20/6,
Manslaughter 16/4, Aggravated Assault 12/2; 22/8, 18/6, 14/4). The rest is the design of a
fair set of cards (docs/murder-city.md, "Generator"):

- a charge's threshold and payout lie in its :class:`Band`, and a higher threshold never pays
  less: the payout is the threshold less the band's ``offset``, or one less than that;
- every colour's five murder cards add up to the same thresholds and payouts, charge by charge;
- each evidence type is needed by 2 to 4 of the five murders of each colour, 15 in all;
- each deck holds six genuine cards of each colour, with every value 1-3 among them and the
  same sum of values in every colour, and three jokers.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.murder_city.case import (
    COLOURS,
    EVIDENCE_PER_DECK,
    EVIDENCE_TYPES,
    MURDERS_PER_COLOUR,
    PORTS,
    VALUES,
)


@dataclass(frozen=True)
class Band:
    """Where one charge's numbers lie: thresholds and payouts inclusive; a card's payout is
    ``threshold - offset`` or one less."""

    name: str
    thresholds: tuple[int, int]
    payouts: tuple[int, int]
    offset: int

    def payouts_for(self, threshold: int) -> tuple[int, ...]:
        """The payouts a card with ``threshold`` may have."""
        low, high = self.payouts
        return tuple(
            p for p in (threshold - self.offset - 1, threshold - self.offset) if low <= p <= high
        )


BANDS: tuple[Band, Band, Band] = (
    Band("murder-one", (20, 22), (6, 8), 14),
    Band("manslaughter", (16, 18), (4, 6), 12),
    Band("aggravated-assault", (12, 14), (2, 4), 10),
)

#: Genuine cards of each colour in each deck, and the jokers of a deck.
GENUINE_PER_COLOUR = 6
JOKERS_PER_DECK = EVIDENCE_PER_DECK - GENUINE_PER_COLOUR * len(COLOURS)
#: The sum of the values of one colour's genuine cards in one deck (the same for all colours).
VALUE_SUMS: tuple[int, int] = (11, 13)
#: How many of a colour's five murders need one evidence type, and how many murders in all.
NEED_SHARE: tuple[int, int] = (2, 4)
NEEDS_PER_TYPE = len(COLOURS) * MURDERS_PER_COLOUR * PORTS // len(EVIDENCE_TYPES)

#: A full case's dice: three value-3 cards, the Strength's die, the endorsement's die and the
#: voluntary hardship's die. Every threshold is at most six times as many.
FULL_CASE_DICE = PORTS * max(VALUES) + 3
#: Three value-3 cards with no bonus: every charge can be reached with genuine evidence alone.
GENUINE_CASE_DICE = PORTS * max(VALUES)
