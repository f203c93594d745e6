"""The Cooperative Game Mode's changes to the standard rules (solo is the same game, played by
one person: solo.py).

- Roles: each officer's mat lists the clue actions it may take (roles.py); "Actions are no
  longer restricted by day or night".
- "Before adding mobsters to the bag, remove mobsters from the game" by the table's size, and
  one removed Gray Gangster becomes the Out-of-Time Marker beside hour 48: "Treat the
  mobster's space as the final hour" (:attr:`TecState.final_hour`). The Too-Many-Events
  Penalty, and a mobster owed from an empty bag, move it back one space instead of discarding
  a Suspect Card.
- Arrested mobsters go "right to the bag" (no arrest spots on the co-op mats).
- Knowledge is the team's: Suspect Cards face up, solved evidence "shared", Force Cards
  "publicly" shown; in a 2-player game the Force Cards are one pool of up to 4 that either
  officer may play. Contributors gain no Suspect Card when evidence is solved, and a Peek
  reward is ignored.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Event, RuleError
from rules.kit.encoded import ByIdentity
from rules.kit.hands import Hands

from . import roles
from .case import MOBSTER_COLOURS, TecCase
from .made import event as new_event
from .spec import FORCE_HAND_LIMIT, TEAM_MODES, Ev
from .state import TecState, evolve

#: "2 players: remove 1 Gray Gangster; 3 players: remove 1 of each color; 4 players: remove 2
#: of each color".
REMOVED_MOBSTERS: Mapping[int, Mapping[str, int]] = {
    2: {"gray": 1},
    3: {colour: 1 for colour in MOBSTER_COLOURS},
    4: {colour: 2 for colour in MOBSTER_COLOURS},
}
#: "Players combine their Force Cards in a shared pool of up to 4 cards" (2 players).
POOL_LIMIT = 2 * FORCE_HAND_LIMIT


def is_team(state: TecState) -> bool:
    """Cooperative or solo: one team, roles, shared knowledge, one accusation."""
    return state.mode in TEAM_MODES


def role(state: TecState, officer: int) -> roles.Role:
    return roles.role_of(len(state.officers), officer)


# --- setup ------------------------------------------------------------------------------------


def bag_at_setup(mode: str, bag: Mapping[str, int], officers: int) -> dict[str, int]:
    """The bag before the setup's mobsters are pulled: standard keeps all fifteen."""
    if mode not in TEAM_MODES:
        return dict(bag)
    removed = REMOVED_MOBSTERS[officers]
    return {colour: count - removed.get(colour, 0) for colour, count in bag.items()}


# --- rules of play ----------------------------------------------------------------------------


def refusal(state: TecState, officer: int, act: str) -> RuleError | None:
    """A clue action the officer's mat does not list (``None`` outside co-op)."""
    return roles.refusal(role(state, officer), act) if is_team(state) else None


def by_time_of_day(state: TecState) -> bool:
    """Whether day and night restrict actions ("no longer restricted" in co-op)."""
    return not is_team(state)


def marker_back(state: TecState) -> tuple[TecState, list[Event]]:
    """The co-op Too-Many-Events Penalty: "move the Gray Gangster mobster backward 1 space on
    the Time Track" (never before hour 0)."""
    final = max(0, state.final_hour - 1)
    event = Event(Ev.OUT_OF_TIME, data={"from": state.final_hour, "to": final})
    return evolve(state, final_hour=final), [event]


def last_hour(state: TecState, before: int) -> int:
    """Where a tracker on ``before`` stops: the final hour, or where it stands if the marker
    has moved back past it (a tracker never moves backwards)."""
    return max(state.final_hour, before)


def no_hour_left(state: TecState, hours: int) -> bool:
    """A tracker on or past the final hour can only rest its case."""
    return hours >= state.final_hour


# --- shared knowledge -------------------------------------------------------------------------


def share(state: TecState, events: Sequence[Event]) -> list[Event]:
    """Every secret the team learns goes to every seat ("Throw all secrecy out the window");
    only a sealed vote on the accusation stays its voter's until the reveal."""
    if not is_team(state):
        return list(events)
    team = frozenset(range(len(state.seats)))
    return [
        event
        if not event.secret or event.type == Ev.ACCUSATION_MADE
        else new_event(event.type, event.actor, event.data, event.secret, event.audience, team)
        for event in events
    ]


