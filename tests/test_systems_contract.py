"""The contract every registered system keeps, checked over the registry.

Built-in systems and the test-only plugins alike: random playouts with every mode and seat count
stay legal and end within the system's step limit; every step shows every seat and a spectator
an event; states and views round-trip through JSON; every generated case verifies; the spec's
names are the ones the game uses. Each game's case is made for its table
(``generator.registry.generate_for_table``). A new system is covered by registering it.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

from generator import registry as generators
from rules import registry
from rules.core import Seat, random_action, resolve_options, start
from rules.registry import Registration

generators.load()
for plugin in ("tests.toy", "tests.nightfall"):
    try:
        importlib.import_module(plugin)
    except ModuleNotFoundError:  # a plugin still being written
        pass

SYSTEMS = [entry for entry in registry.all_registrations() if entry.generate is not None]
SEEDS = range(3)


def _tables(entry: Registration) -> list[tuple[str, int]]:
    """Each mode with its fewest and most seats."""
    return sorted(
        {
            (mode.id, count)
            for mode in entry.system.SPEC.modes
            for count in (mode.min_seats, mode.max_seats)
        }
    )


def case_for_table(entry: Registration, mode: str, seats: int, seed: int) -> dict[str, Any]:
    """The case of ``seed`` made for a table of ``mode`` with ``seats`` seats and the mode's
    default options, as a game that makes its own case makes it."""
    specs = entry.system.SPEC.mode(mode).options
    defaults = resolve_options(specs, {})
    return generators.generate_for_table(entry.id, seed, specs, defaults, mode=mode, seats=seats)


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("entry", SYSTEMS, ids=lambda entry: entry.id)
def test_random_playouts_stay_legal_and_end_within_the_step_limit(entry: Registration) -> None:
    system, spec = entry.system, entry.system.SPEC
    for mode, count in _tables(entry):
        for seed in SEEDS:
            assert entry.generate is not None
            envelope = case_for_table(entry, mode, count, seed)
            seats = [Seat(f"Seat {n}", bot=n > 0) for n in range(count)]
            case, state = start(system, envelope, seats, mode, seed=seed)
            rng = random.Random(seed)
            steps = 0
            while system.result(case, state) is None:
                assert steps < spec.step_limit, f"{mode}/{count}: no end after {steps} steps"
                waiting = sorted(system.to_act(case, state))
                assert waiting, "a running game waits for nobody"
                seat = waiting[rng.randrange(len(waiting))]
                legal = system.legal_actions(case, state, seat)
                action = random_action(legal, rng)
                state, events = system.apply(case, state, seat, action)
                steps += 1
                assert {event.type for event in events} <= set(spec.event_types)
                for observer in [*range(count), None]:
                    assert any(event.is_visible_to(observer) for event in events), (
                        f"step {steps}: seat {observer} sees nothing of it"
                    )
                assert system.state_from_json(_json(system.state_to_json(state))) == state
                for observer in [*range(count), None]:
                    view = system.view(case, state, observer)
                    assert _json(view) == view
            outcome = system.result(case, state)
            assert outcome is not None and outcome.ending in spec.endings
            assert sorted(s.seat for s in outcome.standings) == list(range(count))
            assert all(s.rank == 1 for s in outcome.standings if s.seat in outcome.winners)


@pytest.mark.parametrize("entry", SYSTEMS, ids=lambda entry: entry.id)
def test_legal_actions_use_the_spec_s_names_and_only_the_waited_for_seats_have_any(
    entry: Registration,
) -> None:
    system, spec = entry.system, entry.system.SPEC
    mode = spec.modes[0]
    envelope = case_for_table(entry, mode.id, mode.max_seats, 0)
    seats = [Seat(f"Seat {n}") for n in range(mode.max_seats)]
    case, state = start(system, envelope, seats, mode.id, seed=0)
    for seat in range(mode.max_seats):
        legal = system.legal_actions(case, state, seat)
        assert {action.type for action in legal} <= set(spec.action_types)
        if seat not in system.to_act(case, state):
            assert legal == []


@pytest.mark.parametrize(
    "entry", [entry for entry in SYSTEMS if entry.verify is not None], ids=lambda e: e.id
)
def test_every_generated_case_verifies(entry: Registration) -> None:
    for seed in range(20):
        envelope = generators.generate(entry.id, seed, {})
        assert generators.verify(envelope) == [], seed
