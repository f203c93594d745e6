"""Events made without the frozen dataclass's ``__init__``, for speed alone.

A step of a bot game tells two events on average; :func:`rules.events.new_event` makes the very
same value as ``Event(kind, actor=…, data=…)`` with the new object's ``__dict__`` set whole.
Callgrind, five four-bot games through ``run_bots``: 565.5 k → 551.5 k instructions a step.
(Actions made the same way did not pay: a bot makes one a decision, and two fields cost little
to set.)
"""

from __future__ import annotations

from rules.events import new_event

__all__ = ["new_event"]
