"""Setup and the first turn's start, from the rulebook's "Starting the Game"."""

from __future__ import annotations

import pytest

from rules.core import SetupError
from rules.murder_city.spec import STARTING_CREDITS, Act, Ev, Phase
from tests.rules.murder_city.helpers import CITY, GAME, act, of, seats, start

pytestmark = pytest.mark.usefixtures("no_cards")


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_each_jovan_starts_with_three_murders_three_evidence_of_its_types_and_3_credits(
    count: int,
) -> None:
    """ "3 cards from the Murder deck … 3 Evidence cards from the Evidence decks indicated on
    your Jovan Dataslate Card … 3 credits. 1 Legwork card, drawn at the start of the first
    turn." """
    state = start(count)
    jovans = [desk.jovan for desk in state.desks]
    assert len(set(jovans)) == count and all(j in CITY.jovan_by_id for j in jovans)
    murders = [case.murder for desk in state.desks for case in desk.cases]
    assert len(murders) == 3 * count and len(set(murders)) == 3 * count
    for seat, desk in enumerate(state.desks):
        assert desk.credits == STARTING_CREDITS
        assert all(not case.ports for case in desk.cases)
        hand = state.evidence.cards_of(seat)
        kinds = sorted(CITY.evidence_by_id[card].type for card in hand)
        assert kinds == sorted(CITY.jovan_by_id[desk.jovan or ""].starting)
        assert state.legwork.count(seat) == 1
    assert state.turn == 1 and state.phase == Phase.INVESTIGATION


def test_the_first_step_tells_what_setup_did() -> None:
    state = start(3)
    seat = state.order[0]
    _, events = act(state, seat, Act.END_INVESTIGATION)
    kinds = [event.type for event in events]
    assert kinds[0] == Ev.GAME_STARTED
    assert kinds.count(Ev.EVIDENCE_DEALT) == 3 and kinds.count(Ev.LEGWORK_DRAWN) == 3
    assert Ev.INITIATIVE_WON in kinds
    dealt = of(events, Ev.EVIDENCE_DEALT)[0]
    owner = dealt.data["seat"]
    assert "cards" in (dealt.for_seat(owner) or {})
    other = (owner + 1) % 3
    assert "cards" not in (dealt.for_seat(other) or {})


def test_jovans_chosen_in_seat_order_then_the_game_starts() -> None:
    """ "These cards may be dealt at random, or each player may choose the Jovan they like." """
    state = start(3, jovans="chosen")
    assert state.phase == Phase.JOVANS and GAME.to_act(state) == frozenset({0})
    state, _ = act(state, 0, Act.CHOOSE_JOVAN, jovan="J4")
    assert GAME.to_act(state) == frozenset({1})
    assert "J4" not in GAME.legal_actions(state, 1)[0].choices("jovan")
    state, _ = act(state, 1, Act.CHOOSE_JOVAN, jovan="J1")
    state, events = act(state, 2, Act.CHOOSE_JOVAN, jovan="J2")
    assert [d.jovan for d in state.desks] == ["J4", "J1", "J2"]
    assert state.phase == Phase.INVESTIGATION and of(events, Ev.GAME_STARTED)
    assert sorted(CITY.evidence_by_id[c].type for c in state.evidence.cards_of(0)) == sorted(
        CITY.jovan_by_id["J4"].starting
    )


def test_a_table_of_one_or_six_is_refused() -> None:
    for count in (1, 6):
        with pytest.raises(SetupError):
            GAME.new_game(seats(count), "standard", 1)
