"""Every event type of every registered system has a template that renders real events."""

from __future__ import annotations

import random

import pytest

from generator import registry as generators
from generator.registry import for_table, generate
from narration import (
    add_template_folder,
    has_template,
    narrate_ending,
    narrate_event,
    narrate_events,
    public_glossary,
)
from narration.environment import join_names, pick
from rules import registry
from rules.core import Seat, System, random_action, resolve_options, start
from tests.narration.games import told


def _load_systems() -> list[System]:
    """The built-in systems and Toy Culprit, each with its templates, as the server loads them."""
    generators.load()
    generators.load(("tests.toy",))
    for entry in registry.all_registrations():
        if entry.templates is not None:
            add_template_folder(entry.id, entry.templates)
    return registry.all_systems()


SYSTEMS = _load_systems()


def test_the_built_in_systems_and_the_test_system_are_loaded() -> None:
    assert {system.SPEC.id for system in SYSTEMS} >= {"murdered-by-midnight", "toy-culprit"}


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.SPEC.id)
def test_every_event_type_has_a_template(system: System) -> None:
    assert system.SPEC.event_types, "a system must declare its event types"
    missing = [t for t in system.SPEC.event_types if not has_template(system.SPEC.id, t)]
    wanted = ", ".join(f"narration/templates/{system.SPEC.id}/{t}.j2" for t in missing)
    assert not missing, f"add a template for each event type that has none: {wanted}"


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.SPEC.id)
def test_real_events_render_for_every_seat(system: System) -> None:
    seen: set[str] = set()
    for seed in range(30):
        mode = system.SPEC.modes[seed % len(system.SPEC.modes)]  # some events need some modes
        people = mode.max_seats if mode.people is None else mode.people[1]
        seats = [Seat(f"Player {n}", bot=n >= people) for n in range(mode.max_seats)]
        rng = random.Random(seed)
        # some events need some options (an advanced rule): each game takes a spread of them
        chosen = {o.name: o.choices[seed // 2 % len(o.choices)] for o in mode.options}
        game_options = resolve_options(mode.options, chosen)
        options = for_table(
            system.SPEC.id, {}, mode=mode.id, seats=len(seats), game_options=game_options
        )
        envelope = generate(system.SPEC.id, seed, options)
        case, state = start(system, envelope, seats, mode.id, seed=seed, options=game_options)
        for _ in range(system.SPEC.step_limit):  # every random game has a step cap
            if system.result(case, state) is not None:
                break
            actor = sorted(system.to_act(case, state))[0]
            legal = system.legal_actions(case, state, actor)
            if seed % 2:  # bots play every other game: some events need purposeful play
                action = system.bot_choose(system.view(case, state, actor), legal, rng)
            else:
                action = random_action(legal, rng)
            state, events = system.apply(case, state, actor, action)
            for event in events:
                assert event.type in system.SPEC.event_types
                seen.add(event.type)
                for _, shown in told(event, len(seats)):
                    text = narrate_event(system.SPEC.id, shown, names=[s.name for s in seats])
                    assert text and "{{" not in text
    assert seen == set(system.SPEC.event_types)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.SPEC.id)
def test_every_ending_is_worded(system: System) -> None:
    """Each ending code a system declares renders, with or without winners, as prose that
    reads the code (never the bare code or an undefined field)."""
    assert system.SPEC.endings, "a system must declare its ending codes"
    texts = set()
    for ending in system.SPEC.endings:
        for winners in ([], [0]):
            event: dict[str, object] = {
                "type": "game-ended",
                "actor": None,
                "ending": ending,
                "winners": winners,
                "standings": [],
                "solution": None,
            }
            text = narrate_event(system.SPEC.id, event, names=["Ann", "Bob"])
            assert text and "{{" not in text and "None" not in text and "\n" not in text, text
            texts.add(text)
    assert len(texts) >= len(system.SPEC.endings)


def test_an_ending_without_its_own_template_reads_the_code_as_words() -> None:
    event: dict[str, object] = {
        "type": "game-ended",
        "actor": None,
        "ending": "all-wrong",
        "winners": [],
    }
    text = narrate_event("toy-culprit", event, names=["Ann", "Bob"])
    assert text == "The game is over (all wrong), and nobody won."
    text = narrate_event(
        "toy-culprit", {**event, "ending": "named", "winners": [1]}, names=["Ann", "Bob"]
    )
    assert text == "The game is over (named): Bob won."


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


def test_an_ending_is_told_from_the_outcome_as_data() -> None:
    outcome = {"ending": "named", "winners": [0], "standings": [], "solution": None}
    assert narrate_ending("toy-culprit", outcome, names=["Ann"]) == narrate_event(
        "toy-culprit", {"type": "game-ended", "actor": None, **outcome}, names=["Ann"]
    )


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.SPEC.id)
def test_a_seats_events_told_together_read_as_told_one_by_one(system: System) -> None:
    """``narrate_events`` (a move's events for one seat, in one call) tells each event as
    ``narrate_event`` does: the shared names and glossary change no sentence."""
    mode = system.SPEC.modes[0]
    seats = [Seat(f"Player {n}", bot=n > 0) for n in range(mode.max_seats)]
    names = [seat.name for seat in seats]
    game_options = resolve_options(mode.options, {})
    options = for_table(
        system.SPEC.id, {}, mode=mode.id, seats=len(seats), game_options=game_options
    )
    envelope = generate(system.SPEC.id, 3, options)
    case, state = start(system, envelope, seats, mode.id, seed=3, options=game_options)
    glossary = public_glossary(envelope["public"])
    rng = random.Random(3)
    for _ in range(60):
        if system.result(case, state) is not None:
            break
        actor = sorted(system.to_act(case, state))[0]
        action = system.bot_choose(
            system.view(case, state, actor), system.legal_actions(case, state, actor), rng
        )
        state, events = system.apply(case, state, actor, action)
        for seat in range(len(seats)):
            shown = [seen for event in events if (seen := event.for_seat(seat)) is not None]
            one_by_one = [
                narrate_event(system.SPEC.id, each, names=names, glossary=glossary, clock="24h")
                for each in shown
            ]
            together = narrate_events(
                system.SPEC.id, shown, names=names, glossary=glossary, clock="24h"
            )
            assert together == one_by_one
