"""Ability Cards: "Shuffle and deal each player 2 Ability Cards. Each player chooses one (place
it face-up near your mat) and returns the other to the box."

Setup deals the pairs from the game's seed (a stream of their own) and queues one
``choose-ability`` decision per officer, seat 0 first: the pair shows to its officer alone,
the card kept goes face up into :attr:`TecState.abilities`, the other back to the box, kept
nowhere. :func:`has_ability` is how every rule asks whether an officer's card applies; the
functions below are the moments the cards name ("Your card details your effect and when it can
be used"), each called from the one place in the turn where it applies. Good Listener (A04)
belongs to Interrogate (``interrogate.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event, rng_for

from . import clues, decisions
from .cards import ABILITIES
from .case import HQ, TecCase
from .spec import Act, Ev
from .state import Decision, TecState, evolve

STREET_SMARTS = "A01"  # the first block of each drive is free
RADIO_AHEAD = "A02"  # a failed Call for Backup's die is rolled again, once
NIGHT_OWL = "A03"  # a stakeout costs an hour less than risked
GOOD_LISTENER = "A04"  # Interrogate: a second card (interrogate.py)
KNOWN_FACE = "A05"  # Catch Informant: one more badge level
KEEN_EYE = "A06"  # a Search Token under the car is looked at before any Search Scene
BY_THE_BOOK = "A07"  # resolving an event: a Force Card too
DESK_SERGEANT = "A08"  # a turn begun at the HQ books the held mobster by day too

DEALT = 2  # "deal each player 2 Ability Cards"
#: How a bot ranks the cards: the ones that pay every turn first (Good Listener last: the bot
#: does not interrogate by choice).
BOT_ORDER = ("A01", "A05", "A03", "A07", "A02", "A06", "A08", "A04")


def has_ability(state: TecState, seat: int, card_id: str) -> bool:
    """Whether officer ``seat`` chose Ability Card ``card_id`` ("A01" …) at setup."""
    return state.abilities.get(seat) == card_id


def deal(seed: int, officers: int) -> tuple[Decision, ...]:
    """Two shuffled Ability Cards to each officer, as the choice each owes, seat 0 first."""
    cards = [card.id for card in ABILITIES]
    rng_for(seed, 0, "abilities").shuffle(cards)  # a stream of its own: other draws unchanged
    return tuple(
        Decision(Act.CHOOSE_ABILITY, seat, tuple(sorted(cards[DEALT * seat : DEALT * seat + 2])))
        for seat in range(officers)
    )


def _choose(
    case: TecCase, state: TecState, seat: int, decision: Decision, card: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    state = evolve(state, abilities={**state.abilities, seat: card})
    return state, [Event(Ev.ABILITY_CHOSEN, actor=seat, data={"seat": seat, "card": card})]


def _bot_choose(view: Mapping[str, Any], choices: tuple[str, ...], rng: random.Random) -> str:
    return min(choices, key=BOT_ORDER.index)


decisions.register(
    decisions.Kind(Act.CHOOSE_ABILITY, "ability", _choose, private=True, bot=_bot_choose)
)


# The moments the cards name, one function each.


def free_blocks(state: TecState, seat: int) -> int:
    """Street Smarts: "Your first block of driving each turn is free"."""
    return 1 if has_ability(state, seat, STREET_SMARTS) else 0


def hours_off(state: TecState, seat: int, act: str) -> int:
    """Night Owl: "A stakeout costs 1 hour less than you risk" (never below one)."""
    return 1 if act == Act.STAKEOUT and has_ability(state, seat, NIGHT_OWL) else 0


def backup_rerolls(state: TecState, seat: int) -> int:
    """Radio Ahead: "Once per Call for Backup, roll the die again"."""
    return 1 if has_ability(state, seat, RADIO_AHEAD) else 0


def any_time_of_day(state: TecState, seat: int, act: str) -> bool:
    """Desk Sergeant: "At the start of your turn at the HQ, you may finish Bring in for Holding
    whatever the time of day" (the second step only; no drive yet this turn, so the car began
    the turn there)."""
    officer = state.officers[seat]
    return (
        act == Act.BRING_IN_FOR_HOLDING
        and has_ability(state, seat, DESK_SERGEANT)
        and officer.holding is not None
        and officer.block == HQ
        and not state.drove
    )


def after_action(
    state: TecState, seat: int, act: str, events: list[Event], rng: random.Random
) -> tuple[TecState, list[Event]]:
    """Known Face after a Catch Informant; By the Book after each event ``seat`` resolved."""
    out: list[Event] = []
    if act == Act.CATCH_INFORMANT and has_ability(state, seat, KNOWN_FACE):
        state, more = clues.advance_badge(state, seat)
        out.extend(more)
    if has_ability(state, seat, BY_THE_BOOK):
        for event in events:
            if event.type == Ev.EVENT_RESOLVED and event.data.get("resolver") == seat:
                state, more = clues.gain_force(state, seat, rng)
                out.extend(more)
    return state, out


def keen_eye(case: TecCase, state: TecState, seat: int | None) -> tuple[TecState, list[Event]]:
    """Keen Eye: "Before a Search Scene, look at the token you would flip": on its own turn,
    the officer looks at the Search Token under its car (once per token)."""
    if seat is None or not has_ability(state, seat, KEEN_EYE):
        return state, []
    return look(case, state, seat, "search")


def look(case: TecCase, state: TecState, seat: int, kind: str) -> tuple[TecState, list[Event]]:
    """``seat`` looks at the face-down token of ``kind`` under its car, if it has not yet: the
    face goes to that officer alone (the view's ``searches_seen`` / ``stakeouts_seen``)."""
    here = state.officers[seat].block
    if kind == "search":
        if here not in state.search_blocks or (seat, here) in state.search_peeks:
            return state, []
        success = next(t.success for t in case.search_tokens if t.block == here)
        face: dict[str, Any] = {"success": success}
        state = evolve(state, search_peeks=tuple(sorted({*state.search_peeks, (seat, here)})))
    else:
        if here not in state.stakeout_blocks or (seat, here) in state.peeks:
            return state, []
        face = {"value": next(t.value for t in case.stakeout_tokens if t.block == here)}
        state = evolve(state, peeks=tuple(sorted({*state.peeks, (seat, here)})))
    event = Event(
        Ev.TOKEN_PEEKED,
        actor=seat,
        data={"seat": seat, "block": here, "kind": kind},
        secret=face,
        secret_audience=frozenset({seat}),
    )
    return state, [event]
