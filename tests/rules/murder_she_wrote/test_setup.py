"""Preparing the game: identities, the first player, and the scene of the first murder."""

from __future__ import annotations

import pytest

from rules.core import RuleError, Seat, SetupError, start
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.spec import Phase
from tests.rules.murder_she_wrote.helpers import GAME, act, new, of, seats
from tests.rules.murder_she_wrote.island import START, sample_case


def test_every_pawn_begins_on_the_start_and_one_seat_is_the_murderer() -> None:
    """ "All pawns in play are placed around the Start at the Hotel." "(1 Murderer and the rest
    Jessica ...)" """
    state = new(5, seed=3)
    assert state.pawns == (START,) * 5
    roles = [GAME.view(state, seat)["role"] for seat in range(5)]
    assert roles.count("murderer") == 1 and roles.count("jessica") == 4
    assert roles.index("murderer") == state.murderer


def test_identities_and_first_player_come_from_the_secret_seed() -> None:
    murderers = {new(4, seed=seed).murderer for seed in range(40)}
    firsts = {new(4, seed=seed).first for seed in range(40)}
    assert murderers == firsts == {0, 1, 2, 3}
    assert new(4, seed=7) == new(4, seed=7)


def test_basic_every_seat_enters_the_room_and_the_murderer_chooses_the_first_victim() -> None:
    """ "Each player is then given less than a minute to enter the room alone ... If you are
    the MURDERER choose your first victim ... If you are a JESSICA player wait inside the room
    and do nothing." """
    state = new(4, seed=2)
    assert state.phase == Phase.SCENE and GAME.to_act(state) == frozenset(range(4))
    for seat in range(4):
        (spec,) = GAME.legal_actions(state, seat)
        expected = ("none",) if seat != state.murderer else tuple(f"L{n}" for n in range(1, 10))
        assert spec.type == "set-scene" and spec.choices("victim") == expected
    jessica = next(seat for seat in range(4) if seat != state.murderer)
    with pytest.raises(RuleError) as refused:
        act(state, jessica, "set-scene", victim="L3")
    assert refused.value.code == "scene/jessica-waits"
    with pytest.raises(RuleError) as refused:
        act(state, state.murderer, "set-scene", victim="none")
    assert refused.value.code == "scene/choose-a-victim"
    order = [jessica, state.murderer, *(s for s in range(4) if s not in (jessica, state.murderer))]
    for number, seat in enumerate(order):
        victim = "L7" if seat == state.murderer else "none"
        state, events = act(state, seat, "set-scene", victim=victim)
        assert events[0].type == "entered-room" and events[0].audience is None
        assert events[0].data == {} and events[0].secret == {}
        if number < 3:
            assert [event.type for event in events] == ["entered-room"]
            assert state.first_victim is None and state.dead == frozenset()
    assert [event.type for event in events][:3] == ["entered-room", "scene-set", "rolled"]
    assert of(events, "scene-set")[0].data == {"first": state.first}
    assert state.first_victim == "L7" and state.dead == frozenset({"L7"})
    assert state.phase == Phase.MOVE and state.turn == state.first
    assert GAME.view(state, state.murderer)["known_dead"] == ["L7"]
    assert GAME.view(state, jessica)["scene"] is None


def test_advanced_the_first_victim_is_dealt_and_nobody_knows_it() -> None:
    """ "take 8 (eight) ALIVE tokens and 1 (one) DEAD token ... Now even the Murderer does not
    know where the first murder was done!" """
    victims = {new(4, seed=seed, rules="advanced").first_victim for seed in range(60)}
    assert victims == {f"L{n}" for n in range(1, 10)}
    state = new(4, seed=5, rules="advanced")
    assert state.phase == Phase.MOVE and state.scene is None and state.roll is not None
    assert state.dead == frozenset({state.first_victim})
    assert GAME.view(state, state.murderer)["known_dead"] == []
    first_move = next(iter(GAME.legal_actions(state, state.turn)[0].choices("to")))
    _, events = act(state, state.turn, "move", to=first_move)
    assert [event.type for event in events][:3] == ["first-victim-hidden", "rolled", "moved"]
    assert events[0].data == {"first": state.first} and events[1].data == {"roll": state.roll}


def test_solo_the_person_plays_the_role_asked_for() -> None:
    table = [Seat("Ada"), Seat("Bot 1", bot=True), Seat("Bot 2", bot=True), Seat("Bot 3", True)]
    for seed in range(10):
        _, as_murderer = start(
            SYSTEM, sample_case(), table, "solo", seed=seed, options={"play_as": "murderer"}
        )
        assert as_murderer.murderer == 0
        _, as_jessica = start(
            SYSTEM, sample_case(), table, "solo", seed=seed, options={"play_as": "jessica"}
        )
        assert as_jessica.murderer != 0
    either = {
        start(SYSTEM, sample_case(), table, "solo", seed=seed)[1].murderer for seed in range(40)
    }
    assert 0 in either and len(either) > 1


def test_solo_seats_one_person_among_bots() -> None:
    """Solo: "the person plays a Jessica (the bots include the Murderer) or the Murderer
    against bot Jessicas" (issue 11): one person, wherever it sits, gets the role asked for; a
    table of two people, or of bots only, is no solo table."""
    table = [Seat("Bot", bot=True), Seat("Ada"), Seat("Bot 2", bot=True)]
    for seed in range(10):
        _, state = start(
            SYSTEM, sample_case(), table, "solo", seed=seed, options={"play_as": "murderer"}
        )
        assert state.murderer == 1
    for people in ([Seat("Ada"), Seat("Bo"), Seat("Bot", bot=True)], seats(3, bot=True)):
        with pytest.raises(SetupError) as refused:
            start(SYSTEM, sample_case(), people, "solo", seed=1)
        assert refused.value.code == "setup/people-count"


@pytest.mark.parametrize("count", [2, 7])
def test_three_to_six_players(count: int) -> None:
    with pytest.raises(SetupError) as refused:
        start(SYSTEM, sample_case(), seats(count), "standard", seed=1)
    assert refused.value.code == "setup/seat-count"
