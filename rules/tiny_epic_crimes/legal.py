"""What the officer to act may do now, and why anything else is refused.

Each action is offered only when its rulebook condition holds: its time of day (by the tracker
at the start of the turn), its block, its token, and hours enough before the 48-hour mark.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core import Action, ActionSpec, RuleError
from rules.kit.memo import last_answer

from . import abilities, board, coop, decisions, force, hazards, resolve
from .case import FINAL_HOURS, NIGHT, STAKEOUT_RISK, TecCase
from .evolved import Hazards
from .spec import ACTION_HOURS, BACKUP_RISK, DAY_ACTIONS, NIGHT_ACTIONS, Act
from .state import Officer, TecState
from .turns import accusing, current

#: Every action type of the game, owed choices included.
KNOWN_TYPES = frozenset(Act)


def remaining(state: TecState, seat: int) -> int:
    """Hours this officer may still spend this turn before the 48-hour mark."""
    return state.final_hour - state.track.position(seat) - state.driven  # co-op: the marker


def legal_actions(case: TecCase, state: TecState, seat: int) -> list[ActionSpec]:
    return list(_legal_specs(case, state, seat))


#: The last legal list made, with what it was made for (case, state, seat, specs): the bot loop
#: asks, then ``apply`` asks again, so a step computes legality once. One tuple, set whole.
_last: tuple[TecCase, TecState, int, tuple[ActionSpec, ...]] | None = None


def _legal_specs(case: TecCase, state: TecState, seat: int) -> tuple[ActionSpec, ...]:
    global _last
    last = _last
    if last is not None and last[1] is state and last[0] is case and last[2] == seat:
        return last[3]
    specs = tuple(_legal_actions(case, state, seat))
    _last = (case, state, seat, specs)
    return specs


def legal_of_type(case: TecCase, state: TecState, seat: int, action: Action) -> list[ActionSpec]:
    """The specs of ``action``'s type that :func:`legal_actions` lists, in its order, and only
    those, a drive's offering no destination but the one ``action`` names if it is offered:
    ``apply`` checks an action against the specs of its own type (``check_action`` reads no
    other unless there is none, and of a choice only whether it is there), so a move no longer
    works out the legality of the actions it is not, nor of every block a car could reach.
    With the mats and events changed through ``evolve`` as well, a solo move's ``apply`` went
    from 907k to 620k instructions (callgrind, the same 500 moves); a drive's one destination
    took it to 583k."""
    kind = action.type
    last = _last
    if last is not None and last[1] is state and last[0] is case and last[2] == seat:
        return [spec for spec in last[3] if spec.type == kind]
    to = action.params.get("to", "") if kind == Act.DRIVE else None
    return _legal_actions(case, state, seat, kind, to if to is None or type(to) is str else "")


def _legal_actions(
    case: TecCase, state: TecState, seat: int, only: str | None = None, to: str | None = None
) -> list[ActionSpec]:
    """The legal specs; with ``only``, those of that type alone; with ``to``, a drive's
    destinations only ``to`` if it is one (``""``: none)."""
    if state.ended is not None:
        return []
    owed = decisions.legal(state, seat)
    if owed is not None:
        return owed if only is None else [spec for spec in owed if spec.type == only]
    if accusing(state):
        if seat in state.accusations or only not in (None, Act.ACCUSE):
            return []
        return [ActionSpec(Act.ACCUSE, {"murderer": tuple(s.letter for s in case.suspects)})]
    if seat != current(state):
        return []
    return _turn_actions(case, state, seat, only, to)


def _turn_actions(
    case: TecCase, state: TecState, seat: int, only: str | None = None, to: str | None = None
) -> list[ActionSpec]:
    """The specs of the officer's turn, in the order offered; with ``only``, those of that type
    alone, the others' legality not worked out."""
    if only is not None and only not in _TURN_TYPES:
        return []
    specs = _drive_specs(case, state, seat, to) if only in (None, Act.DRIVE) else []
    if only == Act.DRIVE:  # a drive played (two moves in five): no other action's legality
        return specs
    now = _now(case, state, seat)
    left = now.left
    hz = now.hazards
    for act in _ACTIONS if only is None else _ONE_ACTION.get(only, ()):
        if _refusal(case, state, seat, act, now) is None:  # risked hours: Shortcut's too
            specs.append(_spec(act, left - hz.cost(act) + now.hours_off))
    if only is None or only == Act.PLAY_FORCE:
        cards = force.playable(case, coop.with_pool(state, seat), seat)  # co-op: a pool of 2
        if cards and left >= 1:  # only while an action can still follow
            specs.extend(force.specs(case, state, cards))
    if only is None or only == Act.RESOLVE_EVENT:
        events = _resolvable(case, state, seat)
        if events:
            specs.append(ActionSpec(Act.RESOLVE_EVENT, {"event": events}))
    if only in (None, Act.REST_YOUR_CASE):
        if _refusal(case, state, seat, Act.REST_YOUR_CASE, now) is None:
            specs.append(ActionSpec(Act.REST_YOUR_CASE))
    return specs


