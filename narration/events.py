"""Narrate game events: one template per event type, the structured data left untouched."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import jinja2

from narration.environment import (
    DEFAULT_CLOCK,
    Prepared,
    environment,
    prepared,
    render_prepared,
    seat_name,
)
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
    ``glossary``: Tiny Epic Crimes' cards), so a template names a card without a case.

    The server hands narration the same glossary object for every move of a case (it keeps
    each case's glossary, ``api/cases.py``), and Tiny Epic Crimes' fixed names are some two
    hundred, so the merged dict is kept by the identity of the glossary (:data:`MERGED_KEPT`
    at most, each holding its glossary so that its identity is not reused). Like a case's
    views, a glossary handed to narration is never changed afterwards."""
    key = (system_id, id(glossary))
    kept = _MERGED.get(key)
    if kept is not None and kept[0] is glossary:
        return kept[1]
    fixed = registry.registration(system_id).glossary if registry.is_registered(system_id) else {}
    merged = {**fixed, **(glossary or {})}
    if len(_MERGED) >= MERGED_KEPT:
        _MERGED.clear()  # a long-lived process starts again rather than grow
    _MERGED[key] = (glossary, merged)
    return merged


#: As many glossaries as the server keeps cases (``api.cases``), or more.
MERGED_KEPT = 256
_MERGED: dict[tuple[str, int], tuple[Mapping[str, str] | None, dict[str, str]]] = {}


def has_template(system_id: str, event_type: str) -> bool:
    try:
        environment().select_template(template_name(system_id, event_type))
    except jinja2.TemplateNotFound:
        return False
    return True


#: The template found for each (system, event type), with what a render keeps of it, for the
#: environment it was found in (a folder added makes a new environment): looking one up
#: through the loaders again cost a microsecond an event.
_FOUND: dict[str, dict[str, tuple[jinja2.Template, Prepared]]] = {}
_FOUND_IN: list[jinja2.Environment] = []


def _event_templates(system_id: str) -> dict[str, tuple[jinja2.Template, Prepared]]:
    """The templates of ``system_id``'s event types found so far, by event type."""
    env = environment()
    if not _FOUND_IN or _FOUND_IN[0] is not env:
        _FOUND.clear()
        _FOUND_IN[:] = [env]
    found = _FOUND.get(system_id)
    if found is None:
        found = _FOUND[system_id] = {}
    return found


def _find_template(system_id: str, event_type: str) -> tuple[jinja2.Template, Prepared]:
    template = environment().select_template([*template_name(system_id, event_type), UNTOLD])
    return template, prepared(template)


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
    templates = _event_templates(system_id)
    shared: dict[str, Any] | None = None
    told: list[str] = []
    for event in events:
        event_type = event["type"]
        found = templates.get(event_type)
        if found is None:
            found = templates[event_type] = _find_template(system_id, event_type)
        template, made = found
        if shared is None:
            shared = _shared_values(made, seats, with_fixed_names(system_id, glossary), clock)
        actor = event.get("actor")
        parent = shared.copy()
        parent["event"] = event
        parent["actor_name"] = None if actor is None else seat_name(seats, actor)
        text = render_prepared(template, made, parent).strip()
        told.append(text[:1].upper() + text[1:])  # "the inspector" may open the sentence
    return told


def _shared_values(
    made: Prepared, seats: list[str], glossary: dict[str, str], clock: str
) -> dict[str, Any]:
    """The values every event of one call is told with, over the templates' globals (the
    environment's, which every template shares): each event's render copies them, one dict."""
    return {**made.globals, "names": seats, "glossary": glossary, "clock": clock}


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
