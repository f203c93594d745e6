"""The use-cases of cases and games, with no HTTP in them.

Each method reads what it needs from the store, asks the rules, lets the bots play, and writes
the result back with one compare-and-set, so two requests can never both move a game on.
Answers are plain dicts shaped like the API's responses; refusals are errors of the
:mod:`rules.errors` family, which the HTTP layer turns into problems with one handler.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from api import security
from api.cases import CaseCache, OpenCase
from api.desks import Desks
from api.generation import Generation
from api.security import Unauthenticated
from api.states import DecodedStates
from api.storage import (
    ACTIVE,
    FINISHED,
    WRITE_ATTEMPTS,
    OpenGame,
    QuotaExceeded,
    Store,
    StoredCase,
    StoredSeat,
    StoredStep,
    VersionConflict,
)
from generator import registry as generators
from narration import DEFAULT_CLOCK, narrate_case, narrate_ending, narrate_events
from rules import registry
from rules.core import (
    Action,
    Outcome,
    Seat,
    System,
    case_options,
    check_seats,
    resolve_options,
)
from rules.errors import (
    CasebookError,
    InvalidInputError,
    NotFoundError,
    json_pointer,
)
from rules.events import Event
from rules.loop import Step, play_step, run_bots

SEED_BITS = 63


class VersionMismatch(CasebookError):
    """``If-Match`` named a version the game is no longer at."""

    code = "game/version-mismatch"
    status = 412


class Seated(NamedTuple):
    """A game as read, the seat a token opened in it and the game's case."""

    game: OpenGame
    seat: int
    opened: OpenCase


@dataclass(frozen=True)
class SeatRequest:
    name: str
    bot: bool = False


def secret_seed() -> int:
    """A fresh secret seed: a game's own draws, or a case nobody chose."""
    return secrets.randbits(SEED_BITS)


