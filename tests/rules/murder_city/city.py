"""A hand-made city for the Murder City tests: small to read, complete to play.

25 murder cards (five per colour), five evidence decks of 33 (three jokers each; six cards of
each colour, values 1, 1, 2, 2, 3, 3), five Jovans, and the legwork and hardship decks of the
rules' catalogue. ``M01`` is the rulebook's Dead Parent (red; Professional Opinion, Forensics,
Murder Weapon; 20/6, 16/4, 12/2) and ``J2`` the Analytical Alien (an extra die for a Murder
Weapon), for the worked example. Other tests import :func:`sample_city`.
"""

from __future__ import annotations

import functools

from rules.murder_city import cards
from rules.murder_city.case import (
    COLOURS,
    DECK_PREFIX,
    EVIDENCE_TYPES,
    JOKER,
    JOKER_VALUE,
    Charge,
    City,
    EvidenceCard,
    Jovan,
    MurderCard,
)

EW, FO, IN, MW, PO = EVIDENCE_TYPES
#: The needs of the five murder cards of each colour (Dead Parent's first).
NEEDS: tuple[tuple[str, str, str], ...] = (
    (PO, FO, MW),
    (EW, FO, IN),
    (MW, EW, PO),
    (IN, PO, FO),
    (FO, MW, EW),
)
CHARGES = (
    (20, 6, 16, 4, 12, 2),
    (18, 5, 14, 3, 10, 1),
    (22, 8, 18, 6, 14, 4),
    (16, 4, 12, 3, 8, 1),
    (24, 9, 19, 6, 15, 3),
)
NAMES = ("Dead Parent", "Drowned Courier", "Erased Mind", "Burnt Broker", "Silent Tenant")
ITEMS = {
    EW: "Night-shift Porter",
    FO: "Smudged Print",
    IN: "Nervous Confession",
    MW: "Cut Brake Line",
    PO: "Clinic Report",
}


def _murders() -> tuple[MurderCard, ...]:
    out = []
    for c, colour in enumerate(COLOURS):
        for n in range(5):
            t = CHARGES[n]
            out.append(
                MurderCard(
                    id=f"M{c * 5 + n + 1:02}",
                    name=NAMES[n] if c == 0 else f"{NAMES[n]} of the {colour.title()} Tier",
                    colour=colour,
                    suspects=("Child", "Landlord", "Rival"),
                    needs=NEEDS[n],
                    charges=(
                        Charge("murder-one", t[0], t[1]),
                        Charge("manslaughter", t[2], t[3]),
                        Charge("aggravated-assault", t[4], t[5]),
                    ),
                )
            )
    return tuple(out)


def _evidence() -> tuple[EvidenceCard, ...]:
    out = []
    for kind in EVIDENCE_TYPES:
        number = 0
        for colour in COLOURS:
            for value in (1, 1, 2, 2, 3, 3):
                number += 1
                out.append(
                    EvidenceCard(
                        f"{DECK_PREFIX[kind]}{number:02}",
                        kind,
                        colour,
                        value,
                        f"{colour.title()} {ITEMS[kind]}",
                    )
                )
        for _ in range(3):
            number += 1
            out.append(
                EvidenceCard(f"{DECK_PREFIX[kind]}{number:02}", kind, JOKER, JOKER_VALUE, "")
            )
    return tuple(out)


JOVANS = (
    Jovan("J1", "Rook Halloran", "the Hard-Boiled Detective", EW, EW, FO, (EW, MW, PO)),
    Jovan("J2", "Ilse Varga", "the Analytical Alien", FO, MW, IN, (FO, MW, IN)),
    Jovan("J3", "Tamsin Okoro", "the Corporate Liaison", PO, PO, MW, (PO, IN, EW)),
    Jovan("J4", "Dex Marlow", "the Street Medic", IN, FO, EW, (IN, FO, PO)),
    Jovan("J5", "Oona Reyes", "the Data Hound", MW, IN, PO, (MW, EW, FO)),
)


@functools.cache
def sample_city() -> City:
    return City(
        name="Tessellate Arcology",
        murders=_murders(),
        evidence=_evidence(),
        jovans=JOVANS,
        legwork=cards.legwork_deck(),
        hardship=cards.hardship_deck(),
    )
