"""Solving evidence ("Collect Clues", "Process Evidence", "Players with Clues"), the Mobster
Roll of Step 4 and the Too-Many-Events Penalty."""

from __future__ import annotations

import dataclasses
import random

from rules.tiny_epic_crimes import mobsters as mob
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.helpers import (
    CASE,
    GAME,
    NIGHT,
    act,
    hours,
    me,
    mobsters,
    of,
    officer,
    start,
)

MURDERER = CASE.suspect(CASE.solution.murderer)


def _two_successes_each_elsewhere() -> TecState:
    """Seat 1 holds one successful Search Token, seat 2 one failed; seat 0 on B05 (succeeds)
    with one success already: the next success is the third."""
    state = hours(start(3), {0: 1, 1: 6, 2: 6})
    state = officer(state, 0, block="B05", clues={**me(state, 0).clues, "search": 1})
    state = officer(state, 1, clues={**me(state, 1).clues, "search": 1})
    state = officer(state, 2, failed_searches=1)
    return mobsters(
        dataclasses.replace(state, search_blocks=("B02", "B04", "B05", "B06", "B07")), {}
    )


def test_the_final_clue_token_solves_the_evidence_for_its_collector() -> None:
    # "The player that collected the final Clue Token: Takes the matching Evidence Token … and
    # peek at the Solved Evidence"
    state, events = act(_two_successes_each_elsewhere(), 0, "search-scene")
    assert state.solved == {"forensics": 0}
    solved = of(events, "evidence-solved")[0]
    assert solved.data == {"evidence": "forensics", "holder": 0}
    assert (solved.for_seat(0) or {})["value"] == MURDERER.forensics
    assert "value" not in (solved.for_seat(1) or {}) and "value" not in (
        solved.for_seat(None) or {}
    )
    assert GAME.view(state, 0)["evidence"] == {"forensics": MURDERER.forensics}
    assert GAME.view(state, 1)["evidence"] == {}
    assert GAME.view(state, 2)["solved"] == {"forensics": 0}


def test_every_officer_with_a_clue_of_that_type_gains_one_suspect_card() -> None:
    # "All players who contributed … have at least one Clue Token of that type—gain 1 Suspect
    # Card"; a failed Search Token is not a Forensics clue (docs/rulings.md)
    state, events = act(_two_successes_each_elsewhere(), 0, "search-scene")
    assert [state.suspects.count(seat) for seat in range(3)] == [1, 1, 0]
    assert state.suspect_deck.draw_count == 15 - 2
    gained = of(events, "suspect-gained")
    assert [e.data["seat"] for e in gained] == [0, 1]
    card = (gained[1].for_seat(1) or {})["suspect"]
    assert card in state.suspects.cards_of(1) and card != CASE.solution.murderer
    assert "suspect" not in (gained[1].for_seat(0) or {})


def test_once_forensics_is_solved_the_other_search_tokens_leave_the_city() -> None:
    # "Only 3 are needed to solve Forensics. Once 3 are revealed, discard all remaining"
    state, _ = act(_two_successes_each_elsewhere(), 0, "search-scene")
    assert state.search_blocks == ()


def test_three_stakeouts_solve_getaway_and_clear_the_stakeout_tokens() -> None:
    state = hours(start(3), {0: NIGHT, 1: NIGHT + 6, 2: NIGHT + 6})
    state = officer(state, 0, block="B08", clues={**me(state, 0).clues, "stakeout": 2})
    state, events = act(mobsters(state, {}), 0, "stakeout", hours=1)  # B08 is a 1
    assert state.solved == {"getaway": 0} and state.stakeout_blocks == ()
    assert (of(events, "evidence-solved")[0].for_seat(0) or {})["value"] == MURDERER.getaway


def test_five_informants_solve_rank_in_the_standard_game_three_with_two_officers() -> None:
    # "when players perform Catch Informant 5 times … the Rank Evidence is solved"
    state = hours(start(3), {0: 1, 1: 6, 2: 6})
    state = officer(state, 0, block="B13", clues={**me(state, 0).clues, "informant": 3})
    state = dataclasses.replace(state, informant_rows=(3, 5))
    state, _ = act(mobsters(state, {"B13": "red"}), 0, "catch-informant")
    assert "rank" not in state.solved
    two = hours(start(2), {0: 1, 1: 6})
    two = officer(two, 0, block="B13", clues={**me(two, 0).clues, "informant": 2})
    two = dataclasses.replace(two, informant_rows=(3,))
    two, _ = act(mobsters(two, {"B13": "red"}), 0, "catch-informant")
    assert two.solved == {"rank": 0}