def pooled(state: TecState) -> bool:
    """A 2-player cooperative game's Force Cards are one pool."""
    return is_team(state) and len(state.officers) == 2


def force_receiver(state: TecState, officer: int) -> int:
    """Whose hand a gained Force Card joins: the gainer's, or in a pool the partner's while the
    gainer's is full and the pool has room (the pool of 4 is two hands of 2 either may play)."""
    if not pooled(state) or state.forces.count(officer) < FORCE_HAND_LIMIT:
        return officer
    partner = 1 - officer
    return partner if state.forces.count(partner) < FORCE_HAND_LIMIT else officer


def with_pool(state: TecState, officer: int) -> TecState:
    """In a pool, every pooled card moved into ``officer``'s hand, to offer or play one."""
    if not pooled(state):
        return state
    forces = state.forces
    for card in state.forces.cards_of(1 - officer):
        forces = forces.pass_card(1 - officer, officer, card)
    return evolve(state, forces=forces)


def hand_after_play(state: TecState, officer: int) -> TecState:
    """After a pooled card is played, the pool is two hands of at most 2 again."""
    if not pooled(state):
        return state
    forces = state.forces
    while forces.count(officer) > FORCE_HAND_LIMIT:
        forces = forces.pass_card(officer, 1 - officer, forces.cards_of(officer)[-1])
    return evolve(state, forces=forces)


# --- the view ---------------------------------------------------------------------------------


def view_part(
    case: TecCase, state: TecState, seat: int | None, acting: int | None
) -> dict[str, Any]:
    """What a team seat sees beyond the standard view: the team's knowledge."""
    mats, actions = _mats(len(state.officers))
    shown: dict[str, Any] = {
        "team": True,
        "final_hour": state.final_hour,
        "roles": list(mats),
        "role_actions": [list(listed) for listed in actions],
    }
    if seat is None or acting is None:
        return shown
    murderer = case.suspect(case.solution.murderer)
    suspects = _KEPT_HANDS.encoded(_face_up, state.suspects)
    forces = _KEPT_HANDS.encoded(_face_up, state.forces)
    shown["suspects"] = suspects[0]
    # face up in the order gained: the team watched each card come
    shown["suspects_of"] = suspects[1]
    shown["forces_of"] = forces[1]
    shown["forces"] = forces[0] if pooled(state) else list(state.forces.cards_of(acting))
    shown["evidence"] = {e: murderer.trait(e) for e in sorted(state.solved)}
    shown["decisions"] = [  # their choices come from the team's face-up cards
        {"kind": d.kind, "seat": d.seat, "choices": list(d.choices)} for d in state.decisions
    ]
    shown["stakeouts_seen"] = {
        block: case.stakeout_value(block) for _, block in sorted(state.peeks)
    }
    shown["searches_seen"] = {  # a face-down Search Token any officer looked at
        block: case.search_success(block)
        for _, block in sorted(state.search_peeks)
        if block in state.search_blocks
    }
    return shown


#: The team's hands as views show them, kept by the identity of the ``Hands`` shown: a move
#: rarely changes a hand, and a view of each state showed them all again (issue #12).
_KEPT_HANDS = ByIdentity(128)


def _face_up(hands: Hands) -> tuple[list[str], list[list[str]]]:
    """Every card of the team's hands sorted, and each officer's hand in the order gained (a
    game's hands hold one hand per officer, seats 0 on). Shared by views: read, never changed."""
    officers = range(len(hands.held))
    return (
        sorted(card for o in officers for card in hands.cards_of(o)),
        [list(hands.cards_of(o)) for o in officers],
    )


@functools.cache  # the same for every view of a table's size: worked out once, copied
def _mats(officers: int) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Each officer's role, and the clue actions on its mat, as a view shows them."""
    mats = roles.roles_for(officers)
    return (
        tuple(str(mat) for mat in mats),
        tuple(tuple(str(act) for act in sorted(roles.CLUE_ACTIONS[mat])) for mat in mats),
    )


def forbids_peek(state: TecState) -> bool:
    """ "Cooperative Mode: … Ignore the [Peek] reward for all Event rewards"."""
    return is_team(state)
