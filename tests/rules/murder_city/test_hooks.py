"""The engine's side of the hooks (docs/murder-city.md, "Engine hooks"), with stand-in card
functions: setbacks revealed, in force for the turn and replaced; a hardship that cancels its
benefit; a seat a card forbids to listen; a second case a card allows; an offer that waits for
its partner; a card that closes the case on trial."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

from rules.core import Action, ActionSpec, Event
from rules.kit.deck import Deck
from rules.murder_city import hooks
from rules.murder_city.case import City
from rules.murder_city.changes import evolve, with_desk
from rules.murder_city.spec import Act, Benefit, Ev, Phase, Stage
from rules.murder_city.state import Goods, Limits, McState, Offer
from tests.rules.murder_city.helpers import GAME, act, cases, hand, legwork, of, start


def use(monkeypatch: pytest.MonkeyPatch, **found: Callable[..., Any]) -> None:
    """Only the named hooks exist (``effects_adjust`` is ``effects.adjust``)."""
    assert set(found) <= set(hooks.HOOKS), sorted(set(found) - set(hooks.HOOKS))
    for name in hooks.HOOKS:
        monkeypatch.setattr(hooks, f"_{name}", found.get(name))


def in_court(state: McState) -> McState:
    return evolve(
        state,
        phase=Phase.COURT,
        order=tuple(range(len(state.seats))),
        at=0,
        court=None,
        limits=tuple(Limits(done=True) for _ in state.seats),
    )


def bare(count: int = 3) -> McState:
    state = start(count)
    for seat in range(count):
        state = cases(legwork(hand(state, seat, []), seat, []), seat)
    return state


def test_a_setback_is_revealed_applied_replaced_and_discarded_when_the_turn_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "When a Setback card is drawn from the Legwork deck, the player does not keep it. The
    text of the Setback card is read aloud, its effects are applied, and the player then draws
    a new available Legwork card." "the Setback card is discarded to the Legwork discard pile
    once its effect has ended." """
    applied: list[tuple[int, str]] = []

    def setback(city: City, state: McState, seat: int, card: str) -> tuple[McState, list[Event]]:
        applied.append((seat, card))
        return state, []

    use(monkeypatch, cards_is_setback=lambda card: card.startswith("S"), effects_setback=setback)
    state = bare(2)
    state = evolve(state, legwork_deck=Deck(draw_pile=("S01", "L01", "L02", "L03", "L04")))
    seat = state.order[0]
    state = evolve(state, phase=Phase.INVESTIGATION, at=0)
    state, events = act(state, seat, Act.TAKE_HARDSHIP, benefit=Benefit.LEGWORK.value)
    assert applied == [(seat, "S01")] and state.setbacks == ("S01",)
    assert sorted(state.legwork.cards_of(seat)) == ["L01", "L02"]
    assert of(events, Ev.SETBACK_REVEALED)[0].data == {"seat": seat, "card": "S01"}
    drawn = of(events, Ev.LEGWORK_DRAWN)[-1]
    assert drawn.data["count"] == 2 and "cards" not in (drawn.for_seat(1 - seat) or {})
    state, _ = act(state, seat, Act.END_INVESTIGATION)
    state, events = act(state, 1 - seat, Act.END_INVESTIGATION)
    assert of(events, Ev.SETBACKS_ENDED)[0].data["cards"] == ["S01"]
    assert state.turn == 2 and state.setbacks == ()
    assert state.legwork_deck.discard_pile == ("S01",) and state.legwork_deck.draw_pile == ()


