"""``legal.check_legal`` answers as ``check_action`` over the whole legal list (rules/actions.py):
a person's action is checked against the part of the list its type comes from first, so over
games of two to five seats, at every step, every seat's actions (the bot's choice, random legal
ones, and the same with a choice, a type or a card made wrong) pass or are refused the same way,
with the same message and code. Each check is given a copy of the state, which nothing has
remembered, so the part is what answers first."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

from rules.actions import random_pick
from rules.core import Action, ActionSpec, RuleError, check_action
from rules.murder_city import legal
from rules.murder_city.game import SYSTEM
from tests.rules.murder_city.helpers import CITY, start

ODD_TYPES = ("play-legwork", "offer-trade", "draw-evidence", "pass-window", "answer-offer")


def _outcome(check: Callable[..., object], *arguments: object) -> tuple[str, str] | None:
    """``None`` when ``check(*arguments)`` passes, else the refusal's code and message."""
    try:
        check(*arguments)
    except RuleError as error:
        return error.code, error.message
    return None


def _tried(legal_list: list[ActionSpec], rng: random.Random) -> list[Action]:
    """Legal actions and actions made wrong in a few ways."""
    tried: list[Action] = []
    for spec in rng.sample(legal_list, min(4, len(legal_list))):
        params = {name: random_pick(param, rng) for name, param in spec.params.items()}
        tried.append(Action(spec.type, params))
        for name in params:
            tried.append(Action(spec.type, {**params, name: "nonsense"}))
        tried.append(Action(spec.type, {**params, "card": "L99"}))
    tried += [Action(kind, {"card": "L01"}) for kind in ODD_TYPES]
    return tried


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_check_legal_answers_as_the_whole_list(count: int) -> None:
    rng = random.Random(count)
    state = start(count, seed=count)
    unremembered = legal._legal.__wrapped__  # type: ignore[attr-defined]
    for _ in range(300):
        if SYSTEM.result(CITY, state) is not None:
            break
        acting = min(SYSTEM.to_act(CITY, state))
        forms = list(unremembered(CITY, state, acting))
        for seat in range(count):  # each seat tries the acting seat's forms too
            whole = unremembered(CITY, state, seat)
            for action in _tried([*whole, *forms], rng):
                expected = _outcome(check_action, whole, action)
                fresh = copy.copy(state)  # a state the check has not remembered
                found = _outcome(legal.check_legal, CITY, fresh, seat, action)
                assert found == expected, (seat, action)
        actions = SYSTEM.legal_actions(CITY, state, acting)
        view = SYSTEM.view(CITY, state, acting)
        state, _ = SYSTEM.apply(CITY, state, acting, SYSTEM.bot_choose(view, actions, rng))
