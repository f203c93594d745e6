"""The state of a Murder City game: decks, hands, dataslates, credits, the turn and the court.

Ids only (murder, evidence, Jovan, legwork and hardship ids): the city is handed in beside the
state. What each seat may see of it is decided by ``views.py`` alone. Card effects
(``effects.py``, ``hardship.py``) and trades (``trade.py``) change it through the same fields;
``docs/murder-city.md`` ("Engine hooks") says which.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import serial
from rules.core import Event, JSONScalar, Seat
from rules.kit.deck import Deck
from rules.kit.encoded import ByIdentity
from rules.kit.hands import Hands
from rules.kit.latest import LatestOfGames
from rules.kit.simultaneous import Commitments
from rules.kit.windows import Window


@dataclass(frozen=True)
class Case:
    """A murder card on a dataslate and the evidence attached to it, face down."""

    murder: str
    ports: Mapping[str, str] = field(default_factory=dict)  # evidence type -> evidence id


@dataclass(frozen=True)
class Desk:
    """One seat's Jovan Dataslate and what lies open beside it."""

    jovan: str | None  # None only while Jovans are being chosen
    cases: tuple[Case, ...]
    credits: int
    won: int = 0  # cases that reached a verdict of any charge (the tie-break)
    hardships: tuple[str, ...] = ()  # lasting hardships in effect, face up on the dataslate
    barred: bool = False  # more than five evidence in hand as this turn's investigation ended


@dataclass(frozen=True)
class Limits:
    """One seat's allowances and uses this turn (reset when a turn starts)."""

    draws_left: int = 2  # evidence draws (the Strength's pick is one of them)
    picked: bool = False  # the Strength's pick used (once a turn, a hardship's draw included)
    discards_left: int = 1
    murder_taken: bool = False  # a new murder card drawn or received by trade
    traded_evidence: bool = False  # an evidence card received by trade or purchase
    exchanged: bool = False  # the 2-for-1 legwork exchange
    hardship: str | None = None  # the voluntary hardship's benefit, once taken
    swapping: bool = False  # the swap benefit holds for the rest of its investigation turn
    moves: int = 0  # attached cards moved after the swap benefit
    offers: int = 0  # trades offered
    legwork_played: int = 0
    cases_left: int = 1  # cases it may still present this court phase
    done: bool = False  # its investigation turn is over


@dataclass(frozen=True)
class DiceMod:
    """One change to the trial's dice: ``source`` is a card id or a rule ("strength", …)."""

    source: str
    amount: int
    seat: int | None = None  # who brought it (a legwork card's player), if anyone


@dataclass(frozen=True)
class Court:
    """The case being heard."""

    prosecutor: int
    murder: str
    suspect: str
    stage: str  # a spec.Stage
    volunteers: Commitments | None = None
    listener: int | None = None
    decision: str | None = None  # challenge / rubber-stamp / endorse, once made
    challenged: str | None = None  # the evidence type the Listener named
    dice: tuple[DiceMod, ...] = ()
    window: Window | None = None
    to_trial: bool = False  # a card sent the case straight to trial (no Listener)
    story: tuple[tuple[str, str], ...] = ()  # (evidence type, item) as told, once told


@dataclass(frozen=True)
class Marker:
    """A legwork (or other) card's effect in force: what ``effects.py`` keeps and reads."""

    card: str
    by: int | None  # the seat that played it
    on: int | None  # the seat it targets, if one
    until: str  # "case" (the next case of ``on``), "turn", "court" (this court phase) …
    data: Mapping[str, JSONScalar] = field(default_factory=dict)


@dataclass(frozen=True)
class Goods:
    """One side of a trade: cards by id (or, for what is asked of a hidden hand, by the
    description ``trade.py`` gives), murder cards and credits."""

    evidence: tuple[str, ...] = ()
    legwork: tuple[str, ...] = ()
    murders: tuple[str, ...] = ()
    credits: int = 0


@dataclass(frozen=True)
class Offer:
    """A trade the seat on turn offered, waiting for ``partner``'s answer."""

    proposer: int
    partner: int
    give: Goods
    take: Goods


@dataclass(frozen=True)
class Peek:
    """A face-down card ``seat`` looked at (a Backroom Datajack): ``evidence`` on ``owner``'s
    case ``murder`` at the port ``port``, kept while it lies there (``memory.py``)."""

    seat: int
    owner: int
    murder: str
    port: str
    evidence: str


