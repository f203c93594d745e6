"""The state written for the store (``state_to_json``), which reuses the parts it wrote for
earlier states, is what ``serial`` writes, key order included, whatever order states come in."""

from __future__ import annotations

import json
from itertools import zip_longest
from typing import Any

from rules import serial
from rules.core import rng_for
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.state import state_from_json, state_to_json
from tests.rules.murder_she_wrote import test_same_games as same_games


def _states(index: int) -> list[Any]:
    table = same_games.table(index)
    case, state = table.case, table.state
    states = [state]
    while SYSTEM.result(case, state) is None:
        seat = min(SYSTEM.to_act(case, state))
        legal = SYSTEM.legal_actions(case, state, seat)
        action = SYSTEM.bot_choose(
            SYSTEM.view(case, state, seat), legal, rng_for(table.seed, state.step, "bot")
        )
        state, _events = SYSTEM.apply(case, state, seat, action)
        states.append(state)
    return states


def test_every_state_is_written_as_serial_writes_it_in_any_order() -> None:
    games = [_states(index) for index in (0, 7, 19, 21)]
    in_turn = [state for step in zip_longest(*games) for state in step if state is not None]
    backwards = [state for game in games for state in reversed(game)]
    skipping = [state for game in games for state in game[::3]]  # a few visits at a time
    decoded = [state_from_json(serial.to_json(state)) for state in games[1]]
    for state in [*in_turn, *backwards, *skipping, *decoded, *games[2]]:
        assert json.dumps(state_to_json(state)) == json.dumps(serial.to_json(state))
    assert len(in_turn) > 200
