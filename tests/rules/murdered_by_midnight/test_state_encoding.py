"""A state's encoding (``state.to_json``, whose records are kept by identity between states) is
the generic encoding of ``rules/serial.py`` byte for byte, at every step of whole games, and
decodes back to the same state."""

from __future__ import annotations

import orjson
import pytest

from rules import serial
from rules.murdered_by_midnight import state as states
from tests.rules.murdered_by_midnight.helpers import TABLES
from tests.rules.murdered_by_midnight.test_playthrough import bot_game


@pytest.mark.parametrize(("mode", "count"), TABLES)
def test_every_state_is_encoded_as_the_generic_encoder_encodes_it(mode: str, count: int) -> None:
    encoded = 0
    for seed in range(3):
        for state, _, _ in bot_game(mode, count, seed):
            kept = states.to_json(state)
            assert orjson.dumps(kept) == orjson.dumps(serial.to_json(state))
            assert states.to_json(state) == kept  # the second time from the kept parts
            assert states.from_json(orjson.loads(orjson.dumps(kept))) == state
            encoded += 1
    assert encoded > 30
