"""The Murder City system: the protocol of ``rules.core``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import (
    Action,
    ActionSpec,
    Event,
    JSONScalar,
    Outcome,
    Seat,
    check_can_act,
)

from . import bot, legal, play, setup, stored, turns, views
from . import state as states
from .case import City
from .spec import SPEC
from .standings import outcome
from .state import McState


class MurderCity:
    SPEC = SPEC

    def read_case(self, envelope: Mapping[str, Any]) -> City:
        return setup.read_case(envelope)

    def new_game(
        self,
        case: City,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> McState:
        return setup.new_game(case, seats, mode, seed=seed, options=options)

    def to_act(self, case: City, state: McState) -> frozenset[int]:
        return turns.to_act(state)

    def legal_actions(self, case: City, state: McState, seat: int) -> list[ActionSpec]:
        return legal.legal_actions(case, state, seat)

    def apply(
        self, case: City, state: McState, seat: int, action: Action
    ) -> tuple[McState, list[Event]]:
        check_can_act(self, case, state, seat)
        legal.explain_refusal(case, state, seat, action)
        legal.check_legal(case, state, seat, action)
        return play.play(case, state, seat, action)

    def view(self, case: City, state: McState, seat: int | None) -> dict[str, Any]:
        return views.view(case, state, seat)

    def bot_view(self, case: City, state: McState, seat: int) -> Mapping[str, Any]:
        """``view`` for the bot loop: the same parts, each made when the bot reads it (a
        subclass that changes ``view`` gets its own view)."""
        if type(self).view is not MurderCity.view:
            return self.view(case, state, seat)
        return views.bot_view(case, state, seat)

    def result(self, case: City, state: McState) -> Outcome | None:
        return None if state.ended is None else outcome(state)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return bot.choose(view, legal, rng)

    def state_to_json(self, state: McState) -> dict[str, Any]:
        return states.to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> McState:
        return stored.from_json(data)


SYSTEM = MurderCity()
