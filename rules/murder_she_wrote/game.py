"""The Murder, She Wrote system: the protocol of ``rules.core``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import (
    Action,
    ActionSpec,
    Event,
    InvalidActionError,
    JSONScalar,
    Outcome,
    Seat,
    check_action,
    check_can_act,
)

from . import bot, bot_view, legal, play, setup, views
from . import state as states
from .case import Island
from .spec import SPEC, Phase
from .standings import outcome
from .state import MswState

#: Plain values read on every step: an enum member's ``.value`` is a property call.
SCENE, OVER = Phase.SCENE.value, Phase.OVER.value


class MurderSheWrote:
    SPEC = SPEC

    def read_case(self, envelope: Mapping[str, Any]) -> Island:
        return setup.read_case(envelope)

    def new_game(
        self,
        case: Island,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> MswState:
        return setup.new_game(case, seats, mode, seed=seed, options=options)

    def to_act(self, case: Island, state: MswState) -> frozenset[int]:
        if state.phase == SCENE:
            return frozenset(state.scene.waiting) if state.scene is not None else frozenset()
        if state.phase == OVER:
            return frozenset()
        return frozenset((state.turn,))

    def legal_actions(self, case: Island, state: MswState, seat: int) -> list[ActionSpec]:
        return legal.legal_actions(case, state, seat)

    def apply(
        self, case: Island, state: MswState, seat: int, action: Action
    ) -> tuple[MswState, list[Event]]:
        check_can_act(self, case, state, seat)
        try:
            check_action(legal.legal_actions(case, state, seat), action)
        except InvalidActionError:
            # the rule's own code first; it refuses nothing the specs admit, so it is asked
            # only of an action they refuse (every move of a bot is legal)
            legal.explain_refusal(case, state, seat, action)
            raise
        return play.play(case, state, seat, action)

    def view(self, case: Island, state: MswState, seat: int | None) -> dict[str, Any]:
        return views.view(case, state, seat)

    def bot_view(self, case: Island, state: MswState, seat: int) -> Mapping[str, Any]:
        """``view`` for the bot loop: the same parts, each made when the bot reads it (a
        subclass that changes ``view`` gets its own view)."""
        if type(self).view is not MurderSheWrote.view:
            return self.view(case, state, seat)
        return bot_view.BotView(case, state, seat)

    def result(self, case: Island, state: MswState) -> Outcome | None:
        return None if state.ending is None else outcome(state)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return bot.choose(view, legal, rng)

    def state_to_json(self, state: MswState) -> dict[str, Any]:
        return states.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> MswState:
        return states.state_from_json(data)


SYSTEM = MurderSheWrote()