class Service:
    """The API's use-cases over one store.

    ``draw_seed`` makes the secret seeds; a test that needs two games to draw alike gives its
    own instead of patching the process's random source.
    """

    def __init__(
        self,
        store: Store,
        *,
        draw_seed: Callable[[], int] = secret_seed,
        running_limit: int | None = None,
        generation: Generation | None = None,
    ) -> None:
        self.store = store
        #: How a request makes a case: under a hard time limit by default (api/generation.py).
        self.generation = generation or Generation()
        self.cases = CaseCache()
        self.states = DecodedStates()
        self.draw_seed = draw_seed
        #: How many games one creator may have running (``None``: no limit; api/quotas.py).
        self.running_limit = running_limit
        #: The Author outside any game: accusations, the author's questions, table sessions.
        self.desks = Desks(store, self.cases)

    def check_database(self) -> None:
        """Raise :class:`~api.storage.StoreError` unless the database answers."""
        self.store.self_check()

    # ---------------------------------------------------------------------------- systems

    def systems(self) -> dict[str, Any]:
        """Every system as its spec states it, with what makes its cases fair."""
        return {
            "systems": [
                {
                    **dataclasses.asdict(entry.system.SPEC),
                    "fairness": entry.fairness,
                    "has_deductions": entry.deduce is not None,
                }
                for entry in registry.all_registrations()
            ]
        }

    # ---------------------------------------------------------------------------- cases

    def create_case(
        self,
        system_id: str,
        *,
        seed: int | None,
        difficulty: str | None,
        options: Mapping[str, Any],
        clock: str = DEFAULT_CLOCK,
    ) -> dict[str, Any]:
        """Generate and store a case; the author token is returned here and never again.

        ``clock`` (here and below) is how the text says times: "12h" or "24h"."""
        registry.get(system_id)
        options = dict(options)
        if difficulty is not None:
            options["difficulty"] = difficulty
        seed = self.draw_seed() if seed is None else seed
        case = self.generation.run(generators.generate, system_id, seed, options)
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
            **_case_text(system_id, case["public"], clock),
        }

    def read_case(
        self, case_id: str, token: str | None, clock: str = DEFAULT_CLOCK
    ) -> dict[str, Any]:
        """The public part of a case; the hidden truth too for its author's token."""
        stored = self._stored_case(case_id)
        shown = {
            "id": stored.id,
            "system": stored.system,
            "public": stored.case["public"],
            **_case_text(stored.system, stored.case["public"], clock),
        }
        if token is None:
            return shown
        self._check_author(stored, token)
        return {
            **shown,
            "solution": stored.case["solution"],
            "secret": stored.case["secret"],
            "seed": stored.seed,
        }

    # ---------------------------------------------------------------------------- games

    def create_game(
        self,
        system_id: str,
        *,
        mode: str,
        seed: int | None,
        case_id: str | None,
        seats: Sequence[SeatRequest],
        options: Mapping[str, Any] | None = None,
        creator: str | None = None,
    ) -> dict[str, Any]:
        """Start a game from a stored case or a case seed, let the bots open, and store it.

        ``seed`` chooses the case only. The game's own seed (shuffles, dice, bots) is drawn
        here, kept in the store and never shown, so nobody can compute a future draw. A
        ``creator`` with ``running_limit`` games running is refused, before any work.
        """
        limit = self.running_limit if creator is not None else None
        if limit is not None and creator is not None and self.store.running_games(creator) >= limit:
            raise QuotaExceeded(limit)
        system = registry.get(system_id)
        table = [Seat(seat.name, seat.bot) for seat in seats]
        mode_spec = check_seats(system.SPEC, mode, table)
        given = dict(options or {})
        resolved = resolve_options(mode_spec.options, given)
        new_case = None
        if case_id is None:
            case_seed = self.draw_seed() if seed is None else seed
            envelope = self.generation.run(
                generators.generate_for_table,
                system_id,
                case_seed,
                mode_spec.options,
                resolved,
                mode=mode,
                seats=len(table),
            )
            new_case = self.store.new_case(
                system=system_id, seed=envelope["seed"], case=envelope, author_token_hash=None
            )
            opened = self.cases.put(new_case)
        else:
            chosen = sorted(case_options(mode_spec.options, given))
            if chosen:
                detail = f"{chosen[0]} chooses a generated case; a stored case has its own."
                raise InvalidInputError(
                    detail,
                    code="options/for-case",
                    fields=[(json_pointer("options", chosen[0]), detail)],
                )
            opened = self._case_for_game(system_id, case_id)
        game_seed = self.draw_seed()
        state = system.new_game(opened.case, table, mode, seed=game_seed, options=resolved)
        bots = frozenset(number for number, seat in enumerate(table) if seat.bot)
        state, steps = run_bots(
            system, opened.case, state, bots=bots, seed=game_seed, steps_so_far=0
        )
        tokens = {number: security.new_token() for number, seat in enumerate(table) if not seat.bot}
        watch = None if tokens else security.new_token()  # bots only: someone may read it
        if watch is not None:
            tokens[0] = watch
        game = self.store.create_game(
            system=system_id,
            mode=mode,
            seed=game_seed,
            case_id=opened.id,
            options=dict(resolved),
            seats=[
                StoredSeat(
                    number=number,
                    name=seat.name,
                    bot=seat.bot,
                    token_hash=security.hash_token(tokens[number]) if number in tokens else None,
                )
                for number, seat in enumerate(table)
            ],
            state=system.state_to_json(state),
            steps=[_stored(step) for step in steps],
            status=_status(system, opened.case, state),
            new_case=new_case,
            creator=creator,
            running_limit=limit,
        )
        return {
            "id": game.id,
            "version": game.version,
            "status": game.status,
            "options": game.options,
            "seats": [
                {"number": seat.number, "name": seat.name, "bot": seat.bot}
                | ({"token": tokens[seat.number]} if seat.number in tokens and not seat.bot else {})
                for seat in game.seats
            ],
        } | ({"watch_token": watch} if watch is not None else {})

    def read_game(
        self, game_id: str, token: str | None, clock: str = DEFAULT_CLOCK
    ) -> dict[str, Any]:
        """The caller's seat's view, and the result once the game is over."""
        return self.shown(self.open_seat(game_id, token), clock)

    def open_seat(self, game_id: str, token: str | None) -> Seated:
        """The game as stored now and the seat ``token`` opens in it; a stranger learns nothing.

        What :meth:`shown` makes of it is a function of the game's version, the seat and the
        clock alone, which lets the API keep the answer it wrote for a seat's next read of
        the same version (``api/answers.py``)."""
        return Seated(*self._open(game_id, token))

    def shown(self, seated: Seated, clock: str = DEFAULT_CLOCK) -> dict[str, Any]:
        """What :meth:`read_game` answers for a game and seat :meth:`open_seat` opened."""
        game, seat, opened = seated
        system = registry.get(game.system)
        state = self.states.decode(game.id, system, game.state_text)
        shown: dict[str, Any] = {
            "id": game.id,
            "system": game.system,
            "mode": game.mode,
            "options": game.options,
            "version": game.version,
            "status": game.status,
            "seat": seat,
            "to_act": sorted(system.to_act(opened.case, state)),
            "view": system.view(opened.case, state, seat),
        }
        outcome = system.result(opened.case, state)
        if outcome is not None:
            shown["result"] = _result(game, opened, outcome, clock)
        return shown

    def legal_actions(self, game_id: str, token: str | None) -> dict[str, Any]:
        """What the caller's seat may do now, each parameter with its choices."""
        game, seat, opened = self._open(game_id, token)
        system = registry.get(game.system)
        state = self.states.decode(game.id, system, game.state_text)
        legal = system.legal_actions(opened.case, state, seat)
        return {"version": game.version, "actions": [spec.to_json() for spec in legal]}

    def play(
        self,
        game_id: str,
        token: str | None,
        action: Action,
        *,
        if_match: frozenset[int] | None,
        clock: str = DEFAULT_CLOCK,
    ) -> dict[str, Any]:
        """Apply the caller's action, let the bots answer, and store it all at once.

        With ``if_match`` a lost race is the caller's to resolve (a mismatch); without it the
        action is tried again on the new state a few times.
        """
        attempt = 1
        while True:
            try:
                with self.store.one_connection():
                    return self._play_once(game_id, token, action, if_match, clock)
            except VersionConflict as conflict:
                if if_match is not None:
                    raise VersionMismatch(
                        "Another move was stored first; read the game again."
                    ) from conflict
                if attempt >= WRITE_ATTEMPTS:
                    raise
                attempt += 1

    def log(
        self,
        game_id: str,
        token: str | None,
        *,
        after: int,
        limit: int,
        clock: str = DEFAULT_CLOCK,
    ) -> dict[str, Any]:
        """The events of steps ``after + 1`` onwards that the caller's seat may see."""
        game, seat, opened = self._open(game_id, token)
        stored = self.store.list_steps(game_id, after=after, limit=limit)
        steps = [(step.step, [Event.from_json(raw) for raw in step.events]) for step in stored]
        events = _seat_events(game, opened, steps, seat, clock)
        return {"version": game.version, "events": events}

    def deductions(self, game_id: str, token: str | None) -> dict[str, Any]:
        """What the caller's seat can conclude, worked out from its own view and nothing else."""
        game, seat, opened = self._open(game_id, token)
        entry = registry.registration(game.system)
        if entry.deduce is None:
            raise InvalidInputError(
                f"{entry.system.SPEC.name} offers no deductions.", code="deductions/unsupported"
            )
        system = entry.system
        view = system.view(opened.case, self.states.decode(game.id, system, game.state_text), seat)
        return {"version": game.version, "deductions": dict(entry.deduce(view))}

    # ---------------------------------------------------------------------------- helpers

    def _stored_case(self, case_id: str) -> StoredCase:
        stored = self.store.get_case(case_id)
        if stored is None:
            raise NotFoundError("There is no case with this id.", code="case/not-found")
        return stored

    def _check_author(self, stored: StoredCase, token: str) -> None:
        if not security.matches(token, stored.author_token_hash):
            raise Unauthenticated("This token is not the author token of this case.")

    def _play_once(
        self,
        game_id: str,
        token: str | None,
        action: Action,
        if_match: frozenset[int] | None,
        clock: str,
    ) -> dict[str, Any]:
        game, seat, opened = self._open(game_id, token)
        if any(s.bot for s in game.seats if s.number == seat):
            raise security.WatchOnly("This token watches a game of bots; it cannot act in it.")
        if if_match is not None and game.version not in if_match:
            raise VersionMismatch(f"The game is at version {game.version}; read it again.")
        system = registry.get(game.system)
        state = self.states.decode(game.id, system, game.state_text)
        state, first = play_step(system, opened.case, state, seat, action, number=game.version + 1)
        bots = frozenset(s.number for s in game.seats if s.bot)
        state, bot_steps = run_bots(
            system, opened.case, state, bots=bots, seed=game.seed, steps_so_far=first.number
        )
        stored_steps = [_stored(step) for step in (first, *bot_steps)]
        status = _status(system, opened.case, state)
        text = self.store.state_text(system.state_to_json(state))
        version = self.store.append_steps(
            game_id,
            expected_version=game.version,
            steps=stored_steps,
            state=text,
            status=status,
            status_was=game.status,
        )
        self.states.keep(game.id, text, state)  # the next read here decodes nothing
        played = [(step.number, step.events) for step in (first, *bot_steps)]
        return {
            "version": version,
            "status": status,
            "events": _seat_events(game, opened, played, seat, clock),
        }

    def _open(self, game_id: str, token: str | None) -> tuple[OpenGame, int, OpenCase]:
        """The game, the seat ``token`` opens in it, and its case; a stranger learns nothing."""
        if token is None or not security.is_well_formed(token):
            raise Unauthenticated("This needs the bearer token of a seat in this game.")
        game = self.store.open_game(game_id)
        if game is not None:
            for seat in game.seats:
                if security.matches(token, seat.token_hash):
                    opened = self.cases.get(game.case_id, self.store.get_case)
                    if opened is None:  # a foreign key keeps this from happening
                        raise RuntimeError(f"game {game_id} names a missing case")
                    return game, seat.number, opened
        raise NotFoundError("There is no game with this id for this token.", code="game/not-found")

    def _case_for_game(self, system_id: str, case_id: str) -> OpenCase:
        opened = self.cases.get(case_id, self.store.get_case)
        if opened is None:
            raise InvalidInputError(
                "There is no case with this id.",
                code="case/not-found",
                fields=[("/case_id", "There is no case with this id.")],
            )
        if opened.system != system_id:
            detail = f"This case belongs to {opened.system}, not {system_id}."
            raise InvalidInputError(detail, code="case/wrong-system", fields=[("/case_id", detail)])
        return opened


