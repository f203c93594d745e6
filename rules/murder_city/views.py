"""What one seat may know: the only door from the true state to a player.

Public: the city (every card's face is printed), each seat's Jovan, murder cards, credits,
cases won, lasting hardships, how many evidence and legwork cards it holds, which ports of its
murder cards are filled (the type, never the colour or value), the face-up discard piles
(cards that went in unseen are only counted), deck sizes, setbacks and markers in force, the
turn, the initiative and the case in court. Private to a seat: its evidence hand, its legwork
cards, the cards attached to its own cases, its own sealed volunteer answer, and what it alone
saw and is still true (``seen``: an attached card it peeked at, a pile's unseen cards it looked
through). Hidden from all:
the decks' order, other seats' cards, the unseen discards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rules.core import Seat

from . import hooks
from .case import JOKER, City
from .recall import per_city
from .standings import outcome
from .state import Case, Court, Desk, Limits, Marker, McState
from .turns import to_act


def view(city: City, state: McState, seat: int | None) -> dict[str, Any]:
    """Every part at once, written out (a call per part through :data:`PARTS` costs a tenth
    more); :class:`BotView` makes the same parts one by one, and ``test_bot_view.py`` checks
    the two agree part for part."""
    kept = _remembered(city)
    murder_deck, legwork_deck, hardship_deck = (
        state.murder_deck,
        state.legwork_deck,
        state.hardship_deck,
    )
    shown: dict[str, Any] = {
        "system": "murder-city",
        "mode": state.mode,
        "you": seat,
        "city": public_city(city),
        "turn": state.turn,
        "turns": state.turns,
        "phase": state.phase,
        "order": _listed(kept, "order", state.order),
        "current": state.current,
        "to_act": sorted(to_act(state)),
        "initiative": _initiative(kept, state.initiative),
        "seats": _seats(kept, state, seat),
        "murder_deck": murder_deck.draw_count,
        "murder_discard": _listed(kept, "murder_discard", murder_deck.discard_pile),
        "evidence_decks": _piles(kept, state.evidence_decks, state.unseen),
        "legwork_deck": legwork_deck.draw_count,
        "legwork_discard": _listed(kept, "legwork_discard", legwork_deck.discard_pile),
        "hardship_deck": hardship_deck.draw_count,
        "hardship_discard": _listed(kept, "hardship_discard", hardship_deck.discard_pile),
        "setbacks": _listed(kept, "setbacks", state.setbacks),
        "setbacks_drawn_by": _listed(kept, "setbacks_drawn_by", state.setbacks_drawn_by),
        "markers": _markers(kept, state.markers),
        "jovans_left": _listed(kept, "jovans_left", state.jovans_left),
        "court": None if state.court is None else _court_cached(kept, state.court, seat),
        "offer": hooks.offer_view(city, state, seat),
    }
    if seat is not None:
        shown["hand"] = sorted(state.evidence.cards_of(seat))
        shown["legwork"] = sorted(state.legwork.cards_of(seat))
        shown["seen"] = _seen(city, state, seat)
    if state.ended is not None:
        shown["result"] = outcome(state).to_json()
    return shown


class BotView(Mapping[str, Any]):
    """The same mapping as :func:`view`, each part made when it is first read: a bot reads a
    handful of the parts (its seat, its cases and hand, the court), so the bot loop need not
    build the others (``tests/rules/murder_city/test_views.py`` checks it equals the view)."""

    __slots__ = ("_city", "_state", "_seat", "_shown", "_parts")

    def __init__(self, city: City, state: McState, seat: int | None) -> None:
        self._city, self._state, self._seat = city, state, seat
        # every bot's reading starts with these two: made here, not through a part's call
        self._shown: dict[str, Any] = {"you": seat, "city": public_city(city)}
        # the parts this view has, by key, in the view's order (made once, below)
        self._parts = _PARTS_OF[seat is not None, state.ended is not None]

    def __getitem__(self, key: str) -> Any:
        shown = self._shown
        value = shown.get(key, _UNMADE)
        if value is not _UNMADE:
            return value
        value = shown[key] = self._parts[key](self._city, self._state, self._seat)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        shown = self._shown
        value = shown.get(key, _UNMADE)
        if value is not _UNMADE:
            return value
        part = self._parts.get(key)
        if part is None:
            return default
        value = shown[key] = part(self._city, self._state, self._seat)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._parts

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)


def bot_view(city: City, state: McState, seat: int) -> BotView:
    return BotView(city, state, seat)


class Remembered:
    """The last part of a view made from each piece of a city's games, with what it was made
    from: a step changes one or two seats, so the others' parts are the very same objects and
    are reused (views are read, never changed, by their callers). Kept per city beside its
    public form (:func:`_remembered`), so that a server answering the games of many cities in
    turn still finds each game's parts; two games of one city share the slots."""

    __slots__ = ("seats", "cases", "parts", "piles", "courts")

    def __init__(self) -> None:
        #: each seat's part as its own seat sees it (``[True]``) and as the others do
        self.seats: dict[bool, list[Any]] = {True: [], False: []}
        #: each seat's cases part (and whether it is the viewer's own), with its cases: a
        #: desk's credits change more often than its cases
        self.cases: dict[tuple[int, bool], tuple[tuple[Case, ...], list[dict[str, Any]]]] = {}
        #: the list (or dict) shown for each part of the table: most parts (the order, the
        #: discard piles, the markers) stay the same object for many steps
        self.parts: dict[str, tuple[Any, Any]] = {}
        #: each evidence deck's part
        self.piles: dict[str, tuple[Any, tuple[str, ...], dict[str, Any]]] = {}
        #: the court part shown to each seat: the court stays while the seats act on other things
        self.courts: dict[int | None, tuple[Court, dict[str, Any]]] = {}


