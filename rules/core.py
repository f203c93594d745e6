"""The protocol every game system offers, and the checks they all share.

A system is an object with a ``SPEC`` and a few pure functions (see :class:`System`). The API,
the bots, the storage and the tests only ever talk to a system through this protocol, so adding
a system never touches them. Everything here is the standard library only.

A game is its *case* (the generated setup and hidden truth, decoded once by
:meth:`System.read_case` and shared by every state of the game) and its *state* (what changes:
pawns, hands, tracks, who asked what). The state refers to the case by ids only, so storing a
move writes the state and never the case again; every function that needs both is given both.

The value types live in small modules beside this one (:mod:`rules.errors`,
:mod:`rules.actions`, :mod:`rules.events`, :mod:`rules.outcomes`, :mod:`rules.options`) and are
re-exported here, so a system imports its vocabulary from one place.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard, TypeVar, runtime_checkable

from rules.actions import (
    JSON,
    Action,
    ActionSpec,
    JSONScalar,
    Param,
    ParamValue,
    Subset,
    admitting,
    check_action,
    random_action,
    random_pick,
)
from rules.errors import (
    CasebookError,
    ConflictError,
    GameOverError,
    InvalidActionError,
    InvalidInputError,
    NotFoundError,
    NotYourTurnError,
    RuleError,
    SetupError,
    UnavailableError,
    UnknownSystemError,
)
from rules.events import Event
from rules.options import OptionSpec, case_options, resolve_options
from rules.outcomes import Outcome, Standing, rank, winners_first

__all__ = [
    "JSON",
    "Action",
    "ActionSpec",
    "AccusationChoices",
    "AuthorDesk",
    "BotLook",
    "BotViewer",
    "CasebookError",
    "ConflictError",
    "Event",
    "GameOverError",
    "InvalidActionError",
    "InvalidInputError",
    "JSONScalar",
    "ModeSpec",
    "NotFoundError",
    "NotYourTurnError",
    "OptionSpec",
    "Outcome",
    "Param",
    "ParamValue",
    "RuleError",
    "Seat",
    "SetupError",
    "Standing",
    "Subset",
    "System",
    "SystemSpec",
    "TableDesk",
    "UnavailableError",
    "UnknownSystemError",
    "admitting",
    "bot_view_of",
    "case_options",
    "check_action",
    "check_can_act",
    "check_seats",
    "random_action",
    "random_pick",
    "rank",
    "resolve_options",
    "rng_for",
    "start",
    "winners_first",
]


# --------------------------------------------------------------------------------------------
# What a system is, as data
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModeSpec:
    """One way to play a system: the seats it takes and the options it offers."""

    id: str
    min_seats: int
    max_seats: int
    description: str = ""
    options: tuple[OptionSpec, ...] = ()
    #: Whether a seat may see what another seat does not (a hand, a private envelope). False
    #: when the seats share everything, so people at one keyboard need not hand it over.
    private: bool = True
    #: How many of the seats may be people (the rest are bots), when the mode bounds it: a solo
    #: mode seats one person among bots. ``None``: any mix.
    people: tuple[int, int] | None = None


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
    #: Every ending code an :class:`Outcome` may carry; templates word them.
    endings: tuple[str, ...] = ()
    #: The fields an accusation names (checked against a case's solution); empty: no accusations.
    accusation_fields: tuple[str, ...] = ()
    #: The action parameters that make an action an accusation, which a terminal sets notes
    #: before and reads back for confirmation; empty: those of ``accusation_fields``. For a
    #: system whose accusation names a seat rather than a case's solution.
    accusation_params: tuple[str, ...] = ()
    #: The most steps any game may take: the turn limit, as a bound bots and tests rely on.
    step_limit: int = 10_000
    #: How a terminal asks for each parameter ("Where to?"); others are asked by their name.
    param_prompts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.accusation_params:
            object.__setattr__(self, "accusation_params", self.accusation_fields)

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


# --------------------------------------------------------------------------------------------
# The protocol
# --------------------------------------------------------------------------------------------


@runtime_checkable
class System(Protocol):
    """The protocol of a game system. ``case`` is what :meth:`read_case` returns; the state is
    the system's own frozen dataclass, holding ids of the case's things, never the case."""

    SPEC: SystemSpec

    def read_case(self, envelope: Mapping[str, Any]) -> Any:
        """The case of a stored envelope, decoded and checked (:class:`SetupError` if bad).

        Decoded once per game and handed to every other function, never stored in a state.
        """
        ...

    def new_game(
        self,
        case: Any,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> Any:
        """The opening state. ``seed`` is the game's secret seed (shuffles, dice, bots), never
        the case's; ``options`` are the mode's, resolved (see :func:`start`)."""
        ...

    def to_act(self, case: Any, state: Any) -> frozenset[int]:
        """The seats the game is waiting for (empty once it is over)."""
        ...

    def legal_actions(self, case: Any, state: Any, seat: int) -> list[ActionSpec]:
        """What ``seat`` may do now, each parameter with its finite choices."""
        ...

    def apply(self, case: Any, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        """The next state and what happened. Raises :class:`RuleError`; never mutates ``state``.

        Every step shows every seat at least one event, so counting steps tells nobody who
        holds a hidden role.
        """
        ...

    def view(self, case: Any, state: Any, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), and nothing else.

        The bot loop reads a bot's view through :func:`bot_view_of`: a system may offer a
        cheaper one for its bots (:class:`BotViewer`); the others' bots read this one.
        """
        ...

    def result(self, case: Any, state: Any) -> Outcome | None:
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
class BotViewer(Protocol):
    """A system whose bots read a view made for them: the mapping :meth:`System.view` returns
    for the seat, the same part for part, but made as the bot reads it (a bot that reads three
    parts of a large view pays for three).

    Optional, as the desks are: a protocol member cannot be optional, and a system (a plug-in
    among them) that lacks ``bot_view`` must still be a :class:`System`, so it is declared
    here and :func:`bot_view_of` gives every system's bots ``view`` by default.
    """

    def bot_view(self, case: Any, state: Any, seat: int) -> Mapping[str, Any]:
        """What ``seat``'s bot may know: :meth:`System.view` for the seat, made as read."""
        ...