def test_a_hardship_may_cancel_the_benefit_it_was_taken_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "it may happen that a Hardship card cancels the reward you received for drawing it." """

    def harsh(city: City, state: McState, seat: int, card: str, reason: str) -> Any:
        return evolve(state, hardship_deck=state.hardship_deck.discard([card])), [], False

    use(monkeypatch, hardship_apply_hardship=harsh)
    state = start(3)
    seat = state.order[0]
    state, events = act(state, seat, Act.TAKE_HARDSHIP, benefit=Benefit.EVIDENCE.value)
    assert of(events, Ev.HARDSHIP_TAKEN)[0].data["stands"] is False
    assert state.limits[seat].draws_left == 2 and state.limits[seat].hardship == "evidence"


def test_a_seat_a_card_forbids_to_listen_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "If for some reason you cannot find a Listener … the case automatically appears before
    the judge and jury" """
    use(
        monkeypatch,
        effects_forbids=lambda city, state, seat, what, target: what == "listen" and seat == 1,
    )
    state = in_court(cases(bare(3), 0, ("M01", {"forensics": "FO01"})))
    state, events = act(state, 0, Act.PRESENT, murder="M01", suspect="Child")
    assert of(events, Ev.VOLUNTEERS_ASKED)[0].data["seats"] == [2]
    state, events = act(state, 2, Act.VOLUNTEER, listen=False)
    assert of(events, Ev.LISTENER_NAMED)[0].data == {"prosecutor": 0, "listener": 2, "how": "left"}

    use(monkeypatch, effects_forbids=lambda city, state, seat, what, target: what == "listen")
    state = in_court(cases(bare(3), 0, ("M01", {"forensics": "FO01"})))
    state, events = act(state, 0, Act.PRESENT, murder="M01", suspect="Child")
    assert of(events, Ev.LISTENER_NAMED)[0].data["how"] == "none"
    assert state.court is not None and state.court.stage == Stage.WINDOW  # its hardship die
    state, events = act(state, 0, Act.PASS_WINDOW)
    assert of(events, Ev.TRIAL)[0].data["listener"] is None
    assert all(e.data["reason"] == "conviction" for e in of(events, Ev.CREDITS))


def test_a_card_may_allow_a_second_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "You may bring only one case to court per turn, unless a Legwork card allows you to
    present more cases to the court." """
    use(
        monkeypatch,
        effects_adjust=lambda city, state, seat, what: int(what == "court-cases" and seat == 0),
    )
    state = bare(2)
    state = cases(state, 0, ("M01", {"forensics": "FO01"}), ("M02", {"forensics": "FO07"}))
    state = evolve(state, phase=Phase.INVESTIGATION, order=(0, 1), at=1)
    state, _ = act(state, 1, Act.END_INVESTIGATION)
    assert state.limits[0].cases_left == 2 and GAME.to_act(state) == frozenset({0})
    for _ in range(2):
        murder = GAME.legal_actions(state, 0)[0].choices("murder")[0]
        state, _ = act(state, 0, Act.PRESENT, murder=str(murder), suspect="Child")
        state, _ = act(state, 1, Act.VOLUNTEER, listen=False)
        state, _ = act(state, 1, Act.RUBBER_STAMP)
        state, events = act(state, 0, Act.PASS_WINDOW)
        assert of(events, Ev.TRIAL)
    assert state.desks[0].cases == ()


def test_an_offer_waits_for_its_partner_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Players may exchange or sell cards at any price and under any agreement." (the offer's
    terms are trade.py's; the engine waits for the partner)"""

    def offer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
        return [ActionSpec(Act.OFFER_TRADE, {"to": (1,)})]

    def apply_offer(city: City, state: McState, seat: int, action: Action) -> Any:
        return evolve(state, offer=Offer(seat, 1, Goods(credits=1), Goods())), []

    def answer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
        return [ActionSpec(Act.ANSWER_OFFER, {"accept": (True, False)})]

    def apply_answer(city: City, state: McState, seat: int, action: Action) -> Any:
        return evolve(state, offer=None), []

    use(
        monkeypatch,
        trade_offer_specs=offer_specs,
        trade_apply_offer=apply_offer,
        trade_answer_specs=answer_specs,
        trade_apply_answer=apply_answer,
    )
    state = evolve(bare(3), order=(0, 1, 2), at=0)
    state, _ = act(state, 0, Act.OFFER_TRADE, to=1)
    assert GAME.to_act(state) == frozenset({1}) and state.limits[0].offers == 1
    assert [s.type for s in GAME.legal_actions(state, 1)] == [Act.ANSWER_OFFER]
    assert GAME.view(state, 2)["offer"] == {"proposer": 0, "partner": 1}
    state, _ = act(state, 1, Act.ANSWER_OFFER, accept=False)
    assert GAME.to_act(state) == frozenset({0})
    for _ in range(2):
        state, _ = act(state, 0, Act.OFFER_TRADE, to=1)
        state, _ = act(state, 1, Act.ANSWER_OFFER, accept=False)
    assert not any(s.type == Act.OFFER_TRADE for s in GAME.legal_actions(state, 0))  # 3 a turn


