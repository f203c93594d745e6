"""What a seat sees: its own role and looks; the Murderer its kills; everyone the board, the
calling cards and the public log; and nobody another seat's role."""

from __future__ import annotations

import json
from typing import Any

from rules.core import rng_for
from rules.murder_she_wrote.case import Island
from rules.murder_she_wrote.game import SYSTEM, MurderSheWrote
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote import test_same_games as same_games
from tests.rules.murder_she_wrote.helpers import GAME, act, on_turn, playing
from tests.rules.murder_she_wrote.island import ROOMS, TO

KEYS = {
    "seat",
    "role",
    "rules",
    "mode",
    "round",
    "rounds",
    "phase",
    "turn",
    "roll",
    "pawns",
    "out",
    "last_in",
    "visits",
    "accusers",
    "seen",
    "known_dead",
    "kills",
    "may_check",
    "moves",
    "scene",
    "result",
}


def test_every_view_has_the_same_keys_and_only_its_own_role() -> None:
    state = playing(murderer=2)
    views = {seat: GAME.view(state, seat) for seat in (0, 1, 2, 3, None)}
    assert all(set(view) == KEYS for view in views.values())
    assert [views[seat]["role"] for seat in (0, 1, 2, 3, None)] == [
        "jessica",
        "jessica",
        "murderer",
        "jessica",
        None,
    ]
    assert views[2]["known_dead"] == ["L5"] and views[0]["known_dead"] == []
    assert views[None]["seat"] is None and views[None]["may_check"] == []
    assert views[0]["scene"] is None  # the scene is over
    assert all(view["result"] is None for view in views.values())


def test_the_moves_shown_are_the_legal_destinations() -> None:
    """The board and the die are open: everyone may see where the roll can take the seat on
    turn, and whether ending there is a visit, an accusation, an escape."""
    state = on_turn(playing(murderer=0), 1, 2, {1: TO["L2"] - 2})
    moves = GAME.view(state, 3)["moves"]
    (spec, *_) = GAME.legal_actions(state, 1)
    assert [move["to"] for move in moves] == list(spec.choices("to"))
    by_space = {move["to"]: move for move in moves}
    room = by_space[ROOMS["L2"][0]]
    assert room == {
        "to": ROOMS["L2"][0],
        "location": "L2",
        "via": "L2",
        "visit": True,
        "accuse": False,
        "escape": False,
    }
    assert GAME.view(state, 1)["moves"] == moves


def test_a_jessica_sees_her_own_looks_and_never_the_kills() -> None:
    state = on_turn(playing(murderer=1), 1, 2, {1: 5})
    looked, _ = act(state, 1, "move", to=ROOMS["L2"][0])
    killed, _ = act(looked, 1, "return-token", token="dead")
    assert GAME.view(killed, 1)["kills"] == [0]
    assert GAME.view(killed, 1)["known_dead"] == ["L2", "L5"]
    for jessica in (0, 2, 3):
        view = GAME.view(killed, jessica)
        assert view["kills"] == [] and view["known_dead"] == [] and view["seen"] == []
        assert view["visits"] == [{"seat": 1, "location": "L2", "round": 1}]
        assert view["last_in"]["L2"] == [1]


def test_the_view_reveals_the_truth_once_the_game_is_over() -> None:
    state = on_turn(playing(murderer=3), 1, 2, {1: 10})
    over, _ = act(state, 1, "move", to=12, accuse=3)
    result = SYSTEM.view(GAME.case, over, 0)["result"]
    assert result["ending"] == "murderer-caught"
    assert result["solution"] == {"murderer": 3, "first_victim": "L5"}


def test_the_bot_view_is_the_view_part_for_part_whatever_is_read_first() -> None:
    """The bot loop's view (``MurderSheWrote.bot_view``) makes each part when a bot reads it:
    read alone, in any order, or all at once, it is the view a person in the seat is shown, and
    a bot decides from it exactly as from ``view``."""
    checked = 0
    for index in (0, 5, 19, 21):  # basic and advanced, 3-6 seats, solo either way
        table = same_games.table(index)
        case, state = table.case, table.state
        while SYSTEM.result(case, state) is None:
            for looker in range(len(state.seats)):
                full = SYSTEM.view(case, state, looker)
                lazy = SYSTEM.bot_view(case, state, looker)
                first = list(full)[state.step % len(full)]  # a part read before the others
                assert lazy[first] == full[first]
                assert list(lazy) == list(full) and len(lazy) == len(full)
                assert json.dumps(dict(lazy.items())) == json.dumps(full)
                assert "seat" in lazy and "nothing" not in lazy and lazy.get("nothing") is None
                checked += 1
            seat = min(SYSTEM.to_act(case, state))
            legal = SYSTEM.legal_actions(case, state, seat)
            action = SYSTEM.bot_choose(
                SYSTEM.bot_view(case, state, seat), legal, rng_for(table.seed, state.step, "bot")
            )
            assert action == SYSTEM.bot_choose(
                SYSTEM.view(case, state, seat), legal, rng_for(table.seed, state.step, "bot")
            )
            state, _events = SYSTEM.apply(case, state, seat, action)
        finished = SYSTEM.bot_view(case, state, 0)
        assert dict(finished) == SYSTEM.view(case, state, 0) and finished["result"] is not None
    assert checked > 500


class _Annotated(MurderSheWrote):
    """A variant that adds to the view: its bots are handed its own view."""

    def view(self, case: Island, state: MswState, seat: int | None) -> dict[str, Any]:
        return {**super().view(case, state, seat), "note": "more"}


def test_a_subclass_that_changes_the_view_hands_its_bots_that_view() -> None:
    table = same_games.table(0)
    assert _Annotated().bot_view(table.case, table.state, 0)["note"] == "more"
