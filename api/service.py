"""The use-cases of cases and games, with no HTTP in them.

Each method reads what it needs from the store, asks the rules, lets the bots play, and writes
the result back with one compare-and-set, so two requests can never both move a game on.
Answers are plain dicts shaped like the API's responses; failures are :class:`ServiceError`
subclasses (and the rules' own errors), which the HTTP layer maps to problems.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from api import security
from api.storage import (
    OpenGame,
    Store,
    StoredCase,
    StoredSeat,
    StoredStep,
    VersionConflict,
)
from generator import registry as generators
from narration import narrate_case, narrate_event, public_glossary
from rules import registry
from rules.core import (
    Action,
    AuthorDesk,
    Event,
    RuleError,
    Seat,
    System,
    check_action,
    check_seats,
    rng_for,
)

#: Bot moves one request may make before the server gives up on a game that never ends.
MAX_BOT_STEPS = 10_000
#: Attempts at a write without ``If-Match`` when other writers keep winning the race.
WRITE_ATTEMPTS = 5
SEED_BITS = 63
#: Who the Author's answers speak of: the inspector at a physical table who asked.
ASKER = "the inspector"
ACTIVE, FINISHED = "active", "finished"


class ServiceError(Exception):
    """A request the service refuses; ``code`` is stable, the message is for a person."""

    code = "conflict"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        if code is not None:
            self.code = code


class NotFound(ServiceError):
    """No such resource, or none the caller may see: the two are never told apart."""


class Unauthenticated(ServiceError):
    """The request needs a token it did not bring, or brought one that is malformed or wrong."""

    code = "auth/unauthenticated"


class VersionMismatch(ServiceError):
    """``If-Match`` named a version the game is no longer at."""

    code = "game/version-mismatch"


class InvalidInput(ServiceError):
    """Well-formed input that names something wrong; ``fields`` are (JSON pointer, detail)."""

    code = "request/invalid"

    def __init__(
        self, detail: str, *, code: str | None = None, fields: Sequence[tuple[str, str]] = ()
    ) -> None:
        super().__init__(detail, code=code)
        self.fields = list(fields)


class BotError(RuntimeError):
    """A bot broke the rules or a game would not stop: a server bug, never the caller's."""


@dataclass(frozen=True)
class SeatRequest:
    name: str
    bot: bool = False


