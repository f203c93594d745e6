"""The shared protocol pieces of rules/core.py."""

from __future__ import annotations

import pytest

from rules.core import (
    Action,
    ActionSpec,
    Event,
    InvalidActionError,
    ModeSpec,
    Seat,
    SetupError,
    SystemSpec,
    check_action,
    check_seats,
    random_action,
    rng_for,
)

SPEC = SystemSpec(
    id="x",
    name="X",
    modes=(ModeSpec("solo", 1, 1), ModeSpec("duel", 2, 2)),
    action_types=("move",),
    has_chance=False,
    has_hidden_information=False,
)
LEGAL = [ActionSpec("move", {"to": ("L1", "L2"), "steps": (1, 2)}), ActionSpec("pass")]


def test_a_legal_action_passes() -> None:
    check_action(LEGAL, Action("move", {"to": "L2", "steps": 1}))
    check_action(LEGAL, Action("pass"))


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action("fly"), "action/not-allowed"),
        (Action("move", {"to": "L1"}), "action/missing-param"),
        (Action("move", {"to": "L1", "steps": 1, "speed": 3}), "action/unknown-param"),
        (Action("move", {"to": "L9", "steps": 1}), "action/bad-choice"),
        (Action("move", {"to": "L1", "steps": True}), "action/bad-choice"),
        (Action("move", {"to": "L1", "steps": 1.0}), "action/bad-choice"),
        (Action("move", {"to": "L1", "steps": "1"}), "action/bad-choice"),
    ],
)
def test_a_malformed_action_is_refused_with_a_stable_code(action: Action, code: str) -> None:
    with pytest.raises(InvalidActionError) as raised:
        check_action(LEGAL, action)
    assert raised.value.code == code
    assert raised.value.message


def test_seat_counts_and_modes_are_checked() -> None:
    assert check_seats(SPEC, "duel", [Seat("a"), Seat("b")]).id == "duel"
    with pytest.raises(SetupError) as raised:
        check_seats(SPEC, "duel", [Seat("a")])
    assert raised.value.code == "setup/seat-count"
    with pytest.raises(SetupError) as raised:
        check_seats(SPEC, "team", [Seat("a")])
    assert raised.value.code == "setup/unknown-mode"
    assert "solo, duel" in raised.value.message


def test_randomness_is_fixed_by_seed_step_and_purpose() -> None:
    draws = [rng_for(7, 3, "dice").random() for _ in range(2)]
    assert draws[0] == draws[1]
    assert rng_for(7, 4, "dice").random() != draws[0]
    assert rng_for(8, 3, "dice").random() != draws[0]
    assert rng_for(7, 3, "deal").random() != draws[0]


def test_random_action_is_always_legal() -> None:
    rng = rng_for(1, 1)
    for _ in range(100):
        check_action(LEGAL, random_action(LEGAL, rng))


def test_events_hide_their_secret_from_all_but_its_audience() -> None:
    event = Event(
        "dusted",
        actor=0,
        data={"weapon": "candlestick"},
        secret={"prints": "Vale"},
        secret_audience=frozenset({0}),
    )
    assert event.for_seat(0) == {
        "type": "dusted",
        "actor": 0,
        "weapon": "candlestick",
        "prints": "Vale",
    }
    assert event.for_seat(1) == {"type": "dusted", "actor": 0, "weapon": "candlestick"}
    assert event.for_seat(None) == event.for_seat(1)
    private = Event("peeked", actor=1, audience=frozenset({1}))
    assert private.for_seat(0) is None and private.for_seat(None) is None
    assert private.for_seat(1) == {"type": "peeked", "actor": 1}


def test_events_and_actions_round_trip_through_json() -> None:
    event = Event("e", 1, {"a": 1}, {"b": [2]}, frozenset({1, 0}), frozenset({1}))
    assert Event.from_json(event.to_json()) == event
    action = Action("move", {"to": "L1"})
    assert Action.from_json(action.to_json()) == action
    assert LEGAL[0].to_json() == {
        "type": "move",
        "params": {"to": {"choices": ["L1", "L2"]}, "steps": {"choices": [1, 2]}},
    }
