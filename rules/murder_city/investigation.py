"""The investigation phase, on a seat's own turn: draws (the Strength's pick, the Weakness'
fee), attaching for a credit, one discard, one new murder card, the 2-for-1 legwork exchange,
the voluntary hardship and its benefits, and moving attached evidence after the swap benefit."""

from __future__ import annotations

import functools
import random
from typing import Any

from rules.core import Action, ActionSpec, Event, Subset

from . import closing, draws, hooks, ledger, memory
from .case import EVIDENCE_TYPES, City
from .changes import evolve, with_desk, with_limits
from .made import new_event
from .names import Act, Benefit, Ev, Reason
from .spec import (
    ATTACH_REWARD,
    LEGWORK_EXCHANGE,
    MAX_MURDERS,
    SPECS_KEPT,
    SWAPS_PER_TURN,
    WEAKNESS_FEE,
)
from .state import Case, McState

#: The voluntary hardship's benefits on a seat's own investigation turn.
TURN_BENEFITS = (Benefit.EVIDENCE, Benefit.LEGWORK, Benefit.SWAP)

# Specs are immutable values listed on every step of a seat's turn: the ones without choices
# are made once, the others once per set of choices (an ``ActionSpec`` costs as much to build
# as a dozen dictionary lookups), in caches kept small (``spec.SPECS_KEPT``).
_END = ActionSpec(Act.END_INVESTIGATION)
_DRAW_MURDER = ActionSpec(Act.DRAW_MURDER)
_HARDSHIP = ActionSpec(Act.TAKE_HARDSHIP, {"benefit": tuple(b.value for b in TURN_BENEFITS)})


@functools.lru_cache(maxsize=SPECS_KEPT)
def _spec(kind: str, *params: tuple[str, Any]) -> ActionSpec:
    return ActionSpec(kind, dict(params))


def specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    """What the seat on its investigation turn may do (legwork and trades are added apart)."""
    desk = state.desks[seat]
    limits = state.limits[seat]
    jovan = city.jovan_by_id[desk.jovan or ""]
    out: list[ActionSpec] = []
    if limits.draws_left > 0:
        every = state.evidence_decks
        weakness = jovan.weakness if desk.credits < WEAKNESS_FEE else None  # a deck it can't pay
        barred = hooks.forbids_whatever_target(city, state, seat, "draw-evidence")
        decks = tuple(
            kind
            for kind in EVIDENCE_TYPES
            if every[kind].draw_pile
            and kind != weakness
            and not (
                barred
                if barred is not None
                else hooks.forbids(city, state, seat, "draw-evidence", kind)
            )
        )
        if decks:
            out.append(_spec(Act.DRAW_EVIDENCE, ("deck", decks)))
        pile = state.evidence_decks[jovan.strength_pick].discard_pile
        if (
            not limits.picked
            and pile
            and not hooks.forbids(city, state, seat, "pick-discard", jovan.strength_pick)
        ):
            out.append(_pick_form(pile))
    hand = state.evidence.cards_of(seat)
    out.extend(_hand_specs(city, state, seat, hand, limits.discards_left > 0))
    if (
        not limits.murder_taken
        and len(desk.cases) < MAX_MURDERS + hooks.adjust(city, state, seat, "murder-limit")
        and state.murder_deck.available()
        and not hooks.forbids(city, state, seat, "draw-murder")
    ):
        out.append(_DRAW_MURDER)
    if not limits.exchanged:
        out.extend(_exchanges(state.legwork.cards_of(seat)))
    if limits.hardship is None:
        out.append(_HARDSHIP)
    if limits.swapping and limits.moves < SWAPS_PER_TURN:
        out.extend(_swaps(city, state, seat))
    out.append(_END)
    return out


def _pick_form(pile: tuple[str, ...]) -> ActionSpec:
    """The Strength's pick from ``pile``: the form made for the very same pile last time (a
    pile changes on few steps; the form is listed on most of its holder's turn)."""
    global _LAST_PICK
    last = _LAST_PICK
    if last is not None and last[0] is pile:
        return last[1]
    made = _spec(Act.PICK_DISCARD, ("card", tuple(sorted(set(pile)))))
    _LAST_PICK = (pile, made)
    return made


