"""Events made as ``Event(...)`` makes them, without the frozen dataclass's ``__init__``.

A solo move tells about 3.6 events, and each is made twice (the rules make it for the officer,
``solo.as_seat_events`` makes it again for the seat): :func:`rules.events.new_event` makes the
same value for a fraction of the cost (issue #12). ``test_speed_paths.py`` checks it against
``Event(...)``.
"""

from __future__ import annotations

from rules.events import new_event as event

__all__ = ["event"]
