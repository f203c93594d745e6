"""The hidden-information property for the cooperative and solo modes, with controls.

What the team knows is every seat's (``resample_team.py``); still hidden from it: the murderer
among the suspects nobody holds that fit the solved evidence, the decks' orders, unseen token
faces, and the other seats' sealed votes. A spectator knows no more than in the standard game.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tiny_epic_crimes.case import TecCase
from rules.tiny_epic_crimes.clues import gain_suspect
from rules.tiny_epic_crimes.game import SYSTEM, TinyEpicCrimes
from rules.tiny_epic_crimes.state import TecState
from tests.hidden_information import Table, canonical, check_playout
from tests.rules.tiny_epic_crimes.coop_helpers import coop, game_for, solo
from tests.rules.tiny_epic_crimes.helpers import envelope, seats, two_player_case
from tests.rules.tiny_epic_crimes.resample_team import resample


def _table(mode: str, officers: int, seed: int) -> Table:
    case = two_player_case() if officers == 2 else None
    if mode == "solo":
        return Table(envelope(case), seats(1), "solo", seed, {"officers": officers})
    return Table(envelope(case), seats(officers), "cooperative", seed)


@pytest.mark.parametrize(
    ("mode", "officers"), [("cooperative", 2), ("cooperative", 4), ("solo", 2), ("solo", 3)]
)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_views_logs_and_actions_hide_what_the_team_cannot_see(
    mode: str, officers: int, seed: int
) -> None:
    steps = check_playout(
        SYSTEM, _table(mode, officers, seed), resample, rng=random.Random(seed), max_steps=60
    )
    assert steps >= 1


def _team_knows_forensics_and_a_card(state: TecState) -> TecState:
    state = dataclasses.replace(state, solved={"forensics": 1})
    state, _ = gain_suspect(state, 1, random.Random(0))
    return state


def test_the_team_resampler_redraws_only_what_the_team_cannot_know() -> None:
    """The controls the property depends on: the murderer moves, but never onto a card the
    team holds, and always fits the solved evidence; a spectator's world differs more."""
    game = game_for(3)
    state = _team_knows_forensics_and_a_card(coop(3))
    truth = game.case.suspect(game.case.solution.murderer)
    held = state.suspects.cards_of(1)
    rng = random.Random(0)
    for seat in (0, 2):
        worlds = [resample(game.case, state, seat, rng)[0] for _ in range(40)]
        assert len({c.solution.murderer for c in worlds}) > 1
        assert all(c.suspect(c.solution.murderer).forensics == truth.forensics for c in worlds)
        assert all(c.solution.murderer not in held for c in worlds)
    spectator = {resample(game.case, state, None, rng)[0].solution.murderer for _ in range(60)}
    assert len(spectator) > 8


def test_other_seats_votes_are_redrawn_until_the_reveal() -> None:
    state = coop(3)
    state = dataclasses.replace(
        state, officers=tuple(dataclasses.replace(o, rested=True) for o in state.officers)
    )
    state = dataclasses.replace(state, accusations={0: "A", 1: "B"})
    rng = random.Random(0)
    twins = [resample(game_for(3).case, state, 0, rng)[1].accusations for _ in range(30)]
    assert all(t[0] == "A" for t in twins) and len({t[1] for t in twins}) > 1


class LeakyMurderer(TinyEpicCrimes):
    """Tells every seat the murderer's gang: the property must catch it."""

    def view(self, case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
        return {
            **super().view(case, state, seat),
            "hint": case.suspect(case.solution.murderer).gang,
        }


class LeakyDeck(TinyEpicCrimes):
    """Shows the top of the Suspect deck: the property must catch it."""

    def view(self, case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
        return {**super().view(case, state, seat), "top": state.suspect_deck.draw_pile[:1]}


@pytest.mark.parametrize("leaky", [LeakyMurderer(), LeakyDeck()])
@pytest.mark.parametrize(("mode", "officers"), [("cooperative", 3), ("solo", 2)])
def test_the_property_catches_a_leak(leaky: TinyEpicCrimes, mode: str, officers: int) -> None:
    with pytest.raises(AssertionError, match="can tell two worlds apart"):
        check_playout(leaky, _table(mode, officers, 1), resample, rng=random.Random(1), max_steps=3)


@pytest.mark.parametrize(
    ("mode", "officers"), [("cooperative", 2), ("cooperative", 4), ("solo", 3)]
)
def test_bot_games_hide_what_the_team_cannot_see(mode: str, officers: int) -> None:
    """Random playouts rarely solve evidence or reach the accusation; bots do. Along a whole
    bot game, every seat's view and legal actions are the same in a world it cannot tell."""
    game = game_for(officers)
    state = solo(officers, 3, bot=True) if mode == "solo" else coop(officers, 3, bot=True)
    observers: list[int | None] = [*range(len(state.seats)), None]
    rng = random.Random(3)
    solved_seen = accusing_seen = False
    while game.result(state) is None:
        for seat in observers:
            twin_case, twin = resample(game.case, state, seat, rng)
            assert canonical(SYSTEM.view(game.case, state, seat)) == canonical(
                SYSTEM.view(twin_case, twin, seat)
            ), f"seat {seat} can tell two worlds apart at step {state.step}"
            if seat is not None:
                legal = [s.to_json() for s in SYSTEM.legal_actions(game.case, state, seat)]
                twin_legal = [s.to_json() for s in SYSTEM.legal_actions(twin_case, twin, seat)]
                assert canonical(legal) == canonical(twin_legal)
        solved_seen |= bool(state.solved)
        accusing_seen |= all(o.rested for o in state.officers)
        actor = min(game.to_act(state))
        action = game.bot_choose(game.view(state, actor), game.legal_actions(state, actor), rng)
        state, _ = game.apply(state, actor, action)
    assert solved_seen and accusing_seen


@pytest.mark.parametrize("officers", [2, 3])
def test_two_force_cards_gained_at_once_tell_the_team_nothing_hidden(officers: int) -> None:
    """Armoured Car Job (E14: its crew cleared, the resolver gains two Force Cards) resolved by
    an arrest: the team sees both cards ("players can publicly share what cards they have") in
    the order drawn. Every world the team cannot tell from this one, before and after, shows it
    the same: the order of what is still in the deck stays hidden."""
    from rules.core import Action
    from rules.tiny_epic_crimes.state import ActiveEvent
    from tests.hidden_information import _assert_same_events, _assert_same_view
    from tests.rules.tiny_epic_crimes.helpers import hours, mobsters, of, officer

    game = game_for(officers)
    state = hours(coop(officers), {seat: 1 if seat == 1 else 6 for seat in range(officers)})
    state = mobsters(officer(state, 1, block="B13"), {"B13": "red"})  # the Patrol Cop: no Leg Work
    crew = ActiveEvent("E14", 1, 0, (), (), ("B13",), ())
    empty = dataclasses.replace(state.forces, held={seat: () for seat in range(officers)})
    state = dataclasses.replace(state, events=(crew,), forces=empty)
    arrest = Action("arrest", {})
    after, events = game.apply(state, 1, arrest)
    assert len(of(events, "force-gained")) == 2
    rng = random.Random(5)
    world = (game.case, state)
    for seat in range(officers):
        for _ in range(40):
            _assert_same_events(SYSTEM, world, resample(*world, seat, rng), 1, arrest, seat, 0)
            _assert_same_view(
                SYSTEM, (game.case, after), resample(game.case, after, seat, rng), seat, 1
            )
