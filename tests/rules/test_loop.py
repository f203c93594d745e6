"""The bot loop (rules/loop.py), on Toy Culprit: bots play until a person must act or the game
ends, a game that will not stop is a BotError at the step limit, a seed replays a game, and a
bot reads its system's ``bot_view`` when the system offers one, else ``view``."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from generator.registry import generate
from rules import registry
from rules.core import Action, ActionSpec, BotViewer, Seat, System, bot_view_of, start
from rules.loop import BotError, forced, play_step, run_bots
from rules.murder_city.game import MurderCity
from tests import toy  # noqa: F401  (registers the plug-in, as CASEBOOK_PLUGINS=tests.toy does)
from tests.toy.system import SPEC, SYSTEM, ToyCulprit

DUEL = [Seat("Ann", bot=True), Seat("Bob", bot=True)]


def toy_game(seed: int, **options: Any) -> tuple[Any, Any]:
    return start(SYSTEM, generate(SPEC.id, seed, options), DUEL, "duel", seed=seed)


class Dawdler(ToyCulprit):
    """Bots that only ever investigate, in a case whose night never ends before the step limit."""

    SPEC = dataclasses.replace(SPEC, step_limit=6)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return Action("investigate")


class Cheat(ToyCulprit):
    """A bot that names a suspect nobody has heard of."""

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return Action("accuse", {"suspect": "Nobody"})


def test_bots_play_to_the_end_with_numbered_steps() -> None:
    case, state = toy_game(3)
    final, steps = run_bots(SYSTEM, case, state, bots=frozenset({0, 1}), seed=3, steps_so_far=0)
    assert SYSTEM.result(case, final) is not None
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))
    assert steps[0].seat == 0 and all(step.seat in (0, 1) for step in steps)
    assert steps[-1].events[-1].type == "game-ended"
    assert len(steps) <= SPEC.step_limit


def test_bots_stop_when_a_person_must_act() -> None:
    case, state = toy_game(4)
    after, steps = run_bots(SYSTEM, case, state, bots=frozenset({0}), seed=4, steps_so_far=0)
    assert [step.seat for step in steps] == [0]
    assert SYSTEM.to_act(case, after) == frozenset({1})
    again, none = run_bots(SYSTEM, case, after, bots=frozenset({0}), seed=4, steps_so_far=1)
    assert none == [] and again == after  # nothing to do: the person is to act
    nobody, none = run_bots(SYSTEM, case, state, bots=frozenset(), seed=4, steps_so_far=0)
    assert none == [] and nobody == state


@pytest.mark.parametrize("seed", range(6))
def test_the_same_seed_replays_the_same_game(seed: int) -> None:
    case, state = toy_game(seed)
    bots = frozenset({0, 1})
    first = run_bots(SYSTEM, case, state, bots=bots, seed=seed, steps_so_far=0)
    second = run_bots(SYSTEM, case, state, bots=bots, seed=seed, steps_so_far=0)
    assert first == second


def test_the_bots_draws_come_from_the_seed() -> None:
    """Different secret seeds make different games on the same case."""
    case, state = toy_game(0)
    games = {
        tuple(
            (step.seat, repr(step.action.to_json()))
            for step in run_bots(
                SYSTEM, case, state, bots=frozenset({0, 1}), seed=seed, steps_so_far=0
            )[1]
        )
        for seed in range(12)
    }
    assert len(games) > 1


def test_a_game_that_will_not_stop_is_a_bot_error_at_the_step_limit() -> None:
    dawdler = Dawdler()
    case, state = start(dawdler, generate(SPEC.id, 1, {"max_turns": 1000}), DUEL, "duel", seed=1)
    with pytest.raises(BotError, match="step limit of 6"):
        run_bots(dawdler, case, state, bots=frozenset({0, 1}), seed=1, steps_so_far=0)
    # the limit counts the game's steps so far, not the loop's
    state, _ = play_step(dawdler, case, state, 0, Action("investigate"), number=1)
    state, _ = play_step(dawdler, case, state, 1, Action("investigate"), number=2)
    with pytest.raises(BotError):
        run_bots(dawdler, case, state, bots=frozenset({0, 1}), seed=1, steps_so_far=2)
    # just under the limit the loop hands the turn back to the person
    after, steps = run_bots(dawdler, case, state, bots=frozenset({0}), seed=1, steps_so_far=5)
    assert [step.number for step in steps] == [6] and SYSTEM.to_act(case, after) == {1}


def test_a_bot_that_breaks_the_rules_is_a_bot_error() -> None:
    cheat = Cheat()
    case, state = start(cheat, generate(SPEC.id, 2), DUEL, "duel", seed=2)
    with pytest.raises(BotError, match="a bot chose") as raised:
        run_bots(cheat, case, state, bots=frozenset({0, 1}), seed=2, steps_so_far=0)
    assert raised.value.__cause__ is not None


def test_play_step_numbers_one_step_and_keeps_its_events() -> None:
    case, state = toy_game(5)
    after, step = play_step(SYSTEM, case, state, 0, Action("investigate"), number=9)
    assert (step.number, step.seat, step.action) == (9, 0, Action("investigate"))
    assert [event.type for event in step.events] == ["investigated"]
    assert SYSTEM.to_act(case, after) == {1}


def test_a_seat_with_one_possible_action_takes_it_without_its_bot() -> None:
    assert forced([ActionSpec("pass-window")]) == Action("pass-window")
    assert forced([ActionSpec("pass-window"), ActionSpec("proceed")]) is None
    assert forced([ActionSpec("accuse", {"suspect": ("Ann",)})]) is None
    assert forced([]) is None


class Forced(ToyCulprit):
    """Only one move is ever legal, and its bot must never be asked for it."""

    def legal_actions(self, case: Any, state: Any, seat: int) -> list[ActionSpec]:
        return [ActionSpec("investigate")]

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        raise AssertionError("a bot with no choice was asked to choose")


def test_the_loop_does_not_ask_a_bot_that_has_no_choice() -> None:
    case, state = toy_game(5)
    system = Forced()
    state, steps = run_bots(system, case, state, bots=frozenset({0}), seed=5, steps_so_far=0)
    assert steps and all(step.action == Action("investigate") for step in steps)


class Watched(ToyCulprit):
    """A system without ``bot_view``, as a plug-in may be: its bots must read ``view``."""

    def __init__(self) -> None:
        self.read: list[Mapping[str, Any]] = []

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        self.read.append(view)
        return super().bot_choose(view, legal, rng)


class OwnBotView(Watched):
    """A system with a view of its own for its bots (a :class:`BotViewer`)."""

    def bot_view(self, case: Any, state: Any, seat: int) -> Mapping[str, Any]:
        return {**self.view(case, state, seat), "made_for": "bots"}


def test_a_system_without_bot_view_is_a_system_whose_bots_read_its_view() -> None:
    """Toy Culprit, loaded as a plug-in (CASEBOOK_PLUGINS=tests.toy), offers no ``bot_view``."""
    plugin = registry.get(SPEC.id)
    assert not hasattr(plugin, "bot_view")
    assert isinstance(plugin, System) and not isinstance(plugin, BotViewer)
    assert bot_view_of(plugin) == plugin.view
    watched = Watched()
    case, state = toy_game(7)
    final, steps = run_bots(watched, case, state, bots=frozenset({0, 1}), seed=7, steps_so_far=0)
    assert watched.result(case, final) is not None and watched.read
    assert all("made_for" not in view for view in watched.read)
    assert (final, steps) == run_bots(
        SYSTEM, case, state, bots=frozenset({0, 1}), seed=7, steps_so_far=0
    )


def test_a_system_with_bot_view_gives_its_bots_that_view() -> None:
    system = OwnBotView()
    assert isinstance(system, System) and isinstance(system, BotViewer)
    case, state = toy_game(8)
    run_bots(system, case, state, bots=frozenset({0, 1}), seed=8, steps_so_far=0)
    assert system.read and all(view["made_for"] == "bots" for view in system.read)


def test_murder_city_offers_its_own_bot_view() -> None:
    viewer: BotViewer = MurderCity()  # mypy checks the signature against the protocol
    assert isinstance(viewer, System) and bot_view_of(viewer) == viewer.bot_view