@per_city
def _remembered(city: City) -> Remembered:
    """The parts remembered for ``city``'s views. Measured (callgrind, 20 games of 20 cities
    read in turn): with one set of slots for every city, a game's read found nothing of its
    own and rebuilt every part."""
    return Remembered()


def _seats(kept: Remembered, state: McState, seat: int | None) -> list[dict[str, Any]]:
    """Every seat's part: the one made before for a seat whose desk, limits, seat and hands
    are the very same objects (a step changes one or two seats)."""
    desks, limits, people = state.desks, state.limits, state.seats
    held, legwork = state.evidence.held, state.legwork.held
    own, others = kept.seats[True], kept.seats[False]
    if len(own) < len(people):
        own.extend([None] * (len(people) - len(own)))
        others.extend([None] * (len(people) - len(others)))
    shown: list[dict[str, Any]] = []
    for index, desk in enumerate(desks):
        mine = index == seat
        kept_by = own if mine else others
        allowed, person, hand, cards = limits[index], people[index], held[index], legwork[index]
        last = kept_by[index]
        if (
            last is not None
            and last[0] is desk
            and last[1] is allowed
            and last[2] is person
            and last[3] is hand
            and last[4] is cards
        ):
            shown.append(last[5])
            continue
        if last is None:
            part = _seat(
                index,
                desk,
                allowed,
                person,
                len(hand),
                len(cards),
                _cases(kept, index, mine, desk.cases),
            )
        else:  # the last part copied, what changed written again (a step changes a piece)
            part = _patched(last, kept, index, mine, desk, allowed, person, hand, cards)
        kept_by[index] = (desk, allowed, person, hand, cards, part)
        shown.append(part)
    return shown


