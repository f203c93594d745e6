"""The Cooperative Game Mode, each rule from its passage of the rulebook.

The sample grid: row 1 is B01-B05, row 2 B06-B10, row 3 B11 B12 HQ B13 B14. Search Tokens lie
on B01-B07 (B01, B03, B05, B07 succeed), Stakeout Tokens on B08-B12 numbered 1 to 5. Hours 1-6
are day, 7-12 night. The 2-player tokens: Informants in rows 1, 3, 5, Witnesses in columns 2,
3, 4. Officer 0 is the Detective, 1 the Patrol Cop, 2 the Analyst, 3 the Sheriff.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules.core import Action, RuleError, SetupError
from rules.kit.effects import Context
from rules.kit.hands import Hands
from rules.tiny_epic_crimes import clues, resolve
from rules.tiny_epic_crimes import mobsters as bag
from rules.tiny_epic_crimes.case import HQ, MOBSTERS_PER_COLOUR
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.roles import CLUE_ACTIONS, Role, roles_for
from rules.tiny_epic_crimes.spec import Act
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.coop_helpers import coop, game_for, legal_types, play
from tests.rules.tiny_epic_crimes.helpers import (
    GAME,
    NIGHT,
    hours,
    mobsters,
    of,
    officer,
    seats,
)

CLUE_ACTS = {
    Act.CATCH_INFORMANT,
    Act.CATCH_WITNESS,
    Act.SEARCH_SCENE,
    Act.STAKEOUT,
    Act.BRING_IN_FOR_HOLDING,
}


def turn(state: TecState, who: int, at: int = 1, *, block: str = HQ) -> TecState:
    """Officer ``who`` to act on hour ``at`` on ``block``; the others further on; no mobsters."""
    others = {o: at + 5 for o in range(len(state.officers)) if o != who}
    state = hours(state, {who: at, **others})
    return mobsters(officer(state, who, block=block), {})


def refused(state: TecState, seat: int, kind: str, **params: int | str) -> str:
    """The refusal's code; the state is checked to be unchanged."""
    before = json.dumps(SYSTEM.state_to_json(state))
    with pytest.raises(RuleError) as error:
        play(state, seat, kind, **params)
    assert json.dumps(SYSTEM.state_to_json(state)) == before
    return error.value.code


# -------------------------------------------------------------------------------------------
# Roles


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (2, ["detective", "patrol-cop"]),
        (3, ["detective", "patrol-cop", "analyst"]),
        (4, ["detective", "patrol-cop", "analyst", "sheriff"]),
    ],
)
def test_the_roles_follow_the_player_count(count: int, expected: list[str]) -> None:
    """ "2 players: use Detective and Patrol Cop; 3 players: use Detective, Patrol Cop, and
    Analyst; 4 players: use all four officers.\""""
    state = coop(count)
    assert game_for(count).view(state, 0)["roles"] == expected
    assert game_for(count).view(state, None)["roles"] == expected


def test_the_patrol_cop_only_catches_informants_stakes_out_and_brings_in() -> None:
    """ "the Patrol Cop can only Catch Informant, Stakeout, and Bring in for Holding. All
    officers can Drive, Arrest, Call for Backup, and Coffee Break.\""""
    assert CLUE_ACTIONS[Role.PATROL_COP] == {
        Act.CATCH_INFORMANT,
        Act.STAKEOUT,
        Act.BRING_IN_FOR_HOLDING,
    }
    state = mobsters(turn(coop(2), 1, block="B03"), {"B03": "blue"})  # row 1, column 3
    offered = legal_types(state, 1)
    assert {Act.CATCH_INFORMANT, Act.ARREST, Act.CALL_FOR_BACKUP, Act.COFFEE_BREAK} <= offered
    assert {Act.BRING_IN_FOR_HOLDING, Act.DRIVE} <= offered
    assert Act.SEARCH_SCENE not in offered and Act.CATCH_WITNESS not in offered
    assert refused(state, 1, "search-scene") == "role/not-yours"
    assert refused(state, 1, "catch-witness") == "role/not-yours"


def test_the_detective_takes_what_the_patrol_cop_cannot() -> None:
    """Ruling: the Detective catches witnesses, searches scenes and stakes out, but catches no
    informant and brings nobody in."""
    state = mobsters(turn(coop(2), 0, block="B03"), {"B03": "blue"})
    offered = legal_types(state, 0)
    assert {Act.SEARCH_SCENE, Act.CATCH_WITNESS} <= offered
    assert refused(state, 0, "catch-informant") == "role/not-yours"
    assert refused(state, 0, "bring-in-for-holding") == "role/not-yours"


