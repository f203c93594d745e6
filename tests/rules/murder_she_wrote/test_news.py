"""The events the rules make directly (``news.event``) are the events ``Event(...)`` makes."""

from __future__ import annotations

import dataclasses

from rules.core import Event
from rules.events import new_event
from rules.murder_she_wrote import news
from rules.murder_she_wrote.spec import Ev


def test_an_event_made_directly_is_the_event_its_init_makes() -> None:
    # The shared maker fills exactly Event's fields, in their order (no __slots__, no checks).
    assert news.event is new_event
    assert not hasattr(Event, "__post_init__") and "__slots__" not in vars(Event)
    made = news.event(
        Ev.TOKEN_RETURNED,
        2,
        {"location": "L3", "islander": "I3"},
        secret={"token": "dead", "killed": True},
        secret_audience=frozenset({2}),
    )
    expected = Event(
        Ev.TOKEN_RETURNED,
        2,
        {"location": "L3", "islander": "I3"},
        secret={"token": "dead", "killed": True},
        secret_audience=frozenset({2}),
    )
    assert made == expected and vars(made) == vars(expected)
    assert list(vars(made)) == [field.name for field in dataclasses.fields(Event)]
    assert list(vars(made)) == list(vars(expected)) and hash(made.type) == hash(expected.type)
    plain = news.event(Ev.ROLLED, 0, {"roll": 4}, audience=frozenset({0}))
    assert vars(plain) == vars(Event(Ev.ROLLED, 0, {"roll": 4}, audience=frozenset({0})))
    assert plain.secret == {} and plain.secret is not news.event(Ev.ROLLED, 0, {}).secret
    assert plain.to_json() == Event(Ev.ROLLED, 0, {"roll": 4}, audience=frozenset({0})).to_json()
