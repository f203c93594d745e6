"""The Murdered by Midnight system: the protocol of ``rules.core``, plus the Author's desk."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import (
    Action,
    ActionSpec,
    Event,
    Outcome,
    Seat,
    check_action,
    check_can_act,
)

from . import author, bot, desk, legal, play, setup, views
from . import state as states
from .spec import SPEC
from .state import MbmState


class MurderedByMidnight:
    SPEC = SPEC

    def new_game(
        self, case: Mapping[str, Any], seats: Sequence[Seat], mode: str, seed: int
    ) -> MbmState:
        return setup.new_game(case, seats, mode, seed)

    def to_act(self, state: MbmState) -> frozenset[int]:
        return frozenset() if state.ended is not None else frozenset({state.turn})

    def legal_actions(self, state: MbmState, seat: int) -> list[ActionSpec]:
        return legal.legal_actions(state, seat)

    def apply(self, state: MbmState, seat: int, action: Action) -> tuple[MbmState, list[Event]]:
        check_can_act(self, state, seat)
        legal.explain_refusal(state, seat, action)
        check_action(legal.legal_actions(state, seat), action)
        return play.play(state, seat, action)

    def view(self, state: MbmState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def result(self, state: MbmState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.winners, state.ended, author.solution_json(state.case))

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return bot.choose(view, legal, rng)

    def state_to_json(self, state: MbmState) -> dict[str, Any]:
        return states.to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> MbmState:
        return states.from_json(data)

    def author_questions(self, case: Mapping[str, Any]) -> list[ActionSpec]:
        return desk.author_questions(case)

    def author_answer(self, case: Mapping[str, Any], question: Action) -> Event:
        return desk.author_answer(case, question)


SYSTEM = MurderedByMidnight()