@pytest.mark.parametrize("count", [2, 3, 4])
def test_every_clue_action_is_on_some_mat_at_every_table_size(count: int) -> None:
    """Ruling: the mats the rulebook leaves unprinted cover every clue action at every size,
    so every evidence can be solved."""
    covered = set().union(*(CLUE_ACTIONS[role] for role in roles_for(count)))
    assert covered == CLUE_ACTS


def test_a_team_solves_every_evidence_with_its_roles_alone() -> None:
    """Each evidence's clue tokens can all be collected by some officer of a 2-player team:
    the team collects three of each (the 2-player numbers) through legal actions."""
    state = coop(2)
    want = {"informant": ("B01", 1), "witness": ("B02", 0)}
    for clue, (block, who) in want.items():
        for _ in range(3):
            row_or_column = int(block[1:]) - 1
            state = turn(state, who, 1, block=block)
            state = mobsters(state, {block: "red"})
            if clue == "informant":
                state = dataclasses.replace(state, informant_rows=(1,))
            else:
                state = dataclasses.replace(state, witness_columns=(row_or_column + 1,))
            state, _ = play(state, who, f"catch-{clue}")
    assert {"rank", "gang"} <= set(state.solved)


# -------------------------------------------------------------------------------------------
# Day and night, arrests, mobsters


def test_actions_are_no_longer_restricted_by_day_or_night() -> None:
    """ "Actions are no longer restricted by day or night.\""""
    night_search = turn(coop(2), 0, NIGHT, block="B01")
    assert Act.SEARCH_SCENE in legal_types(night_search, 0)
    day_stakeout = turn(coop(2), 1, 1, block="B08")
    assert Act.STAKEOUT in legal_types(day_stakeout, 1)
    state, events = play(day_stakeout, 1, "stakeout", hours=1)
    assert of(events, "staked-out")[0].data["success"] is True


def test_arrested_mobsters_go_right_back_to_the_bag() -> None:
    """ "Officer Mats do not have spots on the right side where mobsters are placed when
    arrested. Instead, mobsters are returned right to the bag.\""""
    state = mobsters(turn(coop(2), 0, block="B13"), {"B13": "blue"})
    before = sum(state.bag.values()) + len(state.mobsters)
    state, events = play(state, 0, "arrest")
    assert of(events, "arrested") and state.officers[0].arrested == ()
    assert sum(state.bag.values()) + len(state.mobsters) == before  # none kept on a mat


@pytest.mark.parametrize(
    ("count", "removed"),
    [
        (2, {"gray": 1}),
        (3, {"blue": 1, "red": 1, "gray": 1}),
        (4, {"blue": 2, "red": 2, "gray": 2}),
    ],
)
def test_mobsters_are_removed_from_the_game_by_player_count(
    count: int, removed: dict[str, int]
) -> None:
    """ "2 players: remove 1 Gray Gangster; 3 players: remove 1 of each color; 4 players:
    remove 2 of each color.\""""
    state = coop(count)
    for colour in ("blue", "red", "gray"):
        in_play = state.bag[colour] + sum(1 for c in state.mobsters.values() if c == colour)
        assert in_play == MOBSTERS_PER_COLOUR - removed.get(colour, 0)


# -------------------------------------------------------------------------------------------
# The Out-of-Time Marker


def test_the_out_of_time_marker_starts_beside_hour_48() -> None:
    """ "place 1 Gray Gangster in the open area directly next to the 48-hour mark on the Time
    Track. This is the Out-of-Time Marker.\""""
    state = coop(3)
    assert state.final_hour == 48
    assert game_for(3).view(state, 1)["final_hour"] == 48


def test_the_too_many_events_penalty_moves_the_marker_back() -> None:
    """ "When a fourth Event Card is to be played … instead of discarding a Suspect Card from
    the deck you move the Gray Gangster mobster backward 1 space on the Time Track.\""""
    state = coop(2)
    after, events = bag.too_many_events(state)
    assert after.final_hour == 47
    assert after.suspect_deck == state.suspect_deck
    assert of(events, "out-of-time")[0].data == {"from": 48, "to": 47}


