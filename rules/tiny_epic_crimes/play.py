"""Applying one legal action: the next state and what happened.

A turn is Drive (optional, its own step), one action, then the tracker advances by every hour
spent, an Event Line passed first draws an Event Card (events.py), and the Mobster Roll.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.core import Action, Event, rng_for
from rules.kit.dice import roll

from . import (
    abilities,
    board,
    clues,
    coop,
    decisions,
    force,
    hazards,
    lapse,
    legal,
    mobsters,
    resolve,
    turns,
    vote,
)
from . import events as cards_in_play
from .case import TecCase
from .made import event as new_event
from .spec import Act, Ending, Ev
from .standings import outcome
from .state import TecState, evolve

#: (case, state, seat, action, rng) -> (state, events, hours spent by the action)
Handler = Callable[
    [TecCase, TecState, int, Action, random.Random], tuple[TecState, list[Event], int]
]


def play(case: TecCase, state: TecState, seat: int, action: Action) -> tuple[TecState, list[Event]]:
    """Apply ``action`` (already checked legal) for ``seat``."""
    state = evolve(state, step=state.step + 1)
    rng = rng_for(state.seed, state.step, "play")
    if decisions.kind_of(action.type) is not None:  # an owed choice, outside any turn
        (param,) = action.params
        return decisions.decide(case, state, seat, action.type, str(action.params[param]), rng)
    if action.type == Act.DRIVE:
        return _drive(case, state, seat, str(action.params["to"]))
    if action.type == Act.ACCUSE:
        return _accuse(case, state, seat, str(action.params["murderer"]))
    if action.type == Act.PLAY_FORCE:  # before the action; the turn goes on
        card = str(action.params["card"])
        state, played = force.play(case, coop.with_pool(state, seat), seat, card, action.params)
        return coop.hand_after_play(state, seat), played
    here = state.officers[seat].block
    phase = board.phase(case, state.track.position(seat))
    extra = hazards.in_force(state).cost(action.type)  # the events active as it was taken
    handler = _HANDLERS[action.type]  # keyed by text: no Act() made a move
    state, events, hours = handler(case, state, seat, action, rng)
    hours += extra
    if hours:  # Shortcut, Night Owl: an hour off, never below one (a rest stays free)
        off = force.hours_off(state) + abilities.hours_off(state, seat, action.type)
        hours = max(1, hours - off)
    state, resolved = resolve.after_action(case, state, seat, action.type, here, phase, events, rng)
    events.extend(resolved)
    state, gained = abilities.after_action(state, seat, action.type, events, rng)
    events.extend(gained)
    if force.second_action(state) and action.type != Act.REST_YOUR_CASE:
        again = force.after_first_action(state, hours)  # Double Shift
        if can_act(case, again, seat):
            return again, [*events, Event(Ev.SECOND_ACTION, actor=seat, data={"spent": hours})]
    state, more = end_turn(case, state, seat, hours, rng)
    return state, events + more


def can_act(case: TecCase, state: TecState, seat: int) -> bool:
    """Whether an action (not only a card) can follow: Double Shift's second action is taken
    only then, else the turn ends as usual."""
    owed_aside = evolve(state, decisions=())  # a discard owed first changes nothing
    offered = legal.legal_actions(case, owed_aside, seat)
    return any(spec.type not in (Act.DRIVE, Act.PLAY_FORCE) for spec in offered)


def _drive(case: TecCase, state: TecState, seat: int, to: str) -> tuple[TecState, list[Event]]:
    officer = state.officers[seat]
    free = force.free_blocks(state) + abilities.free_blocks(state, seat)  # Street Smarts
    far = max(0, board.distance(case, officer.block, to) - free)
    hours = far + hazards.in_force(state).toll(to)
    moved = evolve(officer, block=to)
    state = clues.with_officer(state, seat, moved, driven=state.driven + hours, drove=True)
    data = {"from": officer.block, "to": to, "hours": hours}
    state, seen = abilities.keen_eye(case, state, seat)
    return state, [new_event(Ev.DROVE, seat, data), *seen]


def end_turn(
    case: TecCase, state: TecState, seat: int, hours: int, rng: random.Random
) -> tuple[TecState, list[Event]]:
    """The turn's hours (the drive's and ``hours``) onto the tracker, then what follows a turn:
    Event Lines, lapses, the Mobster Roll; Leg Work ends a turn this way too (legwork.py)."""
    spent = state.driven + hours
    before = state.track.position(seat)
    ahead = max(state.track.positions.values())
    after = min(before + spent, coop.last_hour(state, before))  # 48, or co-op's marker
    track = state.track.advance(seat, after - before) if spent else state.track
    fixed = force.fixed_die(state)  # Roadblock: one die of this turn's Mobster Roll
    # the turn's boosts spent: an empty dict kept as it is (its encoding is kept by identity)
    boosts = {} if state.boosts else state.boosts
    state = evolve(state, track=track, driven=0, drove=False, boosts=boosts)
    events = [new_event(Ev.TRACKER_ADVANCED, seat, {"from": before, "to": after})]
    state, lapsed = lapse.lapse_due(case, state, rng)  # a slot freed before any new event
    events.extend(lapsed)
    # a line after hour h is passed by moving past h; "first" when no tracker was past it
    lines = [h for h in range(max(ahead, 1), after) if case.space(h).event_line]
    for line in lines:
        # "the first of all players to pass a red Event Line": an Event Card
        state, drawn = cards_in_play.draw(case, state, seat, f"line-{line}", rng)
        events.extend(drawn)
    # one more Mobster Roll for each active event that says so (the Crime Wave)
    for _ in range(1 + hazards.in_force(state).extra_rolls):
        state, more = mobsters.mobster_roll(case, state, rng, fixed=fixed)
        events.extend(more)
        fixed = None  # Roadblock sets the turn's first roll only
    state, seen = abilities.keen_eye(case, state, turns.current(state))  # the next turn's start
    return state, events + seen


def _apprehend(state: TecState, blocks: list[str]) -> tuple[TecState, list[str]]:
    """The mobsters on ``blocks`` back to the bag; their colours."""
    taken = [state.mobsters[block] for block in blocks if block in state.mobsters]
    left = {block: colour for block, colour in state.mobsters.items() if block not in blocks}
    return evolve(state, mobsters=left, bag=mobsters.to_bag(state.bag, taken)), taken


def _arrest(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    officer = state.officers[seat]
    here = officer.block
    colour = state.mobsters[here]
    state = evolve(state, mobsters={b: c for b, c in state.mobsters.items() if b != here})
    events = [Event(Ev.ARRESTED, actor=seat, data={"block": here, "colour": colour})]
    if colour in officer.arrested or coop.is_team(state):  # co-op: "right to the bag"
        # "If you already have a mobster of the same color on your mat, … return it to the bag"
        state = evolve(state, bag=mobsters.to_bag(state.bag, [colour]))
        return state, events, 1
    arrested = (*officer.arrested, colour)
    if len(arrested) == len(case.mobsters):
        state = evolve(state, bag=mobsters.to_bag(state.bag, list(arrested)))
        state = clues.with_officer(state, seat, evolve(officer, arrested=()))
        state, more = clues.advance_badge(state, seat)
        return state, events + more, 1
    state = clues.with_officer(state, seat, evolve(officer, arrested=arrested))
    return state, events, 1


def _coffee(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    return state, [Event(Ev.COFFEE_BREAK, actor=seat)], 1


def _backup(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    risk = int(str(action.params["hours"]))
    here = state.officers[seat].block
    (die,) = roll(rng).faces
    rolls = [die]  # Radio Ahead, Steady Hand: a failed die rolled again
    for _ in range(abilities.backup_rerolls(state, seat) + force.rerolls(state)):
        if rolls[-1] <= risk:
            break
        rolls.extend(roll(rng).faces)
    die = rolls[-1]
    success = die <= risk
    blocks = [here, *board.adjacent(case, here)] if success else [here]
    state, taken = _apprehend(state, blocks)
    data: dict[str, object] = {"hours": risk, "die": die, "success": success, "apprehended": taken}
    if len(rolls) > 1:
        data["rolls"] = rolls
    events = [Event(Ev.BACKUP_CALLED, actor=seat, data=data)]
    if success:
        state, more = clues.gain_force(state, seat, rng)
        events.extend(more)
    return state, events, risk


def _catch(clue: str) -> Handler:
    def handler(
        case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
    ) -> tuple[TecState, list[Event], int]:
        here = state.officers[seat].block
        state, taken = _apprehend(state, [here])
        if clue == "informant":
            row = board.row_of(case, here)
            state = evolve(state, informant_rows=tuple(r for r in state.informant_rows if r != row))
            event = Event(
                Ev.INFORMANT_CAUGHT,
                actor=seat,
                data={"block": here, "row": row, "colour": taken[0]},
            )
        else:
            column = board.column_of(case, here)
            state = evolve(
                state, witness_columns=tuple(c for c in state.witness_columns if c != column)
            )
            event = Event(
                Ev.WITNESS_CAUGHT,
                actor=seat,
                data={"block": here, "column": column, "colour": taken[0]},
            )
        state, more = clues.collect(case, state, seat, clue, rng)
        return state, [event, *more], 2

    return handler


def _search(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    here = state.officers[seat].block
    success = next(token.success for token in case.search_tokens if token.block == here)
    state = evolve(state, search_blocks=tuple(b for b in state.search_blocks if b != here))
    events = [Event(Ev.SCENE_SEARCHED, actor=seat, data={"block": here, "success": success})]
    if success:
        state, more = clues.collect(case, state, seat, "search", rng)
    else:
        officer = state.officers[seat]
        state = clues.with_officer(
            state, seat, evolve(officer, failed_searches=officer.failed_searches + 1)
        )
        state, more = clues.advance_badge(state, seat)
    return state, events + more, 2


def _stakeout(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    risk = int(str(action.params["hours"]))
    here = state.officers[seat].block
    value = next(token.value for token in case.stakeout_tokens if token.block == here)
    if value > risk:
        # "Return the token face-down … and do not tell the other players the number"
        peeks = tuple(sorted({*state.peeks, (seat, here)}))
        event = Event(
            Ev.STAKED_OUT,
            actor=seat,
            data={"block": here, "hours": risk, "success": False},
            secret={"value": value},
            secret_audience=frozenset({seat}),
        )
        return evolve(state, peeks=peeks), [event], risk
    officer = state.officers[seat]
    state = evolve(state, stakeout_blocks=tuple(b for b in state.stakeout_blocks if b != here))
    state = clues.with_officer(state, seat, evolve(officer, stakeouts=(*officer.stakeouts, value)))
    event = Event(
        Ev.STAKED_OUT,
        actor=seat,
        data={"block": here, "hours": risk, "success": True, "value": value},
    )
    state, more = clues.collect(case, state, seat, "stakeout", rng)
    return state, [event, *more], risk


def _bring_in(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    officer = state.officers[seat]
    here = officer.block
    if officer.holding is None:
        colour = state.mobsters[here]
        state = evolve(state, mobsters={b: c for b, c in state.mobsters.items() if b != here})
        state = clues.with_officer(state, seat, evolve(officer, holding=colour))
        return (
            state,
            [Event(Ev.MOBSTER_HELD, actor=seat, data={"block": here, "colour": colour})],
            2,
        )
    colour = officer.holding
    state = evolve(state, bag=mobsters.to_bag(state.bag, [colour]))
    state = clues.with_officer(state, seat, evolve(officer, holding=None))
    token = colour in state.holding_tokens
    events = [Event(Ev.MOBSTER_BOOKED, actor=seat, data={"colour": colour, "token": token})]
    if token:
        state = evolve(state, holding_tokens=tuple(c for c in state.holding_tokens if c != colour))
        state, more = clues.collect(case, state, seat, "holding", rng)
    else:
        state, more = clues.gain_force(state, seat, rng)
    return state, events + more, 2


def _rest(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    officer = state.officers[seat]
    state = clues.with_officer(state, seat, evolve(officer, rested=True))
    return state, [Event(Ev.CASE_RESTED, actor=seat, data={"hours": state.track.position(seat)})], 0


def _accuse(
    case: TecCase, state: TecState, seat: int, murderer: str
) -> tuple[TecState, list[Event]]:
    """A sealed accusation; the last one reveals them all and ends the game."""
    state = evolve(state, accusations={**state.accusations, seat: murderer})
    events = [
        Event(
            Ev.ACCUSATION_MADE,
            actor=seat,
            data={"seat": seat},
            secret={"murderer": murderer},
            secret_audience=frozenset({seat}),
        )
    ]
    if len(state.accusations) < len(state.seats):
        return state, events
    if coop.is_team(state):  # the team's one accusation, from the sealed votes
        state, closed = vote.close(case, state)
        return state, events + closed
    truth = case.solution.murderer
    correct = tuple(sorted(s for s, letter in state.accusations.items() if letter == truth))
    state = evolve(state, ended=Ending.SOLVED if correct else Ending.UNSOLVED)
    result = outcome(case, state)
    state = evolve(state, winners=result.winners)
    revealed = {str(s): letter for s, letter in sorted(state.accusations.items())}
    events.append(Event(Ev.ACCUSATIONS_REVEALED, data={"accusations": revealed, "murderer": truth}))
    events.append(Event(Ev.GAME_ENDED, data=result.to_json()))
    return state, events


def _resolve_event(
    case: TecCase, state: TecState, seat: int, action: Action, rng: random.Random
) -> tuple[TecState, list[Event], int]:
    """Resolve Event on the event's block for the hours its card prints; a second officer the
    card needs is its contributor."""
    card = str(action.params["event"])
    other = resolve.standable(case, state, seat)[card]
    (event,) = [e for e in state.events if e.card == card]
    helpers = () if other is None else (other,)
    state, events = resolve.resolve(state, event, seat, helpers, rng)
    return state, events, resolve.stand_hours(card)


_HANDLERS: dict[str, Handler] = {
    Act.ARREST: _arrest,
    Act.COFFEE_BREAK: _coffee,
    Act.CALL_FOR_BACKUP: _backup,
    Act.CATCH_INFORMANT: _catch("informant"),
    Act.CATCH_WITNESS: _catch("witness"),
    Act.SEARCH_SCENE: _search,
    Act.STAKEOUT: _stakeout,
    Act.BRING_IN_FOR_HOLDING: _bring_in,
    Act.REST_YOUR_CASE: _rest,
    Act.RESOLVE_EVENT: _resolve_event,
}
