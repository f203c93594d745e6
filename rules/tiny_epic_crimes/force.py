"""Playing a Force Card on its holder's own turn, before the action: the card's effect runs
through the kit's interpreter with the handlers here, then the card goes face up to the
discard pile. Anonymous Call owes the Interrogate it gives (interrogate.py): whom to look at
is the holder's next choice, and the turn goes on after it.

Every card is played on the holder's own turn, before the action, whatever its timing says
(docs/rulings.md): an "after-roll" card asked for after a roll would tell the table who holds
it, so Steady Hand is played before the Call for Backup (a failed die is rolled again) and
Roadblock before the turn's Mobster Roll (it names one die's number now); the "any-time"
Shadow Detail is played on its holder's turn too. Roadblock and Shadow Detail take more
parameters (which die and number; which mobster and onto which block), each offered as its own
spec of ``play-force`` (:func:`specs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import ActionSpec, Event, ParamValue
from rules.kit.effects import Context, Interpreter

from . import abilities, board, interrogate, mobsters
from .cards import FORCE_CARDS, ForceCard
from .case import TecCase
from .spec import Act, Ev
from .state import TecState, evolve

CARDS: Mapping[str, ForceCard] = {card.id: card for card in FORCE_CARDS}
PLAYABLE = frozenset(card.id for card in FORCE_CARDS)
ROADBLOCK = "F07"
SHADOW_DETAIL = "F12"
DICE = ("black", "white")  # Black names the row, White the column
FACES = (1, 2, 3, 4, 5, 6)
MOVE = 2  # Shadow Detail: "up to 2 blocks"


def targets(case: TecCase, state: TecState, seat: int, where: str) -> tuple[str, ...]:
    """The blocks holding a mobster that ``apprehend`` at ``where`` would take."""
    here = state.officers[seat].block
    if where == "adjacent":
        blocks = board.adjacent(case, here)
    else:  # the officer's row
        blocks = tuple(
            b for b in board.blocks(case) if board.row_of(case, b) == board.row_of(case, here)
        )
    return tuple(sorted(b for b in blocks if b in state.mobsters))


def _apprehend(
    state: TecState, args: Mapping[str, Any], c: Context
) -> tuple[TecState, list[Event]]:
    """Warrant takes one mobster next to the officer (the first in block order: the finite
    choice is which card, not which mobster), Dragnet every one in the row."""
    assert c.seat is not None
    found = targets(c.data["case"], state, c.seat, str(args["where"]))
    taken = found[:1] if args["where"] == "adjacent" else found
    colours = [state.mobsters[b] for b in taken]
    state = evolve(
        state,
        mobsters={b: col for b, col in state.mobsters.items() if b not in taken},
        bag=mobsters.to_bag(state.bag, colours),
    )
    return state, [Event(Ev.APPREHENDED, actor=c.seat, data={"blocks": list(taken)})]


def _boost(name: str, key: str) -> Any:
    """A boost for the rest of the turn: free drive blocks, an hour off, any time of day."""

    def handler(
        state: TecState, args: Mapping[str, Any], c: Context
    ) -> tuple[TecState, list[Event]]:
        amount = abs(int(args[key])) if key else 1
        boosts = {**state.boosts, name: state.boosts.get(name, 0) + amount}
        return evolve(state, boosts=boosts), []

    return handler


def _peek(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    """Tip-Off and Lab Rush: the token under the car, its face to the officer alone."""
    assert c.seat is not None
    return abilities.look(c.data["case"], state, c.seat, str(args["kind"]))


def _choose_die(
    state: TecState, args: Mapping[str, Any], c: Context
) -> tuple[TecState, list[Event]]:
    """Roadblock: the die and number named, kept for this turn's Mobster Roll."""
    params = c.data["params"]
    boosts = {**state.boosts, f"die-{params['die']}": int(params["number"])}
    return evolve(state, boosts=boosts), []


def _move_mobster(
    state: TecState, args: Mapping[str, Any], c: Context
) -> tuple[TecState, list[Event]]:
    """Shadow Detail: the mobster goes onto the block named; an event's crew stays its crew."""
    params = c.data["params"]
    source, onto = str(params["mobster"]), str(params["onto"])
    colour = state.mobsters[source]
    placed = {b: col for b, col in state.mobsters.items() if b != source}
    events = tuple(
        evolve(e, mobster_blocks=tuple(onto if b == source else b for b in e.mobster_blocks))
        for e in state.events
    )
    state = evolve(state, mobsters={**placed, onto: colour}, events=events)
    data = {"from": source, "to": onto, "colour": colour}
    return state, [Event(Ev.MOBSTER_MOVED, actor=c.seat, data=data)]


def _interrogate(
    state: TecState, args: Mapping[str, Any], c: Context
) -> tuple[TecState, list[Event]]:
    """Anonymous Call: "Interrogate another officer", owed as the holder's next choice."""
    assert c.seat is not None
    return interrogate.owe(state, c.seat)


FORCES: Interpreter[TecState, Event] = (
    Interpreter[TecState, Event]()
    .register("apprehend", _apprehend, where=str)
    .register("drive_free", _boost("drive_free", "blocks"), blocks=int)
    .register("hours", _boost("hours", "delta"), delta=int)
    .register("any_time_of_day", _boost("any_time_of_day", ""), action=str)
    .register("extra_action", _boost("extra_action", ""))
    .register("reroll", _boost("reroll", ""), die=str)
    .register("peek_token", _peek, kind=str)
    .register("choose_die", _choose_die, die=str)
    .register("move_mobster", _move_mobster, blocks=int)
    .register("interrogate", _interrogate)
)