def test_an_empty_bag_moves_the_marker_back() -> None:
    """ "or if there are not enough mobsters in the bag to add to the city, … move the Gray
    Gangster mobster backward 1 space\""""
    state = dataclasses.replace(coop(2), mobsters={}, bag={"blue": 0, "red": 0, "gray": 0})
    for seed in range(30):
        after, events = bag.mobster_roll(GAME.case, state, random.Random(seed))
        empty = [e for e in of(events, "mobster-roll") if e.data.get("outcome") == "empty-bag"]
        assert after.final_hour == 48 - len(empty)
        assert len(of(events, "out-of-time")) == len(empty)
        if empty:
            return
    raise AssertionError("no roll found the bag empty")


def test_the_marker_is_the_final_hour() -> None:
    """ "The Gray Criminal on the Time Track marks the track's end. Treat the mobster's space
    as the final hour.\""""
    state = dataclasses.replace(turn(coop(2), 1, 44, block="B08"), final_hour=46)
    stakeout = next(s for s in game_for(2).legal_actions(state, 1) if s.type == Act.STAKEOUT)
    assert stakeout.choices("hours") == (1, 2)
    state, _ = play(state, 1, "stakeout", hours=2)
    assert state.track.position(1) == 46
    assert refused(state, 1, "coffee-break") == "time/past-48"
    assert legal_types(state, 1) == {Act.REST_YOUR_CASE}


def test_an_officer_the_marker_overtook_can_only_rest() -> None:
    """Ruling: a tracker on or past the final hour has no hour left; it rests its case, even
    before the red spaces, and never moves backwards."""
    state = dataclasses.replace(turn(coop(2), 0, 30), final_hour=28)
    assert legal_types(state, 0) == {Act.REST_YOUR_CASE}
    state, _ = play(state, 0, "rest-your-case")
    assert state.officers[0].rested and state.track.position(0) == 30


# -------------------------------------------------------------------------------------------
# Shared knowledge


def test_suspect_cards_are_gained_face_up_for_everyone() -> None:
    """ "Whenever Suspect Cards are gained, they are placed face-up for all players to see and
    the suspect's name is read aloud.\""""
    state = turn(coop(3), 0)
    state, _ = clues.gain_suspect(state, 0, random.Random(0))
    card = state.suspects.cards_of(0)[0]
    for seat in range(3):
        view = game_for(3).view(state, seat)
        assert view["suspects"] == [card] and view["suspects_of"][0] == [card]
    assert "suspects" not in game_for(3).view(state, None)  # nobody at the table is a spectator


def test_leg_work_reads_the_suspect_aloud_to_every_seat() -> None:
    """Gained through an action, the card's event carries its name to every seat."""
    state, _ = clues.gain_force(turn(coop(3), 0), 0, random.Random(0))  # owes Leg Work
    state, events = play(state, 0, "leg-work", take="suspect")
    (gained,) = of(events, "suspect-gained")
    for seat in range(3):
        assert gained.for_seat(seat)["suspect"] == state.suspects.cards_of(0)[0]  # type: ignore[index]
    assert "suspect" not in gained.for_seat(None)  # type: ignore[operator]


def test_solved_evidence_is_shared_and_gives_no_suspect_card() -> None:
    """ "Whenever any Evidence is solved, players do not gain a Suspect Card for having Clue
    Tokens—the knowledge is instead shared.\" ("All Evidence knowledge is shared")"""
    state = turn(coop(2), 0, block="B01")
    clues_of = {**state.officers[0].clues, "search": 2}
    state = officer(state, 0, clues=clues_of)
    state, events = play(state, 0, "search-scene")
    (solved,) = of(events, "evidence-solved")
    value = GAME.case.suspect(GAME.case.solution.murderer).forensics
    assert solved.for_seat(1)["value"] == value  # type: ignore[index]
    assert not of(events, "suspect-gained")
    assert all(state.suspects.count(o) == 0 for o in range(2))
    assert game_for(2).view(state, 1)["evidence"] == {"forensics": value}


def test_a_peek_reward_is_ignored() -> None:
    """ "Cooperative Mode: All Evidence knowledge is shared between players. Ignore the reward
    for all Event rewards.\" (the Peek icon's reward)"""
    state = coop(2)
    after, events = resolve.REWARDS.run(
        {"op": "peek_evidence"}, state, Context(seat=0, rng=random.Random(0))
    )
    assert after == state and events == []


