"""Text for cases and events, rendered from Jinja templates.

Narration is added to events; it never replaces their data.
"""

from narration.casebook import narrate_author_sheet, narrate_case
from narration.environment import CLOCKS, DEFAULT_CLOCK, add_template_folder, clock_time
from narration.events import (
    GAME_ENDED,
    has_template,
    narrate_ending,
    narrate_event,
    narrate_events,
    public_glossary,
)
from narration.views import narrate_before_accusing, narrate_choice, narrate_view

__all__ = [
    "CLOCKS",
    "DEFAULT_CLOCK",
    "clock_time",
    "add_template_folder",
    "GAME_ENDED",
    "has_template",
    "narrate_author_sheet",
    "narrate_before_accusing",
    "narrate_case",
    "narrate_choice",
    "narrate_ending",
    "narrate_event",
    "narrate_events",
    "narrate_view",
    "public_glossary",
]
