"""Card effects written as data, and the small interpreter that runs them.

An effect is a JSON object naming an ``op`` and its arguments, such as
``{"op": "move_time", "hours": 2}``. A system registers one handler per op of its own; the
interpreter supplies the composition every system needs:

- ``{"op": "all", "effects": [...]}`` runs each effect in order;
- ``{"op": "repeat", "times": 2, "effect": {...}}`` runs one effect several times;
- ``{"op": "choose", "options": [...]}`` runs the option the acting seat picked;
- ``{"op": "if", "test": {...}, "then": {...}, "else": {...}}`` branches on a check;
- ``{"op": "nothing"}`` does nothing.

A test is ``{"check": name, ...}`` with a predicate registered per name, combined with the
built-in checks ``not`` (``test``), ``all`` and ``any`` (``tests``).

Choices are answers given in advance (``Context.choices``, one option index per ``choose``
met). Running into a ``choose`` with no answer left raises :class:`ChoiceNeeded` with the
options, so a system can ask the seat and run the whole effect again with one more answer:
running is pure, so the rerun ends where the first run stopped. Keeping cards as data means
their text lives in one place and :meth:`Interpreter.validate` can check every card of a game
when it loads.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeAlias, TypeVar

from .errors import KitError

S = TypeVar("S")
E = TypeVar("E")

#: An effect or a test: a JSON object with an ``op`` (or ``check``) and its arguments.
Effect: TypeAlias = Mapping[str, Any]


class EffectError(KitError):
    """An effect that cannot run: an unknown op or check, bad arguments, a bad choice."""

    code = "effect/invalid"


class ChoiceNeeded(EffectError):
    """The effect reached a ``choose`` with no answer left; ``options`` are what to offer and
    ``made`` how many answers were used before it."""

    code = "effect/choice-needed"

    def __init__(self, message: str, *, options: tuple[Effect, ...], made: int) -> None:
        super().__init__(message)
        self.options = options
        self.made = made


@dataclass(frozen=True)
class Context:
    """What an effect runs with besides the state.

    ``seat`` is the seat resolving the effect; ``choices`` the option index picked at each
    ``choose``, in the order met; ``rng`` is there for handlers that roll or shuffle; ``data``
    carries anything else a system's handlers need (the card being played, say).
    """

    seat: int | None = None
    choices: tuple[int, ...] = ()
    rng: random.Random | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def with_choice(self, index: int) -> Context:
        """The context with one more answer, for the rerun after a :class:`ChoiceNeeded`."""
        return replace(self, choices=(*self.choices, index))


#: A system's op: (state, arguments without ``op``, context) -> (new state, events).
Handler: TypeAlias = Callable[[S, Mapping[str, Any], Context], tuple[S, Sequence[E]]]
#: A system's check: (state, arguments without ``check``, context) -> whether it holds.
Predicate: TypeAlias = Callable[[S, Mapping[str, Any], Context], bool]


@dataclass(frozen=True)
class Params:
    """The arguments an op or check takes: each name with its JSON type."""

    required: Mapping[str, type[object]] = field(default_factory=dict)
    optional: Mapping[str, type[object]] = field(default_factory=dict)

    def check(self, kind: str, name: str, args: Mapping[str, Any]) -> None:
        """Raise ``effect/bad-args`` naming the op unless ``args`` fit exactly."""
        missing = sorted(set(self.required) - set(args))
        extra = sorted(set(args) - set(self.required) - set(self.optional))
        if missing or extra:
            wrong = [f"missing {', '.join(missing)}"] if missing else []
            wrong += [f"unknown {', '.join(extra)}"] if extra else []
            raise EffectError(f"{kind} {name!r}: {'; '.join(wrong)}", code="effect/bad-args")
        for arg, value in args.items():
            wanted = self.required.get(arg) or self.optional[arg]
            if not _is_a(value, wanted):
                raise EffectError(
                    f"{kind} {name!r}: {arg} must be {wanted.__name__}, not {value!r}",
                    code="effect/bad-args",
                )


@dataclass(frozen=True)
class _Op(Generic[S, E]):
    handler: Handler[S, E]
    params: Params


@dataclass(frozen=True)
class _Check(Generic[S]):
    predicate: Predicate[S]
    params: Params


_BUILTIN_OPS: Mapping[str, Params] = {
    "all": Params({"effects": list}),
    "repeat": Params({"times": int, "effect": dict}),
    "choose": Params({"options": list}),
    "if": Params({"test": dict, "then": dict}, {"else": dict}),
    "nothing": Params(),
}
_BUILTIN_CHECKS: Mapping[str, Params] = {
    "not": Params({"test": dict}),
    "all": Params({"tests": list}),
    "any": Params({"tests": list}),
}


@dataclass(frozen=True)
class Interpreter(Generic[S, E]):
    """Runs effects over a system's state type ``S``, collecting its event type ``E``.

    Registering returns a new interpreter, so a system builds its own once at import:
    ``EFFECTS = Interpreter[State, Event]().register("move_time", move_time, hours=int)``.
    """

    ops: Mapping[str, _Op[S, E]] = field(default_factory=dict)
    checks: Mapping[str, _Check[S]] = field(default_factory=dict)

    def register(
        self,
        op: str,
        handler: Handler[S, E],
        *,
        optional: Mapping[str, type[object]] | None = None,
        **required: type[object],
    ) -> Interpreter[S, E]:
        """The interpreter with ``op`` run by ``handler``; keyword arguments name the required
        arguments and their types (``hours=int``), ``optional`` the others."""
        if op in _BUILTIN_OPS or op in self.ops:
            raise EffectError(f"op {op!r} is already defined", code="effect/duplicate-op")
        entry = _Op(handler, Params(dict(required), dict(optional or {})))
        return replace(self, ops={**self.ops, op: entry})

    def register_check(
        self,
        check: str,
        predicate: Predicate[S],
        *,
        optional: Mapping[str, type[object]] | None = None,
        **required: type[object],
    ) -> Interpreter[S, E]:
        """The interpreter with the test ``{"check": check, ...}`` answered by ``predicate``."""
        if check in _BUILTIN_CHECKS or check in self.checks:
            raise EffectError(f"check {check!r} is already defined", code="effect/duplicate-op")
        entry = _Check(predicate, Params(dict(required), dict(optional or {})))
        return replace(self, checks={**self.checks, check: entry})

    # ---------------------------------------------------------------------------------------

    def validate(self, effect: Effect) -> None:
        """Check a whole effect, every branch and option included, without running it: for
        checking a game's card data when it loads."""
        name, args = self._parse(effect, "op")
        if name in ("all", "choose"):
            for part in _effects(args["effects" if name == "all" else "options"], name):
                self.validate(part)
        elif name == "repeat":
            _check_times(args["times"])
            self.validate(args["effect"])
        elif name == "if":
            self.validate_test(args["test"])
            self.validate(args["then"])
            if "else" in args:
                self.validate(args["else"])

    def validate_test(self, test: Effect) -> None:
        """Check a test and every test inside it, without evaluating it."""
        name, args = self._parse(test, "check")
        if name == "not":
            self.validate_test(args["test"])
        elif name in ("all", "any"):
            for part in _effects(args["tests"], name):
                self.validate_test(part)

    def run(self, effect: Effect, state: S, context: Context | None = None) -> tuple[S, list[E]]:
        """The state after ``effect`` and the events it produced, in order.

        Raises :class:`ChoiceNeeded` at a ``choose`` with no answer left, and
        ``effect/extra-choice`` if answers are left over at the end.
        """
        context = Context() if context is None else context
        state, events, used = self._run(effect, state, context, 0)
        if used != len(context.choices):
            raise EffectError(
                f"{len(context.choices) - used} choices were given that no choose asked for",
                code="effect/extra-choice",
            )
        return state, events

    def test(self, test: Effect, state: S, context: Context | None = None) -> bool:
        """Whether ``test`` holds in ``state``."""
        context = Context() if context is None else context
        name, args = self._parse(test, "check")
        if name == "not":
            return not self.test(args["test"], state, context)
        if name == "all":
            return all(self.test(t, state, context) for t in _effects(args["tests"], name))
        if name == "any":
            return any(self.test(t, state, context) for t in _effects(args["tests"], name))
        return self.checks[name].predicate(state, args, context)

    # ---------------------------------------------------------------------------------------

    def _run(self, effect: Effect, state: S, context: Context, used: int) -> tuple[S, list[E], int]:
        name, args = self._parse(effect, "op")
        events: list[E] = []
        if name == "all":
            for part in _effects(args["effects"], name):
                state, more, used = self._run(part, state, context, used)
                events += more
            return state, events, used
        if name == "repeat":
            _check_times(args["times"])
            for _ in range(args["times"]):
                state, more, used = self._run(args["effect"], state, context, used)
                events += more
            return state, events, used
        if name == "choose":
            options = _effects(args["options"], name)
            if used == len(context.choices):
                raise ChoiceNeeded(
                    f"choose one of {len(options)} options", options=options, made=used
                )
            picked = context.choices[used]
            if not 0 <= picked < len(options):
                raise EffectError(
                    f"op 'choose': there is no option {picked} of {len(options)}",
                    code="effect/bad-choice",
                )
            return self._run(options[picked], state, context, used + 1)
        if name == "if":
            if self.test(args["test"], state, context):
                return self._run(args["then"], state, context, used)
            if "else" in args:
                return self._run(args["else"], state, context, used)
            return state, events, used
        if name == "nothing":
            return state, events, used
        state, produced = self.ops[name].handler(state, args, context)
        return state, list(produced), used

    def _parse(self, effect: Effect, key: str) -> tuple[str, dict[str, Any]]:
        """The op (or check) name and its other arguments, after checking both."""
        if not isinstance(effect, Mapping) or not isinstance(effect.get(key), str):
            raise EffectError(
                f"an effect must be an object with a string {key!r}, not {effect!r}",
                code="effect/bad-effect",
            )
        name: str = effect[key]
        args = {arg: value for arg, value in effect.items() if arg != key}
        builtin = _BUILTIN_OPS if key == "op" else _BUILTIN_CHECKS
        custom: Mapping[str, _Op[S, E]] | Mapping[str, _Check[S]] = (
            self.ops if key == "op" else self.checks
        )
        if name in builtin:
            params = builtin[name]
        elif name in custom:
            params = custom[name].params
        else:
            raise EffectError(f"unknown {key} {name!r}", code=f"effect/unknown-{key}")
        params.check(key, name, args)
        return name, args


def _effects(parts: Sequence[Any], op: str) -> tuple[Effect, ...]:
    if op == "choose" and not parts:
        raise EffectError("op 'choose': needs at least one option", code="effect/bad-args")
    return tuple(parts)


def _check_times(times: int) -> None:
    if times < 0:
        raise EffectError(f"op 'repeat': times must be >= 0, not {times}", code="effect/bad-args")


def _is_a(value: object, wanted: type[object]) -> bool:
    """JSON typing: ``int`` is not ``bool``; ``float`` takes ints; ``list`` takes tuples;
    ``dict`` takes any mapping."""
    if wanted is int:
        return type(value) is int
    if wanted is float:
        return type(value) in (int, float)
    if wanted is list:
        return isinstance(value, list | tuple)
    if wanted is dict:
        return isinstance(value, Mapping)
    return isinstance(value, wanted)
