"""The spec's enums as the engine reads them: each a plain class whose attributes are the very
same members (``Act.PRESENT is spec.Act.PRESENT``).

Python 3.11's ``EnumType`` has a ``__getattr__``, so every ``spec.Act.X`` goes through a
metaclass hook that the interpreter cannot specialise: read through these, a bot game's step
costs 28 k instructions fewer, 4.5 % (docs/murder-city.md, "Speed of bot games"). The engine's
modules only read members off these; what needs the enum itself (its members listed, a value
looked up) uses ``spec``'s.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar, cast

from . import spec

_E = TypeVar("_E", bound=Enum)


def members(kind: type[_E]) -> type[_E]:
    """``kind``'s members as the attributes of a plain class of the same name."""
    return cast("type[_E]", type(kind.__name__, (), dict(kind.__members__)))


Act = members(spec.Act)
Phase = members(spec.Phase)
Stage = members(spec.Stage)
Ev = members(spec.Ev)
Benefit = members(spec.Benefit)
Reason = members(spec.Reason)
Verdict = members(spec.Verdict)
Ending = members(spec.Ending)
