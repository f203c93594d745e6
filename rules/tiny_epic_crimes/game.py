"""The Tiny Epic Crimes system: the protocol of ``rules.core`` (not registered yet)."""

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

from . import bot, coop, decoding, encoding, legal, play, setup, solo, turns, views
from .case import TecCase
from .spec import SPEC
from .standings import outcome
from .state import TecState


class TinyEpicCrimes:
    SPEC = SPEC

    def read_case(self, envelope: Mapping[str, Any]) -> TecCase:
        return setup.read_case(envelope)

    def new_game(
        self,
        case: TecCase,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> TecState:
        return setup.new_game(case, seats, mode, seed=seed, options=options)

    def to_act(self, case: TecCase, state: TecState) -> frozenset[int]:
        if solo.is_solo(state):  # the one seat acts for all: whose turn it is is not needed
            return solo.seats_to_act(state)
        return turns.to_act(state)

    def legal_actions(self, case: TecCase, state: TecState, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act(case, state):
            return []
        return legal.legal_actions(case, state, solo.acting(state, seat))

    def apply(
        self, case: TecCase, state: TecState, seat: int, action: Action
    ) -> tuple[TecState, list[Event]]:
        check_can_act(self, case, state, seat)
        officer = solo.acting(state, seat)  # the seat itself, but in solo the officer to act
        # the specs of the action's own type; all of them only to say what is allowed instead
        offered = legal.legal_of_type(case, state, officer, action)
        # what the specs admit, explain_refusal lets through (test_move_checks.py checks it)
        if admitting(offered, action) is None:  # why not: the rule broken, else the protocol's
            legal.explain_refusal(case, state, officer, action)
            check_action(offered or legal.legal_actions(case, state, officer), action)
        after, events = play.play(case, state, officer, action)
        # co-op: what one officer learns the team learns; solo: events name the seat
        return after, solo.as_seat_events(after, coop.share(after, events))

    def view(self, case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
        return views.view(case, state, seat)

    def result(self, case: TecCase, state: TecState) -> Outcome | None:
        return None if state.ended is None else outcome(case, state)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return bot.choose(view, legal, rng)

    def state_to_json(self, state: TecState) -> dict[str, Any]:
        return encoding.to_json(state)  # ``states.to_json``'s, unchanged parts looked up

    def state_from_json(self, data: Mapping[str, Any]) -> TecState:
        return decoding.from_json(data)  # ``states.from_json``'s, the data read seeded

    def accusation_choices(self, case: TecCase) -> dict[str, tuple[str, ...]]:
        """An accusation names one of the sixteen suspects by letter."""
        return {"murderer": tuple(suspect.letter for suspect in case.suspects)}


SYSTEM = TinyEpicCrimes()
