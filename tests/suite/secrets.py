"""What each seat of a game must not know, worked out from the server's own record.

No system declares anything for this: every secret is read from what the protocol already
holds, through the registry, so a new system joins the scan with no change here.

- **canaries**, found as plain substrings of a body or a header: the game's secret seed, every
  token but the seat's own, and the hidden sequences of the stored state (a list of distinct
  values, like the face-down deck's order, that no seat's view, no case text and none of the
  events the seat was shown shows: "every officer loses an hour" lists the seats, [0, 1, 2, 3],
  as a track's order of arrivals may happen to);
- **facts**, ``(key, value)`` pairs found anywhere in a JSON body: what another seat's view
  shows under a key, the fields of an event the seat is not in the audience or the secret
  audience of, and the solution (``Outcome.solution`` of the finished game, or the case's);
  minus every pair the seat is entitled to (its own views and legal actions so far, and the
  events as it may see them), so only what it could not have learned is left;
- **the result**: while the game runs no answer holds a non-null ``solution`` or ``result``,
  and no object holds the whole solution at once, unless the seat is entitled to every part of
  it (a sealed accusation of its own that names the murderer is the whole of Tiny Epic Crimes'
  one-field solution).

The states are rebuilt by replaying the stored log (as ``assert_replays`` does), so the truth
comes from the rules, not from what the API chose to show.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from api.storage import Store
from rules import registry
from rules.core import Action, Event, Seat, System, start
from rules.registry import DeduceFn
from tests.api.storage.stored import read_game

Fact = tuple[str, str, Any]  # (key, JSON type, scalar value): 1 and true are two facts
#: A seed this short could be any number in a body; real seeds are 64-bit.
MIN_SEED_DIGITS = 6
#: A hidden sequence must be this long (and its values distinct) to be told from chance.
MIN_SEQUENCE = 4


def canonical(value: Any) -> str:
    """Compact JSON with sorted keys, as the API writes it (orjson)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def facts(value: Any, key: str | None = None) -> Iterator[Fact]:
    """Every ``(key, scalar)`` pair of a JSON value; a list's scalars go under its own key."""
    if isinstance(value, Mapping):
        for name, item in value.items():
            yield from facts(item, str(name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from facts(item, key)
    elif key is not None:
        yield key, type(value).__name__, value


_FACTS: dict[bytes, frozenset[Fact]] = {}


def facts_of(value: Mapping[str, Any]) -> set[Fact]:
    """:func:`facts` of a JSON object, remembered per top-level field: a view repeats most of
    itself from one version to the next (the case, the seats)."""
    found: set[Fact] = set()
    for name, item in value.items():
        key = orjson.dumps({name: item}, option=orjson.OPT_SORT_KEYS)
        known = _FACTS.get(key)
        if known is None:
            if len(_FACTS) > 200_000:
                _FACTS.clear()
            known = _FACTS[key] = frozenset(facts(item, name))
        found |= known
    return found


def as_json(value: Any) -> Any:
    """``value`` as a client parses it (tuples become lists, string enums strings)."""
    return orjson.loads(orjson.dumps(value))


def sequences(value: Any) -> Iterator[list[Any]]:
    """Every list of at least :data:`MIN_SEQUENCE` distinct scalars inside a JSON value."""
    if isinstance(value, Mapping):
        for item in value.values():
            yield from sequences(item)
    elif isinstance(value, list):
        scalars = [item for item in value if not isinstance(item, Mapping | list)]
        if len(scalars) == len(value) >= MIN_SEQUENCE:
            if len({canonical(item) for item in value}) == len(value):
                yield value
        for item in value:
            yield from sequences(item)


def contains_whole(value: Any, whole: Mapping[str, Any]) -> bool:
    """Whether some object inside ``value`` holds every pair of ``whole``."""
    if isinstance(value, Mapping):
        if whole and all(k in value and value[k] == v for k, v in whole.items()):
            return True
        return any(contains_whole(item, whole) for item in value.values())
    if isinstance(value, list):
        return any(contains_whole(item, whole) for item in value)
    return False


def non_null(value: Any, names: frozenset[str]) -> Iterator[str]:
    """The keys among ``names`` that hold something other than null inside ``value``."""
    if isinstance(value, Mapping):
        for name, item in value.items():
            if name in names and item is not None:
                yield str(name)
            yield from non_null(item, names)
    elif isinstance(value, list):
        for item in value:
            yield from non_null(item, names)


@dataclass
class SeatSecrets:
    """What one seat must not be shown at one version of the game."""

    canaries: frozenset[str]
    facts: frozenset[Fact]
    solution: Mapping[str, Any] | None  # the hidden truth while the game runs, else None
    #: Whether every fact of the solution is the seat's to know already: its own sealed
    #: accusation may name the murderer, so an object holding the whole of a one-field
    #: solution is then no leak (the facts check judges the rest).
    solution_known: bool = False


@dataclass
class GameTruth:
    """A stored game replayed step by step: every state, event and view the rules make."""

    system: System
    case: Any
    envelope: Mapping[str, Any]
    seed: int
    seats: int
    states: list[Any]
    events: list[list[Event]]  # events[v - 1]: the events of step v
    solution: Mapping[str, Any] | None
    finished_at: int | None  # the version at which the game ended
    deduce: DeduceFn | None
    _seat_cache: dict[int, list[SeatSecrets]] = field(default_factory=dict)

    @classmethod
    def read(cls, store: Store, game_id: str, system: System | None = None) -> GameTruth:
        """Replay ``game_id`` from the store; ``system`` overrides the registered rules (a
        negative control serves leaky rules but must judge by the true ones)."""
        game = read_game(store, game_id)
        assert game is not None, game_id
        stored_case = store.get_case(game.case_id)
        assert stored_case is not None
        rules = system or registry.get(game.system)
        seats = [Seat(seat.name, seat.bot) for seat in game.seats]
        case, state = start(
            rules, stored_case.case, seats, game.mode, seed=game.seed, options=game.options
        )
        states, events = [state], []
        finished_at = 0 if rules.result(case, state) is not None else None
        for stored in store.list_steps(game_id):
            state, made = rules.apply(case, state, stored.seat, Action.from_json(stored.action))
            states.append(state)
            events.append(made)
            if finished_at is None and rules.result(case, state) is not None:
                finished_at = stored.step
        outcome = rules.result(case, state)
        solution = outcome.solution if outcome is not None else None
        if solution is None:
            solution = stored_case.case.get("solution")
        return cls(
            rules,
            case,
            stored_case.case,
            game.seed,
            len(seats),
            states,
            events,
            dict(solution) if solution else None,
            finished_at,
            registry.registration(game.system).deduce,
        )

    @property
    def version(self) -> int:
        return len(self.states) - 1

    def for_seat(
        self, seat: int, tokens: frozenset[str], deduced_at: frozenset[int] = frozenset()
    ) -> list[SeatSecrets]:
        """The secrets of ``seat`` at each version; ``tokens`` are those it must not see.

        At the versions of ``deduced_at`` the seat read its deductions: what the system's
        ``deduce`` concludes from the seat's own view is the seat's to know from then on.
        """
        if seat in self._seat_cache:
            return self._seat_cache[seat]
        deduced_solution = False
        public_case = canonical(self.envelope.get("public"))
        entitled: set[Fact] = set()
        shown_sequences: set[str] = set()
        withheld: set[Fact] = set()
        hidden_sequences: set[str] = set()
        found: list[SeatSecrets] = []
        #: what the seat's own events showed it: a list of seats in an event ("every officer
        #: loses an hour") is told, however like a hidden sequence of the state it looks
        shown_text = ""
        solution_facts = set(facts(as_json(self.solution))) if self.solution else set()
        for version, state in enumerate(self.states):
            if version > 0:
                for event in self.events[version - 1]:
                    shown = event.for_seat(seat)
                    if shown is not None:
                        entitled.update(facts(as_json(shown)))
                        shown_text += "\n" + canonical(as_json(shown))
                    if shown is None:
                        withheld.update(facts(as_json(event.data)))
                    if seat not in event.secret_audience:
                        withheld.update(facts(as_json(event.secret)))
            own = as_json(self.system.view(self.case, state, seat))
            entitled |= facts_of(own)
            offered = self.system.legal_actions(self.case, state, seat)
            legal = as_json([spec.to_json() for spec in offered])
            entitled.update(facts(legal))
            if version in deduced_at and self.deduce is not None:
                deduced = self.deduce(own)
                entitled.update(facts(as_json(deduced)))
                if self.solution and contains_whole(deduced, self.solution):
                    deduced_solution = True
            public = as_json(self.system.view(self.case, state, None))
            entitled |= facts_of(public)
            for other in range(self.seats):
                if other != seat:
                    withheld |= facts_of(as_json(self.system.view(self.case, state, other)))
            running = self.finished_at is None or version < self.finished_at
            running = running and not deduced_solution
            if running and self.solution:
                withheld.update(facts(as_json(self.solution)))
            for sequence in sequences(self.system.state_to_json(state)):
                hidden_sequences.add(canonical(sequence))
            seen = "\n".join(
                (public_case, canonical(own), canonical(legal), canonical(public), shown_text)
            )
            shown_sequences.update(text for text in hidden_sequences if text in seen)
            canaries = (hidden_sequences - shown_sequences) | set(tokens)
            if len(str(abs(self.seed))) >= MIN_SEED_DIGITS:
                canaries.add(str(self.seed))
            found.append(
                SeatSecrets(
                    frozenset(canaries),
                    frozenset(withheld - entitled),
                    self.solution if running else None,
                    bool(solution_facts) and solution_facts <= entitled,
                )
            )
        self._seat_cache[seat] = found
        return found


@dataclass(frozen=True)
class Leak:
    """One thing a seat was shown that it must not know."""

    game: str
    seat: int
    version: int
    request: str
    what: str

    def __str__(self) -> str:
        return f"game {self.game} seat {self.seat} v{self.version} {self.request}: {self.what}"


def leaks_in(body: Any, text: str, secrets: SeatSecrets) -> list[str]:
    """What ``secrets`` an answer (its parsed body and its whole text) gives away."""
    found = [f"canary {canary[:60]}" for canary in secrets.canaries if canary in text]
    if body is not None:
        shown = set(facts(body))
        found += [f"fact {key}={str(value)[:60]}" for key, _, value in shown & secrets.facts]
        if secrets.solution is not None:
            found += [
                f"{name} before the end"
                for name in sorted(set(non_null(body, frozenset({"solution", "result"}))))
            ]
            if contains_whole(body, secrets.solution) and not secrets.solution_known:
                found.append("the whole solution before the end")
    return found
