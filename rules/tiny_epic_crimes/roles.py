"""The cooperative roles: which officer mat each officer takes and the actions it lists.

"2 players: use Detective and Patrol Cop; 3 players: use Detective, Patrol Cop, and Analyst;
4 players: use all four officers." The rulebook prints only the Patrol Cop's actions ("can
only Catch Informant, Stakeout, and Bring in for Holding") and those every officer has ("Drive,
Arrest, Call for Backup, and Coffee Break"); the other mats are casebook's ruling
(docs/rulings.md), chosen so that every clue action is on some mat at every table size: the
Detective covers what the Patrol Cop lacks (Catch Witness, Search Scene) plus a Stakeout, the
Analyst and the Sheriff each add three more. Roles go in seat order (seat 0, the youngest,
is the Detective), the order the rulebook lists them in for the table's size.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from rules.core import RuleError

from .spec import Act


class Role(StrEnum):
    DETECTIVE = "detective"
    PATROL_COP = "patrol-cop"
    ANALYST = "analyst"
    SHERIFF = "sheriff"


#: The mats in play by the number of officers, in seat order.
ROLES_BY_COUNT: Mapping[int, tuple[Role, ...]] = {
    2: (Role.DETECTIVE, Role.PATROL_COP),
    3: (Role.DETECTIVE, Role.PATROL_COP, Role.ANALYST),
    4: (Role.DETECTIVE, Role.PATROL_COP, Role.ANALYST, Role.SHERIFF),
}

#: "All officers can Drive, Arrest, Call for Backup, and Coffee Break"; casebook adds what is
#: not on a mat's action list at all: resolving an event, playing a Force Card, resting.
EVERY_OFFICER = frozenset(
    {
        Act.DRIVE,
        Act.ARREST,
        Act.CALL_FOR_BACKUP,
        Act.COFFEE_BREAK,
        Act.RESOLVE_EVENT,
        Act.PLAY_FORCE,
        Act.REST_YOUR_CASE,
    }
)

#: The clue actions on each mat.
CLUE_ACTIONS: Mapping[Role, frozenset[Act]] = {
    Role.DETECTIVE: frozenset({Act.CATCH_WITNESS, Act.SEARCH_SCENE, Act.STAKEOUT}),
    Role.PATROL_COP: frozenset({Act.CATCH_INFORMANT, Act.STAKEOUT, Act.BRING_IN_FOR_HOLDING}),
    Role.ANALYST: frozenset({Act.CATCH_INFORMANT, Act.SEARCH_SCENE, Act.STAKEOUT}),
    Role.SHERIFF: frozenset({Act.CATCH_INFORMANT, Act.CATCH_WITNESS, Act.BRING_IN_FOR_HOLDING}),
}

ALL_CLUE_ACTIONS = frozenset().union(*CLUE_ACTIONS.values())

#: "When playing as the Detective or the Analyst (listed on their mats) … Leg Work".
LEG_WORK_ROLES = frozenset({Role.DETECTIVE, Role.ANALYST})


def roles_for(count: int) -> tuple[Role, ...]:
    return ROLES_BY_COUNT[count]


def role_of(count: int, officer: int) -> Role:
    """The mat of officer ``officer`` at a table of ``count`` officers."""
    return ROLES_BY_COUNT[count][officer]


def refusal(role: Role, act: str) -> RuleError | None:
    """Why ``role`` may not take ``act`` (``None``: it may): a clue action not on its mat."""
    if act in ALL_CLUE_ACTIONS and act not in CLUE_ACTIONS[role]:
        return RuleError(f"the {role} cannot {act}: it is not on their mat", code="role/not-yours")
    return None