def _case_text(system_id: str, public: Mapping[str, Any], clock: str) -> dict[str, str]:
    """``{"text": ...}``: the case's introduction, if its system tells one; else nothing."""
    text = narrate_case(system_id, public, clock=clock)
    return {} if text is None else {"text": text}


def _result(game: OpenGame, opened: OpenCase, outcome: Outcome, clock: str) -> dict[str, Any]:
    """The outcome as data, with its ending worded by the system's templates."""
    data = outcome.to_json()
    names = [seat.name for seat in game.seats]
    text = narrate_ending(game.system, data, names=names, glossary=opened.glossary, clock=clock)
    return {**data, "text": text}


def _status(system: System, case: Any, state: Any) -> str:
    return ACTIVE if system.result(case, state) is None else FINISHED


def _stored(step: Step) -> StoredStep:
    return StoredStep(
        step=step.number,
        seat=step.seat,
        action=step.action.to_json(),
        events=[event.to_json() for event in step.events],
    )


def _seat_events(
    game: OpenGame,
    opened: OpenCase,
    steps: Iterable[tuple[int, Iterable[Event]]],
    seat: int,
    clock: str,
) -> list[dict[str, Any]]:
    """Each step's events as ``seat`` may see them, with their step number and narration.

    Narration is given only the seat's own copy of an event, so its prose cannot leak more;
    it tells a seat's events in one call, which makes what they share once.
    """
    seen = [
        (number, told)
        for number, events in steps
        for event in events
        if (told := event.for_seat(seat)) is not None
    ]
    names = [stored.name for stored in game.seats]
    texts = narrate_events(
        game.system, [told for _, told in seen], names=names, glossary=opened.glossary, clock=clock
    )
    return [
        {**told, "step": number, "text": text}
        for (number, told), text in zip(seen, texts, strict=True)
    ]
