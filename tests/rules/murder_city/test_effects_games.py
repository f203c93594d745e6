"""Whole games of random legal moves with every card and trade in play: no card, setback,
hardship or offer the forms allow ever fails, the books add up, and the cards are all seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.core import random_action
from rules.murder_city import state as states
from rules.murder_city import trade
from rules.murder_city.cards import HARDSHIPS, LEGWORK, SETBACKS
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import STARTING_CREDITS
from tests.rules.murder_city.cards_fixture import CITY, start

STEP_CAP = 4000


def play_out(seed: int, seats: int) -> Counter[str]:
    """A game of uniformly random legal moves to its end (under the cap); what happened."""
    rng = random.Random(seed)
    state = start(seats, seed=seed)
    seen: Counter[str] = Counter()
    booked = dict.fromkeys(range(seats), STARTING_CREDITS)  # setup's events come with step 1
    for _ in range(STEP_CAP):
        if SYSTEM.result(CITY, state) is not None:
            break
        seat = min(SYSTEM.to_act(CITY, state))
        legal = SYSTEM.legal_actions(CITY, state, seat)
        if state.offer is not None:  # the partner weighs the offer as a bot does
            action = trade.bot_answer(SYSTEM.view(CITY, state, seat), legal, rng)
            seen["accepted" if action.params["accept"] else "declined"] += 1
        else:
            action = random_action(legal, rng)
        state, events = SYSTEM.apply(CITY, state, seat, action)
        for event in events:
            seen[event.type] += 1
            if event.type == "legwork-played":
                seen["card:" + str(event.data["card"])] += 1
            if event.type in ("setback-revealed", "hardship-taken"):
                seen["card:" + str(event.data["card"])] += 1
            if event.type == "credits":
                booked[int(event.data["seat"])] += int(event.data["amount"])
    assert SYSTEM.result(CITY, state) is not None, "the game did not end under the cap"
    assert booked == {seat: desk.credits for seat, desk in enumerate(state.desks)}
    assert states.from_json(states.to_json(state)) == state
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_every_card_end_and_the_books_add_up(seed: int) -> None:
    seen = play_out(seed, 3 + seed % 3)
    assert seen["legwork-played"] and seen["hardship-taken"]


def test_over_a_few_games_most_cards_come_into_play() -> None:
    seen: Counter[str] = Counter()
    for seed in range(10, 16):
        seen += play_out(seed, 4)
    ids = [card.id for card in (*LEGWORK, *SETBACKS)] + [card.id for card in HARDSHIPS]
    every = {f"card:{card}" for card in ids}
    came = {name for name in every if seen[name]}
    assert len(came) >= len(every) * 2 // 3, sorted(every - came)
    assert seen["accepted"] and seen["declined"]  # the bot weighs: it does both
