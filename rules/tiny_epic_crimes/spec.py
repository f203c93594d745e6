"""What Tiny Epic Crimes is, as data: its mode, actions, events and endings.

Other modules name actions, events and endings through these enums, never as bare strings.
The system is not registered yet (docs/tiny-epic-crimes.md): this spec is what a later
``Registration`` will serve.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core import ModeSpec, SystemSpec

from .case import HOURS, SYSTEM_ID


class Mode(StrEnum):
    STANDARD = "standard"  # competitive; co-op and solo are later work


class Act(StrEnum):
    """The action types; the names match the effect vocabulary's ``ACTIONS``."""

    DRIVE = "drive"
    ARREST = "arrest"
    COFFEE_BREAK = "coffee-break"
    CALL_FOR_BACKUP = "call-for-backup"
    CATCH_INFORMANT = "catch-informant"
    CATCH_WITNESS = "catch-witness"
    SEARCH_SCENE = "search-scene"
    STAKEOUT = "stakeout"
    BRING_IN_FOR_HOLDING = "bring-in-for-holding"
    REST_YOUR_CASE = "rest-your-case"
    RESOLVE_EVENT = "resolve-event"
    PLAY_FORCE = "play-force"
    DISCARD_FORCE = "discard-force"  # an owed choice: the third Force Card's discard
    ACCUSE = "accuse"


class Ev(StrEnum):
    """The event types."""

    DROVE = "drove"
    ARRESTED = "arrested"
    COFFEE_BREAK = "coffee-break"
    BACKUP_CALLED = "backup-called"
    INFORMANT_CAUGHT = "informant-caught"
    WITNESS_CAUGHT = "witness-caught"
    SCENE_SEARCHED = "scene-searched"
    STAKED_OUT = "staked-out"
    MOBSTER_HELD = "mobster-held"
    MOBSTER_BOOKED = "mobster-booked"
    CASE_RESTED = "case-rested"
    BADGE_ADVANCED = "badge-advanced"
    EVIDENCE_SOLVED = "evidence-solved"
    SUSPECT_GAINED = "suspect-gained"
    FORCE_GAINED = "force-gained"
    TRACKER_ADVANCED = "tracker-advanced"
    EVENT_DRAWN = "event-drawn"
    EVENT_REPLACED = "event-replaced"  # a timed event drawn too late
    EVENT_RESOLVED = "event-resolved"
    FORCE_PLAYED = "force-played"
    FORCE_DISCARDED = "force-discarded"  # over the hand limit of two
    APPREHENDED = "apprehended"  # mobsters a Force Card sent back to the bag
    EVENT_LAPSED = "event-lapsed"  # a timed event whose hours ran out
    TRACKERS_PUSHED = "trackers-pushed"  # a lapse costing every officer hours
    SUSPECTS_LOST = "suspects-lost"  # top Suspect Cards discarded unseen by a lapse
    PEEK_OWED = "peek-owed"  # a Peek reward, not yet exchanged
    MOBSTER_ROLL = "mobster-roll"
    TOO_MANY_EVENTS = "too-many-events"
    ACCUSATION_MADE = "accusation-made"
    ACCUSATIONS_REVEALED = "accusations-revealed"
    GAME_ENDED = "game-ended"


class Ending(StrEnum):
    SOLVED = "solved"  # at least one officer named the murderer
    UNSOLVED = "unsolved"  # nobody did: the murderer goes free and everyone loses


#: Actions of a turn's Step 2 (everything but Drive and the accusation), with their hours; the
#: risked actions take their hours from the choice (``None``).
ACTION_HOURS: dict[Act, int | None] = {
    Act.ARREST: 1,
    Act.COFFEE_BREAK: 1,
    Act.CALL_FOR_BACKUP: None,
    Act.CATCH_INFORMANT: 2,
    Act.CATCH_WITNESS: 2,
    Act.SEARCH_SCENE: 2,
    Act.STAKEOUT: None,
    Act.BRING_IN_FOR_HOLDING: 2,
    Act.REST_YOUR_CASE: 0,
}
DAY_ACTIONS = frozenset({Act.CALL_FOR_BACKUP, Act.CATCH_INFORMANT, Act.SEARCH_SCENE})
NIGHT_ACTIONS = frozenset({Act.CATCH_WITNESS, Act.STAKEOUT, Act.BRING_IN_FOR_HOLDING})
BACKUP_RISK = (1, 6)  # "choose from 1 to 6", against one die
FORCE_HAND_LIMIT = 2

SPEC = SystemSpec(
    id=SYSTEM_ID,
    name="Tiny Epic Crimes",
    modes=(
        ModeSpec(
            Mode.STANDARD,
            2,
            4,
            "competitive: each officer keeps what they learn; the best officer who names the "
            "murderer wins",
        ),
    ),
    action_types=tuple(Act),
    has_chance=True,
    has_hidden_information=True,
    summary=(
        "Officers drive a city of blocks against a shared time track, catch informants and "
        "witnesses, search scenes and stake out, solve evidence and accuse the murderer."
    ),
    event_types=tuple(Ev),
    endings=tuple(Ending),
    accusation_fields=("murderer",),
    # a turn is at most a drive and an action and spends at least an hour, or rests
    step_limit=4 * (2 * HOURS + 1) + 4,
    param_prompts={
        "to": "Drive to which block?",
        "hours": "Risk how many hours?",
        "event": "Resolve which event?",
        "card": "Which Force Card?",
    },
)
