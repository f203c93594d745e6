"""The Murdered by Midnight system: the protocol of ``rules.core``, plus the Author's desk."""

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
    check_action,
    check_can_act,
)

from . import bot, desk, legal, play, setup, views
from . import state as states
from .case import MbmCase
from .spec import SPEC
from .state import MbmState


class MurderedByMidnight:
    SPEC = SPEC
    ASKER = desk.ASKER

    def read_case(self, envelope: Mapping[str, Any]) -> MbmCase:
        return setup.read_case(envelope)

    def new_game(
        self,
        case: MbmCase,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> MbmState:
        return setup.new_game(case, seats, mode, seed=seed, options=options)

    def to_act(self, case: MbmCase, state: MbmState) -> frozenset[int]:
        return frozenset() if state.ended is not None else frozenset({state.turn})

    def legal_actions(self, case: MbmCase, state: MbmState, seat: int) -> list[ActionSpec]:
        return legal.legal_actions(case, state, seat)

    def apply(
        self, case: MbmCase, state: MbmState, seat: int, action: Action
    ) -> tuple[MbmState, list[Event]]:
        check_can_act(self, case, state, seat)
        legal.explain_refusal(case, state, seat, action)
        check_action(legal.legal_actions(case, state, seat), action)
        return play.play(case, state, seat, action)

    def view(self, case: MbmCase, state: MbmState, seat: int | None) -> dict[str, Any]:
        return views.view(case, state, seat)

    def result(self, case: MbmCase, state: MbmState) -> Outcome | None:
        return None if state.ended is None else play.outcome(case, state)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return bot.choose(view, legal, rng)

    def state_to_json(self, state: MbmState) -> dict[str, Any]:
        return states.to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> MbmState:
        return states.from_json(data)

    def author_questions(self, case: MbmCase) -> list[ActionSpec]:
        return desk.author_questions(case)

    def author_answer(self, case: MbmCase, question: Action) -> Event:
        return desk.author_answer(case, question)


SYSTEM = MurderedByMidnight()