def test_three_holding_tokens_solve_the_weapon() -> None:
    state = hours(start(3), {0: NIGHT, 1: NIGHT + 6, 2: NIGHT + 6})
    state = officer(state, 0, block=HQ, holding="gray", clues={**me(state, 0).clues, "holding": 2})
    state = dataclasses.replace(state, holding_tokens=("gray",))
    state, _ = act(mobsters(state, {}), 0, "bring-in-for-holding")
    assert state.solved == {"weapon": 0}


# -------------------------------------------------------------------------------------------
# Step 4: the Mobster Roll


class Dice(random.Random):
    """A random source whose dice come up as scripted (pulls from the bag stay random)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        # past the script (an event's setup rolls), the dice are random again
        return self.faces.pop(0) if self.faces else super().randint(a, b)


def _roll(state: TecState, faces: list[int]) -> tuple[TecState, list[str]]:
    after, events = mob.mobster_roll(CASE, state, Dice(faces))
    return after, [str(e.data.get("outcome")) for e in events if e.type == "mobster-roll"]


def test_a_roll_places_a_mobster_by_black_row_and_white_column() -> None:
    # "black-2 and white-4 would be this block" (rows by the Black Die Tokens, docs/rulings.md)
    state = mobsters(start(3), {})
    after, outcomes = _roll(state, [2, 4])
    assert outcomes == ["mobster"] and list(after.mobsters) == ["B09"]
    assert sum(after.bag.values()) == sum(state.bag.values()) - 1


def test_a_six_or_three_three_is_a_reprieve() -> None:
    state = mobsters(start(3), {})
    for faces in ([6, 2], [4, 6], [3, 3]):
        after, outcomes = _roll(state, faces)
        assert outcomes == ["reprieve"] and after.mobsters == {}


def test_a_roll_onto_a_mobster_owes_an_event_instead() -> None:
    state = mobsters(start(3), {"B09": "red"})
    after, outcomes = _roll(state, [2, 4])
    assert outcomes == ["event"] and after.mobsters == {"B09": "red"}
    assert len(after.events) == len(state.events) + 1  # "draw a new Event Card"


def test_doubles_other_than_three_and_six_are_a_crime_spree() -> None:
    state = mobsters(start(3), {})
    after, outcomes = _roll(state, [1, 1, 2, 2, 6, 1])
    assert outcomes == ["mobster", "mobster", "reprieve"]
    assert set(after.mobsters) == {"B01", "B07"}
    after, outcomes = _roll(state, [3, 3])
    assert outcomes == ["reprieve"]  # no spree on 3-3, and the roll ends


def test_an_empty_bag_costs_a_too_many_events_penalty() -> None:
    # "there are none left in the bag, then apply a Too-Many-Events Penalty": the top Suspect
    # Card leaves the game unseen
    state = dataclasses.replace(mobsters(start(3), {}), bag={"blue": 0, "red": 0, "gray": 0})
    after, events = mob.mobster_roll(CASE, state, Dice([2, 4]))
    assert of(events, "too-many-events")[0].data == {"penalty": "suspect-discarded"}
    assert after.suspect_deck.draw_pile == state.suspect_deck.draw_pile[1:]


def test_with_no_suspect_left_the_penalty_costs_every_tracker_an_hour_but_at_48() -> None:
    state = dataclasses.replace(
        mobsters(hours(start(3), {0: 10, 1: 48, 2: 20}), {}),
        bag={"blue": 0, "red": 0, "gray": 0},
        suspect_deck=dataclasses.replace(start(3).suspect_deck, draw_pile=()),
    )
    after, _ = mob.mobster_roll(CASE, state, Dice([2, 4]))
    assert [after.track.position(seat) for seat in range(3)] == [11, 48, 21]


def test_every_turn_ends_with_a_mobster_roll() -> None:
    _, events = act(start(3), 0, "coffee-break")
    assert of(events, "mobster-roll")


def test_the_first_tracker_past_a_red_event_line_draws_an_event() -> None:
    # Step 3: "If your tracker is the first of all players to pass a red Event Line"; the
    # sample track draws its lines after hours 6, 12, …
    state = hours(start(3), {0: 5, 1: 6, 2: 6})
    state, events = act(state, 0, "coffee-break")  # to 6: on the line's space, not past it
    assert not of(events, "event-drawn")
    state = hours(state, {0: 6, 1: 9, 2: 9})
    state, events = act(state, 0, "coffee-break")  # 6 -> 7, but seat 1 passed it first
    assert not of(events, "event-drawn")
    fresh = hours(start(3), {0: 5, 1: 5, 2: 5}, top=0)
    fresh, events = act(fresh, 0, "drive", to="B13")
    fresh, events = act(fresh, 0, "coffee-break")  # 5 -> 7: first past the line after 6
    assert [e.data["reason"] for e in of(events, "event-drawn")] == ["line-6"]
    assert [e.slot for e in fresh.events] == [1]
