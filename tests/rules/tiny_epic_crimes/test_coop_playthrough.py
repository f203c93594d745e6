"""Whole cooperative and solo games of bots: they end within the step cap, replay from their
seed, round-trip every state, never change their input, and refuse whatever is not legal."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from rules.core import Action, Seat
from rules.core import start as start_game
from rules.loop import run_bots
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.spec import SPEC
from rules.tiny_epic_crimes.state import TecState
from tests.bound import Bound, assert_only_legal_actions_apply
from tests.rules.tiny_epic_crimes.coop_helpers import game_for
from tests.rules.tiny_epic_crimes.helpers import CASE, seats

TABLES = [
    ("cooperative", 2),
    ("cooperative", 3),
    ("cooperative", 4),
    ("solo", 2),
    ("solo", 3),
    ("solo", 4),
]


def opening(mode: str, officers: int, seed: int) -> tuple[Bound, TecState, list[Seat]]:
    game = game_for(officers)
    if mode == "solo":
        table = seats(1, bot=True)
        return game, game.new_game(table, "solo", seed, {"officers": officers}), table
    table = seats(officers, bot=True)
    return game, game.new_game(table, "cooperative", seed), table


@pytest.mark.parametrize(("mode", "officers"), TABLES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_play_to_the_team_accusation_within_the_step_cap(
    mode: str, officers: int, seed: int
) -> None:
    game, state, table = opening(mode, officers, seed)
    bots = frozenset(range(len(table)))
    final, steps = run_bots(SYSTEM, game.case, state, bots=bots, seed=seed, steps_so_far=0)
    outcome = game.result(final)
    assert outcome is not None and outcome.ending in ("solved", "unsolved")
    assert outcome.winners in ((), tuple(range(len(table))))  # together, or not at all
    assert (outcome.ending == "solved") == bool(outcome.winners)
    assert len(steps) <= SPEC.step_limit
    assert all(o.rested for o in final.officers) and len(final.accusations) == len(table)
    assert [e.type for e in steps[-1].events][-2:] == ["team-accused", "game-ended"]
    again, replayed = run_bots(SYSTEM, game.case, state, bots=bots, seed=seed, steps_so_far=0)
    assert again == final and replayed == steps


def test_bot_teams_solve_evidence_and_catch_the_murderer() -> None:
    """Over a few games each, the bot teams chase their roles' clues and name the murderer
    more often than a blind guess would (1 in 16)."""
    for mode, officers in TABLES:
        solved = won = 0
        for seed in range(4):
            game, state, table = opening(mode, officers, seed)
            bots = frozenset(range(len(table)))
            final, _ = run_bots(SYSTEM, game.case, state, bots=bots, seed=seed, steps_so_far=0)
            solved += len(final.solved)
            won += bool(final.winners)
        assert solved >= 4 and won >= 1, (mode, officers, solved, won)


def bot_game(mode: str, officers: int, seed: int) -> Iterator[tuple[Bound, TecState, int, Action]]:
    game, state, _ = opening(mode, officers, seed)
    rng = random.Random(seed)
    while game.result(state) is None:
        actor = min(game.to_act(state))
        action = game.bot_choose(game.view(state, actor), game.legal_actions(state, actor), rng)
        yield game, state, actor, action
        state, _ = game.apply(state, actor, action)


@pytest.mark.parametrize(("mode", "officers"), [("cooperative", 2), ("solo", 3)])
def test_every_state_round_trips_and_apply_never_mutates(mode: str, officers: int) -> None:
    for game, state, actor, action in bot_game(mode, officers, 7):
        text = json.dumps(SYSTEM.state_to_json(state))
        assert SYSTEM.state_from_json(json.loads(text)) == state
        game.apply(state, actor, action)
        assert json.dumps(SYSTEM.state_to_json(state)) == text


def _candidates() -> list[Action]:
    blocks = [b.id for b in CASE.blocks] + [HQ, "B99"]
    actions = [Action(kind) for kind in SPEC.action_types]
    actions += [Action("drive", {"to": block}) for block in blocks]
    actions += [
        Action(kind, {"hours": h}) for kind in ("stakeout", "call-for-backup") for h in range(0, 8)
    ]
    actions += [Action("accuse", {"murderer": s.letter}) for s in CASE.suspects]
    actions += [Action("leg-work", {"take": take}) for take in ("force", "suspect", "both")]
    actions += [Action("play-force", {"card": f"F{n:02}"}) for n in range(1, 14)]
    return actions


@pytest.mark.parametrize(("mode", "officers"), [("cooperative", 3), ("solo", 2)])
def test_anything_outside_the_legal_actions_is_refused_and_changes_nothing(
    mode: str, officers: int
) -> None:
    candidates = _candidates()
    for number, (game, state, actor, _) in enumerate(bot_game(mode, officers, 3)):
        if number % 9:
            continue
        assert_only_legal_actions_apply(game, state, actor, candidates)


@pytest.mark.parametrize(
    ("mode", "players", "officers"),
    [("cooperative", 2, 2), ("cooperative", 4, 4), ("solo", 1, 2), ("solo", 3, 3)],
)
def test_a_generated_case_plays_to_the_end(mode: str, players: int, officers: int) -> None:
    """The generator's envelopes (``players`` decides the token rows) play in both modes."""
    from generator.tiny_epic_crimes import envelope as generated

    table = seats(1 if mode == "solo" else officers, bot=True)
    options = {"officers": officers} if mode == "solo" else {}
    case, state = start_game(
        SYSTEM, generated(3, {"players": players}), table, mode, seed=3, options=options
    )
    final, _ = run_bots(
        SYSTEM, case, state, bots=frozenset(range(len(table))), seed=3, steps_so_far=0
    )
    assert SYSTEM.result(case, final) is not None
