"""``apply`` asks why an action is refused only when the forms of its type do not admit it
(issue #12): every pick the legal list offers must then be one ``explain_refusal`` lets
through, and what the forms of its type admit what the whole list admits, at every step of
whole bot games of every table, and for picks no list offers as well."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Action, RuleError, admitting
from rules.murdered_by_midnight import legal
from rules.murdered_by_midnight.spec import Act
from tests.rules.move_checks import allowed, picks
from tests.rules.murdered_by_midnight.helpers import GAME, TABLES
from tests.rules.murdered_by_midnight.test_playthrough import bot_game

#: Picks of one form, at most: an accusation offers every murderer, weapon, motive and time.
_PICKS_A_FORM = 300


def _others(state: Any, seat: int) -> list[Action]:
    """Picks no list offers now, or only now and then: every type bare, and places and
    characters that are not where the inspector is."""
    places = [placement.location for placement in state.placed] + ["L99", "3,3", "0,0"]
    others = [Action(kind) for kind in Act]
    others += [Action(Act.MOVE, {"to": place}) for place in places]
    others += [Action(Act.TAKE_PASSAGE, {"to": place}) for place in places]
    others += [Action(Act.OPEN_PASSAGE, {"to": place}) for place in places]
    others += [Action(Act.REVEAL_LOCATION, {"at": cell}) for cell in ("0,0", "1,0", "9,9", "x")]
    others += [Action(Act.ASK_WHO_DID_IT, {"character": f"C{n}"}) for n in range(1, 10)]
    others += [Action(Act.SEARCH, {"weapon": f"W{n}"}) for n in range(1, 8)]
    return others


def _refused(state: Any, seat: int, action: Action) -> str | None:
    try:
        legal.explain_refusal(GAME.case, state, seat, action)
    except RuleError as error:
        return error.code
    return None


@pytest.mark.parametrize(("mode", "count"), TABLES)
def test_every_pick_the_legal_list_offers_is_one_explain_refusal_lets_through(
    mode: str, count: int
) -> None:
    checked = 0
    for state, seat, _ in bot_game(mode, count, seed=3):
        if seat < 0:
            break
        whole = legal.legal_actions(GAME.case, state, seat)
        offered = [pick for spec in whole for pick in picks(spec, _PICKS_A_FORM)]
        for action in offered + _others(state, seat):
            own = legal.legal_actions_of(GAME.case, state, seat, action.type)
            admitted = admitting(own, action) is not None
            assert admitted == allowed(whole, action), (mode, action)
            if admitted:
                assert _refused(state, seat, action) is None, (mode, action)
                checked += 1
    assert checked > 100
