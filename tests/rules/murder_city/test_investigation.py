"""The investigation phase, from the rulebook's "Investigation Phase", "Evidence in Hand",
"Discarding Evidence", "Acquiring New Murder Cards", "Legwork Cards" and "Hardship Cards"."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import Action, Event, RuleError
from rules.murder_city.changes import with_desk, with_limits
from rules.murder_city.spec import Act, Benefit, Ev, Phase, Reason
from rules.murder_city.state import McState
from tests.rules.murder_city.helpers import CITY, GAME, act, cases, hand, legwork, of, start

pytestmark = pytest.mark.usefixtures("no_cards")


def on_turn(jovan: str = "J2") -> tuple[McState, int]:
    """A three-seat game at the first investigation turn, its seat playing ``jovan``."""
    state = start(3)
    seat = state.order[0]
    desk = dataclasses.replace(state.desks[seat], jovan=jovan)
    return with_desk(state, seat, desk), seat


def types(spec_choices: tuple[object, ...]) -> set[object]:
    return set(spec_choices)


def test_two_draws_from_any_decks_then_no_more() -> None:
    """ "each player may draw from or take from the discard pile a total of 2 new Evidence
    cards from any of the 5 Evidence decks" """
    state, seat = on_turn()
    before = state.evidence.count(seat)
    state, events = act(state, seat, Act.DRAW_EVIDENCE, deck="eyewitness")
    state, _ = act(state, seat, Act.DRAW_EVIDENCE, deck="eyewitness")
    assert state.evidence.count(seat) == before + 2
    drawn = of(events, Ev.EVIDENCE_DRAWN)[0]
    assert "card" not in (drawn.for_seat((seat + 1) % 3) or {})
    assert "card" in (drawn.for_seat(seat) or {})
    assert not any(s.type == Act.DRAW_EVIDENCE for s in GAME.legal_actions(state, seat))
    with pytest.raises(RuleError):
        act(state, seat, Act.DRAW_EVIDENCE, deck="forensics")


def test_the_weakness_costs_one_credit_and_needs_it() -> None:
    """ "You must pay 1 credit to draw a new card from a specific deck." (J2's Weakness:
    Interrogation)"""
    state, seat = on_turn("J2")
    after, events = act(state, seat, Act.DRAW_EVIDENCE, deck="interrogation")
    paid = of(events, Ev.CREDITS)
    assert [(e.data["amount"], e.data["reason"]) for e in paid] == [(-1, Reason.WEAKNESS)]
    assert after.desks[seat].credits == state.desks[seat].credits - 1
    broke = with_desk(state, seat, dataclasses.replace(state.desks[seat], credits=0))
    (draw,) = [s for s in GAME.legal_actions(broke, seat) if s.type == Act.DRAW_EVIDENCE]
    assert "interrogation" not in draw.choices("deck") and "forensics" in draw.choices("deck")


def test_the_strength_chooses_one_draw_from_its_discard_pile_once_a_turn() -> None:
    """ "Instead of randomly drawing an Evidence card from the deck, you may look through the
    discard pile and choose one card. But you may do this only once per turn." (J2 picks
    Forensics)"""
    state, seat = on_turn("J2")
    decks = dict(state.evidence_decks)
    decks["forensics"] = dataclasses.replace(decks["forensics"], discard_pile=("FO05", "FO07"))
    decks["eyewitness"] = dataclasses.replace(decks["eyewitness"], discard_pile=("EW01",))
    state = dataclasses.replace(state, evidence_decks=decks)
    (pick,) = [s for s in GAME.legal_actions(state, seat) if s.type == Act.PICK_DISCARD]
    assert set(pick.choices("card")) == {"FO05", "FO07"}
    state, events = act(state, seat, Act.PICK_DISCARD, card="FO07")
    assert state.evidence.holds(seat, "FO07")
    assert state.evidence_decks["forensics"].discard_pile == ("FO05",)
    assert of(events, Ev.EVIDENCE_PICKED)[0].data["card"] == "FO07"  # it lay face up
    assert not any(s.type == Act.PICK_DISCARD for s in GAME.legal_actions(state, seat))
    assert any(s.type == Act.DRAW_EVIDENCE for s in GAME.legal_actions(state, seat))


def test_an_exhausted_deck_stays_empty() -> None:
    """ "An exhausted Evidence deck remains empty. The discard pile is not shuffled and does
    not form a new deck." """
    state, seat = on_turn()
    decks = dict(state.evidence_decks)
    decks["eyewitness"] = dataclasses.replace(
        decks["eyewitness"], draw_pile=(), discard_pile=("EW02",)
    )
    state = dataclasses.replace(state, evidence_decks=decks)
    (draw,) = [s for s in GAME.legal_actions(state, seat) if s.type == Act.DRAW_EVIDENCE]
    assert "eyewitness" not in draw.choices("deck")


