"""The state of a game: cars, trackers, mats, mobsters, tokens left in the city, hands.

Ids only (blocks, suspect letters, card ids, mobster colours): the case is handed in beside the
state. What each seat may see of it is decided by ``views.py`` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import serial
from rules.core import JSONScalar, Seat
from rules.kit import frozen
from rules.kit.deck import Deck
from rules.kit.hands import Hands
from rules.kit.turns import Track

#: A state with some fields changed (``rules.kit.frozen.replace``), as every module here says it.
evolve = frozen.replace


@dataclass(frozen=True)
class Officer:
    """One officer's car and Officer Mat; the tracker lives on the shared :class:`Track`."""

    block: str  # where the car is
    badge: int  # Badge Level, 0 on the large badge image at setup
    arrested: tuple[str, ...]  # colours on the three Arrest spots, in order of arrest
    holding: str | None  # the colour on the Holding Spot
    clues: Mapping[str, int]  # clue -> tokens of it that count towards its evidence
    failed_searches: int  # failure-side Search Tokens (badge, but no Forensics clue)
    stakeouts: tuple[int, ...]  # the numbers of the Stakeout Tokens won
    rested: bool  # the car lies on its side: no more turns


@dataclass(frozen=True)
class ActiveEvent:
    """An Event Card in an Event Slot, with what its setup placed."""

    card: str  # "E01" …
    slot: int  # 1-3, the lowest open one when drawn
    drawn_at: int  # the furthest tracker's hour when it was drawn (a timed event's clock)
    tokens: tuple[str, ...]  # blocks holding this event's Event Tokens
    on_card: tuple[str, ...]  # colours of the mobsters placed on the card
    mobster_blocks: tuple[str, ...]  # blocks where its setup placed a mobster, until cleared
    helpers: tuple[int, ...]  # seats whose actions counted towards it, in order


@dataclass(frozen=True)
class Decision:
    """A choice one officer owes before play goes on (see ``decisions.py``)."""

    kind: str  # the action type that makes it, e.g. "discard-force"
    seat: int
    choices: tuple[str, ...]
    #: what the kind's resolver needs to finish the rule: ids only, never shown in a view
    context: Mapping[str, JSONScalar] = field(default_factory=dict)


@dataclass(frozen=True)
class Glimpse:
    """A Suspect Card one officer has looked at in another's hand or in the ghost officer's
    pile (``interrogate.py``, ``peek.py``): what that officer knows of the others' alibis."""

    viewer: int
    owner: int | None  # None: the 2-player ghost officer's pile
    card: str


@dataclass(frozen=True)
class TecState:
    seed: int
    step: int
    mode: str
    seats: tuple[Seat, ...]
    officers: tuple[Officer, ...]
    track: Track  # hours spent per seat; the furthest behind plays, top of a stack first
    mobsters: Mapping[str, str]  # block -> colour of the one mobster on it
    bag: Mapping[str, int]  # colour -> mobsters in the bag
    search_blocks: tuple[str, ...]  # blocks still holding a face-down Search Token
    stakeout_blocks: tuple[str, ...]  # blocks still holding a face-down Stakeout Token
    informant_rows: tuple[int, ...]  # rows whose Informant Token is still beside the city
    witness_columns: tuple[int, ...]
    holding_tokens: tuple[str, ...]  # colours still on the HQ
    suspect_deck: Deck  # face down; the murderer's card is in the envelope, not here
    suspects: Hands  # each officer's collected alibis
    force_deck: Deck
    forces: Hands
    peeks: tuple[tuple[int, str], ...]  # (seat, block): a failed stakeout's token seen
    solved: Mapping[str, int]  # evidence -> the seat holding its Evidence Token
    driven: int  # hours driven this turn (Step 1), spent with the action's
    drove: bool  # Step 1 is over this turn
    boosts: Mapping[str, int]  # this turn's Force Card boosts: op -> amount (see force.py)
    event_deck: Deck
    events: tuple[ActiveEvent, ...]  # the active events, by slot
    accusations: Mapping[int, str]  # sealed until every officer has accused
    ended: str | None
    winners: tuple[int, ...]
    decisions: tuple[Decision, ...] = ()  # owed choices, oldest first; the first one is open
    #: co-op: the Out-of-Time Marker's hour, the track's last (coop.py); 48 otherwise
    final_hour: int = 48
    #: seat -> the Ability Card it chose at setup, face up (abilities.py); the other of its
    #: dealt pair went back to the box and is kept nowhere
    abilities: Mapping[int, str] = field(default_factory=dict)
    #: (seat, block): a face-down Search Token this officer has looked at (Lab Rush, Keen Eye)
    search_peeks: tuple[tuple[int, str], ...] = ()
    #: Suspect Cards officers looked at in other hands (Interrogate, an empty deck, a Peek)
    glimpses: tuple[Glimpse, ...] = ()
    #: (seat, evidence): a solved evidence an officer looked at in a Peek exchange (peek.py)
    peeked: tuple[tuple[int, str], ...] = ()
    #: the 2-player Standard game's ghost officer: its face-down Suspect Cards (ghost.py)
    ghost: tuple[str, ...] = ()


def to_json(state: TecState) -> dict[str, Any]:
    data: dict[str, Any] = serial.to_json(state)
    return data


def from_json(data: Mapping[str, Any]) -> TecState:
    state: TecState = serial.from_json(TecState, dict(data))
    return state