def _patched(
    last: tuple[Any, ...],
    kept: Remembered,
    seat: int,
    mine: bool,
    desk: Desk,
    limits: Limits,
    person: Seat,
    hand: tuple[str, ...],
    legwork: tuple[str, ...],
) -> dict[str, Any]:
    """:func:`_seat`'s part made from the last one of the seat (``last``: the desk, limits,
    person, hands and part it was made from): a copy keeps the keys' order, and only the
    pieces that are not the very same objects are read again (a dict of 21 keys costs about
    as much to build as a step's whole legality check of one card)."""
    part: dict[str, Any] = last[5].copy()
    if last[0] is not desk:
        part["jovan"] = desk.jovan
        part["credits"] = desk.credits
        part["won"] = desk.won
        part["hardships"] = list(desk.hardships)
        part["barred"] = desk.barred
        part["cases"] = _cases(kept, seat, mine, desk.cases)
    if last[1] is not limits:
        part["draws_left"] = limits.draws_left
        part["picked"] = limits.picked
        part["discards_left"] = limits.discards_left
        part["murder_taken"] = limits.murder_taken
        part["traded_evidence"] = limits.traded_evidence
        part["exchanged"] = limits.exchanged
        part["hardship"] = limits.hardship
        part["swapping"] = limits.swapping
        part["cases_left"] = limits.cases_left
        part["done"] = limits.done
    if last[2] is not person:
        part["name"] = person.name
        part["bot"] = person.bot
    if last[3] is not hand:
        part["hand"] = len(hand)
    if last[4] is not legwork:
        part["legwork"] = len(legwork)
    return part


def _cases(
    kept: Remembered, seat: int, mine: bool, cases: tuple[Case, ...]
) -> list[dict[str, Any]]:
    found = kept.cases.get((seat, mine))
    if found is not None and found[0] is cases:
        return found[1]
    shown = [
        {
            "murder": case.murder,
            "ports": dict(sorted(case.ports.items())) if mine else sorted(case.ports),
        }
        for case in cases
    ]
    kept.cases[(seat, mine)] = (cases, shown)
    return shown


def _listed(kept: Remembered, part: str, values: tuple[Any, ...]) -> list[Any]:
    found = kept.parts.get(part)
    if found is not None and found[0] is values:
        shown: list[Any] = found[1]
        return shown
    shown = list(values)
    kept.parts[part] = (values, shown)
    return shown


def _initiative(kept: Remembered, rolls: tuple[Mapping[int, int], ...]) -> list[dict[str, int]]:
    found = kept.parts.get("initiative")
    if found is not None and found[0] is rolls:
        shown: list[dict[str, int]] = found[1]
        return shown
    shown = [{str(s): d for s, d in each.items()} for each in rolls]
    kept.parts["initiative"] = (rolls, shown)
    return shown


def _markers(kept: Remembered, markers: tuple[Marker, ...]) -> list[dict[str, Any]]:
    found = kept.parts.get("markers")
    if found is not None and found[0] is markers:
        shown: list[dict[str, Any]] = found[1]
        return shown
    shown = [
        {"card": m.card, "by": m.by, "on": m.on, "until": m.until, **dict(m.data)} for m in markers
    ]
    kept.parts["markers"] = (markers, shown)
    return shown


def _piles(
    kept: Remembered, decks: Mapping[str, Any], unseen: Mapping[str, tuple[str, ...]]
) -> dict[str, dict[str, Any]]:
    """Every evidence deck's part, the same dict while neither the decks nor the unseen
    discards changed (most steps draw or discard no evidence)."""
    found = kept.parts.get("evidence_decks")
    if found is not None and found[0][0] is decks and found[0][1] is unseen:
        shown: dict[str, dict[str, Any]] = found[1]
        return shown
    shown = {
        kind: _pile_cached(kept, kind, deck, unseen.get(kind, ()))
        for kind, deck in sorted(decks.items())
    }
    kept.parts["evidence_decks"] = ((decks, unseen), shown)
    return shown


def _pile_cached(kept: Remembered, kind: str, deck: Any, unseen: tuple[str, ...]) -> dict[str, Any]:
    found = kept.piles.get(kind)
    if found is not None and found[0] is deck and found[1] is unseen:
        return found[2]
    shown = _pile(deck.draw_count, deck.discard_pile, unseen)
    kept.piles[kind] = (deck, unseen, shown)
    return shown


def _pile(draw: int, pile: tuple[str, ...], unseen: tuple[str, ...]) -> dict[str, Any]:
    """An evidence deck's size and its face-up discards; the unseen ones only counted."""
    face_up = [card for card in pile if card not in unseen] if unseen else list(pile)
    return {"draw": draw, "discard": face_up, "unseen": len(unseen)}


