"""``apply`` asks why an action is refused only when the specs of its type do not admit it
(issue #12): every pick the legal list offers must then be one ``explain_refusal`` lets
through, and what the specs of its type admit what the whole list admits, at every step of
whole bot games of every mode, and for the picks no list offers as well."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules.core import Action, RuleError, admitting
from rules.tiny_epic_crimes import legal, solo
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.spec import SPEC
from tests.rules.move_checks import allowed, picks
from tests.rules.tiny_epic_crimes.coop_helpers import game_for
from tests.rules.tiny_epic_crimes.helpers import seats

_TABLES = [("standard", 2), ("standard", 4), ("cooperative", 3), ("solo", 2), ("solo", 4)]


def _states(mode: str, officers: int, seed: int) -> Iterator[tuple[Any, Any, int]]:
    """(game, state, seat to act) at every step of a whole bot game of ``mode``."""
    game = game_for(officers)
    seat_count = 1 if mode == "solo" else officers
    options = {"officers": officers} if mode == "solo" else {}
    state = game.new_game(seats(seat_count, bot=True), mode, seed, options)
    rng = random.Random(seed)
    while game.result(state) is None:
        actor = min(game.to_act(state))
        yield game, state, actor
        view, legal_now = game.view(state, actor), game.legal_actions(state, actor)
        state, _ = game.apply(state, actor, SYSTEM.bot_choose(view, legal_now, rng))


def _refused(case: Any, state: Any, officer: int, action: Action) -> str | None:
    try:
        legal.explain_refusal(case, state, officer, action)
    except RuleError as error:
        return error.code
    return None


def _others(case: Any) -> list[Action]:
    """Picks no list may offer, or offers only now and then."""
    blocks = [block.id for block in case.blocks] + [HQ, "B99"]
    others = [Action(kind) for kind in SPEC.action_types]
    others += [Action("drive", {"to": block}) for block in blocks]
    others += [Action("stakeout", {"hours": hours}) for hours in range(0, 8)]
    others += [Action("play-force", {"card": f"F{n:02}"}) for n in range(1, 14)]
    return others


def test_every_pick_the_legal_list_offers_is_one_explain_refusal_lets_through() -> None:
    checked = 0
    for mode, officers in _TABLES:
        for game, state, actor in _states(mode, officers, seed=11):
            case = game.case
            officer = solo.acting(state, actor)
            legal._last = None  # no list the bot loop made is at hand, as in a served move
            whole = legal.legal_actions(case, state, officer)
            offered = [pick for spec in whole for pick in picks(spec)]
            for action in offered + _others(case):
                legal._last = None
                own = legal.legal_of_type(case, state, officer, action)
                admitted = admitting(own, action) is not None
                assert admitted == allowed(whole, action), (mode, action)
                if admitted:
                    assert _refused(case, state, officer, action) is None, (mode, action)
                checked += 1
    assert checked > 10_000
