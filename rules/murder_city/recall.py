"""``kit.memo.last_answer`` specialised to this engine's hot calls, for speed alone.

The bot loop asks whose turn it is and what is legal, then ``apply`` asks again, for the very
same frozen state: these remember the last answer and compare the arguments by identity (the
seat by value) without the general version's per-argument calls.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


def last_for_state(function: Callable[[Any], R]) -> Callable[[Any], R]:
    """``function(state)`` remembering its answer for the last state."""
    last: list[Any] = [None, None]

    @functools.wraps(function)
    def remembered(state: Any) -> R:
        if last[0] is state:
            answer: R = last[1]
            return answer
        answer = function(state)
        last[0], last[1] = state, answer
        return answer

    return remembered


class SeatAnswers(Protocol[R_co]):
    """``function(city, state, seat)`` remembering its last answer (:func:`last_for_seat`)."""

    def __call__(self, city: Any, state: Any, seat: int) -> R_co: ...

    def peek(self, city: Any, state: Any, seat: int) -> R_co | None:
        """The answer remembered for these arguments, or ``None``: nothing is computed."""
        ...


def last_for_seat(function: Callable[[Any, Any, int], R]) -> SeatAnswers[R]:
    """``function(city, state, seat)`` remembering its answer for the last three arguments."""
    last: list[Any] = [None, None, None, None]

    @functools.wraps(function)
    def remembered(city: Any, state: Any, seat: int) -> R:
        if last[1] is state and last[0] is city and last[2] == seat:
            answer: R = last[3]
            return answer
        answer = function(city, state, seat)
        last[:] = [city, state, seat, answer]
        return answer

    def peek(city: Any, state: Any, seat: int) -> R | None:
        if last[1] is state and last[0] is city and last[2] == seat:
            answer: R = last[3]
            return answer
        return None

    remembered.peek = peek  # type: ignore[attr-defined]
    return cast(SeatAnswers[R], remembered)


#: How many cities' answers ``per_city`` keeps: a server (or a benchmark) plays games of many
#: cities in turn, and each answer (a city's public form, a bot's index of it) costs a
#: millisecond or so to build.
CITIES_KEPT = 64


def per_city(function: Callable[[Any], R]) -> Callable[[Any], R]:
    """``function(city)`` remembered for the last :data:`CITIES_KEPT` cities, by identity (the
    city is kept with its answer, so its id is not reused while remembered)."""
    kept: dict[int, tuple[Any, R]] = {}

    @functools.wraps(function)
    def remembered(city: Any) -> R:
        found = kept.get(id(city))
        if found is not None and found[0] is city:
            return found[1]
        answer = function(city)
        if len(kept) >= CITIES_KEPT:
            del kept[next(iter(kept))]  # the oldest
        kept[id(city)] = (city, answer)
        return answer

    return remembered
