"""Legal actions whose parameters are made when read (``later.py``): at every step of bot games,
the list equals the one made at once, spec for spec, in order, and reads the same as JSON, for
every seat; a bot decides the same from either."""

from __future__ import annotations

import json

import pytest

import generator.murder_city  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import ActionSpec, Seat, check_seats, resolve_options, rng_for
from rules.murder_city import trade
from rules.murder_city.case import SYSTEM_ID
from rules.murder_city.game import SYSTEM
from rules.murder_city.later import LaterParams, later_specs


def made_at_once(legal: list[ActionSpec]) -> list[ActionSpec]:
    """The same forms with their parameters copied into plain dicts (read, so made)."""
    return [ActionSpec(spec.type, dict(spec.params.items())) for spec in legal]


@pytest.mark.parametrize(("city_seed", "seats", "seed"), [(3, 4, 11), (5, 3, 2), (12, 5, 7)])
def test_the_offers_made_when_read_equal_those_made_at_once_at_every_step(
    city_seed: int, seats: int, seed: int
) -> None:
    city = SYSTEM.read_case(generate(SYSTEM_ID, city_seed))
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    options = resolve_options(check_seats(SYSTEM.SPEC, "standard", table).options, {})
    state = SYSTEM.new_game(city, table, "standard", seed=seed, options=options)
    offered = 0
    while SYSTEM.result(city, state) is None:
        for seat in range(seats):
            lazy = trade.offer_specs(city, state, seat)
            eager = trade._offer_specs(state, seat) if lazy else []
            assert len(lazy) == len(eager)
            assert lazy == eager and eager == lazy  # each way round, form for form
            offered += len(lazy)
        seat = min(SYSTEM.to_act(city, state))
        legal = SYSTEM.legal_actions(city, state, seat)
        rng = rng_for(seed, state.step, f"bot:{seat}")
        action = SYSTEM.bot_choose(SYSTEM.bot_view(city, state, seat), legal, rng)
        # the bot decides the same from forms already made
        again = SYSTEM.legal_actions(city, state, seat)
        assert again == made_at_once(again)
        assert [s.to_json() for s in again] == [s.to_json() for s in made_at_once(again)]
        assert action == SYSTEM.bot_choose(
            SYSTEM.bot_view(city, state, seat),
            made_at_once(again),
            rng_for(seed, state.step, f"bot:{seat}"),
        )
        state, _events = SYSTEM.apply(city, state, seat, action)
    assert offered > 100


def test_params_made_when_read_behave_as_a_read_only_mapping() -> None:
    made: list[int] = []

    def make() -> list[ActionSpec]:
        made.append(1)
        return [ActionSpec("offer-trade", {"partner": (1,)}), ActionSpec("offer-trade", {})]

    first, second = later_specs("offer-trade", 2, make)
    assert not made and first.type == "offer-trade"  # listed, not made
    assert first.params["partner"] == (1,) and made == [1]
    assert dict(second.params) == {} and made == [1]  # made once for the pair
    assert isinstance(first.params, LaterParams) and "partner" in first.params
    assert list(first.params.items()) == [("partner", (1,))] and len(first.params) == 1
    assert first.params == {"partner": (1,)} and {"partner": (1,)} == first.params
    assert first == ActionSpec("offer-trade", {"partner": (1,)}) and first != second
    assert json.dumps(first.to_json()) == json.dumps(
        ActionSpec("offer-trade", {"partner": (1,)}).to_json()
    )
    with pytest.raises(TypeError):
        hash(first.params)
