"""Interrogate, and the other way to gain an alibi: a Suspect Card looked at in another hand.

"Choose another player, who holds all of their Suspect Cards in a hand in front of you showing
only their card backs. Pick one card at random to look at … If it is a card you have already
seen, you do not get to pick another." And when a Suspect Card is gained from an empty deck:
"Look at a Suspect Card from another player: they hold their cards in their hand, backs facing
you, and you pick one to look at."

Both are owed choices (``decisions.py``): the officer chooses whose cards (``officer``: a seat,
or ``ghost`` for the 2-player ghost officer's pile when interrogating), then the server picks
the card at random from the game's rng, since card backs tell nothing. What is seen goes to the
looker alone (the event's secret) and stays in :attr:`TecState.glimpses`; the owner is not told
which card was looked at. Good Listener (A04) looks at a second, different card.

In the cooperative and solo modes every Suspect Card lies face up, so nothing is owed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event

from . import decisions, hazards
from .case import TecCase
from .spec import Act, Ev, Mode
from .state import Decision, Glimpse, TecState, evolve

GHOST = "ghost"  # the choice naming the ghost officer's pile (ghost.py)
GOOD_LISTENER = "A04"  # "When you Interrogate, look at a second card."


def _good_listener(state: TecState, seat: int) -> bool:
    """``abilities.has_ability(state, seat, "A04")``, read here directly: abilities.py uses
    clues.py, which uses this module, so importing it would close a cycle."""
    return state.abilities.get(seat) == GOOD_LISTENER


def hidden_hands(state: TecState) -> bool:
    """Whether Suspect Cards are kept secret at this table (the Standard game only)."""
    return state.mode == Mode.STANDARD


def seen_by(state: TecState, seat: int) -> frozenset[str]:
    """Every Suspect Card ``seat`` has looked at in another hand or in the ghost pile."""
    return frozenset(g.card for g in state.glimpses if g.viewer == seat)


def seen_view(state: TecState, seat: int) -> dict[str, list[str]]:
    """What ``seat`` has seen, by whose cards they were (``ghost`` for the pile): its alone."""
    shown: dict[str, list[str]] = {}
    for glimpse in state.glimpses:
        if glimpse.viewer == seat:
            owner = GHOST if glimpse.owner is None else str(glimpse.owner)
            shown.setdefault(owner, []).append(glimpse.card)
    return {owner: sorted(cards) for owner, cards in sorted(shown.items())}


def look(
    state: TecState, viewer: int, owner: int | None, count: int, rng: random.Random
) -> tuple[TecState, tuple[str, ...], tuple[str, ...]]:
    """``viewer`` looks at ``count`` different cards picked at random from ``owner``'s hand
    (``None``: the ghost pile); the new state, the cards, and those it had seen before."""
    hand = state.ghost if owner is None else state.suspects.cards_of(owner)
    picked = tuple(hand[at] for at in sorted(rng.sample(range(len(hand)), min(count, len(hand)))))
    known = seen_by(state, viewer)
    fresh = tuple(Glimpse(viewer, owner, card) for card in picked if card not in known)
    state = evolve(state, glimpses=(*state.glimpses, *fresh))
    return state, picked, tuple(card for card in picked if card in known)


def _others_with_cards(state: TecState, seat: int) -> tuple[str, ...]:
    return tuple(
        str(other)
        for other in range(len(state.officers))
        if other != seat and state.suspects.count(other)
    )


def targets(state: TecState, seat: int) -> tuple[str, ...]:
    """Whom ``seat`` may interrogate now: officers holding a card, and the ghost's pile."""
    return (*_others_with_cards(state, seat), *((GHOST,) if state.ghost else ()))


def possible(state: TecState, seat: int) -> bool:
    """Whether an Interrogate would look at anything (Anonymous Call is offered only then)."""
    return (
        hidden_hands(state)
        and Act.INTERROGATE not in hazards.in_force(state).forbidden
        and bool(targets(state, seat))
    )


def owe(state: TecState, seat: int) -> tuple[TecState, list[Event]]:
    """An Interrogate earned (a badge space, Anonymous Call): whom to interrogate is owed, or
    nothing happens when nobody holds a card, an event forbids it, or cards are shared."""
    if not hidden_hands(state):
        return _skipped(state, seat, "shared")
    if Act.INTERROGATE in hazards.in_force(state).forbidden:  # Press Leak
        return _skipped(state, seat, "forbidden")
    choices = targets(state, seat)
    if not choices:
        return _skipped(state, seat, "no-cards")
    return decisions.owe(state, Decision(Act.INTERROGATE, seat, choices)), []


def owe_look(state: TecState, seat: int) -> TecState:
    """A Suspect Card gained from an empty deck: whose card to look at is owed, if anyone
    else holds one (otherwise nothing is gained)."""
    choices = _others_with_cards(state, seat)
    if not hidden_hands(state) or not choices:
        return state
    return decisions.owe(state, Decision(Act.LOOK_AT_SUSPECT, seat, choices))


def _skipped(state: TecState, seat: int, reason: str) -> tuple[TecState, list[Event]]:
    data = {"seat": seat, "reason": reason}
    return state, [Event(Ev.INTERROGATION_SKIPPED, actor=seat, data=data)]


def _owner(choice: str) -> int | None:
    return None if choice == GHOST else int(choice)


def _interrogate(
    case: TecCase, state: TecState, seat: int, decision: Decision, choice: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    count = 2 if _good_listener(state, seat) else 1
    state, cards, repeats = look(state, seat, _owner(choice), count, rng)
    officer = choice if choice == GHOST else int(choice)
    return state, [looked_event(Ev.INTERROGATED, seat, officer, cards, repeats)]


def _look_at_suspect(
    case: TecCase, state: TecState, seat: int, decision: Decision, choice: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    state, cards, repeats = look(state, seat, int(choice), 1, rng)
    return state, [looked_event(Ev.SUSPECT_LOOKED_AT, seat, int(choice), cards, repeats)]


def looked_event(
    kind: Ev, viewer: int, owner: int | str, cards: tuple[str, ...], repeats: tuple[str, ...]
) -> Event:
    """``viewer`` looked at ``cards`` of ``owner``'s (an officer, or the ghost's pile): the
    table learns how many, the viewer alone which, and which it had seen before."""
    return Event(
        kind,
        actor=viewer,
        data={"seat": viewer, "officer": owner, "looked": len(cards)},
        secret={"suspects": list(cards), "already_seen": list(repeats)},
        secret_audience=frozenset({viewer}),
    )


def bot_whom(view: Mapping[str, Any], choices: tuple[str, ...], rng: random.Random) -> str:
    """The hand the bot has seen least of: the best chance that a random card is new to it,
    then the most cards it has not seen; ``rng`` breaks ties."""
    seen: Mapping[str, list[str]] = view.get("seen_suspects", {})

    def held(choice: str) -> int:
        if choice == GHOST:
            return int(view["ghost_pile"])
        return int(view["officers"][int(choice)]["suspect_cards"])

    def score(choice: str) -> tuple[float, int]:
        unseen = max(0, held(choice) - len(seen.get(choice, ())))
        return unseen / max(1, held(choice)), unseen

    best = max(score(choice) for choice in choices)
    return rng.choice(sorted(choice for choice in choices if score(choice) == best))


decisions.register(
    decisions.Kind(Act.INTERROGATE, "officer", _interrogate, private=False, bot=bot_whom)
)
decisions.register(
    decisions.Kind(Act.LOOK_AT_SUSPECT, "officer", _look_at_suspect, private=False, bot=bot_whom)
)
