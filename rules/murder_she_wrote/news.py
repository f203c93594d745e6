"""The events a step tells, made as ``rules.events.Event(...)`` makes them, faster.

A move and the bots' answers make about seven events: :func:`rules.events.new_event` fills an
event's ``__dict__`` at once instead of setting its six fields one by one (issue #12).
``test_news.py`` checks it against ``Event(...)``.
"""

from __future__ import annotations

from rules.events import new_event as event

__all__ = ["event"]