_LAST_PICK: tuple[tuple[str, ...], ActionSpec] | None = None


#: The last attach and discard forms made for each seat, with what they were made from: they
#: are listed on every step of the seat's turn and change only when its hand or cases do.
_HAND_FORMS: dict[int, tuple[tuple[Any, ...], tuple[ActionSpec, ...]]] = {}


def _hand_specs(
    city: City, state: McState, seat: int, hand: tuple[str, ...], discards: bool
) -> tuple[ActionSpec, ...]:
    """Each held card onto the open ports of its type; one card discarded, if the seat may."""
    cases = state.desks[seat].cases
    barred = hooks.forbids(city, state, seat, "attach", None)
    key = (city, hand, cases, discards, barred)
    kept = _HAND_FORMS.get(seat)
    if kept is not None and kept[0] == key:
        return kept[1]
    open_ports = _open_ports(city, seat, cases, barred)
    evidence = city.evidence_by_id
    out: list[ActionSpec] = []
    held = sorted(set(hand))
    for card in held:
        onto = open_ports.get(evidence[card].type)
        if onto:
            out.append(_spec(Act.ATTACH, ("card", (card,)), ("murder", onto)))
    if discards and hand:
        out.append(_spec(Act.DISCARD_EVIDENCE, ("card", tuple(held))))
    made = tuple(out)
    _HAND_FORMS[seat] = (key, made)
    return made


#: The last open ports by evidence type made for each seat, with the cases they were made from:
#: a seat's hand changes on most steps of its turn, its cases on few.
_OPEN_PORTS: dict[int, tuple[Any, Any, Any, dict[str, tuple[str, ...]]]] = {}


def _open_ports(
    city: City, seat: int, cases: tuple[Case, ...], barred: bool
) -> dict[str, tuple[str, ...]]:
    """The murder cards whose open port each evidence type may fill, asked once per case
    rather than once per card (none while the seat is barred from attaching)."""
    kept = _OPEN_PORTS.get(seat)
    if kept is not None and kept[0] is cases and kept[1] is city and kept[2] == barred:
        return kept[3]
    onto: dict[str, list[str]] = {}
    for case in cases:
        empty = [k for k in city.murder_by_id[case.murder].needs if k not in case.ports]
        if empty and not barred:
            for kind in empty:
                onto.setdefault(kind, []).append(case.murder)
    made = {kind: tuple(murders) for kind, murders in onto.items()}
    _OPEN_PORTS[seat] = (cases, city, barred, made)
    return made


@functools.lru_cache(maxsize=SPECS_KEPT)
def _exchanges(legwork: tuple[str, ...]) -> tuple[ActionSpec, ...]:
    """The 2-for-1 exchange's forms for a legwork hand: two different cards, or a pair of the
    same card."""
    if len(legwork) < LEGWORK_EXCHANGE:
        return ()
    out: list[ActionSpec] = []
    choices = tuple(sorted(set(legwork)))
    if len(choices) >= LEGWORK_EXCHANGE:
        out.append(ActionSpec(Act.EXCHANGE_LEGWORK, {"cards": _pair(choices)}))
    for card in choices:  # a pair of the same card
        if legwork.count(card) >= LEGWORK_EXCHANGE:
            out.append(ActionSpec(Act.EXCHANGE_LEGWORK, {"cards": Subset((card,), 1, 1)}))
    return tuple(out)


def _pair(choices: tuple[str, ...]) -> Subset:
    return Subset(choices, LEGWORK_EXCHANGE, LEGWORK_EXCHANGE)


def _swaps(city: City, state: McState, seat: int) -> list[ActionSpec]:
    """Each attached card may move to another of the seat's cases that needs its type (onto
    an open port, or trading places with the card there)."""
    out: list[ActionSpec] = []
    cases = state.desks[seat].cases
    for case in cases:
        for kind, card in sorted(case.ports.items()):
            onto = tuple(
                other.murder
                for other in cases
                if other.murder != case.murder and kind in city.murder_by_id[other.murder].needs
            )
            if onto:
                out.append(ActionSpec(Act.SWAP_EVIDENCE, {"card": (card,), "murder": onto}))
    return out


