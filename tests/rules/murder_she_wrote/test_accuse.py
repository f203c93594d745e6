"""Accusing: from an Accuse space landed on or passed over; right wins, wrong is out."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.murder_she_wrote.spec import Phase
from tests.rules.murder_she_wrote.helpers import GAME, act, of, on_turn, playing, spec_of

# From 10 a roll of 2 passes the Accuse space at 11 (clockwise, to 12) or not (to 8).


def test_a_jessica_may_accuse_when_her_move_passes_or_lands_on_an_accuse_space() -> None:
    """ "1. Land or pass over either Accuse spaces. 2. Announce you are going to make an
    Accusation." """
    passing = on_turn(playing(murderer=0), 1, 2, {1: 10})
    accusing = spec_of(GAME.legal_actions(passing, 1), "to", "accuse")
    assert accusing is not None
    assert accusing.choices("to") == (12,) and accusing.choices("accuse") == (0, 2, 3)
    landing = on_turn(playing(murderer=0), 1, 2, {1: 9})
    found = spec_of(GAME.legal_actions(landing, 1), "to", "accuse")
    assert found is not None and 11 in found.choices("to")
    with pytest.raises(RuleError) as refused:
        act(passing, 1, "move", to=8, accuse=0)
    assert refused.value.code == "move/no-accuse-space"


def test_no_accusation_off_the_accuse_spaces() -> None:
    away = on_turn(playing(murderer=0), 1, 3, {1: 30})
    assert spec_of(GAME.legal_actions(away, 1), "to", "accuse") is None


def test_the_murderer_may_not_accuse() -> None:
    """Accusing is how a Jessica wins ("How to win as JESSICA"); the Murderer has no Accuse
    dial to turn (a ruling)."""
    state = on_turn(playing(murderer=1), 1, 2, {1: 10})
    assert spec_of(GAME.legal_actions(state, 1), "to", "accuse") is None
    with pytest.raises(RuleError) as refused:
        act(state, 1, "move", to=12, accuse=2)
    assert refused.value.code == "move/murderer-cannot-accuse"


def test_a_right_accusation_wins_alone() -> None:
    """ "If the coloured disk in the Murderer card matches the colour dialled on the Accuse dial
    then you've won." """
    state = on_turn(playing(murderer=3), 1, 2, {1: 10})
    over, events = act(state, 1, "move", to=12, accuse=3)
    (accused,) = of(events, "accused")
    assert accused.data == {"right": True, "suspect": 3}
    outcome = GAME.result(over)
    assert outcome is not None and outcome.ending == "murderer-caught"
    assert outcome.winners == (1,)
    assert [(s.seat, s.rank) for s in outcome.standings] == [(1, 1), (0, 2), (2, 2), (3, 2)]
    assert outcome.solution == {"murderer": 3, "first_victim": "L5"}
    assert of(events, "game-ended")[0].data["murderer"] == 3
    assert GAME.to_act(over) == frozenset()


def test_a_wrong_accuser_is_out_and_tells_nobody_whom_it_named() -> None:
    """ "If you are wrong you are out of the game and must not reveal whodunnit." """
    state = on_turn(playing(murderer=3), 1, 2, {1: 10})
    after, events = act(state, 1, "move", to=12, accuse=2)
    (accused,) = of(events, "accused")
    assert accused.data == {"right": False} and accused.secret == {"suspect": 2}
    assert accused.for_seat(0) == {"type": "accused", "actor": 1, "right": False}
    assert after.pawns[1] is None and 1 in after.out
    assert GAME.result(after) is None and after.turn == 2
    assert GAME.view(after, 0)["accusers"] == [{"seat": 1, "right": False}]
    # out of the game: never on turn again, never accused
    skipped = on_turn(after, 0, 2, {0: 10})
    done, _ = act(skipped, 0, "move", to=12)
    assert done.turn == 2
    accusing = spec_of(GAME.legal_actions(skipped, 0), "to", "accuse")
    assert accusing is not None and accusing.choices("accuse") == (2, 3)


def test_the_last_jessica_can_only_name_the_murderer() -> None:
    """Every other Jessica out, the last one's dial offers the Murderer alone, so the game
    cannot end with every Jessica out (a ruling)."""
    state = on_turn(playing(3, murderer=2), 1, 2, {1: 10, 0: None}, out=frozenset({0}))
    accusing = spec_of(GAME.legal_actions(state, 1), "to", "accuse")
    assert accusing is not None and accusing.choices("accuse") == (2,)
    with pytest.raises(RuleError) as refused:
        act(state, 1, "move", to=12, accuse=0)
    assert refused.value.code == "move/bad-suspect"


def test_an_accusation_is_made_before_the_move() -> None:
    """The pawn leaves the board or the game ends: no visit, no move is played after it."""
    state = on_turn(playing(murderer=3), 1, 2, {1: 10})
    after, events = act(state, 1, "move", to=12, accuse=0)
    assert not of(events, "moved") and after.phase == Phase.MOVE
