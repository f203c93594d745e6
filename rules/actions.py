"""What a seat may do (``ActionSpec``) and what it asks to do (``Action``).

A spec lists, per parameter, the finite choices a client may pick from: one of them
(a plain tuple) or a :class:`Subset` of them (between ``min`` and ``max`` distinct choices).
Several specs may share a type when a choice depends on another (a card and the ports its
colour allows); an action is legal when it fits any one spec of its type exactly. So a client
can render each spec as a form, and every pick it builds from one spec is legal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from rules.errors import InvalidActionError

JSONScalar: TypeAlias = str | int | float | bool | None
JSON: TypeAlias = JSONScalar | list["JSON"] | dict[str, "JSON"]
#: A parameter's value in an action: one choice, or a list of distinct choices for a subset.
ParamValue: TypeAlias = JSONScalar | list[JSONScalar] | tuple[JSONScalar, ...]


@dataclass(frozen=True)
class Subset:
    """A parameter whose value is a list of ``min`` to ``max`` distinct ``choices``."""

    choices: tuple[JSONScalar, ...]
    min: int = 1
    max: int | None = None  # None: as many as there are choices

    @property
    def most(self) -> int:
        """The largest size allowed: ``max``, but never more than there are distinct choices."""
        return len(self.choices) if self.max is None else min(self.max, len(self.choices))

    def allows(self, value: Any) -> bool:
        if not isinstance(value, list | tuple):
            return False
        if not self.min <= len(value) <= self.most:
            return False
        if any(_index(self.choices, item) is None for item in value):
            return False
        return len({_index(self.choices, item) for item in value}) == len(value)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "subset", "choices": list(self.choices), "min": self.min, "max": self.most}


#: One parameter of a spec: pick one of a tuple's choices, or a subset.
Param: TypeAlias = tuple[JSONScalar, ...] | Subset


def _index(choices: Sequence[JSONScalar], value: Any) -> int | None:
    """Where ``value`` is among ``choices``, comparing types too (``1`` is not ``True``)."""
    for number, choice in enumerate(choices):
        if type(value) is type(choice) and value == choice:
            return number
    return None


def is_choice(choices: Sequence[JSONScalar], value: Any) -> bool:
    """Whether ``value`` is one of ``choices``, types compared too (``1`` is not ``True``)."""
    return _index(choices, value) is not None


def allows(param: Param, value: Any) -> bool:
    """Whether ``value`` is a pick ``param`` offers."""
    if isinstance(param, Subset):
        return param.allows(value)
    return _index(param, value) is not None


@dataclass(frozen=True)
class ActionSpec:
    """An action type a seat may take now, with the finite choices of each parameter."""

    type: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "params": {name: _param_json(param) for name, param in self.params.items()},
        }

    def choices(self, name: str) -> tuple[JSONScalar, ...]:
        """The choices of parameter ``name``, whether it takes one of them or a subset."""
        param = self.params[name]
        return param.choices if isinstance(param, Subset) else param

    def admits(self, action: Action) -> bool:
        """Whether ``action`` is one of the picks this spec offers."""
        given, params = action.params, self.params
        if action.type != self.type or len(given) != len(params):
            return False
        # as many names and each of the spec's given: the same names, without building sets
        for name, param in params.items():
            if name not in given or not allows(param, given[name]):
                return False
        return True


def _param_json(param: Param) -> dict[str, Any]:
    if isinstance(param, Subset):
        return param.to_json()
    return {"kind": "one", "choices": list(param)}


@dataclass(frozen=True)
class Action:
    """What a seat asks to do: a type and one value per parameter (a list for a subset).

    The values are what was sent, any JSON, until a spec admits them (a ``ParamValue`` then):
    this module is compiled, and a compiled class checks the declared types of what it holds."""

    type: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "params": {
                name: list(value) if isinstance(value, tuple) else value
                for name, value in self.params.items()
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(type=str(data["type"]), params=dict(data.get("params") or {}))


def admitting(legal: Iterable[ActionSpec], action: Action) -> ActionSpec | None:
    """The first spec of ``legal`` that admits ``action``, or ``None``: the check alone, for a
    caller that looks for reasons of its own before :func:`check_action`'s."""
    kind = action.type
    for spec in legal:
        if spec.type == kind and spec.admits(action):
            return spec
    return None


def check_action(legal: Sequence[ActionSpec], action: Action) -> ActionSpec:
    """The spec that admits ``action``, the first listed; :class:`InvalidActionError` says why
    none does (the reasons are sought only then: every move of every game passes through here)."""
    found = admitting(legal, action)
    if found is not None:
        return found
    kind = action.type
    candidates = [spec for spec in legal if spec.type == kind]
    if not candidates:
        allowed = ", ".join(sorted({spec.type for spec in legal})) or "nothing"
        raise InvalidActionError(
            f"{kind!r} is not allowed now; you may: {allowed}", code="action/not-allowed"
        )
    _explain(candidates, action)
    raise AssertionError("unreachable: _explain always raises")  # pragma: no cover


def _explain(candidates: Sequence[ActionSpec], action: Action) -> None:
    """Raise the most specific reason why no spec of ``candidates`` admits ``action``."""
    shaped = [spec for spec in candidates if set(spec.params) == set(action.params)]
    if not shaped:
        spec = candidates[0]
        missing = sorted(set(spec.params) - set(action.params))
        if missing:
            raise InvalidActionError(
                f"{action.type} needs {', '.join(missing)}", code="action/missing-param"
            )
        extra = sorted(set(action.params) - set(spec.params))
        raise InvalidActionError(
            f"{action.type} takes no {', '.join(extra)}", code="action/unknown-param"
        )
    for name, value in action.params.items():
        if not any(allows(spec.params[name], value) for spec in shaped):
            _explain_value(action.type, name, shaped[0].params[name], value)
    raise InvalidActionError(
        f"these choices do not go together for {action.type}; pick them from one of the "
        "listed forms",
        code="action/bad-combination",
    )


def _explain_value(kind: str, name: str, param: Param, value: Any) -> None:
    if isinstance(param, Subset):
        raise InvalidActionError(
            f"{name} for {kind} takes {param.min} to {param.most} different choices from the list",
            code="action/bad-subset",
        )
    raise InvalidActionError(
        f"{value!r} is not an allowed {name} for {kind}", code="action/bad-choice"
    )


def random_action(legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """A uniformly chosen legal action: the random client, and a fallback for simple bots."""
    spec = legal[rng.randrange(len(legal))]
    return Action(spec.type, {name: random_pick(param, rng) for name, param in spec.params.items()})


def random_pick(param: Param, rng: random.Random) -> ParamValue:
    """A uniformly chosen pick of one parameter (a subset of a uniformly chosen size)."""
    if isinstance(param, Subset):
        size = rng.randint(param.min, param.most)
        return [param.choices[i] for i in sorted(rng.sample(range(len(param.choices)), size))]
    return param[rng.randrange(len(param))]
