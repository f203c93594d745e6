"""A case told as text: its introduction and the biographies a table reads at setup.

Only the public part of a case is ever given here, so the text cannot reveal the solution. A
system opts in with a ``<system id>/case-introduction.j2`` template; for the others there is
no text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jinja2

from narration.environment import DEFAULT_CLOCK, environment, render
from narration.events import public_glossary


def case_template_name(system_id: str) -> str:
    return f"{system_id}/case-introduction.j2"


def has_case_text(system_id: str) -> bool:
    try:
        environment().get_template(case_template_name(system_id))
    except jinja2.TemplateNotFound:
        return False
    return True


def narrate_case(
    system_id: str, public: Mapping[str, Any], *, clock: str = DEFAULT_CLOCK
) -> str | None:
    """The introduction of a case from its public part, or ``None`` if the system has none."""
    if not has_case_text(system_id):
        return None
    template = environment().get_template(case_template_name(system_id))
    values = {"case": public, "glossary": public_glossary(public), "clock": clock}
    return render(template, values).strip()


def author_sheet_template_name(system_id: str) -> str:
    return f"{system_id}/author-sheet.j2"


def narrate_author_sheet(
    system_id: str, envelope: Mapping[str, Any], *, clock: str = DEFAULT_CLOCK
) -> str | None:
    """The Author's sheet of a whole case envelope (hidden truth and rating included), or
    ``None`` if the system has no ``author-sheet.j2`` template.

    It reveals the solution: it is for the author who prints a case book, never for a player.
    """
    try:
        template = environment().get_template(author_sheet_template_name(system_id))
    except jinja2.TemplateNotFound:
        return None
    public = envelope["public"]
    values = {
        "case": public,
        "sheet": envelope.get("secret", {}),
        "solution": envelope["solution"],
        "rating": envelope.get("rating", {}),
        "glossary": public_glossary(public),
        "clock": clock,
    }
    return render(template, values).strip()
