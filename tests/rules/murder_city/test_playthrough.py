"""Whole games of bots: they end within the step cap, every state round-trips through JSON,
``apply`` never changes its input, whatever is not legal is refused, every step shows every
seat an event, and the credits events explain every balance."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from rules.core import Action
from rules.loop import run_bots
from rules.murder_city.case import EVIDENCE_TYPES
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import SPEC, STARTING_CREDITS, Ending, Ev
from rules.murder_city.state import McState
from tests.bound import assert_only_legal_actions_apply
from tests.rules.murder_city.helpers import CITY, GAME, seats


def bot_game(count: int, seed: int, **options: object) -> Iterator[tuple[McState, int, Action]]:
    state: McState = GAME.new_game(seats(count, bot=True), "standard", seed, options)
    rng = random.Random(seed)
    for _ in range(SPEC.step_limit):
        if GAME.result(state) is not None:
            return
        actor = min(GAME.to_act(state))
        action = SYSTEM.bot_choose(GAME.view(state, actor), GAME.legal_actions(state, actor), rng)
        yield state, actor, action
        state, _ = GAME.apply(state, actor, action)
    raise AssertionError("the game passed its step limit")


@pytest.mark.usefixtures("no_cards")
@pytest.mark.parametrize("count", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_bots_play_every_turn_to_the_end_within_the_step_cap(count: int, seed: int) -> None:
    """ "Play 6 turns, and all the Jovans' contracts with the arcology come to an end. The player
    with the most credits … is declared the winner." """
    state = GAME.new_game(seats(count, bot=True), "standard", seed)
    final, steps = run_bots(
        SYSTEM, CITY, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
    )
    outcome = GAME.result(final)
    assert outcome is not None and outcome.ending == Ending.CONTRACTS_EXPIRED
    assert final.turn == 6 and len(steps) <= SPEC.step_limit
    best = max((d.credits, d.won) for d in final.desks)
    assert set(outcome.winners) == {
        s for s, d in enumerate(final.desks) if (d.credits, d.won) == best
    }
    assert steps[-1].events[-1].type == Ev.GAME_ENDED
    again, replayed = run_bots(
        SYSTEM, CITY, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
    )
    assert again == final and replayed == steps


@pytest.mark.parametrize("count", [3, 5])
def test_bots_play_to_the_end_with_the_cards(count: int) -> None:
    """The same with every card effect, setback, hardship and trade hook in play: the game
    ends, every step shows every seat and a spectator an event, the books add up."""
    state = GAME.new_game(seats(count, bot=True), "standard", 4)
    final, steps = run_bots(
        SYSTEM, CITY, state, bots=frozenset(range(count)), seed=4, steps_so_far=0
    )
    assert GAME.result(final) is not None and len(steps) <= SPEC.step_limit
    totals = dict.fromkeys(range(count), STARTING_CREDITS)
    for step in steps:
        for seat in (None, *range(count)):
            assert any(event.for_seat(seat) is not None for event in step.events)
        for event in step.events:
            if event.type == Ev.CREDITS:
                totals[event.data["seat"]] += event.data["amount"]
                assert totals[event.data["seat"]] == event.data["balance"] >= 0
    assert totals == {seat: desk.credits for seat, desk in enumerate(final.desks)}


@pytest.mark.usefixtures("no_cards")
def test_the_books_add_up_and_every_step_shows_every_seat_an_event() -> None:
    """Every change of a balance is one credits event (docs/murder-city.md, "Credits")."""
    for count, seed in ((3, 5), (5, 6)):
        state = GAME.new_game(seats(count, bot=True), "standard", seed)
        final, steps = run_bots(
            SYSTEM, CITY, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
        )
        totals = dict.fromkeys(range(count), STARTING_CREDITS)
        trials = 0
        for step in steps:
            for seat in range(count):
                assert any(event.for_seat(seat) is not None for event in step.events)
            for event in step.events:
                assert "type" not in event.data  # for_seat puts the event's type there
                if event.type == Ev.CREDITS:
                    totals[event.data["seat"]] += event.data["amount"]
                    assert totals[event.data["seat"]] == event.data["balance"] >= 0
                if event.type == Ev.TRIAL:
                    trials += 1
                    assert len(event.data["faces"]) == event.data["dice"]
                    assert sum(event.data["faces"]) == event.data["total"]
        assert totals == {seat: desk.credits for seat, desk in enumerate(final.desks)}
        assert trials >= 1


@pytest.mark.usefixtures("no_cards")
def test_every_state_round_trips_and_apply_never_mutates() -> None:
    for state, actor, action in bot_game(4, 7, jovans="chosen"):
        text = json.dumps(SYSTEM.state_to_json(state))
        assert SYSTEM.state_from_json(json.loads(text)) == state
        GAME.apply(state, actor, action)
        assert json.dumps(SYSTEM.state_to_json(state)) == text


def _candidates() -> list[Action]:
    actions = [Action(kind) for kind in SPEC.action_types]
    actions += [Action("draw-evidence", {"deck": kind}) for kind in (*EVIDENCE_TYPES, "nope")]
    cards = ["EW01", "FO07", "MW33", "PO31", "IN15"]
    actions += [Action("discard-evidence", {"card": card}) for card in cards]
    actions += [Action("pick-discard", {"card": card}) for card in cards]
    actions += [
        Action("attach", {"card": card, "murder": murder})
        for card in cards
        for murder in ("M01", "M07", "M25")
    ]
    actions += [Action("present", {"murder": m, "suspect": "Child"}) for m in ("M01", "M13")]
    actions += [Action("volunteer", {"listen": flag}) for flag in (True, False)]
    actions += [Action("challenge", {"evidence": kind}) for kind in EVIDENCE_TYPES]
    actions += [Action("take-hardship", {"benefit": b}) for b in ("die", "swap", "listener")]
    actions += [Action("choose-jovan", {"jovan": j}) for j in ("J1", "J6")]
    return actions


@pytest.mark.usefixtures("no_cards")
def test_anything_outside_the_legal_actions_is_refused_and_changes_nothing() -> None:
    candidates = _candidates()
    for number, (state, actor, _) in enumerate(bot_game(3, 3)):
        if number % 5:
            continue
        assert_only_legal_actions_apply(GAME, state, actor, candidates)
        for other in set(range(3)) - GAME.to_act(state):
            assert GAME.legal_actions(state, other) == []
