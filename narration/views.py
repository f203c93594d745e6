"""A seat's view told as text at the terminal: a short summary, and how its choices read.

A system opts in with a ``<system id>/view-summary.j2`` template holding a ``summary`` block
(what the seat sees at the start of its turn) and, optionally, a ``choice`` block (how one
choice of an action's parameter reads in that view: ``"L1"`` as "Library (L1)"). Only the
blocks are rendered, each on its own, so a template may hold both. A system without the
template has no summary, and its choices read by the generic rule: the glossary's name of an
id, else the value itself.

Only what the seat may see is given here (its own view and the public glossary), so the text
cannot reveal more than the view does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import jinja2

from narration.environment import DEFAULT_CLOCK, display_name, environment, render
from narration.events import with_fixed_names

SUMMARY_BLOCK = "summary"
CHOICE_BLOCK = "choice"
ACCUSATION_BLOCK = "accusation"


def view_template_name(system_id: str) -> str:
    return f"{system_id}/view-summary.j2"


def _view_template(system_id: str) -> jinja2.Template | None:
    try:
        return environment().get_template(view_template_name(system_id))
    except jinja2.TemplateNotFound:
        return None


def _view_block(
    system_id: str,
    block: str,
    view: Mapping[str, Any],
    names: Sequence[str],
    glossary: Mapping[str, str] | None,
    clock: str,
) -> str | None:
    """``block`` of the system's view template rendered for ``view``; ``None`` without it."""
    template = _view_template(system_id)
    if template is None or block not in template.blocks:
        return None
    words = with_fixed_names(system_id, glossary)
    values = {"view": view, "names": list(names), "glossary": words, "clock": clock}
    return _render_block(template, block, values)


def _render_block(template: jinja2.Template, block: str, values: Mapping[str, Any]) -> str:
    return render(template, values, block).strip()


def narrate_view(
    system_id: str,
    view: Mapping[str, Any],
    *,
    names: Sequence[str] = (),
    glossary: Mapping[str, str] | None = None,
    clock: str = DEFAULT_CLOCK,
) -> str | None:
    """The summary of ``view`` (one seat's, from ``System.view``), or ``None`` when the system
    has no view-summary template. ``names`` are the seats' names; ``glossary`` the public
    display names of the case's ids (see :func:`narration.public_glossary`)."""
    return _view_block(system_id, SUMMARY_BLOCK, view, names, glossary, clock)


def narrate_before_accusing(
    system_id: str,
    view: Mapping[str, Any],
    *,
    names: Sequence[str] = (),
    glossary: Mapping[str, str] | None = None,
    clock: str = DEFAULT_CLOCK,
) -> str | None:
    """What the seat whose ``view`` it is should have before it names an accusation (the
    system's ``accusation`` block: for Midnight, each weapon's wound and the motives), or
    ``None`` when the system's template has no such block. An accusation is final, so the
    facts it is weighed against are set out in one place first."""
    return _view_block(system_id, ACCUSATION_BLOCK, view, names, glossary, clock)


def narrate_choice(
    system_id: str,
    param: str,
    value: Any,
    *,
    view: Mapping[str, Any],
    names: Sequence[str] = (),
    glossary: Mapping[str, str] | None = None,
    clock: str = DEFAULT_CLOCK,
) -> str:
    """How ``value``, a choice of parameter ``param``, reads to the seat whose ``view`` it is:
    the system's ``choice`` block when it has one, else the glossary's name or the value."""
    words = with_fixed_names(system_id, glossary)
    template = _view_template(system_id)
    if template is None or CHOICE_BLOCK not in template.blocks:
        return display_name(words, value)
    values = {
        "view": view,
        "param": param,
        "value": value,
        "names": list(names),
        "glossary": words,
        "clock": clock,
    }
    return _render_block(template, CHOICE_BLOCK, values)