def free_blocks(state: TecState) -> int:
    return state.boosts.get("drive_free", 0)


def hours_off(state: TecState) -> int:
    return state.boosts.get("hours", 0)


def any_time(state: TecState) -> bool:
    return bool(state.boosts.get("any_time_of_day", 0))


def rerolls(state: TecState) -> int:
    """Steady Hand: a failed Call for Backup die is rolled again (once, this turn)."""
    return state.boosts.get("reroll", 0)


def fixed_die(state: TecState) -> tuple[str, int] | None:
    """Roadblock: (die, number) for this turn's Mobster Roll, if one was named."""
    for die in DICE:
        if f"die-{die}" in state.boosts:
            return die, state.boosts[f"die-{die}"]
    return None


def second_action(state: TecState) -> bool:
    """Double Shift played and its second action still to come."""
    return bool(state.boosts.get("extra_action", 0))


def after_first_action(state: TecState, hours: int) -> TecState:
    """Double Shift: the first action's hours wait with the drive's, the turn goes on to one
    more action (no second drive); the boosts that change "this turn's action" were spent on
    the first (Shortcut, Overtime, Steady Hand), so another card may be played for the second."""
    spent = {"extra_action", "hours", "any_time_of_day", "reroll"}
    boosts = {k: v for k, v in state.boosts.items() if k not in spent}
    return evolve(
        state, driven=state.driven + hours, drove=True, boosts={**boosts, "extra_action": 0}
    )


def destinations(case: TecCase, state: TecState, source: str) -> tuple[str, ...]:
    """Where Shadow Detail may move the mobster on ``source``: 1 or 2 blocks away, never onto
    the HQ or another mobster ("only one mobster per block")."""
    return tuple(
        block
        for block, far in board.distances_from(case, source)
        if 1 <= far <= MOVE and not board.is_hq(block) and block not in state.mobsters
    )


def playable(case: TecCase, state: TecState, seat: int) -> tuple[str, ...]:
    """The held cards ``seat`` may play now: wired, and with something to do."""
    return tuple(
        card
        for card in sorted(set(state.forces.cards_of(seat)) & PLAYABLE)
        if _useful(case, state, seat, card)
    )


def _useful(case: TecCase, state: TecState, seat: int, card: str) -> bool:
    effect = CARDS[card].effect
    here = state.officers[seat].block
    if effect["op"] == "apprehend":
        return bool(targets(case, state, seat, str(effect["where"])))
    if effect["op"] == "drive_free":
        return not state.drove  # Step 1 is still ahead
    if effect["op"] == "peek_token":  # a token under the car this officer has not seen
        seen = state.search_peeks if effect["kind"] == "search" else state.peeks
        tokens = state.search_blocks if effect["kind"] == "search" else state.stakeout_blocks
        return here in tokens and (seat, here) not in seen
    if effect["op"] == "move_mobster":
        return any(destinations(case, state, block) for block in state.mobsters)
    if effect["op"] == "interrogate":  # only when an Interrogate would look at something
        return interrogate.possible(state, seat)
    if effect["op"] == "choose_die":
        return fixed_die(state) is None
    if effect["op"] == "reroll":  # a Call for Backup could follow: a mobster on or next to it
        near = (here, *board.adjacent(case, here))
        return "reroll" not in state.boosts and any(b in state.mobsters for b in near)
    if effect["op"] == "extra_action":  # hours for two actions, once a turn
        left = state.final_hour - state.track.position(seat) - state.driven
        return "extra_action" not in state.boosts and left >= 2
    return effect["op"] not in state.boosts  # one of each a turn


def specs(case: TecCase, state: TecState, cards: tuple[str, ...]) -> list[ActionSpec]:
    """``play-force`` as forms: the plain cards in one, Roadblock with its die and number, and
    Shadow Detail once per mobster it may move, with that mobster's destinations."""
    plain = tuple(card for card in cards if card not in (ROADBLOCK, SHADOW_DETAIL))
    out = [ActionSpec(Act.PLAY_FORCE, {"card": plain})] if plain else []
    if ROADBLOCK in cards:
        out.append(ActionSpec(Act.PLAY_FORCE, {"card": (ROADBLOCK,), "die": DICE, "number": FACES}))
    if SHADOW_DETAIL in cards:
        for block in sorted(state.mobsters):
            onto = destinations(case, state, block)
            if onto:
                params = {"card": (SHADOW_DETAIL,), "mobster": (block,), "onto": onto}
                out.append(ActionSpec(Act.PLAY_FORCE, params))
    return out


def play(
    case: TecCase,
    state: TecState,
    seat: int,
    card: str,
    params: Mapping[str, ParamValue] | None = None,
) -> tuple[TecState, list[Event]]:
    """Play ``card`` (checked legal, with the action's ``params``): discarded face up, then its
    effect."""
    params = dict(params or {})
    state = evolve(
        state,
        forces=state.forces.remove(seat, [card]),
        force_deck=state.force_deck.discard([card]),
    )
    shown = {"die": params["die"], "number": params["number"]} if card == ROADBLOCK else {}
    played = Event(Ev.FORCE_PLAYED, actor=seat, data={"card": card, **shown})
    context = Context(seat=seat, data={"case": case, "params": params})
    state, more = FORCES.run(CARDS[card].effect, state, context)
    return state, [played, *more]