def _drive_specs(case: TecCase, state: TecState, seat: int, to: str | None) -> list[ActionSpec]:
    """The drive's spec, if the officer may drive: the blocks in reach with an hour left for an
    action (or with ``to``, that block alone if it is one). Worked out apart from
    :func:`_now`, which reads what the other actions need."""
    left = remaining(state, seat)
    if state.drove or left < 2:
        return []
    hz = hazards.in_force(state)
    free = force.free_blocks(state) + abilities.free_blocks(state, seat)
    reach = tuple(
        block
        for block, far in _places(case, state.officers[seat].block, to)
        if block not in hz.no_drive
        and 1 <= far + (toll := hz.toll(block))
        and max(0, far - free) + toll <= left - 1  # _drive_hours, its parts asked once
    )
    return [ActionSpec(Act.DRIVE, {"to": reach})]


#: The actions of a turn with hours of their own, in the order offered; resting comes last.
_ACTIONS = tuple(act for act in ACTION_HOURS if act != Act.REST_YOUR_CASE)
#: An action type of ``_ACTIONS`` (its text) -> that action alone, to check one played.
_ONE_ACTION = {str(act): (act,) for act in _ACTIONS}
#: Every type a turn may offer.
_TURN_TYPES = frozenset(
    {*ACTION_HOURS, Act.DRIVE, Act.PLAY_FORCE, Act.RESOLVE_EVENT, Act.REST_YOUR_CASE}
)


def _places(case: TecCase, here: str, to: str | None) -> tuple[tuple[str, int], ...]:
    """``(place, distance)`` from ``here`` of every place, or of ``to`` alone if it is one."""
    if to is None:
        return board.distances_from(case, here)
    return ((to, board.distance(case, here, to)),) if to in board.blocks(case) else ()


def _resolvable(case: TecCase, state: TecState, seat: int) -> tuple[str, ...]:
    """Events Resolve Event may resolve here, with hours enough for the card."""
    left = remaining(state, seat)
    return tuple(
        card
        for card in sorted(resolve.standable(case, state, seat))
        if max(1, resolve.stand_hours(card) - force.hours_off(state)) <= left
    )


def _drive_hours(case: TecCase, state: TecState, seat: int, to: str) -> int:
    """A drive's hours: its distance less any free blocks (Squad Car, Street Smarts), plus an
    event's toll."""
    free = force.free_blocks(state) + abilities.free_blocks(state, seat)
    far = max(0, board.distance(case, state.officers[seat].block, to) - free)
    return far + hazards.in_force(state).toll(to)


def _spec(act: Act, left: int) -> ActionSpec:
    if act == Act.CALL_FOR_BACKUP:
        return ActionSpec(
            act, {"hours": tuple(range(BACKUP_RISK[0], min(BACKUP_RISK[1], left) + 1))}
        )
    if act == Act.STAKEOUT:
        return ActionSpec(
            act, {"hours": tuple(range(STAKEOUT_RISK[0], min(STAKEOUT_RISK[1], left) + 1))}
        )
    return ActionSpec(act)


class _Now(NamedTuple):
    """What every action's legality reads of the officer's turn, worked out once a step
    (the legal list asks it of nine actions)."""

    officer: Officer
    here: str
    hours: int  # the officer's tracker
    left: int  # :func:`remaining`
    hazards: Hazards
    night: bool
    overtime: bool  # Overtime, or co-op's "no longer restricted by day or night"
    hours_off: int  # Shortcut's hour off every action this turn
    mobster_here: bool


@last_answer  # ``apply`` asks for its action's refusal, then for its legal specs
def _now(case: TecCase, state: TecState, seat: int) -> _Now:
    officer = state.officers[seat]
    hours = state.track.position(seat)
    return _Now(
        officer=officer,
        here=officer.block,
        hours=hours,
        left=state.final_hour - hours - state.driven,  # remaining(), the tracker asked once
        hazards=hazards.in_force(state),
        night=board.phase(case, hours) == NIGHT,
        overtime=force.any_time(state) or not coop.by_time_of_day(state),
        hours_off=force.hours_off(state),
        mobster_here=officer.block in state.mobsters,
    )


def _allowed(case: TecCase, state: TecState, seat: int, act: Act) -> RuleError | None:
    """Why ``act`` is refused now (``None``: it is allowed), as the error to raise."""
    refused = _refusal(case, state, seat, act, _now(case, state, seat))
    return None if refused is None else RuleError(refused[0], code=refused[1])