def test_attaching_pays_one_credit_one_card_per_needed_type() -> None:
    """ "You may attach only one Evidence card of each type to a Murder card." "Each new piece
    of Evidence added to a case earns you 1 credit from the arcology." (M01 needs Professional
    Opinion, Forensics, Murder Weapon; M02 needs Eyewitness, Forensics, Interrogation.)"""
    state, seat = on_turn()
    state = hand(cases(state, seat, ("M01", {}), ("M02", {})), seat, ["FO01", "FO02", "IN01"])
    specs = {
        s.choices("card")[0]: s.choices("murder")
        for s in GAME.legal_actions(state, seat)
        if s.type == Act.ATTACH
    }
    assert specs == {"FO01": ("M01", "M02"), "FO02": ("M01", "M02"), "IN01": ("M02",)}
    credit = state.desks[seat].credits
    state, events = act(state, seat, Act.ATTACH, card="FO01", murder="M01")
    assert state.desks[seat].cases[0].ports == {"forensics": "FO01"}
    assert state.desks[seat].credits == credit + 1
    assert of(events, Ev.EVIDENCE_ATTACHED)[0].data == {
        "seat": seat,
        "murder": "M01",
        "evidence_type": "forensics",
    }
    specs = {
        s.choices("card")[0]: s.choices("murder")
        for s in GAME.legal_actions(state, seat)
        if s.type == Act.ATTACH
    }
    assert specs["FO02"] == ("M02",)  # M01's Forensics port is taken


def test_one_discard_a_turn_face_up() -> None:
    """ "During each Investigation Phase you may discard 1 Evidence card from your hand. Place
    the card face up next to the Evidence deck." """
    state, seat = on_turn()
    card = state.evidence.cards_of(seat)[0]
    state, events = act(state, seat, Act.DISCARD_EVIDENCE, card=card)
    kind = CITY.evidence_by_id[card].type
    assert state.evidence_decks[kind].discard_pile[0] == card
    assert of(events, Ev.EVIDENCE_DISCARDED)[0].for_seat(None)["card"] == card  # type: ignore[index]
    assert not any(s.type == Act.DISCARD_EVIDENCE for s in GAME.legal_actions(state, seat))


def test_one_new_murder_card_a_turn_and_never_more_than_three() -> None:
    """ "In one Investigation Phase a player may draw only 1 new Murder card" "By the normal
    rules you may not have more than 3 Murder cards." """
    state, seat = on_turn()
    assert not any(s.type == Act.DRAW_MURDER for s in GAME.legal_actions(state, seat))
    state = cases(state, seat, ("M01", {}))
    state, events = act(state, seat, Act.DRAW_MURDER)
    assert len(state.desks[seat].cases) == 2 and of(events, Ev.MURDER_DRAWN)
    assert not any(s.type == Act.DRAW_MURDER for s in GAME.legal_actions(state, seat))


def test_two_legwork_cards_for_one_once_a_turn() -> None:
    """ "if you have 2 unused Legwork cards, discard them and draw 1 new card from the deck. You
    may make this exchange at any time during your turn (no more than once per turn)." """
    state, seat = on_turn()
    state = legwork(state, seat, ["L01", "L02", "L03"])
    state, events = act(state, seat, Act.EXCHANGE_LEGWORK, cards=["L01", "L03"])
    assert state.legwork.count(seat) == 2 and state.legwork_deck.discard_pile[:2] == ("L03", "L01")
    assert of(events, Ev.LEGWORK_EXCHANGED) and of(events, Ev.LEGWORK_DRAWN)
    assert not any(s.type == Act.EXCHANGE_LEGWORK for s in GAME.legal_actions(state, seat))


def test_a_voluntary_hardship_for_an_extra_draw_once_a_turn() -> None:
    """ "During one turn you may voluntarily draw no more than 1 Hardship card." "To draw or
    choose an additional Evidence card." """
    state, seat = on_turn()
    state, events = act(state, seat, Act.TAKE_HARDSHIP, benefit=Benefit.EVIDENCE.value)
    taken = of(events, Ev.HARDSHIP_TAKEN)[0].data
    assert taken["voluntary"] and taken["reason"] == Benefit.EVIDENCE and taken["stands"]
    assert state.limits[seat].draws_left == 3
    assert not any(s.type == Act.TAKE_HARDSHIP for s in GAME.legal_actions(state, seat))
    for _ in range(3):
        state, _ = act(state, seat, Act.DRAW_EVIDENCE, deck="eyewitness")
    assert state.limits[seat].draws_left == 0


def test_a_voluntary_hardship_for_two_legwork_cards() -> None:
    """ "To draw 2 new Legwork cards. You may draw a Hardship card at any time during your turn
    to gain this bonus." """
    state, seat = on_turn()
    before = state.legwork.count(seat)
    state, _ = act(state, seat, Act.TAKE_HARDSHIP, benefit=Benefit.LEGWORK.value)
    assert state.legwork.count(seat) == before + 2


