"""Deliberately leaky rules, for the leak scan's negative controls.

Each wraps a registered system and gives one kind of secret away through the API; the server
serves the wrapper (``registry.override``) while the scan judges by the true rules. A scan that
finds nothing against one of these could not find that leak for real either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import Action, Event, System
from rules.errors import CasebookError


class Leaky:
    """The wrapped rules, unchanged but for :meth:`extra` in every view and :meth:`shown`."""

    def __init__(self, inner: System) -> None:
        self.inner = inner
        self.SPEC = inner.SPEC
        self.envelopes: dict[int, Mapping[str, Any]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def read_case(self, envelope: Mapping[str, Any]) -> Any:
        case = self.inner.read_case(envelope)
        self.envelopes[id(case)] = envelope
        return case

    def view(self, case: Any, state: Any, seat: int | None) -> dict[str, Any]:
        shown = self.inner.view(case, state, seat)
        if self.inner.result(case, state) is None:
            shown["notes"] = self.extra(case, state, seat)
        return shown

    def apply(self, case: Any, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        after, events = self.inner.apply(case, state, seat, action)
        return after, [self.shown(event) for event in events]

    def extra(self, case: Any, state: Any, seat: int | None) -> Any:
        return None

    def shown(self, event: Event) -> Event:
        return event


class StateInView(Leaky):
    """The whole stored state: the secret seed, the deck's order, every hand."""

    def extra(self, case: Any, state: Any, seat: int | None) -> Any:
        return self.inner.state_to_json(state)


class NeighbourInView(Leaky):
    """The next seat's view: its hidden hand, its role, its envelopes."""

    def extra(self, case: Any, state: Any, seat: int | None) -> Any:
        seats = len(self.inner.state_to_json(state).get("seats") or [None])
        return self.inner.view(case, state, ((seat or 0) + 1) % seats)


class SolutionInView(Leaky):
    """The case file's solution, under an innocent name, while the game runs."""

    def extra(self, case: Any, state: Any, seat: int | None) -> Any:
        envelope = self.envelopes.get(id(case)) or {}
        return {"hint": envelope.get("solution")}


class SecretsInEvents(Leaky):
    """Every event's secret fields shown to all who see the event (a forgotten redaction)."""

    def shown(self, event: Event) -> Event:
        return Event(
            event.type,
            actor=event.actor,
            data={**event.data, **event.secret},
            audience=event.audience,
        )


class SeedInErrors(Leaky):
    """A refusal whose detail gives the game's secret seed away (a debugging aid left in)."""

    def apply(self, case: Any, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        try:
            return self.inner.apply(case, state, seat, action)
        except CasebookError as error:
            seed = self.inner.state_to_json(state).get("seed")
            raise type(error)(f"{error.message} (seed {seed})", code=error.code) from None


LEAKS: dict[str, type[Leaky]] = {
    "state-in-view": StateInView,
    "neighbour-in-view": NeighbourInView,
    "solution-in-view": SolutionInView,
    "secrets-in-events": SecretsInEvents,
    "seed-in-errors": SeedInErrors,
}