def test_a_card_that_closes_the_case_on_trial_moves_the_court_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
        held = state.legwork.cards_of(seat)
        return [ActionSpec(Act.PLAY_LEGWORK, {"card": (held[0],)})] if held else []

    def close(city: City, state: McState, seat: int, action: Action) -> Any:
        from rules.core import rng_for
        from rules.murder_city import closing

        court = state.court
        assert court is not None
        state = evolve(state, legwork=state.legwork.remove(seat, [str(action.params["card"])]))
        return closing.close_case(
            city, state, court.prosecutor, court.murder, "card", rng_for(0, 0)
        )

    use(monkeypatch, effects_legwork_specs=specs, effects_apply_card=close)
    state = in_court(cases(bare(2), 0, ("M01", {"forensics": "FO01"})))
    state = legwork(state, 1, ["L09"])
    state, _ = act(state, 0, Act.PRESENT, murder="M01", suspect="Child")
    state, _ = act(state, 1, Act.VOLUNTEER, listen=False)
    state, _ = act(state, 1, Act.RUBBER_STAMP)
    assert state.court is not None and state.court.window is not None
    assert state.court.window.asking == (0,)
    state, _ = act(state, 0, Act.PASS_WINDOW)
    state, events = act(state, 1, Act.PLAY_LEGWORK, card="L09")
    assert of(events, Ev.CASE_CLOSED)[0].data["reason"] == "card" and not of(events, Ev.TRIAL)
    assert state.court is None and state.phase == Phase.INVESTIGATION and state.turn == 2


def test_every_hook_is_bound_to_its_module_function() -> None:
    """Each hook named ``module_function`` is that module's function (none left unbound)."""
    for name in hooks.HOOKS:
        module, function = name.split("_", 1)
        found = importlib.import_module(f"rules.murder_city.{module}")
        assert getattr(hooks, f"_{name}") is getattr(found, function), name


def test_a_hardship_that_takes_the_case_on_trial_moves_the_court_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Thus, it may happen that a Hardship card cancels the reward you received for drawing
    it." (here: the die bought for a case the card takes away)"""

    def lose_case(city: City, state: McState, seat: int, card: str, reason: str) -> Any:
        state = with_desk(state, seat, evolve(state.desks[seat], cases=()))
        return evolve(state, hardship_deck=state.hardship_deck.discard([card])), [], False

    use(monkeypatch, hardship_apply_hardship=lose_case)
    state = in_court(cases(bare(2), 0, ("M01", {"forensics": "FO01"})))
    state, _ = act(state, 0, Act.PRESENT, murder="M01", suspect="Child")
    state, _ = act(state, 1, Act.VOLUNTEER, listen=False)
    state, _ = act(state, 1, Act.RUBBER_STAMP)
    state, events = act(state, 0, Act.TAKE_HARDSHIP, benefit=Benefit.DIE.value)
    assert not of(events, Ev.TRIAL) and state.court is None
    assert state.turn == 2 and state.phase == Phase.INVESTIGATION