def test_a_voluntary_hardship_lets_attached_evidence_move_between_cases() -> None:
    """ "To swap any Evidence cards already placed next to Murder cards on your Jovan card. …
    None of these Evidence cards may be returned to hand." """
    state, seat = on_turn()
    state = cases(state, seat, ("M01", {"forensics": "FO01"}), ("M02", {"forensics": "FO02"}))
    assert not any(s.type == Act.SWAP_EVIDENCE for s in GAME.legal_actions(state, seat))
    state, _ = act(state, seat, Act.TAKE_HARDSHIP, benefit=Benefit.SWAP.value)
    state, events = act(state, seat, Act.SWAP_EVIDENCE, card="FO01", murder="M02")
    assert [c.ports for c in state.desks[seat].cases] == [
        {"forensics": "FO02"},
        {"forensics": "FO01"},
    ]
    assert of(events, Ev.EVIDENCE_SWAPPED)[0].data["swapped"] is True
    for move in range(8):  # a bound: nine moves, one per port (docs/rulings.md)
        state, _ = act(state, seat, Act.SWAP_EVIDENCE, card="FO01", murder=("M01", "M02")[move % 2])
    assert not any(s.type == Act.SWAP_EVIDENCE for s in GAME.legal_actions(state, seat))


def test_play_passes_on_in_initiative_order_then_court() -> None:
    """ "Each player may take 2 Evidence cards from the decks when the previous player has
    finished his action." """
    state = start(3)
    order = state.order
    events: list[Event] = []
    for seat in order:
        assert GAME.to_act(state) == frozenset({seat})
        state, events = act(state, seat, Act.END_INVESTIGATION)
    # nobody has evidence attached: every seat passes the court phase and turn 2 begins
    passed = of(events, Ev.COURT_PASSED)
    assert [e.data["seat"] for e in passed] == list(order)
    assert {e.data["reason"] for e in passed} == {"no-case"}
    assert state.turn == 2 and state.phase == Phase.INVESTIGATION


def test_more_than_five_in_hand_bars_the_seat_from_court() -> None:
    """ "If you have more than 5 Evidence cards in hand … at the end of the Investigation Phase,
    you may not bring a case to court during the Court Phase that turn." """
    state = start(2)
    first, second = state.order
    state = hand(state, first, ["EW01", "EW02", "EW03", "EW04", "EW05", "EW06"])
    state = cases(state, first, ("M02", {"forensics": "FO01"}))
    state = cases(state, second, ("M03", {"eyewitness": "EW07"}))
    state = with_limits(state, first, dataclasses.replace(state.limits[first], done=True))
    state, _ = act(state, first, Act.END_INVESTIGATION)
    state, events = act(state, second, Act.END_INVESTIGATION)
    barred = of(events, Ev.COURT_BARRED)
    assert [e.data["seat"] for e in barred] == [first]
    assert [e.data for e in of(events, Ev.COURT_PASSED)] == [{"seat": first, "reason": "barred"}]
    assert GAME.to_act(state) == frozenset({second})


def test_a_seat_not_on_turn_cannot_act() -> None:
    state, seat = on_turn()
    with pytest.raises(RuleError):
        GAME.apply(state, (seat + 1) % 3, Action(Act.END_INVESTIGATION))


def test_a_pair_of_the_same_legwork_card_may_be_exchanged() -> None:
    """ "if you have 2 unused Legwork cards, discard them and draw 1 new card" (two copies of
    one card are offered as that card, once)"""
    state, seat = on_turn()
    state = legwork(state, seat, ["L01", "L01"])
    (spec,) = [s for s in GAME.legal_actions(state, seat) if s.type == Act.EXCHANGE_LEGWORK]
    assert spec.choices("cards") == ("L01",)
    state, _ = act(state, seat, Act.EXCHANGE_LEGWORK, cards=["L01"])
    assert state.legwork.count(seat) == 1 and state.legwork_deck.discard_pile[:2] == ("L01", "L01")


def test_an_empty_murder_deck_reshuffles_its_discards() -> None:
    """The rulebook does not say; the murder deck reshuffles like the legwork deck
    (docs/rulings.md)."""
    state, seat = on_turn()
    state = cases(state, seat, ("M01", {}))
    state = dataclasses.replace(
        state,
        murder_deck=dataclasses.replace(state.murder_deck, draw_pile=(), discard_pile=("M25",)),
    )
    state, events = act(state, seat, Act.DRAW_MURDER)
    assert of(events, Ev.MURDER_DRAWN)[0].data["murder"] == "M25"
    assert state.murder_deck.size == 0


def test_a_port_stays_open_beside_a_wrong_type_card() -> None:
    """A card may leave a wrong-type card on a case ("Such a 'mismatch' of Evidence cards may
    arise as a result of Legwork, Hardship and Setback cards"); its needed ports stay open."""
    state, seat = on_turn()
    ports = {"professional-opinion": "PO01", "forensics": "FO01", "eyewitness": "EW01"}
    state = hand(cases(state, seat, ("M01", ports)), seat, ["MW01"])
    (spec,) = [s for s in GAME.legal_actions(state, seat) if s.type == Act.ATTACH]
    assert spec.choices("card") == ("MW01",) and spec.choices("murder") == ("M01",)