def play(
    city: City, state: McState, seat: int, action: Action, rng: random.Random
) -> tuple[McState, list[Event]]:
    """Apply one investigation action (already checked legal)."""
    kind = action.type
    params = action.params
    if kind == Act.DRAW_EVIDENCE:
        return draw_evidence(city, state, seat, str(params["deck"]), rng)
    if kind == Act.PICK_DISCARD:
        return pick_discard(city, state, seat, str(params["card"]))
    if kind == Act.ATTACH:
        return attach(city, state, seat, str(params["card"]), str(params["murder"]))
    if kind == Act.DISCARD_EVIDENCE:
        return discard(city, state, seat, str(params["card"]))
    if kind == Act.DRAW_MURDER:
        return draw_murder(state, seat, rng)
    if kind == Act.EXCHANGE_LEGWORK:
        picked = params["cards"]
        assert isinstance(picked, list | tuple)
        cards = [str(c) for c in picked] * (LEGWORK_EXCHANGE if len(picked) == 1 else 1)
        return exchange(city, state, seat, cards, rng)
    if kind == Act.TAKE_HARDSHIP:
        return take_hardship(city, state, seat, str(params["benefit"]), rng)
    if kind == Act.SWAP_EVIDENCE:
        return swap(city, state, seat, str(params["card"]), str(params["murder"]))
    raise AssertionError(f"not an investigation action: {kind}")


