"""Every event type of every registered system has a template that renders real events."""

from __future__ import annotations

import random

import pytest

import tests.toy  # noqa: F401  (registers the test system)
from generator.registry import generate
from narration import has_template, narrate_event
from narration.environment import join_names, pick
from rules import registry
from rules.core import Seat, System, random_action


@pytest.mark.parametrize("system", registry.all_systems(), ids=lambda s: s.SPEC.id)
def test_every_event_type_has_a_template(system: System) -> None:
    assert system.SPEC.event_types, "a system must declare its event types"
    missing = [t for t in system.SPEC.event_types if not has_template(system.SPEC.id, t)]
    assert not missing, f"no template for {missing}"


@pytest.mark.parametrize("system", registry.all_systems(), ids=lambda s: s.SPEC.id)
def test_real_events_render_for_every_seat(system: System) -> None:
    seen: set[str] = set()
    for seed in range(30):
        mode = system.SPEC.modes[seed % len(system.SPEC.modes)]  # some events need some modes
        seats = [Seat(f"Player {n}") for n in range(mode.max_seats)]
        rng = random.Random(seed)
        state = system.new_game(generate(system.SPEC.id, seed), seats, mode.id, seed)
        while system.result(state) is None:
            actor = sorted(system.to_act(state))[0]
            action = random_action(system.legal_actions(state, actor), rng)
            state, events = system.apply(state, actor, action)
            for event in events:
                assert event.type in system.SPEC.event_types
                seen.add(event.type)
                for seat in [*range(len(seats)), None]:
                    shown = event.for_seat(seat)
                    if shown is not None:
                        text = narrate_event(system.SPEC.id, shown, names=[s.name for s in seats])
                        assert text and "{{" not in text
    assert seen == set(system.SPEC.event_types)


def test_pick_is_deterministic_and_varied() -> None:
    options = ["a", "b", "c"]
    assert pick(options, 1, "x") == pick(options, 1, "x")
    assert {pick(options, n) for n in range(50)} == set(options)


def test_join_names() -> None:
    assert join_names([]) == ""
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Bob"]) == "Ann and Bob"
    assert join_names(["Ann", "Bob", "Cy"], "or") == "Ann, Bob or Cy"


def test_a_private_field_is_narrated_only_when_present() -> None:
    names = ["Ann", "Bob"]
    public = narrate_event("toy-culprit", {"type": "investigated", "actor": 0}, names=names)
    private = narrate_event(
        "toy-culprit", {"type": "investigated", "actor": 0, "cleared": "Dov"}, names=names
    )
    assert "Dov" not in public and "Dov" in private
