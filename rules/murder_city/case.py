"""A Murder City case: the murder cards, the evidence decks, the Jovans and the card decks.

The generator makes the murder cards, the evidence and the Jovans for a seed (their names, items
and numbers are original and checked by z3); the legwork and hardship cards are the rules' own
catalogue (:mod:`.cards`), and a case lists which of them its decks hold. Nothing of a case is
hidden: what is hidden in a game (the shuffles, the hands, the face-down evidence) comes from
the game's secret seed and lives in the game's state.

Ids: a murder card ``"M01"`` … ``"M25"``; an evidence card its deck's prefix and a number
(``"EW01"`` … ``"EW33"`` Eyewitness, ``"FO…"`` Forensics, ``"IN…"`` Interrogation, ``"MW…"``
Murder Weapon, ``"PO…"`` Professional Opinion); a Jovan ``"J1"`` … ``"J5"``; legwork and
hardship cards by their catalogue ids.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules import serial

SYSTEM_ID = "murder-city"
SCHEMA_VERSION = 1

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "brown")
JOKER = "joker"  # the colour of a wild card: it fits every murder and is worth 1
EVIDENCE_TYPES: tuple[str, ...] = (
    "eyewitness",
    "forensics",
    "interrogation",
    "murder-weapon",
    "professional-opinion",
)
DECK_PREFIX: Mapping[str, str] = {
    "eyewitness": "EW",
    "forensics": "FO",
    "interrogation": "IN",
    "murder-weapon": "MW",
    "professional-opinion": "PO",
}
CHARGES: tuple[str, ...] = ("murder-one", "manslaughter", "aggravated-assault")
MURDERS_PER_COLOUR = 5
EVIDENCE_PER_DECK = 33
VALUES = (1, 2, 3)
JOKER_VALUE = 1
JOVAN_COUNT = 5
LEGWORK_DECK = 50  # setbacks included
HARDSHIP_DECK = 25
PORTS = 3  # evidence a murder card holds, one of each type it needs


@dataclass(frozen=True)
class Charge:
    """One charge of a murder card: a trial total of ``threshold`` or more pays ``payout``."""

    name: str  # one of CHARGES
    threshold: int
    payout: int


@dataclass(frozen=True)
class MurderCard:
    id: str
    name: str  # the murder type: "Drowned Courier"
    colour: str
    suspects: tuple[str, ...]  # possible suspects, ideas for the court story
    needs: tuple[str, str, str]  # the evidence types: means, motive, opportunity
    charges: tuple[Charge, Charge, Charge]  # Murder One, Manslaughter, Aggravated Assault


@dataclass(frozen=True)
class EvidenceCard:
    id: str
    type: str  # one of EVIDENCE_TYPES
    colour: str  # one of COLOURS, or JOKER
    value: int  # 1-3; a joker's is 1
    item: str  # what it names ("Letter Opener"); "" for a joker, whose detail is invented


@dataclass(frozen=True)
class Jovan:
    id: str
    name: str  # "Ilse Varga"
    title: str  # "the Tabloid Reporter"
    strength_pick: str  # the evidence type whose discard pile it may choose from
    strength_die: str  # the evidence type that brings an extra trial die to its case
    weakness: str  # the evidence type it pays 1 credit to draw
    starting: tuple[str, str, str]  # the types of its three starting evidence cards


@dataclass(frozen=True)
class City:
    """The whole case: every card a table plays with, and each card's face."""

    name: str  # the arcology's name
    murders: tuple[MurderCard, ...]
    evidence: tuple[EvidenceCard, ...]
    jovans: tuple[Jovan, ...]
    legwork: tuple[str, ...]  # the legwork deck's cards (catalogue ids, repeats allowed)
    hardship: tuple[str, ...]  # the hardship deck's cards

    @functools.cached_property
    def murder_by_id(self) -> Mapping[str, MurderCard]:
        return {card.id: card for card in self.murders}

    @functools.cached_property
    def evidence_by_id(self) -> Mapping[str, EvidenceCard]:
        return {card.id: card for card in self.evidence}

    @functools.cached_property
    def jovan_by_id(self) -> Mapping[str, Jovan]:
        return {jovan.id: jovan for jovan in self.jovans}

    def deck(self, evidence_type: str) -> tuple[str, ...]:
        """The ids of one evidence deck, in catalogue order (a game shuffles them)."""
        return tuple(card.id for card in self.evidence if card.type == evidence_type)


def to_envelope_parts(city: City) -> dict[str, Any]:
    """The generator's parts of an envelope: the whole city is public."""
    return {"public": serial.to_json(city)}


def from_envelope(envelope: Mapping[str, Any]) -> City:
    city: City = serial.from_json(City, envelope["public"])
    return city
