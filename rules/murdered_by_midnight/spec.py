"""What Murdered by Midnight is, as data: modes and options, action, event and ending names.

Every other module names actions, events and endings through the enums below, never as bare
strings, so a renamed action is renamed once.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core import ModeSpec, OptionSpec, SystemSpec

from .case import SYSTEM_ID


class Mode(StrEnum):
    SOLO = "solo"
    CO_OP = "co-op"
    COMPETITIVE = "competitive"


class Act(StrEnum):
    """The action types."""

    REVEAL_LOCATION = "reveal-location"
    MOVE = "move"
    TAKE_PASSAGE = "take-passage"
    OPEN_PASSAGE = "open-passage"
    SEARCH = "search"
    DUST_FOR_PRINTS = "dust-for-prints"
    FORENSIC_ANALYSIS = "forensic-analysis"
    ASK_WHAT_THEY_SAW = "ask-what-they-saw"
    ASK_WHO_DID_IT = "ask-who-did-it"
    ACCUSE = "accuse"
    END_TURN = "end-turn"


class Ev(StrEnum):
    """The event types."""

    LOCATION_REVEALED = "location-revealed"
    INSPECTOR_MOVED = "inspector-moved"
    PASSAGE_OPENED = "passage-opened"
    PASSAGE_TAKEN = "passage-taken"
    LOCATION_SEARCHED = "location-searched"
    PRINTS_DUSTED = "prints-dusted"
    FORENSICS_ANALYSED = "forensics-analysed"
    WITNESS_SAW = "witness-saw"
    WITNESS_SUSPECTS = "witness-suspects"
    ACCUSATION_MADE = "accusation-made"
    INSPECTOR_ELIMINATED = "inspector-eliminated"
    TURN_ENDED = "turn-ended"
    GAME_ENDED = "game-ended"


class Ending(StrEnum):
    """How a night can end; ``narration/templates/murdered-by-midnight/game-ended.j2`` words it."""

    SOLVED = "solved"  # the murderer was confronted with all four details right
    WRONG_ACCUSATION = "wrong-accusation"  # solo and co-op: one wrong accusation loses the case
    ALL_ELIMINATED = "all-eliminated"  # competitive: every inspector accused wrongly
    MIDNIGHT = "midnight"  # the turn limit was reached


#: The questions the Author answers at the inspector's location, one per turn.
QUESTIONS: tuple[Act, ...] = (
    Act.SEARCH,
    Act.DUST_FOR_PRINTS,
    Act.FORENSIC_ANALYSIS,
    Act.ASK_WHAT_THEY_SAW,
    Act.ASK_WHO_DID_IT,
)
#: The questions whose answer comes in a sealed envelope, and the event that hands it over.
ENVELOPES: dict[Act, Ev] = {
    Act.DUST_FOR_PRINTS: Ev.PRINTS_DUSTED,
    Act.FORENSIC_ANALYSIS: Ev.FORENSICS_ANALYSED,
}
WITNESS_QUESTIONS: tuple[Act, ...] = (Act.ASK_WHAT_THEY_SAW, Act.ASK_WHO_DID_IT)
ACCUSATION_FIELDS = ("murderer", "weapon", "motive", "time")

#: Turns (of all seats together) after which the night is over and nobody wins; see rulings.
MAX_TURNS = 400
TURN_LIMITS = (100, 200, 400)
DIFFICULTIES = ("easy", "standard", "hard")

OPTIONS = (
    OptionSpec(
        "difficulty",
        DIFFICULTIES,
        "standard",
        "how hard the case the game generates is (a stored case keeps its own)",
        for_case=True,
    ),
    OptionSpec(
        "turn_limit", TURN_LIMITS, MAX_TURNS, "turns of all inspectors together before midnight"
    ),
)

SPEC = SystemSpec(
    id=SYSTEM_ID,
    name="Murdered by Midnight",
    modes=(
        ModeSpec(
            Mode.SOLO,
            1,
            1,
            "one inspector; a wrong accusation loses the case",
            OPTIONS,
            private=False,
        ),
        ModeSpec(
            Mode.CO_OP,
            1,
            6,
            "a team sharing every envelope; one wrong accusation loses it",
            OPTIONS,
            private=False,  # the whole team reads every envelope
        ),
        ModeSpec(
            Mode.COMPETITIVE,
            2,
            6,
            "private envelopes; a wrong accusation puts that inspector out",
            OPTIONS,
        ),
    ),
    action_types=tuple(Act),
    has_chance=True,  # the face-down map deck
    has_hidden_information=True,
    summary=(
        "Inspectors lay out the map, search for weapons, send prints and forensics to the "
        "Author in a secret envelope, question witnesses and confront the murderer."
    ),
    event_types=tuple(Ev),
    endings=tuple(Ending),
    accusation_fields=ACCUSATION_FIELDS,
    step_limit=2 * max(TURN_LIMITS),  # a turn is a move and at most one question
    param_prompts={
        "to": "Where to?",
        "at": "Where will the new card lie?",
        "weapon": "Which weapon?",
        "character": "Whom do you ask?",
        "murderer": "Who is the murderer?",
        "motive": "What was the motive?",
        "time": "What was the time of death?",
    },
)
