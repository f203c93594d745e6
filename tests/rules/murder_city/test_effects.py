"""Every legwork card played through the game, from the rulebook: "Legwork cards are events and
situations that may arise in the arcology during your work or during the investigation of other
players' cases. You may use as many Legwork cards as you like during a single turn, during the
Investigation Phase or the Court Phase. Some cards require certain conditions in order to be
used." Each card's own text (cards.py) is the rule its test checks."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules.core import Action, Event, RuleError
from rules.murder_city import effects, presentable, trial
from rules.murder_city.cards import LEGWORK
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import Stage
from rules.murder_city.state import Case, McState
from tests.rules.murder_city.cards_fixture import (
    CITY,
    card_checks,
    card_of,
    credits,
    holding,
    in_court,
    on_turn,
    start,
    with_cases,
)

EW, FO, IN, MW, PO = (
    "eyewitness",
    "forensics",
    "interrogation",
    "murder-weapon",
    "professional-opinion",
)
RED_EW = card_of(EW, "red", 3)
BLUE_EW = card_of(EW, "blue", 1)
GREEN_FO = card_of(FO, "green", 2)
RED_PO = card_of(PO, "red")


def calm(state: McState) -> McState:
    """No setback or marker in force, three credits each."""
    state = dataclasses.replace(state, setbacks=(), markers=(), opening=())
    for seat in range(len(state.seats)):
        state = credits(state, seat, 3)
    return state


def base() -> McState:
    """Seat 0 holds M02 (red: eyewitness, forensics, interrogation) with a red eyewitness
    attached; seat 1 holds M07 (green, the same needs) with a green forensics attached."""
    state = calm(start())
    state = with_cases(state, 0, Case("M02", {EW: RED_EW}), Case("M01"))
    state = with_cases(state, 1, Case("M07", {FO: GREEN_FO}), Case("M08"))
    return holding(state, 0, evidence=(BLUE_EW, RED_PO))


def play(state: McState, by: int, card: str, **params: Any) -> tuple[McState, list[Event]]:
    """``by`` plays ``card`` (put in its hand) through the game."""
    state = holding(state, by, legwork=(card, *state.legwork.cards_of(by)))
    return SYSTEM.apply(CITY, state, by, Action("play-legwork", {"card": card, **params}))


def dice(state: McState) -> int:
    return sum(part.amount for part in trial.dice_parts(CITY, state))


def window(state: McState, prosecutor: int, asking: int, decision: str | None = None) -> McState:
    if prosecutor == 1:
        state = with_cases(state, 1, Case("M07", {FO: GREEN_FO}))
    murder = "M02" if prosecutor == 0 else "M07"
    return in_court(state, prosecutor, murder, Stage.WINDOW, asking=asking, decision=decision)


def _l01() -> None:
    before = window(base(), 0, 0)
    after, events = play(before, 0, "L01")
    assert dice(after) == dice(before) + 1
    assert events[0].type == "legwork-played" and events[0].data["card"] == "L01"
    assert after.legwork_deck.discard_pile[0] == "L01" and not after.legwork.holds(0, "L01")


def _l02() -> None:
    before = window(base(), 0, 0)
    after, _ = play(before, 0, "L02")
    assert dice(after) == dice(before) + 2 and after.desks[0].credits == 1


def _l03() -> None:
    before = window(base(), 1, 0)
    after, _ = play(before, 0, "L03")
    assert dice(after) == dice(before) - 1


def _l04() -> None:
    for decision, fewer in ((None, 1), ("endorse", 2)):
        before = window(base(), 1, 0, decision=decision)
        after, _ = play(before, 0, "L04")
        assert dice(after) == dice(before) - fewer


def _l05() -> None:
    other = card_of(FO, "green", 1)
    state = with_cases(base(), 1, Case("M07", {FO: GREEN_FO}), Case("M09", {FO: other}))
    assert "M07" in presentable.cases(CITY, state, 1)
    after, events = play(on_turn(state, 0), 0, "L05", seat=1, murder="M07")
    assert presentable.cases(CITY, after, 1) == ("M09",)  # "you may bring another case"
    assert any(e.data.get("what") == "case-blocked" for e in events)


def _l06() -> None:
    before = in_court(base(), 0, "M02", Stage.HEARING)
    after, _ = play(before, 0, "L06")
    assert after.desks[0].credits == 2 and after.court is not None and after.court.to_trial
    # "your case goes straight to the trial roll": nobody is asked to listen
    after, events = SYSTEM.apply(CITY, after, 0, Action("proceed", {}))
    named = next(e for e in events if e.type == "listener-named")
    assert named.data["listener"] is None and named.data["how"] == "none"
    assert not any(e.type == "volunteers-asked" for e in events)


def _l07() -> None:
    after, _ = play(on_turn(base(), 0), 0, "L07", seat=1, murder="M07", port=FO)
    assert after.desks[1].cases[0].ports == {}
    assert GREEN_FO in after.evidence_decks[FO].discard_pile and GREEN_FO in after.unseen[FO]


def _l08() -> None:
    after, _ = play(on_turn(base(), 0), 0, "L08", murder="M02", port=EW)
    assert after.desks[0].cases[0].ports == {} and after.evidence.holds(0, RED_EW)


def _l09() -> None:
    after, _ = play(on_turn(base(), 0), 0, "L09", murder="M02", port=EW, evidence=BLUE_EW)
    assert after.desks[0].cases[0].ports == {EW: BLUE_EW}
    assert after.evidence.holds(0, RED_EW) and not after.evidence.holds(0, BLUE_EW)


def _l10() -> None:
    state = on_turn(base(), 0)
    after, events = play(state, 0, "L10", seat=1, murder="M07", evidence=RED_PO)
    assert after.desks[1].cases[0].ports == {FO: GREEN_FO, PO: RED_PO}
    assert not after.evidence.holds(0, RED_PO)
    # "A case may not be brought to court if it carries Evidence cards of an unsuitable type"
    assert "M07" not in presentable.cases(CITY, after, 1)
    planted = next(e for e in events if e.data.get("what") == "evidence-planted")
    assert planted.secret_audience == frozenset({0, 1}) and "evidence" not in planted.data


def _l11() -> None:
    state = on_turn(base(), 0)
    after, _ = play(state, 0, "L11")
    assert after.limits[0].draws_left == state.limits[0].draws_left + 1


def _l12() -> None:
    state = on_turn(base(), 0)
    deck = dataclasses.replace(
        state.legwork_deck, draw_pile=("L01", "L03", *state.legwork_deck.draw_pile)
    )
    after, _ = play(dataclasses.replace(state, legwork_deck=deck), 0, "L12")
    assert sorted(after.legwork.cards_of(0)) == ["L01", "L03"]


def _l13() -> None:
    after, events = play(on_turn(base(), 0), 0, "L13", seat=1, murder="M07", port=FO)
    seen = next(e for e in events if e.data.get("what") == "evidence-seen")
    assert seen.secret == {"evidence": GREEN_FO, "colour": "green", "value": 2}
    assert seen.secret_audience == frozenset({0}) and "colour" not in seen.data
    assert after.desks[1] == base().desks[1]


def _l14() -> None:
    after, _ = play(on_turn(base(), 0), 0, "L14")
    assert after.limits[0].discards_left >= 2
    for card in (BLUE_EW, RED_PO):  # "unless a Legwork card allows you to do otherwise"
        after, _ = SYSTEM.apply(CITY, after, 0, Action("discard-evidence", {"card": card}))
    assert after.evidence.count(0) == 0


def _l15() -> None:
    state = credits(on_turn(base(), 0), 1, 5)
    after, _ = play(state, 0, "L15", seat=1)
    assert (after.desks[0].credits, after.desks[1].credits) == (5, 3)


def _l16() -> None:
    after, _ = play(on_turn(base(), 0), 0, "L16")
    assert effects.adjust(CITY, after, 0, "court-cases") == 1
    hearing = window(base(), 0, 0)
    cases = hearing.limits[0].cases_left
    after, _ = play(hearing, 0, "L16")
    assert after.limits[0].cases_left == cases + 1


PLAYS = card_checks(globals(), "_l")


@pytest.mark.parametrize("card", [card.id for card in LEGWORK])
def test_every_legwork_card_does_what_it_says(card: str) -> None:
    PLAYS[card]()


def test_a_card_is_played_only_at_its_timing() -> None:
    # "Some cards require certain conditions in order to be used."
    state = on_turn(base(), 0)
    with pytest.raises(RuleError):
        play(state, 0, "L01")  # before-roll, not in the investigation
    hearing = in_court(base(), 0, "M02", Stage.HEARING)
    error = effects.why_not(
        CITY,
        holding(hearing, 0, legwork=("L05",)),
        0,
        Action("play-legwork", {"card": "L05", "seat": 1, "murder": "M07"}),
    )
    assert error is not None and error.code == "legwork/not-now"
    other = window(base(), 1, 0)  # on another's trial, one's own-trial card is not offered
    assert not any(
        s.params["card"] == ("L01",)
        for s in effects.legwork_specs(CITY, holding(other, 0, legwork=("L01",)), 0)
    )


def test_a_card_not_held_is_refused_and_others_cards_never_show() -> None:
    state = holding(on_turn(base(), 0), 1, legwork=("L11",))
    error = effects.why_not(CITY, state, 0, Action("play-legwork", {"card": "L11"}))
    assert error is not None and error.code == "legwork/not-held"
    assert all("L11" not in str(spec.params) for spec in SYSTEM.legal_actions(CITY, state, 0))


def test_the_case_in_court_is_never_a_target_but_of_dice() -> None:
    # cards that remove or plant evidence work on cases still being investigated
    state = window(base(), 1, 0)
    state = holding(state, 0, legwork=("L07",))
    assert effects.legwork_specs(CITY, state, 0) == []
