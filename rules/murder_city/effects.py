"""The legwork, setback and hardship effects over the game's state, and the engine's hooks.

The cards are data (:mod:`.cards`); each op of their vocabulary has a small handler here,
registered with the kit's interpreter (:data:`EFFECTS`). What lasts is kept where the engine and
the views already look: a legwork card's lasting effect is a :class:`~.state.Marker`, a setback
in force is in ``McState.setbacks``, a lasting hardship face up in ``Desk.hardships``; the
engine reads them back through :func:`adjust` and :func:`forbids` (docs/murder-city.md,
"Engine hooks").

Precedence: "the rules on Setback cards take precedence over the rules on Legwork cards". A
legwork card that a setback in force contradicts (:data:`CONFLICTS`) is not offered and is
refused, and a bribe paid before the setback came is void once it is in force.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping
from typing import Any

from rules.core import Action, ActionSpec, Event, RuleError, rng_for
from rules.kit.effects import Context, Interpreter

from . import closing, draws, ledger, memory
from .cards import HARDSHIP_BY_ID, LEGWORK_BY_ID, OPS, LegworkCard, walk
from .case import EVIDENCE_PER_DECK, EVIDENCE_TYPES, PORTS, City
from .changes import evolve, with_desk, with_limits
from .made import new_event
from .names import Ev, Phase, Reason, Stage
from .spec import LEGWORK_PLAYS_PER_TURN
from .state import Case, DiceMod, Marker, McState, Peek

#: A legwork op that a setback's ``forbid`` contradicts: the card cannot be played then.
CONFLICTS: Mapping[str, str] = {
    "trial_dice": "legwork-dice",
    "skip_listener": "skip-listener",
    "draw_evidence": "evidence-decks",
}
#: Discards allowed after a card lifts the limit: every evidence card of the city.
UNLIMITED = EVIDENCE_PER_DECK * len(EVIDENCE_TYPES)

Handled = tuple[McState, list[Event]]


def _city(c: Context) -> City:
    city: City = c.data["city"]
    return city


def _params(c: Context) -> Mapping[str, Any]:
    params: Mapping[str, Any] = c.data.get("params", {})
    return params


def _rng(c: Context) -> random.Random:
    assert c.rng is not None
    return c.rng


def _holder(c: Context) -> int:
    assert c.seat is not None
    return c.seat


def _said(c: Context, what: str, *, seat: int | None = None, **data: Any) -> Event:
    """A card's own happening, public."""
    who = _holder(c) if seat is None else seat
    return new_event(
        Ev.CARD_EFFECT, actor=who, data={"card": c.data["card"], "seat": who, "what": what, **data}
    )


# --------------------------------------------------------------------------------------------
# Dataslate helpers
# --------------------------------------------------------------------------------------------


def _with_ports(state: McState, seat: int, murder: str, ports: Mapping[str, str]) -> McState:
    desk = state.desks[seat]
    cases = tuple(
        evolve(case, ports=dict(ports)) if case.murder == murder else case for case in desk.cases
    )
    return with_desk(state, seat, evolve(desk, cases=cases))


def _on_trial(state: McState, seat: int) -> str | None:
    """The murder of ``seat``'s case in court now, which cards never touch but through dice."""
    court = state.court
    return court.murder if court is not None and court.prosecutor == seat else None


def _cases_off_trial(state: McState, seat: int) -> tuple[Case, ...]:
    return tuple(c for c in state.desks[seat].cases if c.murder != _on_trial(state, seat))


# --------------------------------------------------------------------------------------------
# Handlers
# --------------------------------------------------------------------------------------------


