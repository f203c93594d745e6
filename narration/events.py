"""Narrate game events: one template per event type, the structured data left untouched."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import jinja2

from narration.environment import DEFAULT_CLOCK, environment, render, seat_name
from rules import registry

#: What an event type with no template of its own is told with: its type as words. A system
#: that adds an event type is reminded by the tests to write its template; a served game never
#: fails to tell an event for want of one.
UNTOLD = "common/untold-event.j2"


def template_name(system_id: str, event_type: str) -> list[str]:
    """Where the template of an event type is looked for, most specific first."""
    return [f"{system_id}/{event_type}.j2", f"common/{event_type}.j2"]


def with_fixed_names(system_id: str, glossary: Mapping[str, str] | None) -> dict[str, str]:
    """``glossary`` over the names every game of the system shares (the registration's
    ``glossary``: Tiny Epic Crimes' cards), so a template names a card without a case."""
    fixed = registry.registration(system_id).glossary if registry.is_registered(system_id) else {}
    return {**fixed, **(glossary or {})}


def has_template(system_id: str, event_type: str) -> bool:
    try:
        environment().select_template(template_name(system_id, event_type))
    except jinja2.TemplateNotFound:
        return False
    return True


#: The template found for each (system, event type), for the environment it was found in (a
#: folder added makes a new environment): looking one up through the loaders again cost a
#: microsecond an event.
_FOUND: dict[tuple[str, str], jinja2.Template] = {}
_FOUND_IN: list[jinja2.Environment] = []


def _event_template(system_id: str, event_type: str) -> jinja2.Template:
    env = environment()
    if not _FOUND_IN or _FOUND_IN[0] is not env:
        _FOUND.clear()
        _FOUND_IN[:] = [env]
    key = (system_id, event_type)
    found = _FOUND.get(key)
    if found is None:
        found = _FOUND[key] = env.select_template([*template_name(system_id, event_type), UNTOLD])
    return found


def narrate_event(
    system_id: str,
    event: Mapping[str, Any],
    *,
    names: Sequence[str] = (),
    glossary: Mapping[str, str] | None = None,
    clock: str = DEFAULT_CLOCK,
) -> str:
    """The sentence for ``event`` as one seat sees it (the output of ``Event.for_seat``).

    ``names`` are the seats' names, so that ``actor`` can be spoken as a name. ``glossary``
    maps the ids a case uses (``"L3"``, ``"C2"``) to their display names, for the templates'
    ``name`` filter; give it only what every seat may know (see :func:`public_glossary`). A
    field the seat may not see is simply absent, and templates test for it rather than assume
    it. ``clock`` is how times read: "12h" (7:30 pm, as a table says them) or "24h" (19:30).
    """
    return narrate_events(system_id, [event], names=names, glossary=glossary, clock=clock)[0]


def narrate_events(
    system_id: str,
    events: Iterable[Mapping[str, Any]],
    *,
    names: Sequence[str] = (),
    glossary: Mapping[str, str] | None = None,
    clock: str = DEFAULT_CLOCK,
) -> list[str]:
    """The sentence of each of ``events``, told as :func:`narrate_event` tells it: the values
    the events of one seat share (the names, the glossary over the system's fixed names) are
    made once for them all rather than once an event."""
    seats = list(names)
    words = with_fixed_names(system_id, glossary)
    told: list[str] = []
    for event in events:
        template = _event_template(system_id, event["type"])
        actor = event.get("actor")
        values = {
            "event": event,
            "actor_name": None if actor is None else seat_name(seats, actor),
            "names": seats,
            "glossary": words,
            "clock": clock,
        }
        text = render(template, values).strip()
        told.append(text[:1].upper() + text[1:])  # "the inspector" may open the sentence
    return told


#: The event type every system's ending is told as (``<system>/game-ended.j2`` or the common one).
GAME_ENDED = "game-ended"


def narrate_ending(
    system_id: str,
    outcome: Mapping[str, Any],
    *,
    names: Sequence[str] = (),
    glossary: Mapping[str, str] | None = None,
    clock: str = DEFAULT_CLOCK,
) -> str:
    """The sentence for how a game ended, from its outcome as data (``Outcome.to_json()``)."""
    ended = {"type": GAME_ENDED, "actor": None, **outcome}
    return narrate_event(system_id, ended, names=names, glossary=glossary, clock=clock)


def public_glossary(public: Mapping[str, Any]) -> dict[str, str]:
    """Display names by id, from the public part of a case.

    Every list in ``public`` whose items are objects with a string ``id`` (or ``letter``, as
    Tiny Epic Crimes' suspects are known) and ``name`` (locations, characters, weapons, motives,
    blocks) contributes; everything else is ignored, so a system whose case has no such lists
    simply gets an empty glossary.
    """
    glossary: dict[str, str] = {}
    for value in public.values():
        if not isinstance(value, list):
            continue
        for item in value:
            if isinstance(item, Mapping):
                key, name = item.get("id", item.get("letter")), item.get("name")
                if isinstance(key, str) and isinstance(name, str):
                    glossary[key] = name
    return glossary