#: ``(case, state, seat) -> the seat's view``, as a bot reads it.
BotLook = Callable[[Any, Any, int], Mapping[str, Any]]


def bot_view_of(system: System) -> BotLook:
    """How ``system``'s bots read their view: its ``bot_view`` when it is a
    :class:`BotViewer`, else its ``view`` (the same mapping)."""
    if _offers_bot_view(system):
        return system.bot_view
    return system.view


def _offers_bot_view(system: System) -> TypeGuard[BotViewer]:
    return _is_bot_viewer(type(system))


@functools.cache
def _is_bot_viewer(kind: type) -> bool:
    """Asked once per class: a protocol's ``isinstance`` costs some 9 us, and the server's
    bot loop asks on every move."""
    return issubclass(kind, BotViewer)


@runtime_checkable
class AuthorDesk(Protocol):
    """A system whose games have an Author answers questions about a case outside any game.

    Tables that play with the physical components use it: they ask what the Author would be
    asked (search L3, dust the weapon found there, ask a witness) and read the answer.
    """

    #: Who the answers speak of ("the inspector"): the person at the physical table who asked.
    ASKER: str

    def author_questions(self, case: Any) -> list[ActionSpec]:
        """Every question that may be asked about ``case``, with its finite choices."""
        ...

    def author_answer(self, case: Any, question: Action) -> Event:
        """The Author's answer, as the event a game would record for the same question."""
        ...


@runtime_checkable
class TableDesk(Protocol):
    """A system whose Author can sit at one physical table for a whole case.

    The table plays with the printed components and asks the desk what it would ask the
    Author. Unlike :class:`AuthorDesk`, the desk remembers what the Author at that table would
    see (the table's state: cards on the table, who is out), so it refuses what the Author
    would refuse and answers nothing more than the Author would say. The table state is the
    system's own frozen dataclass, like a game's state.
    """

    def open_table(self, case: Any, inspectors: int) -> Any:
        """The table as the Author sets it out for ``inspectors`` players (SetupError if bad)."""
        ...

    def table_questions(self, case: Any, table: Any, inspector: int) -> list[ActionSpec]:
        """What ``inspector`` may ask now, each parameter with its finite choices."""
        ...

    def table_answer(
        self, case: Any, table: Any, inspector: int, question: Action
    ) -> tuple[Any, list[Event]]:
        """The table after the answer, and the answer as events; a ``RuleError`` refuses."""
        ...

    def table_view(self, case: Any, table: Any) -> dict[str, Any]:
        """What lies open on the table, which everyone sitting at it sees."""
        ...

    def table_result(self, case: Any, table: Any) -> Outcome | None:
        """``None`` while the table plays on."""
        ...

    def table_to_json(self, table: Any) -> dict[str, Any]:
        """The table as JSON, losslessly."""
        ...

    def table_from_json(self, data: Mapping[str, Any]) -> Any:
        """The inverse of :meth:`table_to_json`."""
        ...


