"""Case options declared as data and parsed from a JSON mapping.

A generator declares its options once (:class:`IntOption`, :class:`ChoiceOption`,
:class:`BoolOption`) in an :class:`OptionSet`, optionally with presets: one choice option (say
``difficulty``) whose value expands to values for the others, and for settings that are no
option at all (a preset may fix a time grid the player cannot choose). :meth:`OptionSet.parse`
turns what a client sent into a plain ``dict``: the option's default or its preset's value,
overridden by the value given. Whatever a client sends — an unknown name, ``null``, a list or
an object where a number is expected, ``true`` for a count — ends in a
:class:`~generator.registry.CaseOptionsError` that names the option and what it allows, never
in another exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.registry import CaseOptionsError


@dataclass(frozen=True)
class IntOption:
    """A whole number from ``low`` to ``high`` inclusive."""

    name: str
    low: int
    high: int
    default: int | None = None
    help: str = ""

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError(f"{self.name}: the range {self.low}..{self.high} is empty")

    def parse(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CaseOptionsError(f"{self.name} must be a whole number, not {_show(value)}")
        if not self.low <= value <= self.high:
            raise CaseOptionsError(
                f"{self.name} must be between {self.low} and {self.high}, not {value}"
            )
        return value

    def describe(self) -> dict[str, Any]:
        return _described(self, "integer", {"minimum": self.low, "maximum": self.high})


@dataclass(frozen=True)
class ChoiceOption:
    """One of a fixed list of strings."""

    name: str
    choices: tuple[str, ...]
    default: str | None = None
    help: str = ""

    def __post_init__(self) -> None:
        if not self.choices or len(set(self.choices)) != len(self.choices):
            raise ValueError(f"{self.name}: the choices must be distinct and at least one")

    def parse(self, value: object) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise CaseOptionsError(
                f"{self.name} must be one of {', '.join(self.choices)}, not {_show(value)}"
            )
        return value

    def describe(self) -> dict[str, Any]:
        return _described(self, "string", {"enum": list(self.choices)})


@dataclass(frozen=True)
class BoolOption:
    """``true`` or ``false`` (and nothing else: not 0, 1 or ``"yes"``)."""

    name: str
    default: bool | None = None
    help: str = ""

    def parse(self, value: object) -> bool:
        if not isinstance(value, bool):
            raise CaseOptionsError(f"{self.name} must be true or false, not {_show(value)}")
        return value

    def describe(self) -> dict[str, Any]:
        return _described(self, "boolean", {})


Option = IntOption | ChoiceOption | BoolOption


@dataclass(frozen=True)
class OptionSet:
    """A generator's options, in the order errors and descriptions list them.

    ``presets_by`` names the :class:`ChoiceOption` whose value picks one of ``presets``: each
    maps that choice to values for other options (or for settings that are no option).
    """

    options: tuple[Option, ...]
    presets_by: str | None = None
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = [option.name for option in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"option names repeat: {names}")
        if self.presets_by is None:
            if self.presets:
                raise ValueError("presets need presets_by, the option that picks one")
            return
        chooser = self.option(self.presets_by)
        if not isinstance(chooser, ChoiceOption) or chooser.default is None:
            raise ValueError(f"{self.presets_by} must be a choice option with a default")
        if set(self.presets) != set(chooser.choices):
            raise ValueError(f"every choice of {self.presets_by} needs a preset, and only those")
        for values in self.presets.values():
            for name, value in values.items():
                if name in names:
                    self.option(name).parse(value)  # a preset breaks no declared limit

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def parse(self, raw: object) -> dict[str, Any]:
        """The values ``raw`` asks for, with defaults and preset values filled in.

        :class:`CaseOptionsError` when ``raw`` is not a mapping of option names to values, names
        an option that does not exist, or gives a value the option does not allow.
        """
        if not isinstance(raw, Mapping):
            raise CaseOptionsError(
                f"options must be an object of option names and values, not {_show(raw)}"
            )
        unknown = sorted((key for key in raw if key not in self.names), key=str)
        if unknown:
            raise CaseOptionsError(
                f"unknown option {', '.join(map(str, unknown))};"
                f" the options are {', '.join(self.names) or 'none'}"
            )
        given = {
            option.name: option.parse(raw[option.name])
            for option in self.options
            if option.name in raw
        }
        values: dict[str, Any] = {
            option.name: option.default for option in self.options if option.default is not None
        }
        if self.presets_by is not None:
            values[self.presets_by] = given.get(self.presets_by, values[self.presets_by])
            values.update(self.presets[values[self.presets_by]])
        values.update(given)
        missing = [name for name in self.names if name not in values]
        if missing:
            raise CaseOptionsError(f"{', '.join(missing)} must be given: it has no default")
        return values

    def describe(self) -> list[dict[str, Any]]:
        """The options as JSON-ready data (for a client that renders a form)."""
        described = [option.describe() for option in self.options]
        if self.presets_by is not None:
            for item in described:
                if item["name"] == self.presets_by:
                    item["presets"] = {
                        choice: {k: v for k, v in preset.items() if k in self.names}
                        for choice, preset in self.presets.items()
                    }
        return described


def _described(option: Option, kind: str, limits: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = {"name": option.name, "type": kind, **limits}
    if option.default is not None:
        item["default"] = option.default
    if option.help:
        item["help"] = option.help
    return item


def _show(value: object) -> str:
    """A value as the error message quotes it: short, whatever its type."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."
