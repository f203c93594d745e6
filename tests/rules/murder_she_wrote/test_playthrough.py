"""Whole games, by the simple bot and by a random client: they end within the step cap, every
state round-trips through JSON, ``apply`` never changes its input, every step shows every seat
an event, and no view's shape tells a role."""

from __future__ import annotations

import copy
import json
import random

import pytest

from generator.murder_she_wrote import envelope
from rules.core import Action, random_action, rng_for
from rules.loop import run_bots
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.spec import SPEC
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote.helpers import GAME, ISLAND, seats

CASES = [
    (count, seed, rules)
    for count in (3, 4, 6)
    for seed in (0, 1)
    for rules in ("basic", "advanced")
]


def shape(value: object) -> object:
    """A view's shape: its keys, recursively; lists and scalars reduced to their kind."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    return "list" if isinstance(value, list) else "value"


@pytest.mark.parametrize(("count", "seed", "rules"), CASES)
def test_bots_play_to_an_ending_within_the_step_cap(count: int, seed: int, rules: str) -> None:
    state = GAME.new_game(seats(count, bot=True), "standard", seed, {"rules": rules})
    final, steps = run_bots(
        SYSTEM, ISLAND, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
    )
    outcome = GAME.result(final)
    assert outcome is not None and outcome.ending in SPEC.endings
    assert len(steps) <= SPEC.step_limit
    assert steps[-1].events[-1].type == "game-ended"
    again, replayed = run_bots(
        SYSTEM, ISLAND, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
    )
    assert again == final and replayed == steps


@pytest.mark.parametrize(("count", "seed", "rules"), CASES)
def test_random_games_keep_every_promise(count: int, seed: int, rules: str) -> None:
    state: MswState = GAME.new_game(seats(count), "standard", seed, {"rules": rules, "rounds": 20})
    rng = random.Random(seed)
    for step in range(SPEC.step_limit + 1):
        assert step < SPEC.step_limit, "the game passed its step limit"
        if GAME.result(state) is not None:
            break
        assert SYSTEM.state_from_json(json.loads(json.dumps(SYSTEM.state_to_json(state)))) == state
        views = [GAME.view(state, seat) for seat in (*range(count), None)]
        assert len({json.dumps(shape(view), sort_keys=True) for view in views}) == 1
        seat = sorted(GAME.to_act(state))[rng.randrange(len(GAME.to_act(state)))]
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat to act has something to do"
        action = (
            random_action(legal, rng)
            if rng.random() < 0.5
            else GAME.bot_choose(GAME.view(state, seat), legal, rng_for(seed, step, "bot"))
        )
        before = copy.deepcopy(state)
        after, events = GAME.apply(state, seat, action)
        assert state == before and SYSTEM.state_to_json(state) == SYSTEM.state_to_json(before)
        assert any(event.audience is None for event in events)
        assert set(e.type for e in events) <= set(SPEC.event_types)
        state = after
    assert GAME.result(state) is not None
    assert GAME.to_act(state) == frozenset() and GAME.legal_actions(state, 0) == []


def test_every_seat_faces_the_same_decisions_whatever_its_role() -> None:
    """ "Everyone should be going through the same actions, thus providing essential cover for
    the Murderer's crimes." A step's seats to act, and the types of what they may do, are the
    same for the Murderer and a Jessica."""
    for seed in range(6):
        state = GAME.new_game(seats(4, bot=True), "standard", seed)
        final, steps = run_bots(
            SYSTEM, ISLAND, state, bots=frozenset(range(4)), seed=seed, steps_so_far=0
        )
        kinds = {step.action.type for step in steps if step.seat == final.murderer}
        others = {step.action.type for step in steps if step.seat != final.murderer}
        assert kinds <= {"set-scene", "move", "return-token"} and "return-token" in others
        visits = [s for s in steps if any(e.type == "visited" for e in s.events)]
        for visit in visits:
            index = steps.index(visit)
            if index + 1 < len(steps):
                assert steps[index + 1].action.type == "return-token"
                assert steps[index + 1].seat == visit.seat


def test_a_state_round_trips_through_json_mid_scene_and_mid_game() -> None:
    """The scene's sealed choices (keyed by seat), sightings, accusations and the out seats all
    survive ``state_to_json`` and back, through text."""
    state = GAME.new_game(seats(4), "standard", 3)
    for seat in range(2):
        victim = "L4" if seat == state.murderer else "none"
        state, _ = GAME.apply(state, seat, Action("set-scene", {"victim": victim}))
    mid_scene = state
    for seat in range(2, 4):
        victim = "L4" if seat == state.murderer else "none"
        state, _ = GAME.apply(state, seat, Action("set-scene", {"victim": victim}))
    final, _ = run_bots(SYSTEM, ISLAND, state, bots=frozenset(range(4)), seed=3, steps_so_far=4)
    for each in (mid_scene, state, final):
        text = json.dumps(SYSTEM.state_to_json(each))
        assert SYSTEM.state_from_json(json.loads(text)) == each
    assert mid_scene.scene is not None and len(mid_scene.scene.choices) == 2


@pytest.mark.parametrize("island_seed", range(3))
def test_bots_play_generated_islands_to_an_ending(island_seed: int) -> None:
    """Every island the generator makes reads and plays: the rules and the generator agree on
    the board."""
    case = SYSTEM.read_case(envelope(island_seed))
    for seed, rules in ((island_seed, "basic"), (island_seed + 10, "advanced")):
        state = SYSTEM.new_game(
            case, seats(5, bot=True), "standard", seed=seed, options={"rules": rules, "rounds": 40}
        )
        final, steps = run_bots(
            SYSTEM, case, state, bots=frozenset(range(5)), seed=seed, steps_so_far=0
        )
        outcome = SYSTEM.result(case, final)
        assert outcome is not None and len(steps) <= SPEC.step_limit
