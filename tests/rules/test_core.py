"""The shared protocol pieces of rules/core.py."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from rules.core import (
    Action,
    ActionSpec,
    CasebookError,
    Event,
    GameOverError,
    InvalidActionError,
    ModeSpec,
    NotYourTurnError,
    OptionSpec,
    Outcome,
    RuleError,
    Seat,
    SetupError,
    Subset,
    SystemSpec,
    check_action,
    check_can_act,
    check_seats,
    random_action,
    rng_for,
    start,
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


def _shuffled(rng: random.Random) -> list[int]:
    items = list(range(20))
    rng.shuffle(items)
    return items


def test_rng_for_draws_what_a_generator_seeded_at_once_would() -> None:
    """Seeding waits for the first draw (a bot that passes draws nothing), and changes no value:
    every kind of draw, in any order, is the one of ``random.Random`` seeded from the hash."""
    draws: list[Callable[[random.Random], object]] = [
        lambda r: r.random(),
        lambda r: r.randrange(1000),
        lambda r: r.choice("abcdefg"),
        lambda r: r.sample(range(50), 5),
        _shuffled,
        lambda r: r.gauss(0, 1),
        lambda r: r.getrandbits(70),
        lambda r: r.choices("abc", k=4),
        lambda r: r.randbytes(5),
        lambda r: r.getstate(),
    ]
    for n in range(200):
        digest = hashlib.sha256(f"{n}:{n * 7}:bot:1".encode()).digest()
        at_once = random.Random(int.from_bytes(digest[:16], "big"))
        lazy = rng_for(n, n * 7, "bot:1")
        order = [draws[(n * 3 + i) % len(draws)] for i in range(6)]
        assert [draw(lazy) for draw in order] == [draw(at_once) for draw in order]


def test_rng_for_is_a_plain_generator_once_seeded() -> None:
    """After its first draw, or a seed or state given, the generator is ``random.Random`` itself,
    so later draws skip the wait for a seed; what it draws is what such a generator draws."""
    drawn = rng_for(3, 4, "bot:0")
    first = drawn.random()
    assert type(drawn) is random.Random
    digest = hashlib.sha256(b"3:4:bot:0").digest()
    at_once = random.Random(int.from_bytes(digest[:16], "big"))
    assert [first, drawn.randrange(99)] == [at_once.random(), at_once.randrange(99)]
    reseeded, state_given = rng_for(3, 4), rng_for(3, 4)
    reseeded.seed(11)
    state_given.setstate(random.Random(11).getstate())
    assert type(reseeded) is type(state_given) is random.Random
    assert reseeded.random() == state_given.random() == random.Random(11).random()


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
        "params": {
            "to": {"kind": "one", "choices": ["L1", "L2"]},
            "steps": {"kind": "one", "choices": [1, 2]},
        },
    }
    assert LEGAL[1].to_json() == {"type": "pass", "params": {}}
    subset = ActionSpec("vote", {"for": Subset(("a", "b", "c"), 1, 2)})
    assert subset.to_json() == {
        "type": "vote",
        "params": {"for": {"kind": "subset", "choices": ["a", "b", "c"], "min": 1, "max": 2}},
    }
    picked = Action("vote", {"for": ("a", "c")})
    assert picked.to_json() == {"type": "vote", "params": {"for": ["a", "c"]}}
    assert check_action([subset], Action.from_json(picked.to_json())) is subset


def test_the_common_errors_are_casebook_errors_re_exported_here() -> None:
    """A system imports its vocabulary from rules.core: the one error family among it."""
    for error in (InvalidActionError, SetupError, RuleError, GameOverError, NotYourTurnError):
        assert issubclass(error, CasebookError)


class _Rules:
    """Just enough of a system for ``start`` and ``check_can_act``: it records what it is given."""

    SPEC = dataclasses.replace(
        SPEC,
        modes=(
            ModeSpec("solo", 1, 1, options=(OptionSpec("speed", (1, 2, 3), 2),)),
            ModeSpec("duel", 2, 2),
        ),
    )

    def __init__(self) -> None:
        self.read: list[Any] = []
        self.started: list[tuple[Any, ...]] = []
        self.over = False

    def read_case(self, envelope: Any) -> Any:
        self.read.append(envelope)
        return ("case", envelope["id"])

    def new_game(self, case: Any, seats: Any, mode: str, *, seed: int, options: Any) -> Any:
        self.started.append((case, tuple(seats), mode, seed, dict(options)))
        return {"turn": 0}

    def to_act(self, case: Any, state: Any) -> frozenset[int]:
        return frozenset() if self.over else frozenset({state["turn"]})

    def result(self, case: Any, state: Any) -> Outcome | None:
        return Outcome("done", (), ()) if self.over else None


def test_start_checks_the_seats_and_options_then_reads_the_case_once() -> None:
    rules = _Rules()
    case, state = start(rules, {"id": 7}, [Seat("a")], "solo", seed=42)  # type: ignore[arg-type]
    assert (case, state) == (("case", 7), {"turn": 0})
    assert rules.read == [{"id": 7}]
    assert rules.started == [(("case", 7), (Seat("a"),), "solo", 42, {"speed": 2})]
    start(rules, {"id": 8}, [Seat("a")], "solo", seed=1, options={"speed": 3})  # type: ignore[arg-type]
    assert rules.started[-1][-1] == {"speed": 3}
    for seats, mode, options, code in (
        ([Seat("a")], "duel", {}, "setup/seat-count"),
        ([Seat("a")], "team", {}, "setup/unknown-mode"),
        ([Seat("a")], "solo", {"speed": 4}, "options/bad-choice"),
        ([Seat("a")], "solo", {"sped": 1}, "options/unknown"),
    ):
        with pytest.raises(SetupError) as raised:
            start(rules, {"id": 9}, seats, mode, seed=0, options=options)  # type: ignore[arg-type]
        assert raised.value.code == code
    assert len(rules.read) == 2  # nothing is read or started for a refused table


def test_only_a_seat_the_game_waits_for_may_act_and_never_after_the_end() -> None:
    rules = _Rules()
    check_can_act(rules, None, {"turn": 1}, 1)  # type: ignore[arg-type]
    with pytest.raises(NotYourTurnError) as raised:
        check_can_act(rules, None, {"turn": 1}, 0)  # type: ignore[arg-type]
    assert raised.value.code == "action/not-your-turn"
    rules.over = True
    with pytest.raises(GameOverError) as over:
        check_can_act(rules, None, {"turn": 1}, 1)  # type: ignore[arg-type]
    assert over.value.code == "game/over"