def _trial_dice(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """Dice on the case on trial now, kept with the court's other dice."""
    assert state.court is not None
    mod = DiceMod(source=str(c.data["card"]), amount=int(args["delta"]), seat=_holder(c))
    court = evolve(state.court, dice=(*state.court.dice, mod))
    event = _said(c, "trial-dice", delta=mod.amount, prosecutor=court.prosecutor)
    return evolve(state, court=court), [event]


def _read_back(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """A setback in force or a lasting hardship: read back by :func:`adjust`/:func:`forbids`."""
    return state, []


def _seat_dice(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """Dice on the holder's next case in court: a marker the case's closing removes."""
    seat = _holder(c)
    data = {"dice": int(args["delta"])}
    marker = Marker(str(c.data["card"]), by=None, on=seat, until="case", data=data)
    return evolve(state, markers=(*state.markers, marker)), []


def _skip_listener(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """The case being heard goes straight to trial (the engine reads ``Court.to_trial``)."""
    assert state.court is not None
    court = evolve(state.court, to_trial=True)
    return evolve(state, court=court), [_said(c, "straight-to-trial")]


def _forbid(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """A setback's ban, read back through :func:`forbids`. Setbacks take precedence over
    legwork: a bribe paid for the case not yet heard, and legwork dice on the case not yet
    rolled, are void at once."""
    court = state.court
    if court is None:
        return state, []
    if args["what"] == "skip-listener" and court.to_trial and court.stage == Stage.HEARING:
        state = evolve(state, court=evolve(court, to_trial=False))
        return state, [_said(c, "bribe-void", prosecutor=court.prosecutor)]
    if args["what"] == "legwork-dice":
        kept = tuple(mod for mod in court.dice if mod.source not in LEGWORK_BY_ID)
        if kept != court.dice:
            state = evolve(state, court=evolve(court, dice=kept))
            return state, [_said(c, "legwork-dice-void", prosecutor=court.prosecutor)]
    return state, []


def _extra_case(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """In the court phase the allowance grows at once; before it, as the phase starts."""
    seat = _holder(c)
    if state.phase == Phase.COURT:
        limits = state.limits[seat]
        state = with_limits(state, seat, evolve(limits, cases_left=limits.cases_left + 1))
    else:
        marker = Marker(str(c.data["card"]), by=seat, on=seat, until="turn", data={"cases": 1})
        state = evolve(state, markers=(*state.markers, marker))
    return state, [_said(c, "extra-case")]


def _block_case(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """A named murder card of another seat, or (a hardship) one of the holder's at random."""
    if args.get("pick", "chosen") == "random":
        on = _holder(c)
        cases = _cases_off_trial(state, on)
        if not cases:
            return state, []
        murder = _rng(c).choice(sorted(case.murder for case in cases))
        by: int | None = None
    else:
        on, murder, by = int(_params(c)["seat"]), str(_params(c)["murder"]), _holder(c)
    marker = Marker(str(c.data["card"]), by=by, on=on, until="turn", data={"murder": murder})
    event = _said(c, "case-blocked", seat=on, murder=murder)
    return evolve(state, markers=(*state.markers, marker)), [event]


def _payers(state: McState, who: str, c: Context) -> tuple[int, ...]:
    if who == "all":
        return tuple(range(len(state.seats)))
    return (int(_params(c)["seat"]),) if who == "target" else (_holder(c),)


def _pay(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """Credits to the bank or to a seat: at most what the payer has (ledger.change)."""
    amount, events = int(args["amount"]), []
    for payer in _payers(state, str(args["payer"]), c):
        if args["payee"] == "bank":
            state, paid = ledger.change(state, payer, -amount, Reason.CARD)
            events.append(paid)
            continue
        payee = _holder(c) if args["payee"] == "holder" else (payer + 1) % len(state.seats)
        state, moved = ledger.transfer(state, payer, payee, amount, Reason.CARD)
        events += moved
    return state, events


def _remove_evidence(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """The card on a named port leaves its case: into the discard pile unseen, or (one's own)
    back to hand."""
    params = _params(c)
    seat = int(params.get("seat", _holder(c)))
    murder, port = str(params["murder"]), str(params["port"])
    ports = dict(closing.case_of(state, seat, murder).ports)
    card = ports.pop(port)
    state = _with_ports(state, seat, murder, ports)
    if args["to"] == "hand":
        state = evolve(state, evidence=state.evidence.add(seat, [card]))
    else:
        state = closing.discard_unseen(_city(c), state, [card], _rng(c))
    return state, [
        _said(c, "evidence-removed", owner=seat, murder=murder, evidence_type=port, to=args["to"])
    ]


def _swap_evidence(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """A card in hand takes an attached card's port; the attached one goes to hand."""
    params, seat = _params(c), _holder(c)
    murder, port, card = str(params["murder"]), str(params["port"]), str(params["evidence"])
    ports = dict(closing.case_of(state, seat, murder).ports)
    old, ports[port] = ports[port], card
    state = _with_ports(state, seat, murder, ports)
    hand = state.evidence.remove(seat, [card]).add(seat, [old])
    return evolve(state, evidence=hand), [
        _said(c, "evidence-switched", murder=murder, evidence_type=port)
    ]


def _plant_evidence(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """A card from the holder's hand, face down on another seat's case at its type's port."""
    params, seat = _params(c), _holder(c)
    on, murder, card = int(params["seat"]), str(params["murder"]), str(params["evidence"])
    kind = _city(c).evidence_by_id[card].type
    ports = {**closing.case_of(state, on, murder).ports, kind: card}
    state = _with_ports(state, on, murder, ports)
    state = evolve(state, evidence=state.evidence.remove(seat, [card]))
    event = new_event(
        Ev.CARD_EFFECT,
        actor=seat,
        data={
            "card": c.data["card"],
            "seat": seat,
            "what": "evidence-planted",
            "owner": on,
            "murder": murder,
            "evidence_type": kind,
        },
        secret={"evidence": card},
        secret_audience=frozenset({seat, on}),
    )
    return state, [event]


def _peek_evidence(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """The face of one attached card, to the holder alone."""
    params, seat = _params(c), _holder(c)
    on, murder, port = int(params["seat"]), str(params["murder"]), str(params["port"])
    card = _city(c).evidence_by_id[closing.case_of(state, on, murder).ports[port]]
    event = new_event(
        Ev.CARD_EFFECT,
        actor=seat,
        data={
            "card": c.data["card"],
            "seat": seat,
            "what": "evidence-seen",
            "owner": on,
            "murder": murder,
            "evidence_type": port,
        },
        secret={"evidence": card.id, "colour": card.colour, "value": card.value},
        secret_audience=frozenset({seat}),
    )
    return memory.remember_peek(state, Peek(seat, on, murder, port, card.id)), [event]


def _lose_attached(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """One of the holder's attached cards at random (never on the case in court), unseen."""
    seat = _holder(c)
    attached = sorted(
        (case.murder, port) for case in _cases_off_trial(state, seat) for port in case.ports
    )
    if not attached:
        return state, []
    murder, port = _rng(c).choice(attached)
    ports = dict(closing.case_of(state, seat, murder).ports)
    card = ports.pop(port)
    state = closing.discard_unseen(
        _city(c), _with_ports(state, seat, murder, ports), [card], _rng(c)
    )
    return state, [
        _said(c, "evidence-removed", owner=seat, murder=murder, evidence_type=port, to="discard")
    ]


def _lose_murder(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """One of the holder's murder cards at random (never the one in court), closed unheard."""
    seat = _holder(c)
    cases = _cases_off_trial(state, seat)
    if not cases:
        return state, []
    murder = _rng(c).choice(sorted(case.murder for case in cases))
    return closing.close_case(_city(c), state, seat, murder, "card", _rng(c))


def _draw_evidence(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """More draws this turn, from the decks the holder picks (its Weakness still costs)."""
    seat = _holder(c)
    limits = state.limits[seat]
    state = with_limits(
        state, seat, evolve(limits, draws_left=limits.draws_left + int(args["count"]))
    )
    return state, [_said(c, "evidence-draws", count=int(args["count"]))]


def _draw_legwork(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    return draws.draw_legwork(_city(c), state, _holder(c), int(args["count"]), "card", _rng(c))


def _lift_discard_limit(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    seat = _holder(c)
    state = with_limits(state, seat, evolve(state.limits[seat], discards_left=UNLIMITED))
    return state, [_said(c, "discards-unlimited")]


def _discard_evidence(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """Cards from hand at random, face up on their discard piles."""
    seats = range(len(state.seats)) if args["who"] == "all" else (_holder(c),)
    events: list[Event] = []
    for seat in seats:
        held = sorted(state.evidence.cards_of(seat))
        lost = _rng(c).sample(held, min(int(args["count"]), len(held)))
        state = evolve(state, evidence=state.evidence.remove(seat, lost))
        state = closing.discard_open(_city(c), state, lost)
        for card in lost:
            kind = _city(c).evidence_by_id[card].type
            data = {"seat": seat, "card": card, "evidence_type": kind}
            events.append(new_event(Ev.EVIDENCE_DISCARDED, actor=seat, data=data))
    return state, events


def _discard_legwork(state: McState, args: Mapping[str, Any], c: Context) -> Handled:
    """Legwork cards from hand at random, face up on the legwork discard pile."""
    seat = _holder(c)
    held = sorted(state.legwork.cards_of(seat))
    lost = _rng(c).sample(held, min(int(args["count"]), len(held)))
    state = evolve(
        state,
        legwork=state.legwork.remove(seat, lost),
        legwork_deck=state.legwork_deck.discard(lost),
    )
    return state, [_said(c, "legwork-discarded", cards=lost)]


def _endorsed(state: McState, args: Mapping[str, Any], c: Context) -> bool:
    return state.court is not None and state.court.decision == "endorse"


_HANDLERS: Mapping[str, Any] = {
    "trial_dice": _trial_dice,
    "turn_dice": _read_back,
    "hand_limit": _read_back,
    "seat_dice": _seat_dice,
    "skip_listener": _skip_listener,
    "extra_case": _extra_case,
    "block_case": _block_case,
    "pay": _pay,
    "remove_evidence": _remove_evidence,
    "swap_evidence": _swap_evidence,
    "plant_evidence": _plant_evidence,
    "peek_evidence": _peek_evidence,
    "lose_attached": _lose_attached,
    "lose_murder": _lose_murder,
    "draw_evidence": _draw_evidence,
    "draw_legwork": _draw_legwork,
    "lift_discard_limit": _lift_discard_limit,
    "discard_evidence": _discard_evidence,
    "discard_legwork": _discard_legwork,
    "forbid": _forbid,
    "no_listening": _read_back,
    "no_attaching": _read_back,
}


def _interpreter() -> Interpreter[McState, Event]:
    interpreter: Interpreter[McState, Event] = Interpreter()
    for name, word in OPS.items():
        interpreter = interpreter.register(
            name, _HANDLERS[name], optional=word.optional, **dict(word.required or {})
        )
    return interpreter.register_check("endorsed", _endorsed)


EFFECTS = _interpreter()


def context(
    city: City, state: McState, seat: int, card: str, params: Mapping[str, Any] | None = None
) -> Context:
    """What a card's effect runs with; its draws come from the game's seed, step and card."""
    rng = rng_for(state.seed, state.step, f"card:{card}:{seat}")
    data = {"city": city, "card": card, "params": dict(params or {})}
    return Context(seat=seat, rng=rng, data=data)


# --------------------------------------------------------------------------------------------
# What is in force (the hooks the engine reads)
# --------------------------------------------------------------------------------------------


def _parts(effects: Iterable[Mapping[str, Any]], name: str) -> list[Mapping[str, Any]]:
    return [part for effect in effects for part in walk(effect) if part.get("op") == name]


@functools.cache
def _card_parts(cards: tuple[str, ...], name: str) -> tuple[Mapping[str, Any], ...]:
    """The ``name`` ops inside the effects of ``cards`` (legwork or hardship ids): the cards
    never change, so each set of cards in force is walked once (this is asked on every step)."""
    effects = [(LEGWORK_BY_ID.get(card) or HARDSHIP_BY_ID[card]).effect for card in cards]
    return tuple(_parts(effects, name))


@functools.cache
def _forbidden(setbacks: tuple[str, ...]) -> frozenset[str]:
    return frozenset(str(part["what"]) for part in _card_parts(setbacks, "forbid"))


def _setback_parts(state: McState, name: str) -> tuple[Mapping[str, Any], ...]:
    return _card_parts(state.setbacks, name) if state.setbacks else ()


def _hardship_parts(state: McState, seat: int, name: str) -> tuple[Mapping[str, Any], ...]:
    hardships = state.desks[seat].hardships
    return _card_parts(hardships, name) if hardships else ()


def setback_forbids(state: McState, what: str) -> bool:
    """A setback in force says nobody may do ``what`` this turn."""
    return bool(state.setbacks) and what in _forbidden(state.setbacks)


def adjust(city: City, state: McState, seat: int, what: str) -> int:
    """What the cards in force add to one of the rules' numbers for ``seat``: ``trial-dice``
    (setbacks and lasting hardships; a legwork card's dice are in the court's own dice),
    ``hand-limit`` (setbacks) and ``court-cases`` (legwork played before the court phase);
    every other number 0."""
    if what == "trial-dice":
        turn = sum(int(part["delta"]) for part in _setback_parts(state, "turn_dice"))
        own = [m.data["dice"] for m in state.markers if m.on == seat and "dice" in m.data]
        return turn + sum(int(str(dice)) for dice in own)
    if what == "hand-limit":
        return sum(int(part["delta"]) for part in _setback_parts(state, "hand_limit"))
    if what == "court-cases":
        return len([m for m in state.markers if m.on == seat and "cases" in m.data])
    return 0


def forbids(city: City, state: McState, seat: int, what: str, target: str | None = None) -> bool:
    """Whether the cards in force forbid ``seat`` to do ``what`` (to ``target``) now."""
    if what == "present":
        return any(
            m.on == seat and m.until == "turn" and m.data.get("murder") == target
            for m in state.markers
        )
    if what in ("listen", "volunteer"):
        suspended = bool(_hardship_parts(state, seat, "no_listening"))
        return suspended or (what == "volunteer" and setback_forbids(state, "volunteer"))
    # ``setback_forbids`` written out: asked several times a step
    if what == "draw-evidence":
        return bool(state.setbacks) and "evidence-decks" in _forbidden(state.setbacks)
    if what == "attach":
        hardships = state.desks[seat].hardships
        return bool(hardships) and bool(_card_parts(hardships, "no_attaching"))
    if what == "trade":
        return bool(state.setbacks) and what in _forbidden(state.setbacks)
    return False


def end_turn(city: City, state: McState) -> Handled:
    """Lasting hardships end with the turn, off the dataslates onto the hardship discard; one
    that lasts until a case closes stays while its case is still to come."""
    events: list[Event] = []
    for seat, desk in enumerate(state.desks):
        waiting = [m.card for m in state.markers if m.on == seat and m.until == "case"]
        kept: list[str] = []
        for card in desk.hardships:
            if HARDSHIP_BY_ID[card].lasts == "case" and card in waiting:
                waiting.remove(card)
                kept.append(card)
        ended = list(desk.hardships)
        for card in kept:
            ended.remove(card)
        if not ended:
            continue
        state = with_desk(state, seat, evolve(desk, hardships=tuple(kept)))
        state = evolve(state, hardship_deck=state.hardship_deck.discard(ended))
        for card in ended:
            data = {"card": card, "seat": seat, "what": "hardship-ended"}
            events.append(new_event(Ev.CARD_EFFECT, actor=seat, data=data))
    return state, events


def setback(city: City, state: McState, seat: int, card: str) -> Handled:
    """A setback just revealed (already in ``state.setbacks``): its instant effect now."""
    return EFFECTS.run(LEGWORK_BY_ID[card].effect, state, context(city, state, seat, card))


# --------------------------------------------------------------------------------------------
# Playing legwork: when, on what, and the play
# --------------------------------------------------------------------------------------------


def moments(state: McState, seat: int) -> frozenset[str]:
    """The timings a card of ``seat``'s may be played at now (one of a few fixed sets: asked
    for the seat on turn on every step)."""
    phase, court = state.phase, state.court
    now = _NEVER
    if phase == Phase.INVESTIGATION and state.offer is None and state.current == seat:
        now = _INVESTIGATION
    if court is None:
        if phase == Phase.COURT and state.current == seat:
            now = now | _ANYTIME
        return now
    if court.stage == Stage.HEARING and court.prosecutor == seat:
        now = now | _HEARING
    if court.stage == Stage.WINDOW and court.window is not None and seat in court.window.asking:
        now = now | _BEFORE_ROLL
    return now


_NEVER: frozenset[str] = frozenset()
_ANYTIME = frozenset({"anytime"})
_INVESTIGATION = frozenset({"investigation", "anytime"})
_HEARING = frozenset({"hearing", "anytime"})
_BEFORE_ROLL = frozenset({"before-roll", "anytime"})


def conflict(state: McState, card: LegworkCard) -> str | None:
    """The setback in force that contradicts ``card``, if any (setbacks take precedence)."""
    if not state.setbacks:
        return None
    for what in _conflicts(card.id):
        if setback_forbids(state, what):
            return next(s for s in state.setbacks if _forbids_in(s, what))
    return None


@functools.cache
def _conflicts(card: str) -> tuple[str, ...]:
    """What a setback would have to forbid to contradict this legwork card, in its ops' order."""
    out: list[str] = []
    for part in walk(LEGWORK_BY_ID[card].effect):
        what = CONFLICTS.get(str(part.get("op", "")))
        if what is not None:
            out.append(what)
    return tuple(out)


def _forbids_in(setback_card: str, what: str) -> bool:
    return what in _forbidden((setback_card,))


def _others(state: McState, seat: int) -> tuple[int, ...]:
    return tuple(other for other in range(len(state.seats)) if other != seat)


def _choices(city: City, state: McState, seat: int, card: LegworkCard) -> list[dict[str, Any]]:
    """The parameter sets (besides ``card``) a play of ``card`` may name now; [] when none."""
    court, target = state.court, card.target
    hand = state.evidence.cards_of(seat)
    if target == "none":
        return [{}]
    if target in ("own-trial", "other-trial"):
        ours = court is not None and court.prosecutor == seat
        return [{}] if court is not None and ours == (target == "own-trial") else []
    if target == "own-hearing":
        heard = court is not None and court.prosecutor == seat and not court.to_trial
        return [{}] if heard else []
    if target == "other-seat":
        return [{"seat": tuple(_others(state, seat))}]
    out: list[dict[str, Any]] = []
    if target in ("own-evidence", "own-swap"):
        for case in _cases_off_trial(state, seat):
            for port in sorted(case.ports):
                if target == "own-evidence":
                    out.append({"murder": (case.murder,), "port": (port,)})
                    continue
                fits = tuple(sorted(e for e in set(hand) if city.evidence_by_id[e].type == port))
                if fits:
                    out.append({"murder": (case.murder,), "port": (port,), "evidence": fits})
        return out
    for other in _others(state, seat):
        for case in _cases_off_trial(state, other):
            if target == "other-case":
                out.append({"seat": (other,), "murder": (case.murder,)})
            elif target == "other-evidence" and case.ports:
                out.append(
                    {"seat": (other,), "murder": (case.murder,), "port": tuple(sorted(case.ports))}
                )
            elif target == "other-port" and len(case.ports) < PORTS:
                fits = tuple(
                    sorted(e for e in set(hand) if city.evidence_by_id[e].type not in case.ports)
                )
                if fits:
                    out.append({"seat": (other,), "murder": (case.murder,), "evidence": fits})
    return out


def legwork_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    """``play-legwork`` forms: one per held card and target, when its timing has come and no
    setback in force contradicts it; none once the turn's bound on plays is reached."""
    if state.limits[seat].legwork_played >= LEGWORK_PLAYS_PER_TURN:
        return []
    return _specs(city, state, seat)


def _specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    held = state.legwork.cards_of(seat)
    if not held:
        return []
    now = moments(state, seat)
    if not now:  # no timing has come: no card of the seat's may be played
        return []
    specs: list[ActionSpec] = []
    inputs: tuple[Any, Any] | None = None
    for card_id in sorted(set(held)):
        card = LEGWORK_BY_ID[card_id]
        if card.timing not in now or conflict(state, card) is not None:
            continue
        if inputs is None:
            inputs = _inputs(city, state)
        specs.extend(_card_specs(city, state, seat, card, inputs))
    return specs


#: The last ``play-legwork`` forms made for each (seat, card), with what they were made from.
#: The forms are asked for on every step of a seat's turn (and again when a card is played),
#: while what they name changes on few steps: the same inputs give the very same forms.
_FORMS: dict[tuple[int, str], tuple[tuple[Any, ...], tuple[ActionSpec, ...]]] = {}


def _inputs(city: City, state: McState) -> tuple[Any, Any]:
    """The case on trial (who brought it, which, sent straight to trial) and every seat's
    cases: what a card's choices are made from, with the holder's hand."""
    court = state.court
    trial = None if court is None else (court.prosecutor, court.murder, court.to_trial)
    return trial, tuple(desk.cases for desk in state.desks)


def _key(
    city: City, state: McState, seat: int, target: str, inputs: tuple[Any, Any]
) -> tuple[Any, ...]:
    """What ``_choices`` reads for a card of ``target``, and nothing more."""
    trial, cases = inputs
    if target == "none":
        return ()
    if target == "other-seat":
        return (len(cases),)
    if target in ("own-trial", "other-trial", "own-hearing"):
        return (trial,)
    if target == "own-evidence":
        return (trial, cases[seat])
    if target == "own-swap":
        return (city, trial, cases[seat], state.evidence.cards_of(seat))
    # another seat's cases, but the one it has on trial
    heard = None if trial is None or trial[0] == seat else trial[:2]
    others = cases[:seat] + cases[seat + 1 :]
    if target == "other-port":
        return (city, heard, others, state.evidence.cards_of(seat))
    return (heard, others)


def _card_specs(
    city: City, state: McState, seat: int, card: LegworkCard, inputs: tuple[Any, Any]
) -> tuple[ActionSpec, ...]:
    key = _key(city, state, seat, card.target, inputs)
    kept = _FORMS.get((seat, card.id))
    if kept is not None and kept[0] == key:
        return kept[1]
    named = (card.id,)
    made = tuple(
        ActionSpec(
            "play-legwork",
            {
                "card": named,
                **{
                    name: value if isinstance(value, tuple) else (value,)
                    for name, value in params.items()
                },
            },
        )
        for params in _choices(city, state, seat, card)
    )
    _FORMS[(seat, card.id)] = (key, made)
    return made


def why_not(
    city: City, state: McState, seat: int, action: Action, *, counted: bool = False
) -> RuleError | None:
    """Why ``seat`` may not play this legwork card now, or ``None`` (``counted``: the engine
    has already counted this play against the turn's bound)."""
    card_id = str(action.params.get("card", ""))
    if not state.legwork.holds(seat, card_id) or card_id not in LEGWORK_BY_ID:
        return RuleError(f"seat {seat} holds no legwork card {card_id!r}", code="legwork/not-held")
    card = LEGWORK_BY_ID[card_id]
    if card.timing not in moments(state, seat):
        return RuleError(f"{card.name} is played at {card.timing}, not now", code="legwork/not-now")
    against = conflict(state, card)
    if against is not None:
        name = LEGWORK_BY_ID[against].name
        return RuleError(
            f"{name} takes precedence over {card.name}", code="legwork/setback-forbids"
        )
    if not counted and state.limits[seat].legwork_played >= LEGWORK_PLAYS_PER_TURN:
        return RuleError("no more legwork cards this turn", code="legwork/too-many")
    if not any(spec.admits(action) for spec in _specs(city, state, seat)):
        return RuleError(f"{card.name} cannot name that now", code="legwork/bad-target")
    return None


def apply_card(city: City, state: McState, seat: int, action: Action) -> Handled:
    """Play a legwork card: out of the hand onto the legwork discard, told with its public
    choices, then its effect. The engine has counted the play (``Limits.legwork_played``)."""
    refused = why_not(city, state, seat, action, counted=True)
    if refused is not None:
        raise refused
    card_id = str(action.params["card"])
    params = {name: value for name, value in action.params.items() if name != "card"}
    state = evolve(
        state,
        legwork=state.legwork.remove(seat, [card_id]),
        legwork_deck=state.legwork_deck.discard([card_id]),
    )
    shown = {name: value for name, value in params.items() if name != "evidence"}
    played = new_event(Ev.LEGWORK_PLAYED, actor=seat, data={"seat": seat, "card": card_id, **shown})
    after, events = EFFECTS.run(
        LEGWORK_BY_ID[card_id].effect, state, context(city, state, seat, card_id, params)
    )
    return after, [played, *events]
