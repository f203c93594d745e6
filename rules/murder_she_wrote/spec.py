"""What Murder, She Wrote is, as data: its modes, options, actions, events and endings.

Other modules name actions, events and endings through these enums, never as bare strings.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core import ModeSpec, OptionSpec, SystemSpec

from .case import SYSTEM_ID

MIN_SEATS, MAX_SEATS = 3, 6


class Mode(StrEnum):
    STANDARD = "standard"  # 3-6 seats, any mix of people and bots; the Murderer dealt at random
    SOLO = "solo"  # one person among bots, who plays the role of the ``play_as`` option


class Rules(StrEnum):
    BASIC = "basic"
    ADVANCED = "advanced"  # two others must enter before a return; a first victim nobody chose


class Role(StrEnum):
    MURDERER = "murderer"
    JESSICA = "jessica"


class Status(StrEnum):
    ALIVE = "alive"
    DEAD = "dead"


class Phase(StrEnum):
    SCENE = "scene"  # basic rules: every seat takes its turn in the room, the Murderer kills
    MOVE = "move"  # the seat on turn moves (and may accuse on the way)
    CHECK = "check"  # the seat that visited returns a token to the name place
    OVER = "over"


class Act(StrEnum):
    SET_SCENE = "set-scene"  # param ``victim``: a location (Murderer) or "none" (a Jessica)
    MOVE = "move"  # param ``to``: a space; optional ``accuse``: a seat (a Jessica whose move
    #               lands on or passes over an Accuse space)
    RETURN_TOKEN = "return-token"  # param ``token``: "alive" or "dead"


class Ev(StrEnum):
    ENTERED_ROOM = "entered-room"  # basic setup: a seat took its minute alone with the board
    SCENE_SET = "scene-set"  # basic setup: everyone has been in; the game begins
    FIRST_VICTIM_HIDDEN = "first-victim-hidden"  # advanced setup: one DEAD among nine tokens
    ROLLED = "rolled"  # a seat's turn begins with its roll
    MOVED = "moved"  # from, to, the location entered (by a "To the ..." space or a room)
    FORFEITED = "forfeited"  # no move possible with that roll
    VISITED = "visited"  # a calling card placed LAST IN; the LAST IN column after it
    ISLANDER_SEEN = "islander-seen"  # to the visitor alone: the islander's token
    TOKEN_RETURNED = "token-returned"  # everyone: a token went back face down (what: secret)
    ACCUSED = "accused"  # everyone: an accusation and whether it was right (whom: secret)
    ESCAPED = "escaped"  # the Murderer fled the island
    GAME_ENDED = "game-ended"


class Ending(StrEnum):
    CAUGHT = "murderer-caught"  # a Jessica accused the Murderer
    ESCAPED = "murderer-escaped"  # five or more dead and an Escape space reached
    NO_JESSICAS = "no-jessicas-left"  # every Jessica accused wrongly and is out
    TIME_UP = "time-up"  # the turn limit: nobody wins


ROUNDS = (20, 30, 40, 60)
DEFAULT_ROUNDS = 40
#: Dead islanders, the first victim included, the Murderer needs before it may escape.
DEAD_TO_ESCAPE = 5

COMMON_OPTIONS = (
    OptionSpec(
        "rules",
        tuple(rules.value for rules in Rules),
        Rules.BASIC.value,
        "basic, or advanced (two others must enter before you return; a first victim nobody chose)",
    ),
    OptionSpec("rounds", ROUNDS, DEFAULT_ROUNDS, "rounds before the game ends with no winner"),
)
SOLO_OPTIONS = (
    *COMMON_OPTIONS,
    OptionSpec(
        "play_as",
        ("jessica", "murderer", "either"),
        "either",
        "the role of the one person at the table; the bots take the others",
    ),
)

#: Steps of one round at most: a move and a check per seat.
STEPS_PER_ROUND = 2 * MAX_SEATS

SPEC = SystemSpec(
    id=SYSTEM_ID,
    name="Murder, She Wrote",
    modes=(
        ModeSpec(
            Mode.STANDARD.value,
            MIN_SEATS,
            MAX_SEATS,
            "3-6 players, people and bots; one is secretly the Murderer",
            options=COMMON_OPTIONS,
        ),
        ModeSpec(
            Mode.SOLO.value,
            MIN_SEATS,
            MAX_SEATS,
            "one person and bots; the person plays a Jessica or the Murderer",
            options=SOLO_OPTIONS,
            people=(1, 1),
        ),
    ),
    action_types=tuple(act.value for act in Act),
    has_chance=True,
    has_hidden_information=True,
    summary=(
        "An island, nine islanders and a hidden Murderer among the players: visit, check who "
        "is still alive, read the LAST IN counters, and accuse before the Murderer flees."
    ),
    event_types=tuple(ev.value for ev in Ev),
    endings=tuple(ending.value for ending in Ending),
    step_limit=MAX_SEATS + max(ROUNDS) * STEPS_PER_ROUND,
    accusation_params=("accuse",),
    param_prompts={
        "victim": "Whom do you silence first?",
        "to": "Where do you move?",
        "accuse": "Whom do you accuse?",
        "token": "Which token do you put back?",
    },
)
