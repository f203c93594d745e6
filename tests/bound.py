"""A system with one case bound to it, for tests that play a single case.

The protocol hands every function the case beside the state; a test of one case would repeat it
in every call. ``Bound(system, case)`` offers the same functions without it;
:func:`stored_envelope` wraps a hand-made case as the registry would store it, and
:func:`assert_only_legal_actions_apply` checks that the rules refuse everything else.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from rules.core import (
    Action,
    ActionSpec,
    Event,
    Outcome,
    RuleError,
    Seat,
    System,
    resolve_options,
)


def stored_envelope(
    system_id: str, schema_version: int, parts: Mapping[str, Any]
) -> dict[str, Any]:
    """A hand-made case's envelope ``parts`` (its system's ``to_envelope_parts``) as
    ``generator.registry.generate`` would hand them over: seed 0, no options, no rating."""
    return {
        "system": system_id,
        "schema_version": schema_version,
        "seed": 0,
        "options": {},
        **parts,
        "rating": {},
    }


@dataclass(frozen=True)
class Bound:
    system: System
    case: Any

    @classmethod
    def from_envelope(cls, system: System, envelope: Mapping[str, Any]) -> Bound:
        return cls(system, system.read_case(envelope))

    def new_game(
        self,
        seats: Sequence[Seat],
        mode: str,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Any:
        resolved = resolve_options(self.system.SPEC.mode(mode).options, options or {})
        return self.system.new_game(self.case, seats, mode, seed=seed, options=resolved)

    def to_act(self, state: Any) -> frozenset[int]:
        return self.system.to_act(self.case, state)

    def legal_actions(self, state: Any, seat: int) -> list[ActionSpec]:
        return self.system.legal_actions(self.case, state, seat)

    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        return self.system.apply(self.case, state, seat, action)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return self.system.view(self.case, state, seat)

    def result(self, state: Any) -> Outcome | None:
        return self.system.result(self.case, state)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return self.system.bot_choose(view, legal, rng)


def assert_only_legal_actions_apply(
    game: Bound, state: Any, seat: int, candidates: Iterable[Action]
) -> None:
    """Each of ``candidates`` that no legal action of ``seat`` admits is refused with a
    :class:`RuleError`, and ``state`` reads the same afterwards."""
    legal = game.legal_actions(state, seat)
    before = json.dumps(game.system.state_to_json(state))
    for action in candidates:
        if any(spec.admits(action) for spec in legal):
            continue
        with pytest.raises(RuleError):
            game.apply(state, seat, action)
    assert json.dumps(game.system.state_to_json(state)) == before
