"""What Tiny Epic Crimes is, as data: its mode, actions, events and endings.

Other modules name actions, events and endings through these enums, never as bare strings.
The system is not registered yet (docs/tiny-epic-crimes.md): this spec is what a later
``Registration`` will serve.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core import ModeSpec, OptionSpec, SystemSpec

from .case import HOURS, SYSTEM_ID


class Mode(StrEnum):
    STANDARD = "standard"  # competitive
    COOPERATIVE = "cooperative"  # 2-4 officers with roles, one team accusation
    SOLO = "solo"  # one person plays every officer of a cooperative game (option ``officers``)


#: The modes played as one team (coop.py): roles, shared knowledge, one accusation.
TEAM_MODES = frozenset({Mode.COOPERATIVE, Mode.SOLO})


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
    LEG_WORK = "leg-work"  # an owed choice: a Force Card, or 3 hours for a Suspect Card
    CHOOSE_ABILITY = "choose-ability"  # an owed choice at setup: keep one of two Ability Cards
    INTERROGATE = "interrogate"  # an owed choice: whose Suspect Cards to look at (badge, F09)
    LOOK_AT_SUSPECT = "look-at-suspect"  # an owed choice: a Suspect Card gained from an empty deck
    PEEK = "peek"  # an owed choice: which solved evidence to exchange a look for, or none
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
    PEEK_OWED = "peek-owed"  # a Peek earned (event reward or badge): the choice or a skip follows
    MOBSTER_ROLL = "mobster-roll"
    TOO_MANY_EVENTS = "too-many-events"
    ACCUSATION_MADE = "accusation-made"
    ACCUSATIONS_REVEALED = "accusations-revealed"
    OUT_OF_TIME = "out-of-time"  # co-op: the Out-of-Time Marker moved back a space
    LEG_WORK_DONE = "leg-work-done"  # co-op: 3 hours spent for a Suspect Card
    TEAM_ACCUSED = "team-accused"  # co-op: the team's one accusation, from the sealed votes
    ABILITY_CHOSEN = "ability-chosen"  # an officer's kept Ability Card, face up
    TOKEN_PEEKED = "token-peeked"  # a face-down token looked at (its face to the officer alone)
    MOBSTER_MOVED = "mobster-moved"  # Shadow Detail moved a mobster
    SECOND_ACTION = "second-action"  # Double Shift: the turn goes on to another action
    BADGE_BONUS = "badge-bonus"  # the badge landed on a space with an icon
    INTERROGATED = "interrogated"  # the cards looked at go to the interrogator alone
    INTERROGATION_SKIPPED = "interrogation-skipped"  # nobody to interrogate, or forbidden
    SUSPECT_LOOKED_AT = "suspect-looked-at"  # an empty deck's alibi: another officer's card
    EVIDENCE_PEEKED = "evidence-peeked"  # a Peek: the evidence's value to the peeker alone
    PEEK_PAID = "peek-paid"  # a Peek: the holder looks at one of the peeker's Suspect Cards
    PEEK_SKIPPED = "peek-skipped"  # declined, impossible or forbidden
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
#: The most steps one turn can take: a drive (Squad Car and Street Smarts can make it free), two
#: actions (Double Shift), four Force Cards (two held at its start, two more gained by its first
#: action), and a generous bound on the choices its gains may owe (discards, Leg Work, Peeks,
#: Interrogate).
TURN_STEPS = 1 + 2 + 2 * FORCE_HAND_LIMIT + 16

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
        ModeSpec(
            Mode.COOPERATIVE,
            2,
            4,
            "cooperative: officers with roles share everything they learn and make one accusation "
            "together; the team wins or loses as one",
            private=False,  # suspect cards, evidence and force cards lie face up for the team
        ),
        ModeSpec(
            Mode.SOLO,
            1,
            1,
            "solo: one person plays every officer of a cooperative game, one turn at a time",
            (
                OptionSpec(
                    "officers",
                    (2, 3, 4),
                    2,
                    "how many officers the person plays (3 or 4 is harder); the case must be laid "
                    "out for it (2: the 2-player tokens)",
                ),
            ),
            private=False,
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
    # every turn spends at least an hour, or rests: at most HOURS + 1 turns per officer; then
    # the Ability Card choices at setup and the accusations
    step_limit=4 * (HOURS + 1) * TURN_STEPS + 4 + 4,
    param_prompts={
        "to": "Drive to which block?",
        "hours": "Risk how many hours?",
        "event": "Resolve which event?",
        "card": "Which Force Card?",
        "officer": "Look at whose Suspect Cards?",
        "evidence": "Peek at which solved evidence?",
        "ability": "Keep which Ability Card?",
        "die": "Set which die of the Mobster Roll?",
        "number": "To which number?",
        "mobster": "Move the mobster on which block?",
        "onto": "Onto which block?",
    },
)
