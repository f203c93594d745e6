"""What Murdered by Midnight is, as data: modes, action and event types, the turn limit."""

from __future__ import annotations

from rules.core import ModeSpec, SystemSpec

from .case import SYSTEM_ID

SOLO = "solo"
CO_OP = "co-op"
COMPETITIVE = "competitive"

#: Turns (of all seats together) after which the night is over and nobody wins; see rulings.
MAX_TURNS = 400

#: The questions the Author answers at the inspector's location, one per turn.
QUESTION_TYPES: tuple[str, ...] = (
    "search",
    "dust-for-prints",
    "forensic-analysis",
    "ask-what-they-saw",
    "ask-who-did-it",
)

SPEC = SystemSpec(
    id=SYSTEM_ID,
    name="Murdered by Midnight",
    modes=(
        ModeSpec(SOLO, 1, 1, "one inspector; a wrong accusation loses the case"),
        ModeSpec(CO_OP, 1, 6, "a team sharing every envelope; one wrong accusation loses it"),
        ModeSpec(
            COMPETITIVE, 2, 6, "private envelopes; a wrong accusation puts that inspector out"
        ),
    ),
    action_types=(
        "reveal-location",
        "move",
        "take-passage",
        "open-passage",
        *QUESTION_TYPES,
        "accuse",
        "end-turn",
    ),
    has_chance=True,  # the face-down map deck
    has_hidden_information=True,
    summary=(
        "Inspectors lay out the map, search for weapons, send prints and forensics to the "
        "Author in a secret envelope, question witnesses and confront the murderer."
    ),
    event_types=(
        "location-revealed",
        "inspector-moved",
        "passage-opened",
        "passage-taken",
        "location-searched",
        "prints-dusted",
        "forensics-analysed",
        "witness-saw",
        "witness-suspects",
        "accusation-made",
        "inspector-eliminated",
        "turn-ended",
        "game-ended",
    ),
    accusation_fields=("murderer", "weapon", "motive", "time"),
)