def _seat(
    seat: int,
    desk: Desk,
    limits: Limits,
    person: Seat,
    hand: int,
    legwork: int,
    cases: list[dict[str, Any]],
) -> dict[str, Any]:
    """One seat's part, from what :func:`_seats` has read of the state already."""
    return {
        "seat": seat,
        "name": person.name,
        "bot": person.bot,
        "jovan": desk.jovan,
        "credits": desk.credits,
        "won": desk.won,
        "hardships": list(desk.hardships),
        "barred": desk.barred,
        "hand": hand,
        "legwork": legwork,
        "cases": cases,
        # what the table sees it do this turn
        "draws_left": limits.draws_left,
        "picked": limits.picked,
        "discards_left": limits.discards_left,
        "murder_taken": limits.murder_taken,
        "traded_evidence": limits.traded_evidence,
        "exchanged": limits.exchanged,
        "hardship": limits.hardship,
        "swapping": limits.swapping,
        "cases_left": limits.cases_left,
        "done": limits.done,
    }


def _court_cached(kept: Remembered, court: Court, seat: int | None) -> dict[str, Any]:
    found = kept.courts.get(seat)
    if found is not None and found[0] is court:
        return found[1]
    shown = _court(court, seat)
    kept.courts[seat] = (court, shown)
    return shown


def _court(court: Court, seat: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "story": _story(court),
        "prosecutor": court.prosecutor,
        "murder": court.murder,
        "suspect": court.suspect,
        "stage": court.stage,
        "listener": court.listener,
        "decision": court.decision,
        "challenged": court.challenged,
        "dice": [{"source": d.source, "amount": d.amount, "seat": d.seat} for d in court.dice],
        "to_trial": court.to_trial,
    }
    if court.volunteers is not None:
        sealed = court.volunteers.view_for(seat)
        shown["volunteers"] = {
            "asked": list(sealed.expected),
            "committed": list(sealed.committed),
            "waiting": list(sealed.waiting),
            "mine": sealed.mine,
            # once the last answer is in, every answer was revealed to the table
            "revealed": (
                {str(s): bool(c) for s, c in sorted(court.volunteers.reveal().items())}
                if court.volunteers.is_complete()
                else None
            ),
        }
    if court.window is not None:
        shown["window"] = {
            "asked": list(court.window.asked),
            "answered": list(court.window.answered),
            "asking": list(court.window.asking),
        }
    return shown


def _story(court: Court) -> list[dict[str, str]] | None:
    """The story everyone heard, once told: each attached card's type and the item told."""
    if not court.story:
        return None
    return [{"type": kind, "item": item} for kind, item in court.story]


@per_city  # a city never changes: its public form is built once
def public_city(city: City) -> dict[str, Any]:
    """Every printed card: murder cards, evidence faces, Jovans, the decks' catalogue ids."""
    return {
        "name": city.name,
        "murders": {
            m.id: {
                "name": m.name,
                "colour": m.colour,
                "suspects": list(m.suspects),
                "needs": list(m.needs),
                "charges": [[c.name, c.threshold, c.payout] for c in m.charges],
            }
            for m in city.murders
        },
        "evidence": {
            e.id: {"type": e.type, "colour": e.colour, "value": e.value, "item": e.item}
            for e in city.evidence
        },
        "jovans": {
            j.id: {
                "name": j.name,
                "title": j.title,
                "strength_pick": j.strength_pick,
                "strength_die": j.strength_die,
                "weakness": j.weakness,
                "starting": list(j.starting),
            }
            for j in city.jovans
        },
    }


def _hand(city: City, state: McState, seat: int | None) -> list[str]:
    assert seat is not None
    return sorted(state.evidence.cards_of(seat))


def _legwork(city: City, state: McState, seat: int | None) -> list[str]:
    assert seat is not None
    return sorted(state.legwork.cards_of(seat))


