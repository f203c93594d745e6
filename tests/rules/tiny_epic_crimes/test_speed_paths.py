"""The short ways the engine takes for speed (issue #12) answer what the long ways did.

``per_case`` keeps an answer on the decoded case (a server serves games of many cases in turn),
so it must answer for the case asked and never reach a save; ``evolve`` builds the next state
without ``dataclasses.replace``, so it must make the same state and refuse a field the state
does not have; the distance table must say what ``board.distance`` says.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import serial
from rules.core import Action, ActionSpec, Event, RuleError, Seat, check_action
from rules.tiny_epic_crimes import board, coop, encoding, legal, solo, turns, views
from rules.tiny_epic_crimes.case import HQ, to_envelope_parts
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.made import event as new_event
from rules.tiny_epic_crimes.spec import SPEC
from rules.tiny_epic_crimes.state import evolve
from tests.rules.tiny_epic_crimes.coop_helpers import game_for
from tests.rules.tiny_epic_crimes.helpers import CASE, seats, start, two_player_case
from tests.rules.tiny_epic_crimes.test_playthrough import bot_game


def test_the_printed_parts_follow_the_case_asked_and_stay_out_of_its_envelope() -> None:
    other = dataclasses.replace(two_player_case(), title="Another Night in the City")
    before = to_envelope_parts(CASE), to_envelope_parts(other)
    state = start(4)
    two = SYSTEM.new_game(other, [Seat("A"), Seat("B")], "standard", seed=1, options={})
    for _ in range(2):  # back and forth, as a server serves two games
        assert SYSTEM.view(CASE, state, 0)["case"]["title"] == CASE.title
        assert SYSTEM.view(other, two, 0)["case"]["title"] == "Another Night in the City"
    assert board.adjacent(CASE, "HQ") and board.adjacent(other, "HQ")
    assert (to_envelope_parts(CASE), to_envelope_parts(other)) == before


def test_evolve_makes_the_state_replace_made() -> None:
    state = start(3)
    changes: dict[str, Any] = {
        "step": state.step + 5,
        "driven": 2,
        "drove": True,
        "boosts": {"hours": 1},
    }
    assert evolve(state, **changes) == dataclasses.replace(state, **changes)
    assert state == start(3), "the old state is unchanged"


def test_evolve_refuses_a_field_the_state_lacks() -> None:
    with pytest.raises(TypeError, match="hours"):
        evolve(start(2), hours=3)


def test_the_distance_table_says_what_distance_says() -> None:
    every = board.blocks(CASE)
    for a in every:
        row = board.distances_from(CASE, a)
        assert [block for block, _ in row] == list(every)
        assert all(far == board.distance(CASE, a, block) for block, far in row)


def test_the_neighbours_are_the_places_one_block_away() -> None:
    """Neighbours read off the distance table: the places ``distance`` puts one block away, in
    the order ``blocks`` lists them."""
    for case in (CASE, two_player_case()):
        every = board.blocks(case)
        for a in every:
            expected = tuple(b for b in every if board.distance(case, a, b) == 1)
            assert board.adjacent(case, a) == expected


def _verdict(specs: list[ActionSpec], action: Action) -> tuple[str, str]:
    try:
        return "allowed", check_action(specs, action).type
    except RuleError as error:
        return error.code, error.message


def test_a_move_is_checked_against_its_own_type_as_against_every_legal_spec() -> None:
    """``apply`` checks an action against the specs of its type only, a drive against its one
    destination: the same verdict and the same refusal as against the whole legal list."""
    blocks = [b.id for b in CASE.blocks] + [HQ, "B99"]
    candidates = [Action(kind) for kind in SPEC.action_types]
    candidates += [Action("drive", {"to": block}) for block in blocks]
    candidates += [Action("drive"), Action("drive", {"to": 3}), Action("drive", {"to": [HQ]})]
    candidates += [Action("drive", {"to": HQ, "hours": 1})]
    candidates += [Action("stakeout", {"hours": h}) for h in range(0, 8)]
    candidates += [Action("accuse", {"murderer": s.letter}) for s in CASE.suspects]
    candidates += [Action("resolve-event", {"event": f"E{n:02}"}) for n in range(1, 20)]
    candidates += [Action("play-force", {"card": f"F{n:02}"}) for n in range(1, 14)]
    checked = 0
    for number, (state, actor, _) in enumerate(bot_game(3, 5)):
        if number % 5:
            continue
        officer = solo.acting(state, actor)
        for action in candidates:
            legal._last = None  # no list the bot loop made is at hand, as in a served move
            whole = legal.legal_actions(CASE, state, officer)
            legal._last = None
            own = legal.legal_of_type(CASE, state, officer, action)
            assert _verdict(own or whole, action) == _verdict(whole, action), action
            checked += 1
    assert checked > 1000


def test_the_state_is_encoded_as_serial_encodes_it_kept_parts_or_fresh() -> None:
    """``encoding.to_json`` takes unchanged parts from the states encoded before: every state of
    a game, encoded after its predecessor, again, and decoded afresh, reads as ``serial``'s."""
    for count in (2, 4):
        for state, _, _ in bot_game(count, 11):
            expected = json.dumps(serial.to_json(state))
            assert json.dumps(encoding.to_json(state)) == expected
            assert json.dumps(encoding.to_json(state)) == expected  # every part kept
            fresh = SYSTEM.state_from_json(json.loads(expected))
            assert json.dumps(encoding.to_json(fresh)) == expected


