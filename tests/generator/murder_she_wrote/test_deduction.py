"""The z3 deduction (generator/murder_she_wrote/deduction.py): the candidates and the reasons.

"eg. Roberto Ravelli was alive when you visited the Hotel last time, but now he's dead and only
the blue and yellow players have entered the Hotel after you left. You can therefore deduce that
the Murderer is one of two players, so you should stalk them in turn round the board."
"""

from __future__ import annotations

import json
import random
from typing import Any

from generator.murder_she_wrote.deduction import deduce
from rules.actions import random_action
from rules.core import Seat
from rules.murder_she_wrote import suspects
from rules.murder_she_wrote.game import SYSTEM
from tests.bound import Bound
from tests.rules.murder_she_wrote.island import sample_case

from .worlds import (
    BLUE,
    CHURCH,
    GREEN,
    HOTEL,
    HOTEL_EXAMPLE,
    RED,
    TWO_FIRST_LOOKS,
    YELLOW,
    World,
    brute_force_candidates,
    random_viewer,
    random_world,
    view_of,
)

#: Steps at most in one random game (the turn limit ends every game long before).
STEP_CAP = 3000


def _reasons(deduction: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {entry["seat"]: entry for entry in deduction["ruled_out"]}


def test_the_hotel_example_names_blue_and_yellow_and_says_why_not_green() -> None:
    deduction = deduce(view_of(HOTEL_EXAMPLE, RED))
    assert deduction["candidates"] == [BLUE, YELLOW]
    reasons = _reasons(deduction)
    assert reasons[RED]["because"] == [{"kind": "you", "seat": RED}]
    assert reasons[GREEN]["because"] == [
        {
            "kind": "window",
            "location": HOTEL,
            "islander": "I1",
            "alive_at": 0,
            "dead_at": 4,
            "entered_between": [BLUE, YELLOW],
        }
    ]
    text = reasons[GREEN]["text"]
    assert "L1" in text and "alive" in text and "dead" in text and "seats 1 and 2" in text


def test_an_accuser_is_ruled_out_for_accusing() -> None:
    """The Murderer has no Accuse dial to use: "How to win as JESSICA ... ACCUSE your suspect"."""
    world = World(**{**HOTEL_EXAMPLE.__dict__, "accusers": frozenset({YELLOW})})
    deduction = deduce(view_of(world, RED))
    assert deduction["candidates"] == [BLUE]
    assert _reasons(deduction)[YELLOW]["because"] == [{"kind": "accused", "seat": YELLOW}]


def test_the_public_record_is_the_reason_when_sightings_also_rule_a_seat_out() -> None:
    """Green never entered the Hotel and also accused: the accusation is reason enough."""
    world = World(**{**HOTEL_EXAMPLE.__dict__, "accusers": frozenset({GREEN})})
    deduction = deduce(view_of(world, RED))
    assert deduction["candidates"] == [BLUE, YELLOW]
    assert _reasons(deduction)[GREEN]["because"] == [{"kind": "accused", "seat": GREEN}]


def test_sightings_no_world_shows_rule_everyone_out_and_say_so() -> None:
    """ "DEAD tokens cannot be swapped for ALIVE ones - murder is final": a view reading DEAD then
    ALIVE (which the rules never show) leaves no candidate, and the reason says it fits no world."""
    view = view_of(HOTEL_EXAMPLE, RED)
    view["seen"] = [
        {"visit": 0, "location": HOTEL, "status": "dead"},
        {"visit": 4, "location": HOTEL, "status": "alive"},
    ]
    deduction = deduce(view)
    assert deduction["candidates"] == []
    for seat in (BLUE, YELLOW, GREEN):
        assert _reasons(deduction)[seat]["because"] == [
            {"kind": "inconsistent", "sightings": [0, 4]}
        ]


def test_two_bodies_at_first_looks_leave_one_to_the_first_victim() -> None:
    deduction = deduce(view_of(TWO_FIRST_LOOKS, RED))
    assert deduction["candidates"] == [GREEN]
    because = _reasons(deduction)[BLUE]["because"]
    assert [(r["kind"], r["location"], r["entered_between"]) for r in because] == [
        ("first-look", HOTEL, []),
        ("first-look", CHURCH, [GREEN]),
    ]
    assert "Only one islander was dead" in _reasons(deduction)[BLUE]["text"]


def test_the_murderer_is_told_it_is_the_murderer_and_what_each_jessica_can_deduce() -> None:
    deduction = deduce(view_of(HOTEL_EXAMPLE, BLUE))
    assert deduction["candidates"] == [BLUE]
    assert {entry["seat"]: entry["suspects"] for entry in deduction["exposure"]} == {
        RED: [BLUE, YELLOW],
        YELLOW: [RED, BLUE, GREEN],
        GREEN: [RED, BLUE, YELLOW],
    }
    json.dumps(deduction)


def test_deduce_agrees_with_brute_force_and_suspects_on_thousands_of_random_logs() -> None:
    rng = random.Random(21)
    narrowed = 0
    for _ in range(2000):
        world = random_world(rng)
        viewer = random_viewer(world, rng, watcher_share=0.8)
        view = view_of(world, viewer)
        deduction = deduce(view)
        found = frozenset(deduction["candidates"])
        assert found == brute_force_candidates(view) == suspects.candidates(view), (world, viewer)
        assert world.murderer in found
        assert sorted(found | {entry["seat"] for entry in deduction["ruled_out"]}) == list(
            range(world.seat_count)
        )
        narrowed += any(
            reason["kind"] in ("window", "first-look")
            for entry in deduction["ruled_out"]
            for reason in entry["because"]
        )
        _check_reasons(world, viewer, deduction)
        json.dumps(deduction)
    assert narrowed > 300


def _check_reasons(world: World, viewer: int | None, deduction: dict[str, Any]) -> None:
    """Each reason is true of the log and the viewer's sightings, and rules its seat out: the
    seat is not among those who entered in between, and a death at a first look needs a
    second one (only one islander was dead when play began)."""
    for entry in deduction["ruled_out"]:
        seat = entry["seat"]
        because = entry["because"]
        kinds = [reason["kind"] for reason in because]
        assert entry["text"]
        if kinds in (["you"], ["accused"]):
            assert because[0]["seat"] == seat
            assert (seat == viewer) if kinds == ["you"] else (seat in world.accusers)
            continue
        if kinds == ["you-are-the-murderer"]:
            assert viewer == world.murderer
            continue
        assert viewer is not None and viewer != world.murderer
        looks = [(t, at) for t, (s, at) in enumerate(world.visits) if s == viewer]
        for reason in because:
            location, dead_at, alive_at = reason["location"], reason["dead_at"], reason["alive_at"]
            assert (dead_at, location) in looks and world.dead_at(location, dead_at)
            assert not any(  # the first DEAD sighting there
                t < dead_at and at == location and world.dead_at(at, t) for t, at in looks
            )
            if alive_at is not None:  # the last ALIVE sighting before it
                assert (alive_at, location) in looks and not world.dead_at(location, alive_at)
                assert not any(alive_at < t < dead_at and at == location for t, at in looks)
            start = -1 if alive_at is None else alive_at
            entered = {
                s
                for t, (s, at) in enumerate(world.visits)
                if at == location and start < t < dead_at
            }
            assert reason["entered_between"] == sorted(entered)
            assert seat not in entered
        if kinds == ["window"]:
            assert because[0]["alive_at"] is not None
        else:
            assert kinds == ["first-look"] * len(kinds) and len(kinds) >= 2


def test_real_games_never_rule_out_the_murderer_and_its_picture_of_each_jessica_is_hers() -> None:
    """Random games of the engine on the sample island, every seat's view after every step: the
    Murderer is a candidate for every Jessica and for spectators; the Murderer knows itself, and
    under the basic rules (it chose the first victim) what it works out of each Jessica still in
    is exactly her candidate set. At the end of each game z3 agrees with the suspect list."""
    game = Bound.from_envelope(SYSTEM, sample_case())
    rng = random.Random(31)
    steps = narrowed = 0
    for number in range(24):
        count = 3 + number % 4
        rules = ("basic", "advanced")[number // 4 % 2]
        seats = [Seat(f"Player {index + 1}", False) for index in range(count)]
        state = game.new_game(seats, "standard", 1000 + number, {"rules": rules})
        for _ in range(STEP_CAP):
            if game.result(state) is not None:
                break
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            calm = [spec for spec in legal if "accuse" not in spec.params]
            if calm and rng.random() < 0.97:  # accuse seldom, so that games go on
                legal = calm
            state, _ = game.apply(state, seat, random_action(legal, rng))
            steps += 1
            views = {seat: game.view(state, seat) for seat in (*range(count), None)}
            murderer = state.murderer
            for seat, view in views.items():
                found = suspects.candidates(view)
                assert murderer in found
                if seat == murderer:
                    assert found == {murderer}
                elif seat is not None and seat not in state.out:
                    narrowed += len(found) == 1
            mine = views[murderer]
            assert state.first_victim is None or state.first_victim in (
                suspects.possible_first_victims(mine)
            )
            if rules == "basic" and state.first_victim is not None:
                for jessica, feared in suspects.exposure(mine).items():
                    assert feared == suspects.candidates(views[jessica])
        for seat in (*range(count), None):
            view = game.view(state, seat)
            assert deduce(view)["candidates"] == sorted(suspects.candidates(view))
    assert steps > 2000
    assert narrowed > 500  # Jessicas often pin the Murderer down: the checks are not idle
