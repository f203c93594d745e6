"""The bot loop's view (``MurderCity.bot_view``): the view a person in the seat is shown, its
parts made only when a bot reads them, so a bot sees and decides exactly as from ``view``."""

from __future__ import annotations

import json

import generator.murder_city  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import Seat, check_seats, resolve_options, rng_for
from rules.murder_city import views
from rules.murder_city.case import SYSTEM_ID
from rules.murder_city.game import SYSTEM, MurderCity
from rules.murder_city.state import McState


def test_every_part_read_in_any_order_and_the_whole_mapping_equal_the_view() -> None:
    city = SYSTEM.read_case(generate(SYSTEM_ID, 3))
    table = [Seat(f"Bot {n}", True) for n in range(4)]
    options = resolve_options(check_seats(SYSTEM.SPEC, "standard", table).options, {})
    state = SYSTEM.new_game(city, table, "standard", seed=11, options=options)
    checked = 0
    while SYSTEM.result(city, state) is None:
        for looker in range(4):
            full = views.view(city, state, looker)
            lazy = SYSTEM.bot_view(city, state, looker)
            # a bot's first reads, then everything
            assert lazy["court"] == full["court"] and lazy.get("hand") == full["hand"]
            assert list(lazy) == list(full) and len(lazy) == len(full)
            assert dict(lazy.items()) == full
            assert json.dumps(dict(lazy)) == json.dumps(full)
            assert "result" not in lazy and lazy.get("result") is None and "nothing" not in lazy
            checked += 1
        seat = min(SYSTEM.to_act(city, state))
        legal = SYSTEM.legal_actions(city, state, seat)
        rng = rng_for(11, state.step, f"bot:{seat}")
        action = SYSTEM.bot_choose(SYSTEM.bot_view(city, state, seat), legal, rng)
        assert action == SYSTEM.bot_choose(
            views.view(city, state, seat), legal, rng_for(11, state.step, f"bot:{seat}")
        )
        state, _events = SYSTEM.apply(city, state, seat, action)
    finished = SYSTEM.bot_view(city, state, 0)
    assert dict(finished) == views.view(city, state, 0) and "result" in finished
    assert checked > 200


class Annotated(MurderCity):
    """A variant that adds to the view: its bots are handed its own view."""

    def view(self, case: object, state: McState, seat: int | None) -> dict[str, object]:
        return {**super().view(case, state, seat), "note": "more"}  # type: ignore[arg-type]


def test_a_subclass_that_changes_the_view_hands_its_bots_that_view() -> None:
    city = SYSTEM.read_case(generate(SYSTEM_ID, 3))
    table = [Seat(f"Bot {n}", True) for n in range(2)]
    options = resolve_options(check_seats(SYSTEM.SPEC, "standard", table).options, {})
    state = SYSTEM.new_game(city, table, "standard", seed=1, options=options)
    assert Annotated().bot_view(city, state, 0)["note"] == "more"