def _refusal(
    case: TecCase, state: TecState, seat: int, act: Act, now: _Now
) -> tuple[str, str] | None:
    """Why ``act`` is refused now, as (sentence, code), or ``None``: it is allowed. No error is
    made for a refusal that only leaves an action off the legal list."""
    officer = now.officer
    here = now.here
    hours = now.hours
    if act == Act.REST_YOUR_CASE:
        early = hours < FINAL_HOURS[0] and not coop.no_hour_left(state, hours)
        if early or state.drove:
            return (
                f"you may rest your case only at the start of a turn on hours "
                f"{FINAL_HOURS[0]}-{FINAL_HOURS[1]}",
                "rest/too-early",
            )
        return None
    hz = now.hazards
    if act in hz.forbidden:
        return f"an active event forbids {act}", "event/forbidden"
    role = coop.refusal(state, seat, act)  # co-op: the clue actions on the officer's mat
    if role is not None:
        return role.message, role.code
    night = now.night
    # Overtime: either time of day this turn; co-op: "no longer restricted by day or night"
    overtime = now.overtime or abilities.any_time_of_day(state, seat, act)  # Desk Sergeant
    if act in DAY_ACTIONS and night and not overtime:
        return f"{act} is a daytime action", "time/day-only"
    if act in NIGHT_ACTIONS and not night and not overtime:
        return f"{act} is a nighttime action", "time/night-only"
    cost = max(1, (ACTION_HOURS[act] or 1) + hz.cost(act) - now.hours_off)
    if cost > now.left:
        return "that would take your tracker past the 48-hour mark", "time/past-48"
    mobster_here = now.mobster_here
    if act in (Act.ARREST, Act.CATCH_INFORMANT, Act.CATCH_WITNESS) and not mobster_here:
        return "there is no mobster on your block", "mobster/none-here"
    if act == Act.CALL_FOR_BACKUP and not (
        mobster_here or any(block in state.mobsters for block in board.adjacent(case, here))
    ):
        return "no mobster on or next to your block", "mobster/none-near"
    if act == Act.CATCH_INFORMANT and board.row_of(case, here) not in state.informant_rows:
        return "no Informant Token is left in your row", "clue/no-informant"
    if act == Act.CATCH_WITNESS and board.column_of(case, here) not in state.witness_columns:
        return "no Witness Token is left in your column", "clue/no-witness"
    if act == Act.SEARCH_SCENE and here not in state.search_blocks:
        return "no Search Token lies on your block", "clue/no-search-token"
    if act == Act.STAKEOUT and here not in state.stakeout_blocks:
        return "no Stakeout Token lies on your block", "clue/no-stakeout-token"
    if act == Act.BRING_IN_FOR_HOLDING:
        if officer.holding is None and not mobster_here:
            return "there is no mobster on your block", "mobster/none-here"
        if officer.holding is not None and not board.is_hq(here):
            return (
                "a mobster is on your Holding Spot: bring them in at the HQ",
                "holding/not-at-hq",
            )
    return None


def explain_refusal(case: TecCase, state: TecState, seat: int, action: Action) -> None:
    """Raise a :class:`RuleError` with a specific code if ``action`` breaks a rule we name.

    An action that is no action of this game (an unknown type, a Force Card that does not
    exist) is left to :func:`~rules.core.check_action`: it is a malformed request (422),
    whatever the table is waiting for, not a rule it breaks now (409)."""
    if action.type not in KNOWN_TYPES or (
        action.type == Act.PLAY_FORCE and action.params.get("card") not in force.CARDS
    ):
        return
    owed = decisions.open_decision(state)
    if owed is not None:
        if action.type != owed.kind:
            raise RuleError(
                f"a choice is owed first: {owed.kind} (seat {owed.seat})", code="decision/owed"
            )
        return
    if decisions.kind_of(action.type) is not None:
        raise RuleError(f"no {action.type} choice is owed now", code="decision/none")
    if accusing(state):
        if action.type != Act.ACCUSE:
            raise RuleError("every car is down: only accusations remain", code="accuse/only")
        if seat in state.accusations:
            raise RuleError("you have already accused", code="accuse/already")
        return
    if action.type == Act.ACCUSE:
        raise RuleError(
            "accusations come once every officer has rested their case", code="accuse/not-yet"
        )
    if action.type == Act.DRIVE:
        if state.drove:
            raise RuleError("you drive before your action, once a turn", code="drive/already")
        to = action.params.get("to")
        if isinstance(to, str) and to in board.blocks(case):
            hz = hazards.in_force(state)
            if to in hz.no_drive:
                raise RuleError("an active event closes that block to cars", code="event/no-drive")
            far = _drive_hours(case, state, seat, to)
            if far >= remaining(state, seat):
                raise RuleError(
                    "that drive leaves no hour for an action before the 48-hour mark",
                    code="time/past-48",
                )
        return
    if action.type == Act.RESOLVE_EVENT and action.params.get("event") not in _resolvable(
        case, state, seat
    ):
        raise RuleError(
            "no such event can be resolved here now (its block, a second officer, or hours)",
            code="event/cannot-resolve",
        )
    if action.type == Act.PLAY_FORCE and (
        action.params.get("card") not in force.playable(case, coop.with_pool(state, seat), seat)
        or remaining(state, seat) < 1
    ):
        raise RuleError(
            "you hold no such Force Card that can be played now", code="force/cannot-play"
        )
    if action.type in ACTION_HOURS:
        error = _allowed(case, state, seat, Act(action.type))
        if error is not None:
            raise error
