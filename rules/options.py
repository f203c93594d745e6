"""Game options: each a finite list of choices with a default, declared by a mode.

A client reads them from ``GET /v1/systems``, sends any of them with a new game, and the game
keeps the resolved set (every option, defaults filled in). Options marked ``for_case`` choose
the case the game generates for itself (Midnight's difficulty), so they are refused beside a
stored case, which already has its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.actions import JSONScalar, is_choice
from rules.errors import SetupError, json_pointer


@dataclass(frozen=True)
class OptionSpec:
    """One option of a mode: its name, finite choices and default."""

    name: str
    choices: tuple[JSONScalar, ...]
    default: JSONScalar
    description: str = ""
    for_case: bool = False  # passed to the case generator; meaningless beside a stored case

    def __post_init__(self) -> None:
        if not is_choice(self.choices, self.default):
            raise ValueError(f"option {self.name}: the default is not among the choices")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "choices": list(self.choices),
            "default": self.default,
            "description": self.description,
            "for_case": self.for_case,
        }


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any], *, where: str = "/options"
) -> dict[str, JSONScalar]:
    """Every option of ``specs``, from ``given`` or its default.

    :class:`SetupError` (code ``options/unknown`` or ``options/bad-choice``) names each field
    that is wrong, as JSON pointers under ``where``.
    """
    by_name = {spec.name: spec for spec in specs}
    problems: list[tuple[str, str]] = []
    for name in sorted(set(given) - set(by_name)):
        known = ", ".join(sorted(by_name)) or "none"
        problems.append((where + json_pointer(name), f"No such option; the options are: {known}."))
    if problems:
        raise SetupError(problems[0][1], code="options/unknown", fields=problems)
    for name, value in given.items():
        spec = by_name[name]
        if not is_choice(spec.choices, value):
            allowed = ", ".join(repr(choice) for choice in spec.choices)
            problems.append((where + json_pointer(name), f"{name} must be one of {allowed}."))
    if problems:
        raise SetupError(problems[0][1], code="options/bad-choice", fields=problems)
    return {spec.name: given.get(spec.name, spec.default) for spec in specs}


def case_options(specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> dict[str, Any]:
    """Those of ``options`` that choose the generated case (``for_case``): what the game hands
    its case generator, and what a game of a stored case must not be given."""
    for_case = {spec.name for spec in specs if spec.for_case}
    return {name: value for name, value in options.items() if name in for_case}
