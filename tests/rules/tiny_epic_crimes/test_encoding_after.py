"""A state encoded after the latest state of its game (``encoding.to_json``, issue #12) takes the
fields that are the very same objects from that state's encoding: whatever state came before
under the game's seed (its predecessor, a later one, another game's of the same seed), the
encoding reads as ``serial``'s."""

from __future__ import annotations

import json
import random

from rules import serial
from rules.tiny_epic_crimes import encoding
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.coop_helpers import game_for
from tests.rules.tiny_epic_crimes.helpers import seats


def _solo_states(officers: int, seed: int) -> list[TecState]:
    game = game_for(officers)
    state = game.new_game(seats(1, bot=True), "solo", seed, {"officers": officers})
    rng = random.Random(seed)
    states = [state]
    while game.result(state) is None:
        view, legal_now = game.view(state, 0), game.legal_actions(state, 0)
        state, _ = game.apply(state, 0, SYSTEM.bot_choose(view, legal_now, rng))
        states.append(state)
    return states


def _reads_as_serial(state: TecState) -> bool:
    return json.dumps(encoding.to_json(state)) == json.dumps(serial.to_json(state))


def test_two_games_of_one_seed_encoded_in_turn_read_as_serial() -> None:
    two, four = _solo_states(2, seed=5), _solo_states(4, seed=5)
    assert two[0].seed == four[0].seed
    for mine, other in zip(two, four, strict=False):
        assert _reads_as_serial(mine)
        assert _reads_as_serial(other)


def test_states_encoded_out_of_order_read_as_serial() -> None:
    states = _solo_states(3, seed=8)
    for state in [*states[::-1], *states[::7], *states[1::2]]:
        assert _reads_as_serial(state)
        assert _reads_as_serial(state)  # after itself: every field kept