@dataclass(frozen=True)
class PileLook:
    """The unseen cards of ``kind``'s discard pile that ``seat`` saw when it chose from the
    whole pile (its Strength, or a hardship's draw), those still in it (``memory.py``)."""

    seat: int
    kind: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class McState:
    seed: int
    step: int
    mode: str
    seats: tuple[Seat, ...]
    turns: int  # the contracts' length (option ``turns``)
    turn: int  # 1-based; 0 while Jovans are chosen
    phase: str  # a spec.Phase
    order: tuple[int, ...]  # this turn's initiative order (clockwise from the winner)
    at: int  # the index in ``order`` of the seat on turn (investigation, court)
    initiative: tuple[Mapping[int, int], ...]  # this turn's roll-off rounds, seat -> die
    desks: tuple[Desk, ...]
    limits: tuple[Limits, ...]
    murder_deck: Deck
    evidence_decks: Mapping[str, Deck]  # by evidence type; an exhausted deck stays empty
    unseen: Mapping[str, tuple[str, ...]]  # by type: discards that went in unseen (closed cases)
    legwork_deck: Deck  # setbacks among them; reshuffles when empty
    hardship_deck: Deck  # reshuffles when empty
    evidence: Hands  # each seat's evidence hand
    legwork: Hands  # each seat's legwork cards
    setbacks: tuple[str, ...] = ()  # setbacks in force this turn
    setbacks_drawn_by: tuple[int, ...] = ()  # the seat that drew each of ``setbacks``, read aloud
    markers: tuple[Marker, ...] = ()
    court: Court | None = None
    offer: Offer | None = None
    jovans_left: tuple[str, ...] = ()  # option jovans=chosen: Jovans not yet taken
    opening: tuple[Event, ...] = ()  # what new_game did, told by the first step
    ended: str | None = None
    peeks: tuple[Peek, ...] = ()  # what a seat saw of an attached card, while still true
    looks: tuple[PileLook, ...] = ()  # what a seat saw of a pile's unseen cards, while there

    def desk(self, seat: int) -> Desk:
        return self.desks[seat]

    @property
    def current(self) -> int | None:
        """The seat on turn in the investigation or court phase (None otherwise)."""
        if self.phase in ("investigation", "court") and self.at < len(self.order):
            return self.order[self.at]
        return None


#: Fields written only when they hold something: states saved before they existed read the same,
#: and a game where no seat looked at anything is stored as it was.
_ONLY_IF_SET = ("peeks", "looks")


def to_json(state: McState) -> dict[str, Any]:
    """``serial.to_json(state)``, each field by the encoder ``serial`` gives its type, a value
    that is the very object encoded before taken from :data:`_ENCODED` (a step changes a few
    fields: the decks, the seats, most desks and hands stay the same objects). The evidence
    decks, desks and limits are looked up deck by deck and seat by seat too, as a step changes
    one or two of them. The data returned shares those parts: it is written (the store dumps
    it), never changed."""
    data: dict[str, Any] = {}
    for name, how, encode in _fields():
        value = getattr(state, name)
        if how is _SCALAR:
            data[name] = encode(value)
        elif how is _WHOLE:
            # an empty tuple or mapping, or None, encoded again: ``()`` and ``None`` are one
            # object each, which every such field's encoder met in turn (each a miss and a keep)
            data[name] = _encoded(encode, value) if value else encode(value)
        else:
            data[name] = _encoded(how, value)
    for name in _ONLY_IF_SET:
        if not data[name]:
            del data[name]
    LATEST.put(state.seed, state)
    return data


#: The latest state of each game (by its secret seed) that :func:`to_json` wrote: a worker
#: reading the game's state back after another worker's move (``stored.py``) takes the parts
#: that move left alone from it, the very values, when their text is what their encoding, still
#: kept in :data:`_ENCODED`, was written as. 256 games: mostly the states the server keeps
#: decoded anyway (its 256).
LATEST_KEPT = 256
LATEST: LatestOfGames[McState] = LatestOfGames(LATEST_KEPT)


#: The encoded parts :func:`to_json` keeps, by the identity of the value encoded: a state has
#: about 35 that are not plain numbers or text (its fields, its five evidence decks, its seats'
#: desks and limits), so 1,024 hold the last states of some two dozen games, whose parts the
#: server keeps anyway (its decoded states: 64).
_ENCODED = ByIdentity(1024)
_encoded = _ENCODED.encoded

_SCALAR, _WHOLE = object(), object()  # how a field is encoded (else: by its parts)


@functools.cache
def _fields() -> tuple[tuple[str, Any, serial.Encoder], ...]:
    """Each field of a state: its name, how it is encoded (a plain number or text again each
    time, looking it up would cost more; a value whole; or part by part) and the encoder."""
    hints = typing.get_type_hints(McState)
    made: list[tuple[str, Any, serial.Encoder]] = []
    for each in dataclasses.fields(McState):
        name, kind = each.name, hints[each.name]
        encode = serial.encoder(kind)
        if kind in _SCALARS:
            made.append((name, _SCALAR, encode))
        elif name in _BY_PART:
            made.append((name, _BY_PART[name], encode))
        else:
            made.append((name, _WHOLE, encode))
    return tuple(made)


def _by_deck(decks: Mapping[str, Deck]) -> dict[str, Any]:
    """The evidence decks as ``serial`` writes a mapping, each deck looked up."""
    deck = _DECK
    return {str(kind): _encoded(deck, each) for kind, each in decks.items()}


def _by_seat(kind: Any) -> serial.Encoder:
    """A tuple of ``kind`` as ``serial`` writes it, each seat's value looked up."""
    item = serial.encoder(kind)
    return lambda values: [_encoded(item, each) for each in values]


_DECK = serial.encoder(Deck)
_BY_PART: dict[str, serial.Encoder] = {
    "evidence_decks": _by_deck,
    "desks": _by_seat(Desk),
    "limits": _by_seat(Limits),
}
_SCALARS = (int, str, bool, float, int | None, str | None)


def from_json(data: Mapping[str, Any]) -> McState:
    state: McState = serial.from_json(McState, dict(data))
    return state
