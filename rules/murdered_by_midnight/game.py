"""The Murdered by Midnight system: the protocol of ``rules.core``, plus the Author's desk
(for the Author reading a case) and the table desk (the Author of one physical table)."""

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
    admitting,
    check_action,
    check_can_act,
)

from . import bot, desk, legal, play, session, setup, views
from . import state as states
from .case import MbmCase
from .session import DeskTable
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
        # The forms of the action's own type decide; with none, the whole list names the choices.
        forms = legal.legal_actions_of(case, state, seat, action.type)
        # what they admit, explain_refusal lets through (test_move_checks.py checks it)
        if admitting(forms, action) is None:  # why not: the rule broken, else the protocol's
            legal.explain_refusal(case, state, seat, action)
            check_action(forms or legal.legal_actions(case, state, seat), action)
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

    def open_table(self, case: MbmCase, inspectors: int) -> DeskTable:
        return session.open_table(case, inspectors)

    def table_questions(self, case: MbmCase, table: DeskTable, inspector: int) -> list[ActionSpec]:
        return session.questions(case, table, inspector)

    def table_answer(
        self, case: MbmCase, table: DeskTable, inspector: int, question: Action
    ) -> tuple[DeskTable, list[Event]]:
        return session.answer(case, table, inspector, question)

    def table_view(self, case: MbmCase, table: DeskTable) -> dict[str, Any]:
        return session.view(case, table)

    def table_result(self, case: MbmCase, table: DeskTable) -> Outcome | None:
        return session.outcome(case, table)

    def table_to_json(self, table: DeskTable) -> dict[str, Any]:
        return session.to_json(table)

    def table_from_json(self, data: Mapping[str, Any]) -> DeskTable:
        return session.from_json(data)

    def accusation_choices(self, case: MbmCase) -> dict[str, tuple[str, ...]]:
        return desk.accusation_choices(case)


SYSTEM = MurderedByMidnight()