class Service:
    """The API's use-cases over one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def check_database(self) -> None:
        """Raise :class:`~api.storage.StoreError` unless the database answers."""
        self.store.self_check()

    # ---------------------------------------------------------------------------- systems

    def systems(self) -> dict[str, Any]:
        return {"systems": [_describe(system) for system in registry.all_systems()]}

    # ---------------------------------------------------------------------------- cases

    def create_case(
        self,
        system_id: str,
        *,
        seed: int | None,
        difficulty: str | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        """Generate and store a case; the author token is returned here and never again."""
        registry.get(system_id)
        options = dict(options)
        if difficulty is not None:
            options["difficulty"] = difficulty
        seed = _seed(seed)
        case = generators.generate(system_id, seed, options)
        token = security.new_token()
        stored = self.store.create_case(
            system=system_id, seed=seed, case=case, author_token_hash=security.hash_token(token)
        )
        return {
            "id": stored.id,
            "system": stored.system,
            "public": case["public"],
            "rating": case["rating"],
            "author_token": token,
            **_case_text(system_id, case["public"]),
        }

    def read_case(self, case_id: str, token: str | None) -> dict[str, Any]:
        """The public part of a case; the hidden truth too for its author's token."""
        stored = self.store.get_case(case_id)
        if stored is None:
            raise NotFound("There is no case with this id.", code="case/not-found")
        shown = {
            "id": stored.id,
            "system": stored.system,
            "public": stored.case["public"],
            **_case_text(stored.system, stored.case["public"]),
        }
        if token is None:
            return shown
        if not security.matches(token, stored.author_token_hash):
            raise Unauthenticated("This token is not the author token of this case.")
        return {
            **shown,
            "solution": stored.case["solution"],
            "secret": stored.case["secret"],
            "seed": stored.seed,
        }

    def accuse(
        self, case_id: str, accusation: Mapping[str, str], token: str | None = None
    ) -> dict[str, Any]:
        """Whether ``accusation`` names the solution.

        Which parts are wrong (``reasons``) is told only to the case's author token: anyone
        else learns right or wrong and nothing more, so guessing field by field gains nothing.
        """
        stored = self._stored_case(case_id)
        is_author = token is not None
        if token is not None and not security.matches(token, stored.author_token_hash):
            raise Unauthenticated("This token is not the author token of this case.")
        fields = registry.get(stored.system).SPEC.accusation_fields
        if not fields:
            raise InvalidInput(
                "This system has no accusations.",
                code="accusation/unsupported",
                fields=[("/accusation", "This system has no accusations.")],
            )
        missing = [name for name in fields if name not in accusation]
        unknown = sorted(name for name in accusation if name not in fields)
        problems = [
            (_pointer("accusation", name), "Missing data for required field.") for name in missing
        ]
        problems += [(_pointer("accusation", name), "Unknown field.") for name in unknown]
        if problems:
            raise InvalidInput(
                f"An accusation names exactly: {', '.join(fields)}.",
                code="accusation/bad-fields",
                fields=problems,
            )
        solution = stored.case["solution"]
        wrong = [name for name in fields if accusation[name] != solution.get(name)]
        answer: dict[str, Any] = {"correct": not wrong}
        if is_author:
            answer["reasons"] = wrong
        return answer

    def questions(self, case_id: str) -> dict[str, Any]:
        """The questions the Author of a case may be asked, each parameter with its choices."""
        desk, case = _author_desk(self._stored_case(case_id))
        return {"questions": [spec.to_json() for spec in desk.author_questions(case)]}

    def ask(self, case_id: str, question: Action) -> dict[str, Any]:
        """The Author's answer to one question about a stored case, as event data and text.

        The table that asks is the one that reads the envelope, so the answer holds the
        event's secret fields too: exactly what the Author would hand over at the table.
        """
        stored = self._stored_case(case_id)
        desk, case = _author_desk(stored)
        check_action(desk.author_questions(case), question)
        try:
            event = desk.author_answer(case, question)
        except RuleError as error:  # a listed question the sheet cannot answer: still bad input
            raise InvalidInput(error.message, code=error.code) from None
        shown = {"type": event.type, **event.data, **event.secret}
        text = narrate_event(
            stored.system,
            {**shown, "actor": 0},
            names=[ASKER],
            glossary=public_glossary(case["public"]),
        )
        return {"event": shown, "text": text}

    # ---------------------------------------------------------------------------- games

    def create_game(
        self,
        system_id: str,
        *,
        mode: str,
        seed: int | None,
        case_id: str | None,
        seats: Sequence[SeatRequest],
    ) -> dict[str, Any]:
        """Start a game from a stored case or a seed, let the bots open, and store it."""
        system = registry.get(system_id)
        table = [Seat(seat.name, seat.bot) for seat in seats]
        check_seats(system.SPEC, mode, table)
        if case_id is None:
            seed = _seed(seed)
            case = generators.generate(system_id, seed, {})
        else:
            case = self._case_for_game(system_id, case_id)
            seed = secrets.randbits(SEED_BITS)
        state = system.new_game(case, table, mode, seed)
        tokens = {number: security.new_token() for number, seat in enumerate(table) if not seat.bot}
        stored_seats = [
            StoredSeat(
                number=number,
                name=seat.name,
                bot=seat.bot,
                token_hash=security.hash_token(tokens[number]) if number in tokens else None,
            )
            for number, seat in enumerate(table)
        ]
        bots = frozenset(number for number, seat in enumerate(table) if seat.bot)
        state, steps = _run_bots(system, seed, state, bots, version=0)
        game = self.store.create_game(
            system=system_id,
            mode=mode,
            seed=seed,
            case_id=case_id,
            case=case,
            seats=stored_seats,
            state=system.state_to_json(state),
            steps=steps,
            status=_status(system, state),
        )
        return {
            "id": game.id,
            "version": game.version,
            "status": game.status,
            "seats": [
                {"number": seat.number, "name": seat.name, "bot": seat.bot}
                | ({"token": tokens[seat.number]} if seat.number in tokens else {})
                for seat in game.seats
            ],
        }

    def read_game(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The caller's seat's view, and the result once the game is over."""
        game, seat = self._open(game_id, token)
        system = registry.get(game.system)
        state = system.state_from_json(game.state)
        shown: dict[str, Any] = {
            "id": game.id,
            "system": game.system,
            "mode": game.mode,
            "version": game.version,
            "status": game.status,
            "seat": seat,
            "view": system.view(state, seat),
        }
        outcome = system.result(state)
        if outcome is not None:
            shown["result"] = outcome.to_json()
        return shown

    def legal_actions(self, game_id: str, token: str | None) -> dict[str, Any]:
        """What the caller's seat may do now, each parameter with its choices."""
        game, seat = self._open(game_id, token)
        system = registry.get(game.system)
        state = system.state_from_json(game.state)
        legal = system.legal_actions(state, seat)
        return {"version": game.version, "actions": [spec.to_json() for spec in legal]}

    def play(
        self,
        game_id: str,
        token: str | None,
        action: Action,
        *,
        if_match: frozenset[int] | None,
    ) -> dict[str, Any]:
        """Apply the caller's action, let the bots answer, and store it all at once.

        With ``if_match`` a lost race is the caller's to resolve (a mismatch); without it the
        action is tried again on the new state a few times.
        """
        attempt = 1
        while True:
            try:
                return self._play_once(game_id, token, action, if_match)
            except VersionConflict as conflict:
                if if_match is not None:
                    raise VersionMismatch(
                        "Another move was stored first; read the game again."
                    ) from conflict
                if attempt >= WRITE_ATTEMPTS:
                    raise
                attempt += 1

    def log(self, game_id: str, token: str | None, *, after: int, limit: int) -> dict[str, Any]:
        """The events of steps ``after + 1`` onwards that the caller's seat may see."""
        game, seat = self._open(game_id, token, with_public_case=True)
        steps = self.store.list_steps(game_id, after=after, limit=limit)
        return {"version": game.version, "events": _seat_events(game, steps, seat)}

    # ---------------------------------------------------------------------------- helpers

    def _stored_case(self, case_id: str) -> StoredCase:
        stored = self.store.get_case(case_id)
        if stored is None:
            raise NotFound("There is no case with this id.", code="case/not-found")
        return stored

    def _play_once(
        self, game_id: str, token: str | None, action: Action, if_match: frozenset[int] | None
    ) -> dict[str, Any]:
        game, seat = self._open(game_id, token, with_public_case=True)
        if if_match is not None and game.version not in if_match:
            raise VersionMismatch(f"The game is at version {game.version}; read it again.")
        system = registry.get(game.system)
        state, events = system.apply(system.state_from_json(game.state), seat, action)
        steps = [_step(game.version + 1, seat, action, events)]
        bots = frozenset(s.number for s in game.seats if s.bot)
        state, bot_steps = _run_bots(system, game.seed, state, bots, version=game.version + 1)
        steps += bot_steps
        status = _status(system, state)
        version = self.store.append_steps(
            game_id,
            expected_version=game.version,
            steps=steps,
            state=system.state_to_json(state),
            status=status,
        )
        return {"version": version, "status": status, "events": _seat_events(game, steps, seat)}

    def _open(
        self, game_id: str, token: str | None, *, with_public_case: bool = False
    ) -> tuple[OpenGame, int]:
        """The game and the seat ``token`` opens in it; nothing tells a stranger it exists.

        ``with_public_case`` also reads the public part of the case, which narration needs.
        """
        if token is None or not security.is_well_formed(token):
            raise Unauthenticated("This needs the bearer token of a seat in this game.")
        game = self.store.open_game(game_id, with_public_case=with_public_case)
        if game is not None:
            for seat in game.seats:
                if security.matches(token, seat.token_hash):
                    return game, seat.number
        raise NotFound("There is no game with this id for this token.", code="game/not-found")

    def _case_for_game(self, system_id: str, case_id: str) -> dict[str, Any]:
        stored = self.store.get_case(case_id)
        if stored is None:
            raise InvalidInput(
                "There is no case with this id.",
                code="case/not-found",
                fields=[("/case_id", "There is no case with this id.")],
            )
        if stored.system != system_id:
            detail = f"This case belongs to {stored.system}, not {system_id}."
            raise InvalidInput(detail, code="case/wrong-system", fields=[("/case_id", detail)])
        return stored.case


def _describe(system: System) -> dict[str, Any]:
    spec = system.SPEC
    return {
        "id": spec.id,
        "name": spec.name,
        "summary": spec.summary,
        "modes": [
            {
                "id": mode.id,
                "min_seats": mode.min_seats,
                "max_seats": mode.max_seats,
                "description": mode.description,
            }
            for mode in spec.modes
        ],
        "action_types": list(spec.action_types),
        "accusation_fields": list(spec.accusation_fields),
    }


def _author_desk(stored: StoredCase) -> tuple[AuthorDesk, dict[str, Any]]:
    """The system of a stored case as an Author, and the case; refused if it has no Author."""
    system = registry.get(stored.system)
    if not isinstance(system, AuthorDesk):
        raise InvalidInput(
            f"{system.SPEC.name} has no Author to ask questions of.",
            code="questions/unsupported",
        )
    return system, stored.case


def _case_text(system_id: str, public: Mapping[str, Any]) -> dict[str, str]:
    """``{"text": ...}``: the case's introduction, if its system tells one; else nothing."""
    text = narrate_case(system_id, public)
    return {} if text is None else {"text": text}


def _pointer(*keys: str) -> str:
    """The JSON pointer (RFC 6901) to ``keys`` in a request body."""
    return "".join("/" + key.replace("~", "~0").replace("/", "~1") for key in keys)


def _seed(seed: int | None) -> int:
    return secrets.randbits(SEED_BITS) if seed is None else seed


def _status(system: System, state: Any) -> str:
    return ACTIVE if system.result(state) is None else FINISHED


def _step(number: int, seat: int, action: Action, events: Iterable[Event]) -> StoredStep:
    return StoredStep(
        step=number,
        seat=seat,
        action=action.to_json(),
        events=[event.to_json() for event in events],
    )


def _run_bots(
    system: System, seed: int, state: Any, bots: frozenset[int], *, version: int
) -> tuple[Any, list[StoredStep]]:
    """Let the bots play until the game ends or waits for a person.

    Each bot sees only its own view; its draws come from the game's seed, the step and its seat,
    so a replay of the log makes the same moves.
    """
    steps: list[StoredStep] = []
    while system.result(state) is None:
        waiting = sorted(bots & system.to_act(state))
        if not waiting:
            break
        for bot in waiting:
            if system.result(state) is not None or bot not in system.to_act(state):
                continue
            if len(steps) >= MAX_BOT_STEPS:
                raise BotError(f"{system.SPEC.id}: bots made {MAX_BOT_STEPS} moves without end")
            number = version + len(steps)
            action = system.bot_choose(
                system.view(state, bot),
                system.legal_actions(state, bot),
                rng_for(seed, number, f"bot:{bot}"),
            )
            try:
                state, events = system.apply(state, bot, action)
            except RuleError as error:
                raise BotError(f"{system.SPEC.id}: a bot chose {action!r}") from error
            steps.append(_step(number + 1, bot, action, events))
    return state, steps


def _seat_events(game: OpenGame, steps: Iterable[StoredStep], seat: int) -> list[dict[str, Any]]:
    """Each step's events as ``seat`` may see them, with their step and narration.

    Narration is given only the seat's own copy of an event, so its prose cannot leak more.
    ``game`` must have been opened with its public case.
    """
    names = [stored.name for stored in game.seats]
    glossary = public_glossary(game.public_case or {})
    shown: list[dict[str, Any]] = []
    for step in steps:
        for raw in step.events:
            event = Event.from_json(raw).for_seat(seat)
            if event is not None:
                text = narrate_event(game.system, event, names=names, glossary=glossary)
                shown.append({**event, "step": step.step, "text": text})
    return shown
