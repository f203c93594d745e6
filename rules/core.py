"""The protocol every game system offers, and the checks they all share.

A system is an object with a ``SPEC`` and six pure functions (see :class:`System`). The API, the
bots, the storage and the tests only ever talk to a system through this protocol, so adding a
system never touches them. Everything here is the standard library only.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias, runtime_checkable

JSONScalar: TypeAlias = str | int | float | bool | None
JSON: TypeAlias = JSONScalar | list["JSON"] | dict[str, "JSON"]


# --------------------------------------------------------------------------------------------
# Errors: one class per cause, each with a stable code the API returns unchanged.
# --------------------------------------------------------------------------------------------


class RuleError(Exception):
    """An action the rules do not allow. ``code`` is stable; ``message`` is for a person."""

    code: str = "rule/illegal"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, code={self.code!r})"


class InvalidActionError(RuleError):
    """The action is malformed: an unknown type, a missing, extra or out-of-range parameter."""

    code = "action/invalid"


class NotYourTurnError(RuleError):
    """The seat may not act now, whatever it asks for."""

    code = "action/not-your-turn"


class GameOverError(RuleError):
    """The game has ended; nothing more can be played."""

    code = "game/over"


class SetupError(RuleError):
    """A game cannot be started as asked: wrong mode, seat count or case."""

    code = "setup/invalid"


# --------------------------------------------------------------------------------------------
# Value objects
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModeSpec:
    """One way to play a system, with the number of seats it takes."""

    id: str
    min_seats: int
    max_seats: int
    description: str = ""


@dataclass(frozen=True)
class SystemSpec:
    """What a system is, stated as data so clients and tests can read it without playing."""

    id: str
    name: str
    modes: tuple[ModeSpec, ...]
    action_types: tuple[str, ...]
    has_chance: bool
    has_hidden_information: bool
    summary: str = ""
    #: Every event type ``apply`` may emit, so narration can be checked to cover them all.
    event_types: tuple[str, ...] = ()
    #: The fields an accusation names (checked against a case's solution); empty: no accusations.
    accusation_fields: tuple[str, ...] = ()

    def mode(self, mode_id: str) -> ModeSpec:
        """The mode called ``mode_id``; a :class:`SetupError` names the valid ones otherwise."""
        for mode in self.modes:
            if mode.id == mode_id:
                return mode
        valid = ", ".join(m.id for m in self.modes)
        raise SetupError(
            f"{self.name} has no mode {mode_id!r}; choose one of: {valid}",
            code="setup/unknown-mode",
        )


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person (who holds a token) or a bot the server plays."""

    name: str
    bot: bool = False


