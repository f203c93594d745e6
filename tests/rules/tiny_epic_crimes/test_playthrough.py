"""Whole games of bots: they always end within the step cap, every state round-trips through
JSON, ``apply`` never changes its input, and whatever is not legal is refused."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest

from rules.core import Action
from rules.core import start as start_game
from rules.loop import run_bots
from rules.tiny_epic_crimes import bot
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.spec import SPEC
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.bound import Bound, assert_only_legal_actions_apply
from tests.rules.tiny_epic_crimes.helpers import (
    CASE,
    GAME,
    GAME_2,
    NIGHT,
    hours,
    mobsters,
    of,
    officer,
    seats,
    start,
)


def game_for(count: int) -> Bound:
    return GAME_2 if count == 2 else GAME


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_play_to_the_accusation_within_the_step_cap(count: int, seed: int) -> None:
    game = game_for(count)
    state = game.new_game(seats(count, bot=True), "standard", seed)
    final, steps = run_bots(
        SYSTEM, game.case, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
    )
    outcome = game.result(final)
    assert outcome is not None and outcome.ending in ("solved", "unsolved")
    assert len(steps) <= SPEC.step_limit
    assert all(o.rested for o in final.officers) and len(final.accusations) == count
    assert all(43 <= final.track.position(seat) <= 48 for seat in range(count))
    assert steps[-1].events[-1].type == "game-ended"
    again, replayed = run_bots(
        SYSTEM, game.case, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
    )
    assert again == final and replayed == steps


def test_bots_collect_clues_and_solve_evidence() -> None:
    """Over a few games the bots chase clue tokens: evidence gets solved and named."""
    solved = 0
    right = 0
    for seed in range(6):
        state = GAME.new_game(seats(4, bot=True), "standard", seed)
        final, _ = run_bots(
            SYSTEM, CASE, state, bots=frozenset(range(4)), seed=seed, steps_so_far=0
        )
        solved += len(final.solved)
        right += sum(1 for letter in final.accusations.values() if letter == CASE.solution.murderer)
    assert solved >= 6 and right >= 1


def bot_game(count: int, seed: int) -> Iterator[tuple[TecState, int, Action]]:
    game = game_for(count)
    state: TecState = game.new_game(seats(count, bot=True), "standard", seed)
    rng = random.Random(seed)
    while game.result(state) is None:
        actor = min(game.to_act(state))
        action = SYSTEM.bot_choose(game.view(state, actor), game.legal_actions(state, actor), rng)
        yield state, actor, action
        state, _ = game.apply(state, actor, action)


def test_every_state_round_trips_and_apply_never_mutates() -> None:
    for state, actor, action in bot_game(3, 7):
        text = json.dumps(SYSTEM.state_to_json(state))
        assert SYSTEM.state_from_json(json.loads(text)) == state
        GAME.apply(state, actor, action)
        assert json.dumps(SYSTEM.state_to_json(state)) == text


def _candidates() -> list[Action]:
    blocks = [b.id for b in CASE.blocks] + [HQ, "B99"]
    actions = [Action(kind) for kind in SPEC.action_types]
    actions += [Action("drive", {"to": block}) for block in blocks]
    actions += [
        Action(kind, {"hours": h}) for kind in ("stakeout", "call-for-backup") for h in range(0, 8)
    ]
    actions += [Action("accuse", {"murderer": s.letter}) for s in CASE.suspects]
    events = [f"E{n:02}" for n in range(1, 20)]
    actions += [Action("resolve-event", {"event": card}) for card in events]
    actions += [Action("play-force", {"card": f"F{n:02}"}) for n in range(1, 14)]
    return actions


def test_anything_outside_the_legal_actions_is_refused_and_changes_nothing() -> None:
    candidates = _candidates()
    for number, (state, actor, _) in enumerate(bot_game(3, 3)):
        if number % 7:
            continue
        assert_only_legal_actions_apply(GAME, state, actor, candidates)


def test_the_bot_resolves_an_event_it_stands_on() -> None:
    state = dataclasses.replace(
        start(3), events=(ActiveEvent("E03", 1, 0, (), (), (), ()),)
    )  # Citywide Blackout: 2 hours at the HQ, where every car starts
    action = SYSTEM.bot_choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    assert action == Action("resolve-event", {"event": "E03"})


def test_events_enter_play_and_bots_resolve_some_over_whole_games() -> None:
    drawn = resolved = 0
    for state, actor, action in bot_game(4, 2):
        _, events = GAME.apply(state, actor, action)
        drawn += len(of(events, "event-drawn"))
        resolved += len(of(events, "event-resolved"))
    assert drawn >= 3 and resolved >= 1


def test_the_bot_takes_a_clue_where_it_stands() -> None:
    state = mobsters(officer(hours(start(3), {0: NIGHT, 1: 20, 2: 20}), 0, block="B11"), {})
    action = SYSTEM.bot_choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    assert action == Action("stakeout", {"hours": 5})


def test_the_bot_drives_to_the_nearest_clue_it_can_take() -> None:
    state = mobsters(hours(start(3), {0: 1, 1: 20, 2: 20}), {})  # day: search tokens B01-B07
    state = dataclasses.replace(state, forces=state.forces.remove(0, state.forces.cards_of(0)))
    action = SYSTEM.bot_choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    assert action.type == "drive"
    assert action.params["to"] in ("B03", "B07")  # two blocks from the HQ; B06 is three


def test_the_bot_accuses_a_suspect_that_fits_what_it_knows() -> None:
    view = GAME.view(start(3), 0)
    view = {**view, "suspects": ["A", "B"], "evidence": {"gang": "blue", "rank": "boss"}}
    picks = {bot.likely_murderer(view, random.Random(n)) for n in range(30)}
    fitting = {
        s.letter
        for s in CASE.suspects
        if s.gang == "blue" and s.rank == "boss" and s.letter not in ("A", "B")
    }
    assert picks and picks <= fitting


@pytest.mark.parametrize("players", [2, 4])
def test_a_generated_case_plays_to_the_end(players: int) -> None:
    """The generator's envelopes are what the rules read (not only the hand-made sample)."""
    from generator.tiny_epic_crimes import envelope as generated

    case, state = start_game(
        SYSTEM, generated(3, {"players": players}), seats(players, bot=True), "standard", seed=3
    )
    final, _ = run_bots(SYSTEM, case, state, bots=frozenset(range(players)), seed=3, steps_so_far=0)
    assert SYSTEM.result(case, final) is not None
