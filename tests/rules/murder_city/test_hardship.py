"""Hardship cards, from the rulebook: "Hardship cards may have an instantaneous or a lasting
effect. In the case of a lasting effect, place the card face up on your Jovan Dataslate Card ...
and discard it when the effect ends"; the five benefits of a voluntary hardship, "no more than 1
Hardship card" a turn; and "it may happen that a Hardship card cancels the reward you received
for drawing it"."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.core import Action, Event
from rules.murder_city import closing, draws, effects, presentable
from rules.murder_city.cards import HARDSHIPS
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import Benefit, Phase, Stage
from rules.murder_city.state import Case, McState
from tests.rules.murder_city.cards_fixture import (
    CITY,
    card_checks,
    card_of,
    credits,
    holding,
    limits,
    on_turn,
    with_cases,
)
from tests.rules.murder_city.test_effects import (
    BLUE_EW,
    EW,
    FO,
    GREEN_FO,
    RED_EW,
    RED_PO,
    base,
    dice,
    window,
)


def topped(state: McState, *cards: str) -> McState:
    """The hardship deck with ``cards`` on top."""
    deck = state.hardship_deck
    return dataclasses.replace(
        state, hardship_deck=dataclasses.replace(deck, draw_pile=(*cards, *deck.draw_pile))
    )


def take(
    state: McState, seat: int, card: str, reason: str = "challenged"
) -> tuple[McState, list[Event], bool]:
    return draws.take_hardship(
        CITY,
        topped(state, card),
        seat,
        reason,
        random.Random(3),
        voluntary=reason in tuple(Benefit),
    )


def act(state: McState, seat: int, kind: str, **params: object) -> tuple[McState, list[Event]]:
    return SYSTEM.apply(CITY, state, seat, Action(kind, dict(params)))


def _h01() -> None:
    after, _, _ = take(base(), 0, "H01")
    assert after.desks[0].credits == 1 and after.hardship_deck.discard_pile[0] == "H01"


def _h02() -> None:
    after, _, _ = take(base(), 2, "H02")  # the player to the left of the last seat is seat 0
    assert (after.desks[2].credits, after.desks[0].credits) == (2, 4)


def _h03() -> None:
    # "Your next trial roll has 1 die fewer. Keep this card until that case is closed."
    state = with_cases(base(), 0, Case("M02", {EW: RED_EW}), Case("M01", {FO: GREEN_FO}))
    drawn, _, _ = take(state, 0, "H03")  # drawn during the investigation
    kept, _ = effects.end_turn(CITY, drawn)
    assert kept.desks[0].hardships == ("H03",)  # the next case is still to come
    before = window(kept, 0, 0)
    assert dice(before) == dice(window(state, 0, 0)) - 1
    closed, _ = closing.close_case(CITY, before, 0, "M02", "tried", random.Random(1))
    closed = dataclasses.replace(closed, court=None)
    assert effects.adjust(CITY, closed, 0, "trial-dice") == 0  # not on the case after
    ended, _ = effects.end_turn(CITY, closed)
    assert ended.desks[0].hardships == () and "H03" in ended.hardship_deck.discard_pile


def _h04() -> None:
    after, _, _ = take(base(), 1, "H04")
    assert effects.forbids(CITY, after, 1, "listen") and effects.forbids(
        CITY, after, 1, "volunteer"
    )
    assert not effects.forbids(CITY, after, 2, "listen")


def _h05() -> None:
    after, events, _ = take(base(), 0, "H05")
    assert after.evidence.count(0) == 1
    assert [e.data["card"] for e in events if e.type == "evidence-discarded"] == [
        c for c in (BLUE_EW, RED_PO) if not after.evidence.holds(0, c)
    ]


def _h06() -> None:
    after, _, _ = take(base(), 1, "H06")
    assert after.desks[1].cases[0].ports == {} and GREEN_FO in after.unseen[FO]


def _h07() -> None:
    state = window(base(), 0, 0)  # M02 is in court: it is never the one reassigned
    after, events, _ = take(state, 0, "H07")
    assert [c.murder for c in after.desks[0].cases] == ["M02"]
    assert after.murder_deck.discard_pile[0] == "M01"
    assert any(e.type == "case-closed" and e.data["reason"] == "card" for e in events)


def _h08() -> None:
    state = holding(base(), 0, legwork=("L01", "L03", "L11"))
    after, _, _ = take(state, 0, "H08")
    assert after.legwork.count(0) == 1
    assert {"L01", "L03", "L11"} - set(after.legwork.cards_of(0)) <= set(
        after.legwork_deck.discard_pile
    )


def _h09() -> None:
    state = on_turn(base(), 0)
    assert any(s.type == "attach" for s in SYSTEM.legal_actions(CITY, state, 0))
    after, _, _ = take(state, 0, "H09")
    assert effects.forbids(CITY, after, 0, "attach", "M02")
    assert not any(s.type == "attach" for s in SYSTEM.legal_actions(CITY, after, 0))


def _h10() -> None:
    after, events, _ = take(credits(base(), 0, 2), 0, "H10")
    assert after.desks[0].credits == 0  # all the payer has, never below zero
    assert [e.data["amount"] for e in events if e.type == "credits"] == [-2]


def _h11() -> None:
    other = card_of(FO, "red", 1)
    state = with_cases(base(), 0, Case("M02", {EW: RED_EW}), Case("M04", {FO: other}))
    after, events, _ = take(state, 0, "H11")
    blocked = next(e.data["murder"] for e in events if e.data.get("what") == "case-blocked")
    assert presentable.cases(CITY, after, 0) == tuple(m for m in ("M02", "M04") if m != blocked)


CHECKS = card_checks(globals(), "_h")


@pytest.mark.parametrize("card", [card.id for card in HARDSHIPS])
def test_every_hardship_does_what_it_says(card: str) -> None:
    CHECKS[card]()


# --- the five benefits, once a turn -------------------------------------------------------


def test_an_extra_evidence_card_on_ones_own_turn_and_only_one_hardship_a_turn() -> None:
    # "To draw or choose an additional Evidence card ... during your action in the
    # Investigation Phase"; "You may voluntarily draw only 1 Hardship card per turn."
    state = topped(on_turn(base(), 0), "H01")
    draws_left = state.limits[0].draws_left
    after, _ = act(state, 0, "take-hardship", benefit="evidence")
    assert after.limits[0].draws_left == draws_left + 1
    assert not any(s.type == "take-hardship" for s in SYSTEM.legal_actions(CITY, after, 0))


def test_two_legwork_cards_for_a_hardship() -> None:
    # "To draw 2 new Legwork cards. You may draw a Hardship card at any time during your turn"
    state = holding(topped(on_turn(base(), 0), "H01"), 0, legwork=())
    deck = dataclasses.replace(
        state.legwork_deck, draw_pile=("L01", "L03", *state.legwork_deck.draw_pile)
    )
    after, _ = act(
        dataclasses.replace(state, legwork_deck=deck), 0, "take-hardship", benefit="legwork"
    )
    assert sorted(after.legwork.cards_of(0)) == ["L01", "L03"]


def test_the_hardship_applies_before_the_legwork_bought_with_it() -> None:
    # "The effect of a Hardship card applies even before you can use ... two Legwork cards"
    state = holding(topped(on_turn(base(), 0), "H08"), 0, legwork=("L14",))
    deck = dataclasses.replace(
        state.legwork_deck, draw_pile=("L01", "L03", *state.legwork_deck.draw_pile)
    )
    after, _ = act(
        dataclasses.replace(state, legwork_deck=deck), 0, "take-hardship", benefit="legwork"
    )
    assert sorted(after.legwork.cards_of(0)) == ["L01", "L03"]  # the old card went first


def test_swapping_attached_evidence_for_a_hardship() -> None:
    # "To swap any Evidence cards already placed next to Murder cards on your Jovan card ...
    # None of these Evidence cards may be returned to hand."
    state = with_cases(base(), 0, Case("M02", {EW: RED_EW}), Case("M05"))  # M05 needs EW too
    state = topped(on_turn(state, 0), "H01")
    assert not any(s.type == "swap-evidence" for s in SYSTEM.legal_actions(CITY, state, 0))
    after, _ = act(state, 0, "take-hardship", benefit="swap")
    after, _ = act(after, 0, "swap-evidence", card=RED_EW, murder="M05")
    assert [c.ports for c in after.desks[0].cases] == [{}, {EW: RED_EW}]
    assert not after.evidence.holds(0, RED_EW)


def present(state: McState, seat: int = 0) -> McState:
    """``seat`` (holding no legwork) presents M02 and the volunteers are asked."""
    state = holding(state, seat, legwork=())
    state = dataclasses.replace(state, phase=Phase.COURT, order=(0, 1, 2), at=0, court=None)
    after, _ = act(
        state, seat, "present", murder="M02", suspect=CITY.murder_by_id["M02"].suspects[0]
    )
    return after


def test_a_volunteer_listens_for_a_hardship() -> None:
    # "To become the Listener in another player's case during the Court Phase ... the Listener
    # is the one who first expressed that wish. That Jovan draws a Hardship card"
    state = present(topped(base(), "H01"))
    assert state.court is not None and state.court.stage == Stage.VOLUNTEERS
    state, _ = act(state, 1, "volunteer", listen=False)
    state, events = act(state, 2, "volunteer", listen=True)
    assert state.court is not None and state.court.listener == 2
    assert state.desks[2].credits == 1  # Rent Collector applied
    assert state.limits[2].hardship == Benefit.LISTENER


def test_a_hardship_that_forbids_listening_cancels_the_volunteer() -> None:
    # "If a player uses a Hardship card to become the Listener, but the card then prevents him
    # from becoming one, the Listener is chosen in the normal order"
    state = present(topped(base(), "H04"))
    state, _ = act(state, 1, "volunteer", listen=False)
    state, events = act(state, 2, "volunteer", listen=True)
    taken = next(e for e in events if e.type == "hardship-taken")
    assert taken.data["card"] == "H04" and taken.data["stands"] is False
    assert state.court is not None and state.court.listener == 1  # to the prosecutor's left


def test_no_volunteering_after_the_turns_hardship() -> None:
    # FAQ: "all other rewards for voluntarily drawing a Hardship card are unavailable to you
    # until the next turn"
    state = limits(base(), 1, hardship=Benefit.LEGWORK.value)
    after = present(state)
    assert after.court is not None and after.court.volunteers is not None
    assert after.court.volunteers.waiting == (2,)


def test_an_extra_die_for_a_hardship_before_the_roll() -> None:
    # "To gain an additional die on the trial roll ... only during the Court Phase. You may not
    # draw a card to gain an additional die after the trial roll has been made."
    before = topped(window(base(), 0, 0), "H01")
    after, _ = act(before, 0, "take-hardship", benefit="die")
    assert dice(after) == dice(before) + 1
    assert not any(s.type == "take-hardship" for s in SYSTEM.legal_actions(CITY, after, 0))


def test_a_hardship_can_cancel_the_die_it_bought() -> None:
    # "Thus, it may happen that a Hardship card cancels the reward you received for drawing it."
    before = topped(window(base(), 0, 0), "H03")
    after, _ = act(before, 0, "take-hardship", benefit="die")
    assert dice(after) == dice(before)