@dataclass(frozen=True)
class ActionSpec:
    """An action type a seat may take now, with the finite choices of each parameter.

    A client can render it as a form; a random client can play by picking one choice per
    parameter, and every such pick is legal.
    """

    type: str
    params: Mapping[str, tuple[JSONScalar, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "params": {name: {"choices": list(choices)} for name, choices in self.params.items()},
        }


@dataclass(frozen=True)
class Action:
    """What a seat asks to do: a type and one value per parameter."""

    type: str
    params: Mapping[str, JSONScalar] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(type=str(data["type"]), params=dict(data.get("params") or {}))


@dataclass(frozen=True)
class Event:
    """Something that happened, as structured data first and prose second.

    ``audience`` is who learns that the event happened at all (``None``: everyone, spectators
    included). ``secret`` holds the fields only ``secret_audience`` may read; everyone else in
    the audience sees the event and its place in the log without them (a sealed envelope that
    was handed over, not what it held).
    """

    type: str
    actor: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    secret_audience: frozenset[int] = frozenset()

    def is_visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` may see it (``None`` is a spectator), or ``None`` if hidden."""
        if not self.is_visible_to(seat):
            return None
        shown: dict[str, Any] = {"type": self.type, "actor": self.actor, **self.data}
        if seat is not None and seat in self.secret_audience:
            shown.update(self.secret)
        return shown

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "actor": self.actor,
            "data": dict(self.data),
            "secret": dict(self.secret),
            "audience": None if self.audience is None else sorted(self.audience),
            "secret_audience": sorted(self.secret_audience),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(
            type=data["type"],
            actor=data.get("actor"),
            data=dict(data.get("data") or {}),
            secret=dict(data.get("secret") or {}),
            audience=None if audience is None else frozenset(audience),
            secret_audience=frozenset(data.get("secret_audience") or ()),
        )


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won, why, and the solution now revealed."""

    winners: tuple[int, ...]
    reason: str
    solution: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "solution": dict(self.solution),
        }


# --------------------------------------------------------------------------------------------
# The protocol
# --------------------------------------------------------------------------------------------


@runtime_checkable
class System(Protocol):
    """The protocol of DESIGN.md. ``State`` is the system's own frozen dataclass."""

    SPEC: SystemSpec

    def new_game(self, case: Mapping[str, Any], seats: Sequence[Seat], mode: str, seed: int) -> Any:
        """The opening state. Raises :class:`SetupError` for a bad mode, seat count or case."""
        ...

    def to_act(self, state: Any) -> frozenset[int]:
        """The seats the game is waiting for (empty once it is over)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[ActionSpec]:
        """What ``seat`` may do now, each parameter with its finite choices."""
        ...

    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        """The next state and what happened. Raises :class:`RuleError`; never mutates ``state``."""
        ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), and nothing else."""
        ...

    def result(self, state: Any) -> Outcome | None:
        """``None`` while the game runs."""
        ...

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        """A bot's move, from its own view and legal actions only."""
        ...

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """The state as JSON, losslessly: ``state_from_json(state_to_json(s)) == s``."""
        ...

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """The inverse of :meth:`state_to_json`."""
        ...


@runtime_checkable
class AuthorDesk(Protocol):
    """A system whose games have an Author answers questions about a case outside any game.

    Tables that play with the physical components use it: they ask what the Author would be
    asked (search L3, dust the weapon found there, ask a witness) and read the answer.
    """

    def author_questions(self, case: Mapping[str, Any]) -> list[ActionSpec]:
        """Every question that may be asked about ``case``, with its finite choices."""
        ...

    def author_answer(self, case: Mapping[str, Any], question: Action) -> Event:
        """The Author's answer, as the event a game would record for the same question."""
        ...


# --------------------------------------------------------------------------------------------
# Shared checks and helpers
# --------------------------------------------------------------------------------------------


def check_seats(spec: SystemSpec, mode: str, seats: Sequence[Seat]) -> ModeSpec:
    """The mode, after checking that ``seats`` fits it; the shared part of every ``new_game``."""
    mode_spec = spec.mode(mode)
    if not mode_spec.min_seats <= len(seats) <= mode_spec.max_seats:
        raise SetupError(
            f"{spec.name} in {mode} mode takes {mode_spec.min_seats} to {mode_spec.max_seats} "
            f"seats, not {len(seats)}",
            code="setup/seat-count",
        )
    return mode_spec


def check_action(legal: Sequence[ActionSpec], action: Action) -> None:
    """Raise :class:`InvalidActionError` unless ``action`` matches one of ``legal`` exactly."""
    by_type = {spec.type: spec for spec in legal}
    spec = by_type.get(action.type)
    if spec is None:
        allowed = ", ".join(sorted(by_type)) or "nothing"
        raise InvalidActionError(
            f"{action.type!r} is not allowed now; you may: {allowed}", code="action/not-allowed"
        )
    missing = sorted(set(spec.params) - set(action.params))
    if missing:
        raise InvalidActionError(
            f"{action.type} needs {', '.join(missing)}", code="action/missing-param"
        )
    extra = sorted(set(action.params) - set(spec.params))
    if extra:
        raise InvalidActionError(
            f"{action.type} takes no {', '.join(extra)}", code="action/unknown-param"
        )
    for name, choices in spec.params.items():
        value = action.params[name]
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            raise InvalidActionError(
                f"{value!r} is not an allowed {name} for {action.type}", code="action/bad-choice"
            )


def check_can_act(system: System, state: Any, seat: int) -> None:
    """The shared preconditions of every ``apply``: the game runs and the seat may act."""
    if system.result(state) is not None:
        raise GameOverError("the game is over; nothing more can be played")
    if not system.legal_actions(state, seat):
        raise NotYourTurnError("you cannot act now: it is another seat's turn")


def rng_for(seed: int, step: int, purpose: str = "") -> random.Random:
    """A generator fixed by (secret seed, step, purpose) and unpredictable without the seed.

    Replaying the same actions from the same seed draws the same values; a view never contains
    the seed, so nothing in it predicts a future draw.
    """
    digest = hashlib.sha256(f"{seed}:{step}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def random_action(legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """A uniformly chosen legal action: the random client, and a fallback for simple bots."""
    spec = legal[rng.randrange(len(legal))]
    params = {name: choices[rng.randrange(len(choices))] for name, choices in spec.params.items()}
    return Action(spec.type, params)
