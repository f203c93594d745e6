"""Reading a city and laying out a game: decks shuffled, Jovans, murder cards, evidence, credits."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Event, JSONScalar, Seat, SetupError, check_seats, rng_for
from rules.kit.deck import Deck
from rules.kit.hands import Hands

from . import closing, turns
from .case import (
    COLOURS,
    EVIDENCE_PER_DECK,
    EVIDENCE_TYPES,
    JOVAN_COUNT,
    MURDERS_PER_COLOUR,
    SYSTEM_ID,
    City,
    from_envelope,
)
from .changes import evolve
from .made import new_event
from .names import Ev, Phase
from .spec import SPEC, STARTING_CREDITS, STARTING_MURDERS
from .state import Case, Desk, Limits, McState

_BAD = "setup/bad-case"


def read_case(envelope: Mapping[str, Any]) -> City:
    """The city of an envelope, checked enough to play; :class:`SetupError` otherwise."""
    system = envelope.get("system", SYSTEM_ID)
    if system != SYSTEM_ID:
        raise SetupError(f"this is a {system} case, not a Murder City one", code=_BAD)
    try:
        city = from_envelope(envelope)
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError(f"the case is not a Murder City city: {error}", code=_BAD) from None
    check_city(city)
    return city


def check_city(city: City) -> None:
    """The counts the rules rely on: 25 murders, five decks of 33, five Jovans, cards to draw."""
    if len(city.murders) != MURDERS_PER_COLOUR * len(COLOURS) or len(city.murder_by_id) != len(
        city.murders
    ):
        raise SetupError("the city needs 25 murder cards with distinct ids", code=_BAD)
    for kind in EVIDENCE_TYPES:
        if len(city.deck(kind)) != EVIDENCE_PER_DECK:
            raise SetupError(f"the {kind} deck must hold {EVIDENCE_PER_DECK} cards", code=_BAD)
    if len(city.jovans) != JOVAN_COUNT or not city.legwork or not city.hardship:
        raise SetupError("the city needs five Jovans, legwork and hardship cards", code=_BAD)
    for murder in city.murders:
        if len(set(murder.needs)) != 3 or not set(murder.needs) <= set(EVIDENCE_TYPES):
            raise SetupError(f"{murder.id} must need three different evidence types", code=_BAD)


def new_game(
    city: City,
    seats: Sequence[Seat],
    mode: str,
    *,
    seed: int,
    options: Mapping[str, JSONScalar],
) -> McState:
    """Setup: decks shuffled, Jovans dealt (or chosen first), three murder cards, three evidence
    of the Jovan's starting types and 3 credits each; then the first turn starts."""
    check_seats(SPEC, mode, seats)
    count = len(seats)
    rng = rng_for(seed, 0, "setup")
    murder_deck = Deck.shuffled((m.id for m in city.murders), rng)
    evidence_decks = {kind: Deck.shuffled(city.deck(kind), rng) for kind in EVIDENCE_TYPES}
    legwork_deck = Deck.shuffled(city.legwork, rng)
    hardship_deck = Deck.shuffled(city.hardship, rng)
    desks = []
    for _ in range(count):
        murder_deck, murders = murder_deck.draw(STARTING_MURDERS, rng=rng)
        desks.append(Desk(None, tuple(Case(m) for m in murders), STARTING_CREDITS))
    jovans = sorted(j.id for j in city.jovans)
    state = McState(
        seed=seed,
        step=0,
        mode=mode,
        seats=tuple(seats),
        turns=int(options.get("turns", 6) or 6),
        turn=0,
        phase=Phase.JOVANS,
        order=tuple(range(count)),
        at=0,
        initiative=(),
        desks=tuple(desks),
        limits=tuple(Limits() for _ in range(count)),
        murder_deck=murder_deck,
        evidence_decks=evidence_decks,
        unseen={kind: () for kind in EVIDENCE_TYPES},
        legwork_deck=legwork_deck,
        hardship_deck=hardship_deck,
        evidence=Hands.empty(range(count), salt=rng.getrandbits(64)),
        legwork=Hands.empty(range(count), salt=rng.getrandbits(64)),
        jovans_left=tuple(jovans),
    )
    if options.get("jovans", "dealt") == "chosen":
        return state
    dealt = list(jovans)
    rng.shuffle(dealt)
    for seat in range(count):
        state = with_jovan(state, seat, dealt[seat])
    state, events = begin(city, state, rng)
    return evolve(state, opening=tuple(events))


def with_jovan(state: McState, seat: int, jovan: str) -> McState:
    desks = list(state.desks)
    desks[seat] = evolve(desks[seat], jovan=jovan)
    left = tuple(j for j in state.jovans_left if j != jovan)
    return evolve(state, desks=tuple(desks), jovans_left=left)


def begin(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """Every seat has its Jovan: the starting evidence dealt, and the first turn starts."""
    events = [
        new_event(
            Ev.GAME_STARTED,
            data={
                "turns": state.turns,
                "jovans": {str(s): d.jovan for s, d in enumerate(state.desks)},
                "murders": {str(s): [c.murder for c in d.cases] for s, d in enumerate(state.desks)},
                "credits": STARTING_CREDITS,
            },
        )
    ]
    for seat, desk in enumerate(state.desks):
        assert desk.jovan is not None
        kinds = city.jovan_by_id[desk.jovan].starting
        cards: list[str] = []
        decks = dict(state.evidence_decks)
        for kind in kinds:
            decks[kind], drawn = decks[kind].draw(1, rng=rng, reshuffle=False)
            cards.extend(drawn)
        state = evolve(state, evidence_decks=decks, evidence=state.evidence.add(seat, cards))
        events.append(
            new_event(
                Ev.EVIDENCE_DEALT,
                actor=seat,
                data={"seat": seat, "types": list(kinds), "count": len(cards)},
                secret={"cards": cards, "faces": [closing.face(city, c) for c in cards]},
                secret_audience=frozenset({seat}),
            )
        )
    state, started = turns.start_turn(city, evolve(state, jovans_left=()), rng)
    return state, events + started