def test_force_cards_are_public_in_three_and_four_players() -> None:
    """ "In a 3- or 4-player game: Force Cards are treated the same as Standard Mode. However,
    players can publicly share what cards they have.\""""
    state = coop(3)
    view = game_for(3).view(state, 2)
    assert view["forces_of"] == [list(state.forces.cards_of(o)) for o in range(3)]
    # the Patrol Cop books a mobster whose Holding Token is gone: a Force Card, seen by all
    state = dataclasses.replace(turn(coop(3), 1), holding_tokens=("red", "gray"))
    state = officer(state, 1, holding="blue")
    state, events = play(state, 1, "bring-in-for-holding")
    (gained,) = of(events, "force-gained")
    assert all("card" in gained.for_seat(seat) for seat in range(3))  # type: ignore[operator]


def _hands(state: TecState, held: dict[int, tuple[str, ...]]) -> TecState:
    return dataclasses.replace(state, forces=dataclasses.replace(state.forces, held=held))


def test_two_officers_share_a_pool_of_force_cards() -> None:
    """ "In a 2-player game: Players combine their Force Cards in a shared pool of up to 4
    cards, and both players have access to any available card.\""""
    state = _hands(turn(coop(2), 1), {0: ("F10",), 1: ()})  # the Detective holds Shortcut
    spec = next(s for s in game_for(2).legal_actions(state, 1) if s.type == Act.PLAY_FORCE)
    assert "F10" in spec.choices("card")
    state, events = play(state, 1, "play-force", card="F10")
    assert of(events, "force-played") and "F10" in state.force_deck.discard_pile
    assert state.forces.count(0) + state.forces.count(1) == 0


def test_the_pool_holds_four_cards() -> None:
    """A Patrol Cop with two cards gains a third: the pool has room, it stays; the fifth owes a
    discard."""
    state = _hands(turn(coop(2), 1), {0: ("F01",), 1: ("F03", "F04")})
    state, _ = clues.gain_force(state, 1, random.Random(0))
    assert state.forces.count(0) + state.forces.count(1) == 4 and not state.decisions
    state, _ = clues.gain_force(state, 1, random.Random(0))
    assert state.decisions and state.decisions[0].kind == "discard-force"


def test_three_officers_do_not_pool() -> None:
    state = _hands(turn(coop(3), 1), {0: ("F10",), 1: (), 2: ()})
    assert Act.PLAY_FORCE not in legal_types(state, 1)


# -------------------------------------------------------------------------------------------
# Leg Work


def test_leg_work_trades_a_force_card_for_three_hours_and_a_suspect() -> None:
    """ "When playing as the Detective or the Analyst …, whenever you would gain a Force Card,
    you instead may spend 3 hours to gain a Suspect Card (do not draw the Force Card).\""""
    state = turn(coop(3), 0, 10)
    deck = state.force_deck
    state, events = clues.gain_force(state, 0, random.Random(0))
    assert not events and state.force_deck == deck
    assert game_for(3).to_act(state) == {0}
    (offered,) = game_for(3).legal_actions(state, 0)
    assert offered.type == "leg-work" and offered.choices("take") == ("force", "suspect")
    took, events = play(state, 0, "leg-work", take="suspect")
    assert took.track.position(0) == 13 and took.suspects.count(0) == 1
    assert took.force_deck == deck and took.forces.count(0) == state.forces.count(0)
    assert of(events, "leg-work-done")[0].data == {"from": 10, "to": 13}
    drew, _ = play(state, 0, "leg-work", take="force")
    assert drew.forces.count(0) == state.forces.count(0) + 1 and drew.track.position(0) == 10


def test_leg_work_is_the_detective_and_the_analysts() -> None:
    """The Patrol Cop and the Sheriff draw the Force Card; the Analyst may take Leg Work."""
    state = turn(coop(4), 1)
    for who, owed in ((1, False), (3, False), (2, True)):
        after, _ = clues.gain_force(state, who, random.Random(0))
        assert bool(after.decisions) == owed
        assert after.forces.count(who) == state.forces.count(who) + (0 if owed else 1)


def test_leg_work_needs_three_hours_and_a_suspect_card() -> None:
    """Ruling: three hours must be left before the final hour, and a card in the deck."""
    late = turn(coop(2), 0, 46)
    after, _ = clues.gain_force(late, 0, random.Random(0))
    assert not after.decisions
    empty = dataclasses.replace(
        turn(coop(2), 0), suspect_deck=dataclasses.replace(late.suspect_deck, draw_pile=())
    )
    after, _ = clues.gain_force(empty, 0, random.Random(0))
    assert not after.decisions


