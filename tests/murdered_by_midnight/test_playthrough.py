"""Whole games: bots solve the sample case; every state reached round-trips through JSON, an
``apply`` never changes its input, and anything outside the legal actions is refused."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.core import Action, RuleError
from rules.murdered_by_midnight.state import MbmState
from tests.murdered_by_midnight.helpers import SYSTEM, TABLES, envelope, seats

SOLUTION = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}


def bot_game(mode: str, count: int, seed: int) -> Iterator[tuple[MbmState, int, Action]]:
    """Every (state, actor, action) of a bot-only game, each bot seeing only its own view."""
    state: MbmState = SYSTEM.new_game(envelope(), seats(count, bot=True), mode, seed)
    rng = random.Random(seed)
    while SYSTEM.result(state) is None:
        actor = min(SYSTEM.to_act(state))
        action = SYSTEM.bot_choose(
            SYSTEM.view(state, actor), SYSTEM.legal_actions(state, actor), rng
        )
        yield state, actor, action
        state, _ = SYSTEM.apply(state, actor, action)
    yield state, -1, Action("none")


@pytest.mark.parametrize(("mode", "count"), [*TABLES, ("competitive", 2)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_solve_the_sample_case(mode: str, count: int, seed: int) -> None:
    """ "To solve the murder, a player must correctly deduce the murderer, murder weapon, motive
    and time of death" — from prints, forensics, suspicions and sightings."""
    *_, (final, _, _) = bot_game(mode, count, seed)
    outcome = SYSTEM.result(final)
    assert outcome is not None and outcome.winners, outcome
    assert final.accusations[-1].correct and len(final.accusations) == 1
    assert dict(outcome.solution) == SOLUTION


@pytest.mark.parametrize(("mode", "count"), [("solo", 1), ("competitive", 3)])
def test_every_state_round_trips_and_apply_never_mutates(mode: str, count: int) -> None:
    """State is plain data that serialises to JSON and back without loss (DESIGN.md)."""
    for state, actor, action in bot_game(mode, count, 7):
        data = SYSTEM.state_to_json(state)
        text = json.dumps(data)
        assert SYSTEM.state_from_json(json.loads(text)) == state
        if actor >= 0:
            SYSTEM.apply(state, actor, action)
            assert json.dumps(SYSTEM.state_to_json(state)) == text


def _candidates(state: MbmState) -> list[Action]:
    """Actions of every type with every plausible parameter, legal or not."""
    case = state.case
    locations = [loc.id for loc in case.locations]
    weapons = [w.id for w in case.weapons]
    characters = [c.id for c in case.characters]
    cells = [f"{x},{y}" for x in range(-2, 3) for y in range(-2, 3)]
    options: dict[str, list[dict[str, Any]]] = {
        "reveal-location": [{"at": at} for at in cells] + [{}],
        "move": [{"to": loc} for loc in locations] + [{"to": 3}],
        "take-passage": [{"to": loc} for loc in locations],
        "open-passage": [{"to": loc} for loc in locations],
        "search": [{}, {"location": "L1"}],
        "dust-for-prints": [{"weapon": w} for w in weapons],
        "forensic-analysis": [{"weapon": w} for w in weapons],
        "ask-what-they-saw": [{"character": c} for c in characters],
        "ask-who-did-it": [{"character": c} for c in characters],
        "accuse": [
            {"murderer": c, "weapon": "W1", "motive": "M1", "time": t}
            for c in characters
            for t in ("21:00", "25:00")
        ],
        "end-turn": [{}],
        "fly": [{}],
    }
    return [Action(kind, params) for kind, choices in options.items() for params in choices]


def _is_listed(state: MbmState, seat: int, action: Action) -> bool:
    for spec in SYSTEM.legal_actions(state, seat):
        if spec.type == action.type and set(spec.params) == set(action.params):
            if all(action.params[name] in choices for name, choices in spec.params.items()):
                return True
    return False


@pytest.mark.parametrize(("mode", "count"), [("co-op", 1), ("competitive", 3)])
def test_anything_not_listed_is_refused_with_a_rule_error(mode: str, count: int) -> None:
    """DESIGN.md: apply "raises a rule error with a stable code and a human message for any
    illegal action; never changes state on error"."""
    for index, (state, _, _) in enumerate(bot_game(mode, count, 3)):
        if index % 4:
            continue
        before = json.dumps(SYSTEM.state_to_json(state))
        for seat in range(count):
            for action in _candidates(state):
                if _is_listed(state, seat, action):
                    SYSTEM.apply(state, seat, action)
                    continue
                with pytest.raises(RuleError) as caught:
                    SYSTEM.apply(state, seat, action)
                assert "/" in caught.value.code and caught.value.message
        assert json.dumps(SYSTEM.state_to_json(state)) == before
