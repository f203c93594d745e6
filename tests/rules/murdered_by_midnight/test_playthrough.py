"""Whole games: bots solve the sample case; every state reached round-trips through JSON, an
``apply`` never changes its input, and anything outside the legal actions is refused."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.core import Action, RuleError
from rules.loop import run_bots
from rules.murdered_by_midnight import legal
from rules.murdered_by_midnight.spec import Act, Ending
from rules.murdered_by_midnight.state import MbmState
from tests.rules.murdered_by_midnight.helpers import CASE, GAME, SYSTEM, TABLES, seats

SOLUTION = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}


def bot_game(mode: str, count: int, seed: int) -> Iterator[tuple[MbmState, int, Action]]:
    """Every (state, actor, action) of a bot-only game, each bot seeing only its own view."""
    state: MbmState = GAME.new_game(seats(count, bot=True), mode, seed)
    rng = random.Random(seed)
    while GAME.result(state) is None:
        actor = min(GAME.to_act(state))
        action = SYSTEM.bot_choose(GAME.view(state, actor), GAME.legal_actions(state, actor), rng)
        yield state, actor, action
        state, _ = GAME.apply(state, actor, action)
    yield state, -1, Action("none")


@pytest.mark.parametrize(("mode", "count"), [*TABLES, ("competitive", 2)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_solve_the_sample_case(mode: str, count: int, seed: int) -> None:
    """ "To solve the murder, a player must correctly deduce the murderer, murder weapon, motive
    and time of death" — from prints, forensics, suspicions and sightings."""
    *_, (final, _, _) = bot_game(mode, count, seed)
    outcome = GAME.result(final)
    assert outcome is not None and outcome.winners, outcome
    assert outcome.ending == Ending.SOLVED
    assert final.accusations[-1].correct and len(final.accusations) == 1
    assert outcome.solution is not None and dict(outcome.solution) == SOLUTION


@pytest.mark.parametrize(("mode", "count"), [("solo", 1), ("co-op", 3), ("competitive", 3)])
def test_the_bot_loop_solves_the_sample_case_and_replays_it(mode: str, count: int) -> None:
    """The loop the server and the terminal share: bots move on their own views until the
    night ends, each step numbered, and the same secret seed replays the same game."""
    state = GAME.new_game(seats(count, bot=True), mode, 11)
    bots = frozenset(range(count))
    final, steps = run_bots(SYSTEM, CASE, state, bots=bots, seed=11, steps_so_far=0)
    outcome = GAME.result(final)
    assert outcome is not None and outcome.ending == Ending.SOLVED, outcome
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))
    assert steps[-1].events[-1].type == "game-ended"
    again, replayed = run_bots(SYSTEM, CASE, state, bots=bots, seed=11, steps_so_far=0)
    assert again == final and replayed == steps


@pytest.mark.parametrize(("mode", "count"), [("solo", 1), ("competitive", 3)])
def test_every_state_round_trips_and_apply_never_mutates(mode: str, count: int) -> None:
    """State is plain data that serialises to JSON and back without loss (docs/architecture.md)."""
    for state, actor, action in bot_game(mode, count, 7):
        data = SYSTEM.state_to_json(state)
        text = json.dumps(data)
        assert SYSTEM.state_from_json(json.loads(text)) == state
        if actor >= 0:
            GAME.apply(state, actor, action)
            assert json.dumps(SYSTEM.state_to_json(state)) == text


def _candidates(state: MbmState) -> list[Action]:
    """Actions of every type with every plausible parameter, legal or not."""
    case = CASE
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
    for spec in GAME.legal_actions(state, seat):
        if spec.type == action.type and set(spec.params) == set(action.params):
            if all(action.params[name] in spec.choices(name) for name in spec.params):
                return True
    return False


@pytest.mark.parametrize(("mode", "count"), [("co-op", 1), ("competitive", 3)])
def test_anything_not_listed_is_refused_with_a_rule_error(mode: str, count: int) -> None:
    """The protocol (docs/architecture.md): ``apply`` refuses any illegal action with a rule
    error that has a stable code, and never changes the state."""
    for index, (state, _, _) in enumerate(bot_game(mode, count, 3)):
        if index % 4:
            continue
        before = json.dumps(SYSTEM.state_to_json(state))
        for seat in range(count):
            for action in _candidates(state):
                if _is_listed(state, seat, action):
                    GAME.apply(state, seat, action)
                    continue
                with pytest.raises(RuleError) as caught:
                    GAME.apply(state, seat, action)
                assert "/" in caught.value.code and caught.value.message
        assert json.dumps(SYSTEM.state_to_json(state)) == before


@pytest.mark.parametrize(("mode", "count"), [("solo", 1), ("competitive", 3)])
def test_the_forms_of_one_type_are_the_listed_forms_of_that_type(mode: str, count: int) -> None:
    """``apply`` checks a move against the forms of its own type only: they must be exactly
    the ones ``legal_actions`` lists for that type, in its order, at every state and seat."""
    kinds = [kind.value for kind in Act] + ["fly"]
    for state, _, _ in bot_game(mode, count, 5):
        for seat in range(count):
            listed = GAME.legal_actions(state, seat)
            for kind in kinds:
                forms = legal.legal_actions_of(CASE, state, seat, kind)
                assert forms == [spec for spec in listed if spec.type == kind], (kind, seat)