def test_standard_mode_has_no_leg_work() -> None:
    state = hours(GAME.new_game(seats(3), "standard", 1), {0: 1, 1: 6, 2: 6})
    state = dataclasses.replace(state, decisions=())
    after, _ = clues.gain_force(state, 0, random.Random(0))
    assert not after.decisions


# -------------------------------------------------------------------------------------------
# The accusation


def accusing(count: int) -> TecState:
    state = coop(count)
    for o in range(count):
        state = officer(state, o, rested=True)
    return state


def vote(state: TecState, letters: list[str]) -> tuple[TecState, list[str]]:
    types: list[str] = []
    for seat, letter in enumerate(letters):
        state, events = play(state, seat, "accuse", murderer=letter)
        types += [e.type for e in events]
    return state, types


def test_once_every_car_lies_down_the_team_accuses_once() -> None:
    """ "Once all players' Cars are lying on their sides, it is time to make one collective
    accusation. A single suspect is chosen by the team, and the Murderer is then revealed: if
    correct, all players win!\""""
    state = accusing(3)
    assert game_for(3).to_act(state) == {0, 1, 2}
    truth = GAME.case.solution.murderer
    other = next(s.letter for s in GAME.case.suspects if s.letter != truth)
    state, types = vote(state, [other, truth, truth])
    assert "team-accused" in types and types[-1] == "game-ended"
    outcome = game_for(3).result(state)
    assert outcome is not None and outcome.ending == "solved" and outcome.winners == (0, 1, 2)
    assert {s.rank for s in outcome.standings} == {1}


def test_a_wrong_team_accusation_loses_for_everyone() -> None:
    """ "If incorrect, then all players lose.\""""
    truth = GAME.case.solution.murderer
    other = next(s.letter for s in GAME.case.suspects if s.letter != truth)
    state, _ = vote(accusing(2), [other, other])
    outcome = game_for(2).result(state)
    assert outcome is not None and outcome.ending == "unsolved" and outcome.winners == ()


def test_a_tied_vote_goes_with_the_detective() -> None:
    """Ruling: the suspect with most votes is the team's; a tie goes to the Detective's."""
    truth = GAME.case.solution.murderer
    other = next(s.letter for s in GAME.case.suspects if s.letter != truth)
    state, _ = vote(accusing(2), [truth, other])
    outcome = game_for(2).result(state)
    assert outcome is not None and outcome.winners == (0, 1)
    state, _ = vote(accusing(4), [other, truth, truth, other])
    assert game_for(4).result(state).winners == ()  # type: ignore[union-attr]


def test_votes_stay_sealed_until_the_last() -> None:
    state = accusing(3)
    state, events = play(state, 0, "accuse", murderer="A")
    (made,) = of(events, "accusation-made")
    assert "murderer" not in made.for_seat(1)  # type: ignore[operator]
    assert game_for(3).view(state, 1)["accusation"] is None
    assert game_for(3).view(state, 0)["accusation"] == "A"


# -------------------------------------------------------------------------------------------
# Setup


def test_the_case_must_be_laid_out_for_the_team() -> None:
    """ "2-Player Game Variant — For both Standard and Cooperative Modes": two officers need
    the 2-player tokens, three or four the full rows."""
    with pytest.raises(SetupError) as error:
        GAME.new_game(seats(2), "cooperative", 1)
    assert error.value.code == "setup/case-players"
    with pytest.raises(SetupError) as error:
        game_for(2).new_game(seats(3), "cooperative", 1)
    assert error.value.code == "setup/case-players"


def test_a_cooperative_game_takes_two_to_four_seats() -> None:
    with pytest.raises(SetupError) as error:
        GAME.new_game(seats(5), "cooperative", 1)
    assert error.value.code == "setup/seat-count"


def test_nothing_else_may_be_played_while_leg_work_is_owed() -> None:
    state, _ = clues.gain_force(turn(coop(2), 0), 0, random.Random(0))
    with pytest.raises(RuleError) as error:
        game_for(2).apply(state, 0, Action("coffee-break"))
    assert error.value.code == "decision/owed"


def test_hands_are_the_teams_in_every_view() -> None:
    state = coop(4)
    held = {o: state.forces.cards_of(o) for o in range(4)}
    state = dataclasses.replace(state, forces=Hands(held, state.forces.salt))
    views = [game_for(4).view(state, seat)["forces_of"] for seat in range(4)]
    assert all(v == views[0] for v in views)