def test_a_solo_game_waits_for_its_seat_as_the_officers_turns_say() -> None:
    """Solo's ``to_act`` no longer works out whose turn it is: at every step of whole bot
    games, through the accusation to the end, it names the seats the officers' turns did."""
    for officers in (2, 3):
        game = game_for(officers)
        state = game.new_game(seats(1, bot=True), "solo", 3, {"officers": officers})
        rng = random.Random(3)
        steps = 0
        while True:
            expected = solo.to_act(state, turns.to_act(state))
            assert game.to_act(state) == expected
            if game.result(state) is not None:
                break
            actor = min(expected)
            view, legal_now = game.view(state, actor), game.legal_actions(state, actor)
            state, _ = game.apply(state, actor, SYSTEM.bot_choose(view, legal_now, rng))
            steps += 1
        assert steps > 50


def _played(game: Any, mode: str, officers: int, seed: int) -> Iterator[Any]:
    """Every state of a whole bot game of ``mode``, to its end."""
    seat_count = 1 if mode == "solo" else officers
    options = {"officers": officers} if mode == "solo" else {}
    state = game.new_game(seats(seat_count, bot=True), mode, seed, options)
    rng = random.Random(seed)
    while True:
        yield state
        if game.result(state) is not None:
            return
        actor = min(game.to_act(state))
        view, legal_now = game.view(state, actor), game.legal_actions(state, actor)
        state, _ = game.apply(state, actor, SYSTEM.bot_choose(view, legal_now, rng))


_TABLES = [("standard", 2), ("standard", 4), ("cooperative", 3), ("solo", 2), ("solo", 4)]


def test_whose_turn_it_is_is_the_one_the_track_orders_first() -> None:
    """``turns.current`` finds the officer furthest behind in one pass over the stack: at every
    turn of whole bot games of every mode, the officer the track's sorted order puts first."""
    turns_seen = 0
    for mode, officers in _TABLES:
        for state in _played(game_for(officers), mode, officers, 8):
            if state.ended is None and not turns.accusing(state):
                expected = state.track.next_to_act(skip=turns.resting(state))
                assert turns._furthest_behind(state) == expected
                assert turns.current(state) == expected
                turns_seen += 1
    assert turns_seen > 300


def test_a_view_kept_for_a_state_is_the_view_made_afresh() -> None:
    """A view is made once for a state, seat and case: asked again, for every seat and the
    onlooker, in turn with other states as a server serves them, it equals one made anew."""
    for mode, officers in _TABLES:
        game = game_for(officers)
        seat_count = 1 if mode == "solo" else officers
        before = None
        for state in _played(game, mode, officers, 5):
            for seat in [*range(seat_count), None]:
                first = SYSTEM.view(game.case, state, seat)
                if before is not None:
                    SYSTEM.view(game.case, before, seat)  # another state in between
                again = SYSTEM.view(game.case, state, seat)
                assert again == first == views._view(game.case, state, seat)
                assert again is not first and again["case"] is first["case"]
                again["notes"] = "a caller's own"  # a caller may add to its copy
                assert "notes" not in SYSTEM.view(game.case, state, seat)
            before = state
    other = two_player_case()
    state = start(2)
    assert SYSTEM.view(other, state, 0) == views._view(other, state, 0)
    assert SYSTEM.view(other, state, 0) is not SYSTEM.view(CASE, state, 0)


def test_an_event_made_directly_is_the_event_init_makes() -> None:
    """``made.event`` fills an event's fields at once: the same value, type, fields in order."""
    args: list[tuple[Any, ...]] = [
        ("drove", 0, {"to": HQ}, {}, None, frozenset()),
        (
            "evidence-solved",
            None,
            {"evidence": "gang"},
            {"value": "x"},
            frozenset({0}),
            frozenset({1}),
        ),
    ]
    for each in args:
        made, expected = new_event(*each), Event(*each)
        assert made == expected and type(made) is Event
        assert vars(made) == vars(expected) and list(vars(made)) == list(vars(expected))
        assert made.to_json() == expected.to_json()


def test_the_team_hands_a_view_shows_are_the_hands_of_the_state_shown() -> None:
    """The team's hands in a view are kept by the identity of the hands: at every step of
    co-op and solo bot games they are the state's own, sorted and in the order gained."""
    for mode, officers in [("cooperative", 2), ("cooperative", 4), ("solo", 3)]:
        game = game_for(officers)
        for state in _played(game, mode, officers, 6):
            acting = solo.acting(state, 0)
            part = coop.view_part(game.case, state, 0, acting)
            seats = range(len(state.officers))
            suspects = [list(state.suspects.cards_of(o)) for o in seats]
            forces = [list(state.forces.cards_of(o)) for o in seats]
            assert part["suspects_of"] == suspects and part["forces_of"] == forces
            assert part["suspects"] == sorted(card for hand in suspects for card in hand)
            team = sorted(card for hand in forces for card in hand)
            mine = sorted(state.forces.cards_of(acting))
            assert part["forces"] == (team if coop.pooled(state) else mine)