def draw_evidence(
    city: City, state: McState, seat: int, kind: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    """One card from a deck ("An exhausted Evidence deck remains empty"); the Weakness' deck
    costs 1 credit."""
    jovan = city.jovan_by_id[state.desks[seat].jovan or ""]
    events: list[Event] = []
    fee = WEAKNESS_FEE if kind == jovan.weakness else 0
    deck, (card,) = state.evidence_decks[kind].draw(1, rng=rng, reshuffle=False)
    state = evolve(
        state,
        evidence_decks={**state.evidence_decks, kind: deck},
        evidence=state.evidence.add(seat, [card]),
    )
    state = _used_draw(state, seat)
    events.append(
        new_event(
            Ev.EVIDENCE_DRAWN,
            actor=seat,
            data={"seat": seat, "deck": kind, "fee": fee},
            secret={"card": card, "face": closing.face(city, card)},
            secret_audience=frozenset({seat}),
        )
    )
    if fee:
        state, paid = ledger.change(state, seat, -fee, Reason.WEAKNESS)
        events.append(paid)
    return state, events


def pick_discard(city: City, state: McState, seat: int, card: str) -> tuple[McState, list[Event]]:
    """The Strength: a draw chosen from its type's discard pile, once a turn."""
    kind = city.evidence_by_id[card].type
    state, seen = closing.take_from_pile(state, kind, card)
    state = memory.remember_pile(state, seat, kind)  # it looked through the whole pile
    state = evolve(state, evidence=state.evidence.add(seat, [card]))
    state = _used_draw(state, seat)
    state = with_limits(state, seat, evolve(state.limits[seat], picked=True))
    data: dict[str, object] = {"seat": seat, "deck": kind, "seen": seen}
    if seen:  # it lay face up: the table sees it go
        data["card"] = card
    event = new_event(
        Ev.EVIDENCE_PICKED,
        actor=seat,
        data=data,
        secret={"card": card, "face": closing.face(city, card)},
        secret_audience=frozenset({seat}),
    )
    return state, [event]


def _used_draw(state: McState, seat: int) -> McState:
    limits = state.limits[seat]
    return with_limits(state, seat, evolve(limits, draws_left=limits.draws_left - 1))


def attach(
    city: City, state: McState, seat: int, card: str, murder: str
) -> tuple[McState, list[Event]]:
    """Face down on the open port of its type; 1 credit from the bank."""
    kind = city.evidence_by_id[card].type
    desk = state.desks[seat]
    cases = tuple(
        evolve(case, ports={**case.ports, kind: card}) if case.murder == murder else case
        for case in desk.cases
    )
    state = with_desk(state, seat, evolve(desk, cases=cases))
    state = evolve(state, evidence=state.evidence.remove(seat, [card]))
    attached = new_event(
        Ev.EVIDENCE_ATTACHED,
        actor=seat,
        data={"seat": seat, "murder": murder, "evidence_type": kind},
    )
    state, paid = ledger.change(state, seat, ATTACH_REWARD, Reason.ATTACH)
    return state, [attached, paid]


def discard(city: City, state: McState, seat: int, card: str) -> tuple[McState, list[Event]]:
    """Face up next to its deck, once a turn."""
    kind = city.evidence_by_id[card].type
    state = evolve(state, evidence=state.evidence.remove(seat, [card]))
    state = closing.discard_open(city, state, [card])
    limits = state.limits[seat]
    state = with_limits(state, seat, evolve(limits, discards_left=limits.discards_left - 1))
    data = {"seat": seat, "card": card, "evidence_type": kind}
    return state, [new_event(Ev.EVIDENCE_DISCARDED, actor=seat, data=data)]


def draw_murder(state: McState, seat: int, rng: random.Random) -> tuple[McState, list[Event]]:
    """One new murder card a turn, face up; never more than three held."""
    deck, (murder,) = state.murder_deck.draw(1, rng=rng)
    desk = state.desks[seat]
    state = with_desk(state, seat, evolve(desk, cases=(*desk.cases, Case(murder))))
    state = evolve(state, murder_deck=deck)
    state = with_limits(state, seat, evolve(state.limits[seat], murder_taken=True))
    return state, [new_event(Ev.MURDER_DRAWN, actor=seat, data={"seat": seat, "murder": murder})]


def exchange(
    city: City, state: McState, seat: int, cards: list[str], rng: random.Random
) -> tuple[McState, list[Event]]:
    """Two unused legwork cards discarded face up for one new card, once a turn."""
    state = evolve(
        state,
        legwork=state.legwork.remove(seat, cards),
        legwork_deck=state.legwork_deck.discard(cards),
    )
    state = with_limits(state, seat, evolve(state.limits[seat], exchanged=True))
    events = [new_event(Ev.LEGWORK_EXCHANGED, actor=seat, data={"seat": seat, "cards": cards})]
    state, drawn = draws.draw_legwork(city, state, seat, 1, "exchange", rng)
    return state, events + drawn


def take_hardship(
    city: City, state: McState, seat: int, benefit: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    """The voluntary hardship (once a turn): the card applies first, then its benefit if it
    stands. The Listener's benefit is taken in court (``court.py``)."""
    limits = evolve(state.limits[seat], hardship=benefit)
    state = with_limits(state, seat, limits)
    state, events, stands = draws.take_hardship(city, state, seat, benefit, rng, voluntary=True)
    if not stands:
        return state, events
    limits = state.limits[seat]
    if benefit == Benefit.EVIDENCE:
        limits = evolve(limits, draws_left=limits.draws_left + 1)
    elif benefit == Benefit.SWAP:
        limits = evolve(limits, swapping=True)
    state = with_limits(state, seat, limits)
    if benefit == Benefit.LEGWORK:
        state, drawn = draws.draw_legwork(city, state, seat, 2, "hardship", rng)
        events.extend(drawn)
    return state, events


def swap(
    city: City, state: McState, seat: int, card: str, murder: str
) -> tuple[McState, list[Event]]:
    """An attached card moved to another case's port of its type; a card already there takes
    its place ("None of these Evidence cards may be returned to hand")."""
    kind = city.evidence_by_id[card].type
    desk = state.desks[seat]
    source = next(case for case in desk.cases if case.ports.get(kind) == card)
    target = next(case for case in desk.cases if case.murder == murder)
    there = target.ports.get(kind)
    cases = []
    for case in desk.cases:
        if case.murder == source.murder:
            ports = {k: v for k, v in case.ports.items() if k != kind}
            if there is not None:
                ports[kind] = there
            case = evolve(case, ports=ports)
        elif case.murder == murder:
            case = evolve(case, ports={**case.ports, kind: card})
        cases.append(case)
    state = with_desk(state, seat, evolve(desk, cases=tuple(cases)))
    limits = state.limits[seat]
    state = with_limits(state, seat, evolve(limits, moves=limits.moves + 1))
    data = {
        "seat": seat,
        "evidence_type": kind,
        "from": source.murder,
        "to": murder,
        "swapped": there is not None,
    }
    return state, [new_event(Ev.EVIDENCE_SWAPPED, actor=seat, data=data)]