def _seen(city: City, state: McState, seat: int | None) -> dict[str, Any]:
    """What this seat alone learned and is still true: the attached cards it looked at (a
    Backroom Datajack) and the unseen cards of a discard pile it looked through (``memory.py``).
    Read with the public city, a pile's ids name their faces too."""
    attached = []
    for peek in state.peeks:
        if peek.seat != seat:
            continue
        card = city.evidence_by_id[peek.evidence]
        attached.append(
            {
                "owner": peek.owner,
                "murder": peek.murder,
                "type": peek.port,
                "evidence": card.id,
                "colour": card.colour,
                "value": card.value,
                "item": card.item,
                "joker": card.colour == JOKER,
            }
        )
    piles = {look.kind: list(look.cards) for look in state.looks if look.seat == seat}
    return {"attached": attached, "piles": dict(sorted(piles.items()))}


def _result(city: City, state: McState, seat: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = outcome(state).to_json()
    return shown


Part = Callable[[City, McState, "int | None"], Any]

#: Every part of a view, in the order a view lists them, each made from the city, the state and
#: the seat alone (the seat's hand and legwork cards, and the result once the game is over,
#: follow).
PARTS: tuple[tuple[str, Part], ...] = (
    ("system", lambda city, state, seat: "murder-city"),
    ("mode", lambda city, state, seat: state.mode),
    ("you", lambda city, state, seat: seat),
    ("city", lambda city, state, seat: public_city(city)),
    ("turn", lambda city, state, seat: state.turn),
    ("turns", lambda city, state, seat: state.turns),
    ("phase", lambda city, state, seat: state.phase),
    ("order", lambda city, state, seat: _listed(_remembered(city), "order", state.order)),
    ("current", lambda city, state, seat: state.current),
    ("to_act", lambda city, state, seat: sorted(to_act(state))),
    ("initiative", lambda city, state, seat: _initiative(_remembered(city), state.initiative)),
    ("seats", lambda city, state, seat: _seats(_remembered(city), state, seat)),
    ("murder_deck", lambda city, state, seat: state.murder_deck.draw_count),
    (
        "murder_discard",
        lambda city, state, seat: _listed(
            _remembered(city), "murder_discard", state.murder_deck.discard_pile
        ),
    ),
    (
        "evidence_decks",
        lambda city, state, seat: _piles(_remembered(city), state.evidence_decks, state.unseen),
    ),
    ("legwork_deck", lambda city, state, seat: state.legwork_deck.draw_count),
    (
        "legwork_discard",
        lambda city, state, seat: _listed(
            _remembered(city), "legwork_discard", state.legwork_deck.discard_pile
        ),
    ),
    ("hardship_deck", lambda city, state, seat: state.hardship_deck.draw_count),
    (
        "hardship_discard",
        lambda city, state, seat: _listed(
            _remembered(city), "hardship_discard", state.hardship_deck.discard_pile
        ),
    ),
    ("setbacks", lambda city, state, seat: _listed(_remembered(city), "setbacks", state.setbacks)),
    (
        "setbacks_drawn_by",
        lambda city, state, seat: _listed(
            _remembered(city), "setbacks_drawn_by", state.setbacks_drawn_by
        ),
    ),
    ("markers", lambda city, state, seat: _markers(_remembered(city), state.markers)),
    (
        "jovans_left",
        lambda city, state, seat: _listed(_remembered(city), "jovans_left", state.jovans_left),
    ),
    (
        "court",
        lambda city, state, seat: (
            None if state.court is None else _court_cached(_remembered(city), state.court, seat)
        ),
    ),
    ("offer", hooks.offer_view),
)
_SEATED: tuple[tuple[str, Part], ...] = (("hand", _hand), ("legwork", _legwork), ("seen", _seen))
#: A view's parts by key, in its order: for a seat or the table, before or after the end.
_PARTS_OF: dict[tuple[bool, bool], dict[str, Part]] = {
    (seated, ended): dict(
        PARTS + (_SEATED if seated else ()) + ((("result", _result),) if ended else ())
    )
    for seated in (False, True)
    for ended in (False, True)
}
_UNMADE = object()  # a part not made yet (a part may be None)