@runtime_checkable
class AccusationChoices(Protocol):
    """A system that can name the valid value of each accusation field of a case.

    An accusation naming anything else is bad input, not a wrong guess.
    """

    def accusation_choices(self, case: Any) -> Mapping[str, tuple[str, ...]]:
        """For each of ``SPEC.accusation_fields``, the ids an accusation may name."""
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
    people = sum(not seat.bot for seat in seats)
    if mode_spec.people is not None and not (mode_spec.people[0] <= people <= mode_spec.people[1]):
        fewest, most = mode_spec.people
        allowed = str(fewest) if fewest == most else f"{fewest} to {most}"
        raise SetupError(
            f"{spec.name} in {mode} mode seats {allowed} people (the other seats are bots), "
            f"not {people}",
            code="setup/people-count",
            fields=[("/seats", f"Seat {allowed} people; make the other seats bots.")],
        )
    return mode_spec


CaseT = TypeVar("CaseT")
#: The code of a case a game cannot be played from.
BAD_CASE = "setup/bad-case"


def read_envelope(
    spec: SystemSpec,
    envelope: Mapping[str, Any],
    from_envelope: Callable[[Mapping[str, Any]], CaseT],
    noun: str = "case",
) -> CaseT:
    """The case ``from_envelope`` reads out of ``envelope``; the shared start of every
    ``read_case``: an envelope of another system, or one that holds no such case, is a
    :class:`SetupError` (``setup/bad-case``) naming it as a ``noun`` of the system."""
    system = envelope.get("system", spec.id)
    if system != spec.id:
        raise SetupError(f"this is a {system} case, not a {spec.name} one", code=BAD_CASE)
    try:
        return from_envelope(envelope)
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError(f"the case is not a {spec.name} {noun}: {error}", code=BAD_CASE) from None


def check_can_act(system: System, case: Any, state: Any, seat: int) -> None:
    """The shared preconditions of every ``apply``: the game runs and the seat may act."""
    if system.result(case, state) is not None:
        raise GameOverError("the game is over; nothing more can be played")
    if seat not in system.to_act(case, state):
        raise NotYourTurnError("you cannot act now: it is another seat's turn")


def start(
    system: System,
    envelope: Mapping[str, Any],
    seats: Sequence[Seat],
    mode: str,
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> tuple[Any, Any]:
    """``(case, opening state)`` of a game: the case read, seats and options checked.

    The one way the server, the terminal and the tests open a game.
    """
    mode_spec = check_seats(system.SPEC, mode, seats)
    resolved = resolve_options(mode_spec.options, options or {})
    case = system.read_case(envelope)
    return case, system.new_game(case, seats, mode, seed=seed, options=resolved)


def rng_for(seed: int, step: int, purpose: str = "") -> random.Random:
    """A generator fixed by (secret seed, step, purpose) and unpredictable without the seed.

    Replaying the same actions from the same seed draws the same values; a view never contains
    the seed, so nothing in it predicts a future draw. Seeding costs more than most steps that
    ask for a generator (a bot that passes draws nothing), so it happens at the first draw.
    """
    return _StepRandom(f"{seed}:{step}:{purpose}")


class _StepRandom(random.Random):
    """A ``random.Random`` seeded from the sha256 of ``key`` when it first draws: the same
    values as seeding it at once. Every draw goes through ``random`` or ``getrandbits``.

    Seeded, it becomes a plain ``random.Random`` (its class set to it): its later draws go
    straight to the C generator, not through a method of this class. A method bound before
    (``shuffle`` binds ``getrandbits`` once) still works, through :func:`_seeded`."""

    def __init__(self, key: str) -> None:  # no seeding yet
        self._key = key
        self.gauss_next = None  # what random.Random's own seeding sets

    def seed(self, a: Any = None, version: int = 2) -> None:
        random.Random.seed(_plain(self), a, version)

    def setstate(self, state: tuple[Any, ...]) -> None:
        random.Random.setstate(_plain(self), state)

    def random(self) -> float:
        return _seeded(self).random()

    def getrandbits(self, k: int, /) -> int:
        return _seeded(self).getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        return _seeded(self).getstate()

    def randbytes(self, n: int, /) -> bytes:
        return _seeded(self).randbytes(n)


def _plain(rng: random.Random) -> random.Random:
    """``rng`` as a plain ``random.Random``, not seeded yet, its key dropped."""
    rng.__dict__.pop("_key", None)
    rng.__class__ = random.Random
    return rng


def _seeded(rng: random.Random) -> random.Random:
    """``rng`` seeded from its key if it still waits for it, and a plain ``random.Random``."""
    key = rng.__dict__.get("_key")
    if key is not None:
        digest = hashlib.sha256(key.encode()).digest()
        random.Random.seed(_plain(rng), int.from_bytes(digest[:16], "big"))
    return rng
