"""Nightfall, the test-only system with a hidden killer: its rules, its narration, and the
hidden-information property with a control that proves the timing check can fail."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import tests.nightfall  # noqa: F401  (registers the system)
from generator.registry import generate
from narration import add_template_folder, has_template, narrate_event, public_glossary
from rules.core import (
    Action,
    Event,
    GameOverError,
    InvalidActionError,
    NotYourTurnError,
    Seat,
    SetupError,
    Subset,
    random_action,
    start,
)
from rules.loop import run_bots
from rules.registry import registration
from tests.hidden_information import Table, check_playout
from tests.nightfall.case import NightfallCase, read_case
from tests.nightfall.resample import killer_candidates, resample
from tests.nightfall.system import (
    GUEST,
    KILLER,
    SPEC,
    SYSTEM,
    Nightfall,
    NightfallState,
    Sighting,
    draw_killer,
)

ID = SPEC.id
World = tuple[NightfallCase, NightfallState]


def new(seats: int = 4, *, seed: int = 1, killer: int | None = None, **options: Any) -> World:
    """A fresh game; ``killer`` builds the world with that seat as the killer."""
    envelope = generate(ID, seed)
    table = [Seat(f"Guest {n}") for n in range(seats)]
    case, state = start(SYSTEM, envelope, table, "manor", seed=seed, options=options)
    if killer is not None:
        state = dataclasses.replace(state, killer=killer)
    return case, state


def act(world: World, seat: int, kind: str, /, **params: Any) -> tuple[World, list[Event]]:
    case, state = world
    state, events = SYSTEM.apply(case, state, seat, Action(kind, params))
    return (case, state), events


def night(world: World, visits: Mapping[int, int]) -> tuple[World, list[Event]]:
    """Every seat of ``visits`` visits its seat, in seat order; the events of the last step."""
    events: list[Event] = []
    for seat, target in sorted(visits.items()):
        world, events = act(world, seat, "visit", seat=target)
    return world, events


def day(world: World, answers: Mapping[int, str]) -> tuple[World, list[Event]]:
    events: list[Event] = []
    for seat, kind in sorted(answers.items()):
        world, events = act(world, seat, kind)
    return world, events


def vote(world: World, ballots: Mapping[int, Sequence[int]]) -> tuple[World, list[Event]]:
    events: list[Event] = []
    for seat, suspects in sorted(ballots.items()):
        world, events = act(world, seat, "vote", suspects=list(suspects))
    return world, events


def shown(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    return [e for event in events if (e := event.for_seat(seat)) is not None]


# ------------------------------------------------------------------------------ the case


def test_a_case_is_a_public_cast_with_no_solution_and_replays_from_its_seed() -> None:
    envelope = generate(ID, 7)
    assert envelope["solution"] is None
    assert envelope == generate(ID, 7)
    assert {charm["kind"] for charm in envelope["public"]["charms"]} == {"lantern", "locket"}
    assert len(envelope["public"]["rooms"]) == 4
    assert read_case(envelope).rooms == ("R1", "R2", "R3", "R4")


def test_a_case_with_a_solution_or_options_is_refused() -> None:
    with pytest.raises(SetupError) as refused:
        read_case({**generate(ID, 7), "solution": {"killer": 0}})
    assert refused.value.code == "setup/bad-case"
    with pytest.raises(Exception, match="no option") as bad:
        generate(ID, 7, {"killer": 1})
    assert getattr(bad.value, "code", None) == "case/bad-options"


def test_the_system_is_registered_with_its_templates_and_declares_its_bounds() -> None:
    entry = registration(ID)
    assert entry.templates is not None and entry.templates.is_dir()
    assert SPEC.step_limit == 5 * 3 * 6
    assert SPEC.endings == ("killer-caught", "guests-outnumbered", "nights-over")
    assert {option.name: option.default for option in SPEC.mode("manor").options} == {
        "nights": 4,
        "charms": True,
    }


# ------------------------------------------------------------------------------ the killer


def test_the_killer_comes_from_the_game_seed_and_only_that_seat_learns_it() -> None:
    killers = {new(5, seed=seed)[1].killer for seed in range(40)}
    assert killers == set(range(5))  # every seat can be drawn
    for seed in range(10):
        case, state = new(5, seed=seed)
        assert state.killer == draw_killer(seed, 5)
        assert new(5, seed=seed)[1].killer == state.killer  # the same seed, the same killer
        roles = [SYSTEM.view(case, state, seat)["role"] for seat in range(5)]
        assert roles == [KILLER if seat == state.killer else GUEST for seat in range(5)]
        assert "role" not in SYSTEM.view(case, state, None)


def test_every_living_seat_faces_the_same_night_decision_whatever_its_role() -> None:
    case, state = new(4, killer=2)
    assert SYSTEM.to_act(case, state) == frozenset(range(4))
    specs = [[s.to_json() for s in SYSTEM.legal_actions(case, state, seat)] for seat in range(4)]
    for seat, legal in enumerate(specs):
        others = [other for other in range(4) if other != seat]
        assert legal == [{"type": "visit", "params": {"seat": {"kind": "one", "choices": others}}}]


# ------------------------------------------------------------------------------ the night


def test_the_night_is_revealed_only_when_every_seat_has_chosen() -> None:
    world = new(4, killer=0)
    world, events = night(world, {0: 3, 1: 2, 2: 0})
    case, state = world
    assert state.phase == "night" and state.alive == (0, 1, 2, 3)
    assert SYSTEM.to_act(case, state) == frozenset({3})
    assert [event.type for event in events] == ["visit-chosen"]
    pending = SYSTEM.view(case, state, 1)["pending"]
    assert pending == {"expected": [0, 1, 2, 3], "committed": [0, 1, 2], "waiting": [3], "mine": 2}
    assert SYSTEM.view(case, state, 3)["pending"]["mine"] is None  # others' choices stay sealed

    world, events = act(world, 3, "visit", seat=1)
    case, state = world
    assert state.alive == (0, 1, 2) and state.phase == "day"
    assert [event.type for event in events] == ["visit-chosen", "night-ended", *["dawn"] * 4]
    assert events[1].for_seat(None) == {
        "type": "night-ended",
        "actor": None,
        "victim": 3,
        "round": 1,
    }


def test_a_guest_who_watched_the_target_saves_it_and_learns_who_visited() -> None:
    world, events = night(new(4, killer=0), {0: 3, 1: 3, 2: 0, 3: 1})
    case, state = world
    assert state.alive == (0, 1, 2, 3)
    assert events[1].for_seat(2) == {
        "type": "night-ended",
        "actor": None,
        "victim": None,
        "round": 1,
    }
    dawn = {event.actor: event for event in events if event.type == "dawn"}
    assert dawn[1].for_seat(1) == {"type": "dawn", "actor": 1, "visited": 3, "saw": [0]}
    assert dawn[2].for_seat(2) == {"type": "dawn", "actor": 2, "visited": 0, "saw": []}
    assert dawn[0].for_seat(0) == {"type": "dawn", "actor": 0, "visited": 3, "saw": []}
    for seat in (0, 2, 3, None):  # the sighting is sealed from everyone else
        assert dawn[1].for_seat(seat) == {"type": "dawn", "actor": 1}
    assert SYSTEM.view(case, state, 1)["sightings"] == [{"round": 1, "visited": 3, "saw": [0]}]
    assert SYSTEM.view(case, state, 2)["sightings"] == [{"round": 1, "visited": 0, "saw": []}]
    assert killer_candidates(state, 1) == [0]
    assert killer_candidates(state, 2) == [0, 1, 3]


def test_two_watchers_see_each_other_beside_the_killer() -> None:
    world, events = night(new(5, killer=4), {0: 1, 1: 0, 2: 1, 3: 2, 4: 1})
    dawn = {event.actor: event.for_seat(event.actor) for event in events if event.type == "dawn"}
    assert dawn[0] == {"type": "dawn", "actor": 0, "visited": 1, "saw": [2, 4]}
    assert dawn[2] == {"type": "dawn", "actor": 2, "visited": 1, "saw": [0, 4]}
    assert dawn[1] == {"type": "dawn", "actor": 1, "visited": 0, "saw": []}
    assert killer_candidates(world[1], 0) == [2, 4]


def test_every_step_shows_every_seat_and_a_spectator_an_event() -> None:
    case, state = new(6, seed=3)
    bots = frozenset(range(6))
    state, steps = run_bots(SYSTEM, case, state, bots=bots, seed=3, steps_so_far=0)
    assert SYSTEM.result(case, state) is not None
    for step in steps:
        for seat in (*range(6), None):
            assert shown(step.events, seat), (step, seat)


# ------------------------------------------------------------------------------ the day


def test_the_day_asks_every_living_seat_and_a_quiet_day_has_no_vote() -> None:
    world, _ = night(new(4, killer=0), {0: 3, 1: 0, 2: 0, 3: 0})
    case, state = world
    assert SYSTEM.to_act(case, state) == frozenset({0, 1, 2})
    assert [s.type for s in SYSTEM.legal_actions(case, state, 1)] == [
        "raise-alarm",
        "pass",
        "use-charm",
        "use-charm",
    ]
    world, events = day(world, {0: "pass", 1: "pass", 2: "pass"})
    case, state = world
    assert [event.type for event in events] == ["alarm-passed", "day-quiet"]
    assert (state.phase, state.round) == ("night", 2)
    assert SYSTEM.to_act(case, state) == frozenset({0, 1, 2})


def test_one_alarm_calls_a_vote_of_one_or_two_suspects() -> None:
    world, _ = night(new(5, killer=0), {0: 4, 1: 0, 2: 0, 3: 0, 4: 0})
    world, events = day(world, {0: "pass", 1: "raise-alarm", 2: "pass", 3: "pass"})
    case, state = world
    assert state.phase == "vote" and events[-1].type == "alarm-passed"
    (spec,) = SYSTEM.legal_actions(case, state, 1)
    assert spec.params["suspects"] == Subset((0, 2, 3), 1, 2)
    for bad in ([], [0, 2, 3], [0, 0], [1], 0):
        with pytest.raises(InvalidActionError) as refused:
            act(world, 1, "vote", suspects=bad)
        assert refused.value.code == "action/bad-subset"
    world, events = vote(world, {0: [1], 1: [0, 2], 2: [0], 3: [0, 1]})
    case, state = world
    revealed = events[1].for_seat(None)
    assert revealed is not None and revealed["type"] == "votes-revealed"
    assert revealed["out"] == 0
    assert revealed["ballots"][1] == {"voter": 1, "suspects": [0, 2], "counted": True}
    assert SYSTEM.result(case, state) is not None


def test_a_tied_vote_sends_nobody_away() -> None:
    world, _ = night(new(5, killer=0), {0: 4, 1: 0, 2: 0, 3: 0, 4: 0})
    world, _ = day(world, {0: "raise-alarm", 1: "pass", 2: "pass", 3: "pass"})
    world, events = vote(world, {0: [1, 2], 1: [2], 2: [1], 3: [0]})
    case, state = world
    assert events[-1].data["out"] is None
    assert state.alive == (0, 1, 2, 3) and (state.phase, state.round) == ("night", 2)


# ------------------------------------------------------------------------------ charms


def test_each_charm_is_its_own_form_and_mixing_them_is_a_bad_combination() -> None:
    world, _ = night(new(4, killer=0), {0: 3, 1: 0, 2: 0, 3: 0})
    case, state = world
    charms = {spec.choices("charm")[0]: spec for spec in SYSTEM.legal_actions(case, state, 1)[2:]}
    lantern, locket = (c.id for c in sorted(case.charms, key=lambda c: c.kind))
    assert charms[lantern].choices("target") == case.rooms
    assert charms[locket].choices("target") == (0, 2)
    with pytest.raises(InvalidActionError) as refused:
        act(world, 1, "use-charm", charm=lantern, target=2)
    assert refused.value.code == "action/bad-combination"
    with pytest.raises(InvalidActionError) as refused:
        act(world, 1, "use-charm", charm=locket, target="R1")
    assert refused.value.code == "action/bad-combination"

    world, events = act(world, 1, "use-charm", charm=lantern, target="R2")
    assert events[0].for_seat(3) == {
        "type": "charm-used",
        "actor": 1,
        "charm": lantern,
        "target": "R2",
    }
    case, state = world
    assert state.charms[1] == (locket,)  # a charm is used once
    world, _ = day(world, {0: "pass", 2: "pass"})
    case, state = world
    assert state.phase == "night"


def test_a_locket_hushes_a_vote_for_the_day() -> None:
    world, _ = night(new(5, killer=0), {0: 4, 1: 0, 2: 0, 3: 0, 4: 0})
    case, _state = world
    locket = next(c.id for c in case.charms if c.kind == "locket")
    world, _ = act(world, 2, "use-charm", charm=locket, target=3)
    world, _ = day(world, {0: "raise-alarm", 1: "pass", 3: "pass"})
    world, events = vote(world, {0: [1], 1: [0], 2: [0], 3: [1]})
    assert [event.type for event in events] == ["vote-cast", "votes-revealed", "game-ended"]
    ballots = events[1].data["ballots"]
    assert [b["counted"] for b in ballots] == [True, True, True, False]
    assert events[1].data["out"] == 0  # 2 votes for seat 0 against 1 counted for seat 1


def test_without_charms_there_is_no_charm_to_use() -> None:
    world, _ = night(new(4, killer=0, charms=False), {0: 3, 1: 0, 2: 0, 3: 0})
    case, state = world
    assert [s.type for s in SYSTEM.legal_actions(case, state, 1)] == ["raise-alarm", "pass"]
    with pytest.raises(InvalidActionError) as refused:
        act(world, 1, "use-charm", charm="C1", target="R1")
    assert refused.value.code == "action/not-allowed"


# ------------------------------------------------------------------------------ endings


def test_voting_the_killer_out_wins_for_every_guest_dead_or_alive() -> None:
    world, _ = night(new(5, killer=2), {0: 2, 1: 2, 2: 4, 3: 2, 4: 2})
    world, _ = day(world, {0: "raise-alarm", 1: "pass", 2: "pass", 3: "pass"})
    world, events = vote(world, {0: [2], 1: [2, 3], 2: [3], 3: [2]})
    case, state = world
    outcome = SYSTEM.result(case, state)
    assert outcome is not None and outcome.ending == "killer-caught"
    assert outcome.winners == (0, 1, 3, 4) and outcome.solution == {"killer": 2}
    assert [(s.seat, s.rank) for s in outcome.standings] == [(0, 1), (1, 1), (3, 1), (4, 1), (2, 5)]
    assert events[-1].type == "game-ended"
    assert SYSTEM.to_act(case, state) == frozenset()
    with pytest.raises(GameOverError) as refused:
        act(world, 0, "visit", seat=1)
    assert refused.value.code == "game/over"


def test_the_killer_wins_when_two_seats_are_left_and_losers_rank_by_rounds_survived() -> None:
    world, _ = night(new(4, killer=0), {0: 3, 1: 0, 2: 0, 3: 0})
    world, _ = day(world, {0: "raise-alarm", 1: "pass", 2: "pass"})
    world, _ = vote(world, {0: [2], 1: [2], 2: [1]})  # a guest is sent away: two are left
    case, state = world
    outcome = SYSTEM.result(case, state)
    assert outcome is not None and outcome.ending == "guests-outnumbered"
    assert outcome.winners == (0,)
    assert [(s.seat, s.rank) for s in outcome.standings] == [(0, 1), (1, 2), (2, 3), (3, 3)]

    world, _ = night(new(3, killer=1), {0: 1, 1: 2, 2: 1})
    outcome = SYSTEM.result(*world)
    assert outcome is not None and outcome.ending == "guests-outnumbered"


def quiet_rounds(world: World, rounds: int) -> World:
    """``rounds`` rounds in which the killer takes the lowest guest and nobody raises the alarm."""
    for _ in range(rounds):
        case, state = world
        if SYSTEM.result(case, state) is not None:
            break
        victim = min(state.others(state.killer))
        world, _ = night(
            world, {s: victim if s == state.killer else state.killer for s in state.alive}
        )
        if SYSTEM.result(*world) is None:
            world, _ = day(world, {s: "pass" for s in world[1].alive})
    return world


@pytest.mark.parametrize(("nights", "ending"), [(3, "nights-over"), (4, "guests-outnumbered")])
def test_the_nights_option_is_the_round_limit(nights: int, ending: str) -> None:
    world = quiet_rounds(new(6, killer=5, nights=nights), 5)
    case, state = world
    outcome = SYSTEM.result(case, state)
    assert outcome is not None and outcome.ending == ending
    assert state.round == min(nights, 4) and outcome.winners == (5,)


def test_no_round_starts_after_the_limit() -> None:
    world = quiet_rounds(new(6, killer=5, nights=3), 2)
    assert world[1].round == 3 and SYSTEM.result(*world) is None
    world = quiet_rounds(world, 1)
    assert world[1].round == 3 and SYSTEM.result(*world) is not None


# ------------------------------------------------------------------------------ refusals


def test_illegal_actions_are_refused_with_stable_codes() -> None:
    world = new(4, killer=0)
    cases: list[tuple[int, Action, str]] = [
        (1, Action("vote", {"suspects": [0]}), "action/not-allowed"),
        (1, Action("visit", {"seat": 1}), "action/bad-choice"),
        (1, Action("visit", {}), "action/missing-param"),
        (1, Action("visit", {"seat": 2, "with": 3}), "action/unknown-param"),
    ]
    for seat, action, code in cases:
        with pytest.raises(InvalidActionError) as refused:
            SYSTEM.apply(*world, seat, action)
        assert refused.value.code == code
    world, _ = act(world, 1, "visit", seat=2)
    with pytest.raises(NotYourTurnError) as again:
        act(world, 1, "visit", seat=3)
    assert again.value.code == "action/not-your-turn"


@pytest.mark.parametrize(
    ("seats", "options", "code"),
    [
        (2, {}, "setup/seat-count"),
        (7, {}, "setup/seat-count"),
        (4, {"nights": 6}, "options/bad-choice"),
        (4, {"charms": "yes"}, "options/bad-choice"),
        (4, {"role": "killer"}, "options/unknown"),
    ],
)
def test_bad_setups_are_refused(seats: int, options: dict[str, Any], code: str) -> None:
    with pytest.raises(SetupError) as refused:
        new(seats, **options)
    assert refused.value.code == code


# ------------------------------------------------------------------------------ bots and JSON


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_bots_finish_within_the_step_limit_and_every_state_round_trips(seats: int) -> None:
    endings = set()
    for seed in range(15):
        case, state = new(seats, seed=seed, nights=5)
        for step in range(SPEC.step_limit + 1):
            assert SYSTEM.state_from_json(SYSTEM.state_to_json(state)) == state
            if SYSTEM.result(case, state) is not None:
                break
            seat = min(SYSTEM.to_act(case, state))
            view = SYSTEM.view(case, state, seat)
            action = SYSTEM.bot_choose(
                view, SYSTEM.legal_actions(case, state, seat), random.Random(seed * 1000 + step)
            )
            state, _ = SYSTEM.apply(case, state, seat, action)
        outcome = SYSTEM.result(case, state)
        assert outcome is not None, f"seed {seed} did not end within {SPEC.step_limit} steps"
        endings.add(outcome.ending)
    assert endings & {"killer-caught"} and endings & {"guests-outnumbered", "nights-over"}


def test_the_bot_names_the_only_seat_its_sighting_leaves() -> None:
    world, _ = night(new(5, killer=0), {0: 4, 1: 4, 2: 0, 3: 0, 4: 0})
    world, _ = day(world, {0: "raise-alarm", 1: "pass", 2: "pass", 3: "pass", 4: "pass"})
    case, state = world
    view = SYSTEM.view(case, state, 1)
    action = SYSTEM.bot_choose(view, SYSTEM.legal_actions(case, state, 1), random.Random(0))
    assert action == Action("vote", {"suspects": (0,)})


# ------------------------------------------------------------------------------ narration


def test_every_event_type_and_ending_has_a_template_that_renders_for_every_seat() -> None:
    entry = registration(ID)
    assert entry.templates is not None
    add_template_folder(ID, entry.templates)
    missing = [kind for kind in SPEC.event_types if not has_template(ID, kind)]
    assert not missing
    seen: set[str] = set()
    endings: set[str] = set()
    names = [f"Guest {n}" for n in range(6)]
    for seed in range(12):
        case, state = new(3 + seed % 4, seed=seed)
        glossary = public_glossary(generate(ID, seed)["public"])
        for _ in range(SYSTEM.SPEC.step_limit):  # every random game has a step cap
            if SYSTEM.result(case, state) is not None:
                break
            seat = min(SYSTEM.to_act(case, state))
            action = random_action(SYSTEM.legal_actions(case, state, seat), random.Random(seed))
            state, events = SYSTEM.apply(case, state, seat, action)
            for event in events:
                seen.add(event.type)
                for viewer in (*range(len(state.seats)), None):
                    data = event.for_seat(viewer)
                    assert data is not None
                    text = narrate_event(ID, data, names=names, glossary=glossary)
                    assert text and "{" not in text and "None" not in text, text
        outcome = SYSTEM.result(case, state)
        assert outcome is not None
        endings.add(outcome.ending)
    assert seen == set(SPEC.event_types)
    for ending in SPEC.endings:
        ended = {"type": "game-ended", "actor": None, "ending": ending, "winners": [1]}
        text = narrate_event(ID, {**ended, "solution": {"killer": 1}}, names=names)
        assert "Guest 1" in text


def test_a_charm_and_a_sealed_dawn_read_well() -> None:
    entry = registration(ID)
    assert entry.templates is not None
    add_template_folder(ID, entry.templates)
    glossary = public_glossary(generate(ID, 1)["public"])
    names = ["Ann", "Ben", "Cy"]
    lantern = {"type": "charm-used", "actor": 0, "charm": "C1", "target": "R1"}
    assert narrate_event(ID, lantern, names=names, glossary=glossary) == (
        f"Ann uses the {glossary['C1']} on the {glossary['R1']}."
    )
    locket = {"type": "charm-used", "actor": 0, "charm": "C2", "target": 2}
    assert "Cy, who is hushed" in narrate_event(ID, locket, names=names, glossary=glossary)
    sealed = {"type": "dawn", "actor": 1}
    assert narrate_event(ID, sealed, names=names) == "What Ben saw in the night stays with them."
    seen = {"type": "dawn", "actor": 1, "visited": 2, "saw": [0]}
    assert narrate_event(ID, seen, names=names) == (
        "Ben visited Cy in the night and saw Ann there too."
    )


# ------------------------------------------------------------------------------ hidden information


def nightfall_table(seats: int, seed: int) -> Table:
    people = [Seat(f"Guest {n}") for n in range(seats)]
    return Table(case=generate(ID, seed), seats=people, mode="manor", seed=seed)


@pytest.mark.parametrize(("seats", "games"), [(3, 80), (6, 20)])
def test_nightfall_views_logs_actions_and_timing_hide_the_killer(seats: int, games: int) -> None:
    for seed in range(games):
        rng = random.Random(seed)
        steps = check_playout(
            SYSTEM, nightfall_table(seats, seed), resample, rng=rng, max_steps=SPEC.step_limit
        )
        assert 1 <= steps < SPEC.step_limit


def test_the_resampler_redraws_the_killer_among_the_seats_a_guest_cannot_rule_out() -> None:
    world, _ = night(new(6, killer=0), {0: 5, 1: 5, 2: 5, 3: 0, 4: 0, 5: 0})
    case, state = world
    assert state.sightings[1] == (Sighting(1, 5, (0, 2)),)
    rng = random.Random(0)
    drawn = {resample(case, state, 1, rng)[1].killer for _ in range(60)}
    assert drawn == {0, 2}
    drawn = {resample(case, state, 3, rng)[1].killer for _ in range(60)}
    assert drawn == {0, 1, 2, 4, 5}
    assert {resample(case, state, 0, rng)[1].killer for _ in range(10)} == {0}


class KillerDecidesAlone(Nightfall):
    """A leaky variant: at night only the killer is asked, the guests' visits are skipped
    (sealed as placeholders). Whom the game waits for then names the killer."""

    def to_act(self, case: NightfallCase, state: NightfallState) -> frozenset[int]:
        if state.phase == "night" and state.ending is None:
            return frozenset({state.killer})
        return super().to_act(case, state)

    def apply(
        self, case: NightfallCase, state: NightfallState, seat: int, action: Action
    ) -> tuple[NightfallState, list[Event]]:
        if state.phase == "night" and state.choices is not None:
            choices = state.choices
            for guest in choices.waiting:
                if guest != state.killer:
                    choices = choices.commit(guest, state.others(guest)[0])
            state = dataclasses.replace(state, choices=choices)
        return super().apply(case, state, seat, action)


def test_the_leaky_variant_still_plays() -> None:
    leaky = KillerDecidesAlone()
    people = [Seat("A"), Seat("B"), Seat("C"), Seat("D")]
    case, state = start(leaky, generate(ID, 2), people, "manor", seed=2)
    (killer,) = leaky.to_act(case, state)
    state, events = leaky.apply(
        case,
        state,
        killer,
        random_action(leaky.legal_actions(case, state, killer), random.Random(0)),
    )
    assert state.phase == "day" and "night-ended" in [event.type for event in events]


def test_the_property_catches_a_killer_who_decides_alone() -> None:
    leaky = KillerDecidesAlone()
    with pytest.raises(AssertionError, match="whom the game waits for"):
        for seed in range(10):
            check_playout(leaky, nightfall_table(4, seed), resample, rng=random.Random(seed))
