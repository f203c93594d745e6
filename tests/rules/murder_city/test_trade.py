"""Trades, from the rulebook's "Exchange and Sale": "Players may exchange or sell cards at any
price and under any agreement"; the other seat accepts or declines (casebook's form of the
negotiation); a bot weighs what it is offered."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from rules.core import Action, Event, RuleError, random_pick
from rules.murder_city import trade
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import Phase
from rules.murder_city.state import Case, McState
from tests.rules.murder_city.cards_fixture import (
    CITY,
    card_of,
    credits,
    holding,
    limits,
    on_turn,
    with_cases,
)
from tests.rules.murder_city.test_effects import BLUE_EW, EW, GREEN_FO, RED_EW, RED_PO, base

GREEN_PO = card_of("professional-opinion", "green")
BLUE_MW = card_of("murder-weapon", "blue")


def terms(**given: Any) -> Action:
    """An offer to seat 1 of nothing for nothing, but for ``given``."""
    params: dict[str, Any] = {
        "partner": 1,
        "give_evidence": [],
        "give_legwork": [],
        "give_murders": [],
        "give_credits": 0,
        "take_evidence": "",
        "take_legwork": 0,
        "take_murders": [],
        "take_credits": 0,
        **given,
    }
    return Action("offer-trade", params)


def offer(state: McState, seat: int = 0, **given: Any) -> tuple[McState, list[Event]]:
    return SYSTEM.apply(CITY, state, seat, terms(**given))


def answer(state: McState, seat: int = 1, **params: Any) -> tuple[McState, list[Event]]:
    return SYSTEM.apply(CITY, state, seat, Action("answer-offer", params))


def start() -> McState:
    state = holding(on_turn(base(), 0), 1, evidence=(GREEN_PO, BLUE_MW), legwork=("L01", "L03"))
    return holding(state, 0, legwork=())


def test_an_evidence_card_sold_for_credits() -> None:
    # "an Evidence card for credits"
    state, events = offer(start(), give_evidence=[BLUE_EW], take_credits=2)
    assert SYSTEM.to_act(CITY, state) == frozenset({1})  # the partner answers at once
    after, _ = answer(state, accept=True)
    assert after.evidence.holds(1, BLUE_EW) and not after.evidence.holds(0, BLUE_EW)
    assert (after.desks[0].credits, after.desks[1].credits) == (5, 1)
    assert after.limits[1].traded_evidence and not after.limits[0].traded_evidence
    assert after.offer is None and SYSTEM.to_act(CITY, after) == frozenset({0})


def test_a_declined_offer_moves_nothing() -> None:
    state, _ = offer(start(), give_evidence=[BLUE_EW], take_credits=2)
    after, events = answer(state, accept=False)
    assert after.evidence == state.evidence and after.desks == state.desks
    assert events[0].type == "trade-answered" and events[0].data["accepted"] is False


def test_types_and_colours_are_named_truthfully_and_values_never() -> None:
    # "players may name the type and colour of the card ... The value of the card - 1, 2 or 3
    # - may not be named before the exchange. Players may not lie about the colour or type"
    state, events = offer(
        start(), give_evidence=[BLUE_EW], take_evidence="professional-opinion/green"
    )
    told = next(e for e in events if e.type == "trade-offered")
    assert told.data["give"]["evidence"] == ["eyewitness/blue"]
    assert told.data["take"]["evidence"] == ["professional-opinion/green"]
    for seat in (1, 2):
        seen = json.dumps(SYSTEM.view(CITY, state, seat)["offer"])
        assert BLUE_EW not in seen and "value" not in seen
    # the partner chooses which of its cards fits the description; only a fitting one
    specs = SYSTEM.legal_actions(CITY, state, 1)
    accept = next(s for s in specs if s.choices("accept") == (True,))
    assert accept.choices("evidence") == (GREEN_PO,)
    after, _ = answer(state, accept=True, evidence=GREEN_PO)
    assert after.evidence.holds(0, GREEN_PO) and after.evidence.holds(1, BLUE_EW)


def test_asking_for_a_card_the_partner_lacks_can_only_be_declined() -> None:
    state, _ = offer(start(), take_evidence="eyewitness/red", give_credits=3)
    assert [s.params for s in SYSTEM.legal_actions(CITY, state, 1)] == [{"accept": (False,)}]


def test_at_most_one_evidence_card_by_trade_a_turn() -> None:
    # "A player may take no more than 1 Evidence card during the Investigation Phase through
    # trading or sale"; FAQ: "you may not receive more than one Evidence card per turn by
    # purchase or exchange"
    state, _ = offer(start(), take_evidence="professional-opinion/green", give_credits=1)
    state, _ = answer(state, accept=True, evidence=GREEN_PO)
    assert state.limits[0].traded_evidence
    for spec in trade.offer_specs(CITY, state, 0):
        assert spec.choices("take_evidence") == ("",)  # other goods only now
    with pytest.raises(RuleError):
        offer(state, take_evidence="murder-weapon/blue", give_credits=1)


def test_a_seat_that_received_evidence_is_offered_none() -> None:
    state = limits(start(), 1, traded_evidence=True)
    to_one = [s for s in trade.offer_specs(CITY, state, 0) if s.choices("partner") == (1,)]
    assert to_one and all(s.params["give_evidence"].most == 0 for s in to_one)  # type: ignore[union-attr]
    with pytest.raises(RuleError) as refused:
        trade.apply_offer(CITY, state, 0, terms(give_evidence=[BLUE_EW]))
    assert refused.value.code == "trade/not-allowed"


def test_attached_evidence_may_not_be_traded() -> None:
    # "You may not trade or sell an Evidence card that you have already attached"
    for spec in trade.offer_specs(CITY, start(), 0):
        assert RED_EW not in spec.choices("give_evidence")
    with pytest.raises(RuleError):
        offer(start(), give_evidence=[RED_EW])


def test_a_murder_card_given_away_loses_its_evidence_and_counts_as_the_new_one() -> None:
    # "If you lose a Murder card as a result of an exchange, any Evidence cards already
    # attached to that case are discarded. They are not passed to the new owner ... do not
    # return to hand, and do not remain in play." "This acquisition counts as receiving a new
    # Murder card, which is permitted once per turn."
    state = with_cases(start(), 1, Case("M07", {"forensics": GREEN_FO}))
    state, _ = offer(state, give_murders=["M02"], take_credits=1)
    after, _ = answer(state, accept=True)
    assert [c.murder for c in after.desks[0].cases] == ["M01"]
    received = next(c for c in after.desks[1].cases if c.murder == "M02")
    assert received.ports == {} and not after.evidence.holds(0, RED_EW)
    assert not after.evidence.holds(1, RED_EW) and RED_EW in after.evidence_decks[EW].discard_pile
    assert after.limits[1].murder_taken


def test_one_new_murder_card_a_turn_and_three_at_most() -> None:
    # "If you have already drawn a new Murder card in the Investigation Phase, you may not
    # receive another through exchange"; "you may not have more than 3 Murder cards"
    state = limits(start(), 0, murder_taken=True)
    assert all(s.params["take_murders"].max == 0 for s in trade.offer_specs(CITY, state, 0))  # type: ignore[union-attr]
    with pytest.raises(RuleError):
        offer(state, take_murders=["M07"])
    full = with_cases(start(), 0, Case("M02", {EW: RED_EW}), Case("M01"), Case("M03"))
    with pytest.raises(RuleError):  # taking a fourth without giving one back
        offer(full, take_murders=["M07"])
    state, _ = offer(full, take_murders=["M07"], give_murders=["M03"])
    after, _ = answer(state, accept=True)
    assert sorted(c.murder for c in after.desks[0].cases) == ["M01", "M02", "M07"]
    assert after.limits[0].murder_taken and after.limits[1].murder_taken


def test_legwork_and_credits_change_hands_and_the_books_add_up() -> None:
    # "an Evidence card for a random Legwork card"
    state, _ = offer(start(), give_evidence=[RED_PO], take_legwork=1, give_credits=1)
    accept = next(s for s in SYSTEM.legal_actions(CITY, state, 1) if s.choices("accept") == (True,))
    assert accept.choices("legwork") == ("L01", "L03")
    after, events = answer(state, accept=True, legwork=["L03"])
    assert after.legwork.cards_of(0) == ("L03",) and after.legwork.cards_of(1) == ("L01",)
    paid = [e.data["amount"] for e in events if e.type == "credits"]
    assert paid == [-1, 1] and sum(d.credits for d in after.desks) == sum(
        d.credits for d in state.desks
    )


def test_no_trades_in_the_court_phase_or_out_of_turn() -> None:
    # "All deals must be concluded by the end of the Investigation Phase. No exchanges or sales
    # may be made in the Court Phase."
    state = start()
    assert trade.offer_specs(CITY, state, 1) == []  # not its turn
    court = dataclasses.replace(state, phase=Phase.COURT)
    assert trade.offer_specs(CITY, court, 0) == []


def test_answering_without_an_offer_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        trade.apply_answer(CITY, start(), 1, Action("answer-offer", {"accept": True}))
    assert refused.value.code == "trade/no-offer"


def test_a_bot_weighs_what_it_is_offered() -> None:
    generous, _ = offer(start(), give_credits=3)
    greedy, _ = offer(start(), take_credits=3)
    rng = random.Random(4)
    for state, accepts in ((generous, True), (greedy, False)):
        view = SYSTEM.view(CITY, state, 1)
        legal = SYSTEM.legal_actions(CITY, state, 1)
        assert trade.bot_answer(view, legal, rng).params["accept"] is accepts
    # a card its open port needs, in its murder's colour, is worth a credit to it
    green_ew = card_of(EW, "green")
    useful = with_cases(start(), 1, Case("M07", {"forensics": GREEN_FO}))
    useful = holding(useful, 0, evidence=(green_ew,))
    state, _ = offer(useful, give_evidence=[green_ew], take_credits=1)
    view = SYSTEM.view(CITY, state, 1)
    assert trade.bot_answer(view, SYSTEM.legal_actions(CITY, state, 1), rng).params["accept"]


def test_every_offer_a_form_admits_can_be_made_and_answered() -> None:
    # random offers from the forms are never refused, and every answer form applies
    rng = random.Random(5)
    state = credits(start(), 1, 4)
    for _ in range(60):
        spec = rng.choice(trade.offer_specs(CITY, state, 0))
        params = {name: random_pick(param, rng) for name, param in spec.params.items()}
        made, _ = SYSTEM.apply(CITY, state, 0, Action("offer-trade", params))
        partner = int(str(params["partner"]))
        for answer_spec in SYSTEM.legal_actions(CITY, made, partner):
            picked = {name: random_pick(p, rng) for name, p in answer_spec.params.items()}
            SYSTEM.apply(CITY, made, partner, Action("answer-offer", picked))


def test_the_pending_offer_in_every_view() -> None:
    # the table hears the terms; the offerer alone sees which of its cards it put up
    state, _ = offer(start(), give_evidence=[BLUE_EW], give_legwork=[], take_credits=1)
    views = {seat: SYSTEM.view(CITY, state, seat)["offer"] for seat in (0, 1, 2)}
    assert views[0]["cards"]["evidence"] == [BLUE_EW]
    for seat in (1, 2):
        assert "cards" not in views[seat]
        assert views[seat]["give"]["evidence"] == ["eyewitness/blue"]
        assert views[seat]["take"]["credits"] == 1
