"""What a seat learned privately and may keep: a Datajack's peek at an attached card and the
unseen cards of a discard pile it looked through. A view shows a seat its own memories
(``views.py``), so a client that reconnects or a bot that reads only its view knows them too.
Each memory lasts while it is true (docs/rulings.md, Murder City): a peek while the card lies on
the port it was seen on, a pile's unseen card while it stays in the pile.
"""

from __future__ import annotations

from collections.abc import Iterable

from .changes import evolve
from .state import McState, Peek, PileLook


def remember_peek(state: McState, peek: Peek) -> McState:
    others = tuple(p for p in state.peeks if (p.seat, p.owner, p.murder, p.port) != _at(peek))
    return evolve(state, peeks=(*others, peek))


def _at(peek: Peek) -> tuple[int, int, str, str]:
    return peek.seat, peek.owner, peek.murder, peek.port


def forget_moved(state: McState) -> McState:
    """Peeks at cards no longer where they were seen (moved, swapped, removed, the case closed
    or given away) are dropped; called after every step (cheap: most states keep none)."""
    if not state.peeks:
        return state
    kept = tuple(p for p in state.peeks if _still_there(state, p))
    return state if len(kept) == len(state.peeks) else evolve(state, peeks=kept)


def _still_there(state: McState, peek: Peek) -> bool:
    for case in state.desks[peek.owner].cases:
        if case.murder == peek.murder:
            return case.ports.get(peek.port) == peek.evidence
    return False


def remember_pile(state: McState, seat: int, kind: str) -> McState:
    """``seat`` looked through ``kind``'s whole pile: it knows every unseen card in it now (a
    later look replaces the earlier one)."""
    seen = tuple(state.unseen.get(kind, ()))
    others = tuple(look for look in state.looks if (look.seat, look.kind) != (seat, kind))
    looks = (*others, PileLook(seat, kind, seen)) if seen else others
    return evolve(state, looks=looks)


def forget_taken(state: McState, kind: str, cards: Iterable[str]) -> McState:
    """Cards taken out of ``kind``'s pile are no longer known to lie in it (should one go back in
    unseen later, no seat saw it go there)."""
    if not state.looks:
        return state
    gone = set(cards)
    looks = tuple(
        look
        if look.kind != kind
        else PileLook(look.seat, kind, tuple(c for c in look.cards if c not in gone))
        for look in state.looks
    )
    return evolve(state, looks=tuple(look for look in looks if look.cards))
