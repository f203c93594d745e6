"""Every setback drawn, from the rulebook: "Any time you draw a Setback card from the Legwork
deck, you must read its text aloud ... The effects of the card apply to all players and may be
instantaneous or last for the current turn"; "The rules on Setback cards take precedence over
any rules on Legwork cards in case of conflict."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.core import Action, Event, RuleError
from rules.murder_city import draws, effects, investigation, turns
from rules.murder_city.cards import SETBACKS
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import Stage
from rules.murder_city.state import McState
from tests.rules.murder_city.cards_fixture import (
    CITY,
    card_checks,
    card_of,
    credits,
    holding,
    in_court,
    on_turn,
)
from tests.rules.murder_city.test_effects import BLUE_EW, RED_PO, base, dice, play, window


def draw(state: McState, seat: int, *cards: str) -> tuple[McState, list[Event]]:
    """``seat`` draws one legwork card with ``cards`` on top of the deck (setbacks first)."""
    deck = state.legwork_deck
    deck = dataclasses.replace(deck, draw_pile=(*cards, "L11", *deck.draw_pile))
    state = dataclasses.replace(state, legwork_deck=deck)
    return draws.draw_legwork(CITY, state, seat, 1, "turn", random.Random(1))


def _s01() -> None:
    state, events = draw(on_turn(base(), 0), 0, "S01")
    assert [e.data["card"] for e in events if e.type == "setback-revealed"] == ["S01"]
    assert state.legwork.cards_of(0) == ("L11",)  # "the player then draws a new ... card"
    assert effects.forbids(CITY, state, 0, "draw-evidence", "eyewitness")
    assert not any(s.type == "draw-evidence" for s in investigation.specs(CITY, state, 0))
    error = effects.why_not(CITY, state, 0, Action("play-legwork", {"card": "L11"}))
    assert error is not None and error.code == "legwork/setback-forbids"  # no extra draw


def _s02() -> None:
    four = (BLUE_EW, RED_PO, card_of("forensics", "blue"), card_of("interrogation", "blue"))
    state = holding(base(), 1, evidence=four)
    state = dataclasses.replace(state, order=(0, 1, 2), at=2)  # the last investigation ends
    quiet, _ = turns.begin_court(CITY, state, random.Random(1))
    assert not quiet.desks[1].barred  # five in hand is the rulebook's limit
    stormy, _ = draw(state, 0, "S02")
    after, events = turns.begin_court(CITY, stormy, random.Random(1))
    assert after.desks[1].barred and not after.desks[0].barred  # seat 0 holds two
    barred = next(e for e in events if e.type == "court-barred")
    assert barred.data == {"seat": 1, "hand": 4, "limit": 3}


def _s03() -> None:
    before = window(base(), 0, 0)
    after, _ = draw(before, 1, "S03")
    assert dice(after) == dice(before) - 1
    twice, _ = draw(after, 2, "S03")  # "several Setback cards may appear and apply"
    assert dice(twice) == dice(before) - 2


def _s04() -> None:
    state = credits(base(), 2, 0)
    after, events = draw(state, 0, "S04")
    assert [d.credits for d in after.desks] == [2, 2, 0]
    assert [e.data["amount"] for e in events if e.type == "credits"] == [-1, -1, 0]


def _s05() -> None:
    before = window(base(), 0, 0)
    state, _ = draw(before, 1, "S05")
    held = holding(state, 0, legwork=("L01", "L12"))
    cards = {spec.params["card"] for spec in effects.legwork_specs(CITY, held, 0)}
    assert cards == {("L12",)}  # the dice cards are not offered; the others are
    with pytest.raises(RuleError):
        SYSTEM.apply(CITY, held, 0, Action("play-legwork", {"card": "L01"}))
    error = effects.why_not(CITY, held, 0, Action("play-legwork", {"card": "L01"}))
    assert error is not None and error.code == "legwork/setback-forbids"
    # dice a legwork card added before the blackout, the roll still to come, are void
    boosted, _ = play(before, 0, "L01")
    dark, events = draw(boosted, 1, "S05")
    assert dice(dark) == dice(before) and any(
        e.data.get("what") == "legwork-dice-void" for e in events
    )


def _s06() -> None:
    state, _ = draw(base(), 0, "S06")
    assert effects.forbids(CITY, state, 1, "volunteer")
    assert not effects.forbids(CITY, state, 1, "listen")  # heard in turn still


def _s07() -> None:
    state, _ = draw(on_turn(base(), 0), 0, "S07")
    assert effects.forbids(CITY, state, 0, "trade")
    assert not any(s.type == "offer-trade" for s in SYSTEM.legal_actions(CITY, state, 0))


def _s08() -> None:
    green = card_of("professional-opinion", "green")
    state = holding(holding(base(), 1, evidence=(green,)), 2, evidence=())
    after, events = draw(state, 0, "S08")
    assert [after.evidence.count(s) for s in range(3)] == [1, 0, 0]
    shown = [e.data["card"] for e in events if e.type == "evidence-discarded"]
    assert len(shown) == 2 and green in shown  # one per Jovan who had one, face up
    assert ({BLUE_EW, RED_PO} - set(shown)) == set(after.evidence.cards_of(0))
    for card in shown:
        assert card in after.evidence_decks[CITY.evidence_by_id[card].type].discard_pile


def _s09() -> None:
    hearing = in_court(base(), 0, "M02", Stage.HEARING)
    state, _ = draw(hearing, 1, "S09")
    error = effects.why_not(
        CITY, holding(state, 0, legwork=("L06",)), 0, Action("play-legwork", {"card": "L06"})
    )
    assert error is not None and error.code == "legwork/setback-forbids"
    # a bribe paid before the sweep is void once it is in force
    bribed, _ = play(hearing, 0, "L06")
    assert bribed.court is not None and bribed.court.to_trial
    swept, events = draw(bribed, 0, "S09")
    assert swept.court is not None and not swept.court.to_trial
    assert any(e.data.get("what") == "bribe-void" for e in events)


CHECKS = card_checks(globals(), "_s0")


@pytest.mark.parametrize("card", [card.id for card in SETBACKS])
def test_every_setback_does_what_it_says(card: str) -> None:
    CHECKS[card]()


def test_setbacks_and_lasting_cards_end_with_the_turn() -> None:
    # "In either case the Setback card is discarded to the Legwork discard pile once its
    # effect has ended."
    state, _ = draw(on_turn(base(), 0), 0, "S07")
    blocked, _ = play(state, 0, "L05", seat=1, murder="M07")
    last = dataclasses.replace(blocked, turn=blocked.turns)  # nothing starts after it
    ended, _ = turns.end_turn(CITY, last, random.Random(2))
    assert ended.setbacks == () and "S07" in ended.legwork_deck.discard_pile
    assert not effects.forbids(CITY, ended, 0, "trade")
    assert not effects.forbids(CITY, ended, 1, "present", "M07")
