"""Ability Cards, from the rulebook. Setup: "Shuffle and deal each player 2 Ability Cards. Each
player chooses one (place it face-up near your mat) and returns the other to the box. All
unused cards are returned to the box as well." Play: "Each player has a unique Ability Card
that gives an additional benefit. Your card details your effect and when it can be used."
Each ability's test quotes its card's (original) text."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from rules.core import Action, RuleError
from rules.tiny_epic_crimes import abilities
from rules.tiny_epic_crimes.cards import ABILITIES
from rules.tiny_epic_crimes.case import TecCase
from rules.tiny_epic_crimes.game import SYSTEM, TinyEpicCrimes
from rules.tiny_epic_crimes.state import TecState
from tests.hidden_information import Table, check_playout
from tests.rules.tiny_epic_crimes.helpers import (
    CASE,
    DAY,
    GAME,
    NIGHT,
    act,
    envelope,
    hours,
    me,
    mobsters,
    of,
    officer,
    seats,
    start,
)
from tests.rules.tiny_epic_crimes.resample import resample
from tests.rules.tiny_epic_crimes.test_force import holding
from tests.rules.tiny_epic_crimes.test_resolve import active

ALL = {card.id for card in ABILITIES}


def dealt(count: int = 4, seed: int = 1) -> TecState:
    """A fresh game: the Ability Cards dealt, none chosen yet."""
    state: TecState = GAME.new_game(seats(count), "standard", seed)
    return state


def having(state: TecState, seat: int, card: str) -> TecState:
    return dataclasses.replace(state, abilities={**state.abilities, seat: card})


def pairs(state: TecState) -> dict[int, tuple[str, ...]]:
    return {d.seat: d.choices for d in state.decisions if d.kind == "choose-ability"}


# Dealing and choosing


def test_setup_deals_each_officer_two_different_cards_from_the_seed() -> None:
    state = dealt(4)
    dealt_pairs = pairs(state)
    assert sorted(dealt_pairs) == [0, 1, 2, 3]  # seat 0 chooses first
    assert [d.seat for d in state.decisions] == [0, 1, 2, 3]
    cards = [card for pair in dealt_pairs.values() for card in pair]
    assert all(len(pair) == 2 for pair in dealt_pairs.values())
    assert len(set(cards)) == 8 and set(cards) == ALL  # four pairs use the whole deck
    assert pairs(dealt(4)) == dealt_pairs  # the same seed deals the same pairs
    assert len({tuple(sorted(pairs(dealt(4, seed)).items())) for seed in range(8)}) > 1
    assert len(pairs(dealt(3))) == 3 and state.abilities == {}


def test_each_officer_owes_the_choice_before_the_first_turn() -> None:
    state = dealt(3)
    assert SYSTEM.to_act(CASE, state) == frozenset({0})
    assert [spec.to_json() for spec in GAME.legal_actions(state, 0)] == [
        {
            "type": "choose-ability",
            "params": {"ability": {"kind": "one", "choices": list(pairs(state)[0])}},
        }
    ]
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, Action("drive", {"to": "B01"}))
    assert refused.value.code == "decision/owed"


def test_the_kept_card_goes_face_up_and_the_other_back_to_the_box() -> None:
    state = dealt(3)
    for seat in range(3):
        keep, other = pairs(state)[seat]
        state, events = act(state, seat, "choose-ability", ability=keep)
        assert state.abilities[seat] == keep
        (chosen,) = of(events, "ability-chosen")
        assert chosen.data == {"seat": seat, "card": keep} and not chosen.secret  # face up
        for viewer in range(3):
            assert GAME.view(state, viewer)["officers"][seat]["ability"] == keep
        assert other not in json.dumps(SYSTEM.state_to_json(state))  # the box keeps nothing
    assert state.decisions == ()
    assert SYSTEM.to_act(CASE, state) == frozenset({0})  # then seat 0 takes the first turn
    assert any(spec.type == "drive" for spec in GAME.legal_actions(state, 0))


def test_a_card_not_dealt_to_the_officer_cannot_be_kept() -> None:
    state = dealt(3)
    elsewhere = pairs(state)[1][0]
    with pytest.raises(RuleError):
        GAME.apply(state, 0, Action("choose-ability", {"ability": elsewhere}))


def test_the_dealt_pair_shows_to_its_officer_alone() -> None:
    state = dealt(4)
    for seat, pair in pairs(state).items():
        for viewer in (0, 1, 2, 3, None):
            shown = json.dumps(SYSTEM.view(CASE, state, viewer))
            legal = json.dumps(
                [s.to_json() for s in GAME.legal_actions(state, viewer)]
                if viewer is not None
                else []
            )
            for card in pair:
                assert (card in shown or card in legal) == (viewer == seat)


def test_a_bot_keeps_the_card_it_ranks_first_from_its_own_view() -> None:
    state = dealt(3)
    view = SYSTEM.view(CASE, state, 0)
    action = SYSTEM.bot_choose(view, GAME.legal_actions(state, 0), random.Random(0))
    expected = min(pairs(state)[0], key=abilities.BOT_ORDER.index)
    assert action == Action("choose-ability", {"ability": expected})


# Each card at its moment


def test_street_smarts_makes_the_first_block_of_each_drive_free() -> None:
    """A01: "Your first block of driving each turn is free." """
    state = having(start(3), 0, "A01")
    after, events = act(state, 0, "drive", to="B01")  # four blocks from the HQ
    assert after.driven == 3 and of(events, "drove")[0].data["hours"] == 3
    next_door, _ = act(state, 0, "drive", to="B08")  # one block
    assert next_door.driven == 0
    plain, _ = act(start(3), 0, "drive", to="B01")
    assert plain.driven == 4
    squad = holding(state, 0, "F01")
    squad, _ = act(squad, 0, "play-force", card="F01")
    far, _ = act(squad, 0, "drive", to="B01")  # Squad Car's 3 blocks and the first
    assert far.driven == 0


def _backup_rolls(state: TecState, risk: int) -> tuple[list[int], list[int]]:
    """The dice of a Call for Backup risking ``risk`` from ``state``, without and with Radio
    Ahead (the same dice fall in both)."""
    _, plain = act(state, 0, "call-for-backup", hours=risk)
    _, radio = act(having(state, 0, "A02"), 0, "call-for-backup", hours=risk)
    (p,) = of(plain, "backup-called")
    (r,) = of(radio, "backup-called")
    return [p.data["die"]], r.data.get("rolls", [r.data["die"]])


def test_radio_ahead_rolls_a_failed_backup_die_again_once() -> None:
    """A02: "Once per Call for Backup, roll the die again." """
    base = mobsters(officer(start(3), 0, block="B08"), {"B08": "red", "B09": "blue"})
    failed = succeeded = False
    for step in range(40):
        state = dataclasses.replace(base, step=step)
        plain, radio = _backup_rolls(state, 2)
        assert radio[0] == plain[0]
        if plain[0] > 2:  # a failure: the die is rolled again, once
            assert len(radio) == 2
            failed = True
        else:  # a success is kept
            assert radio == plain
            succeeded = True
    assert failed and succeeded


def test_night_owl_stakes_out_for_an_hour_less_than_risked() -> None:
    """A03: "A stakeout costs 1 hour less than you risk." """
    state = hours(officer(start(3), 0, block="B08"), {0: NIGHT, 1: NIGHT + 1, 2: NIGHT + 1})
    owl = having(state, 0, "A03")
    after, events = act(owl, 0, "stakeout", hours=3)
    assert after.track.position(0) == NIGHT + 2
    assert of(events, "staked-out")[0].data["hours"] == 3  # risked 3 all the same
    once, _ = act(owl, 0, "stakeout", hours=1)
    assert once.track.position(0) == NIGHT + 1  # never below one
    plain, _ = act(state, 0, "stakeout", hours=3)
    assert plain.track.position(0) == NIGHT + 3


def test_known_face_catches_an_informant_for_two_badge_levels() -> None:
    """A05: "Catch Informant advances your badge one more level." """
    state = mobsters(officer(start(3), 0, block="B01"), {"B01": "red"})
    after, events = act(having(state, 0, "A05"), 0, "catch-informant")
    assert me(after, 0).badge == 2 and len(of(events, "badge-advanced")) == 2
    plain, _ = act(state, 0, "catch-informant")
    assert me(plain, 0).badge == 1
    witness = hours(mobsters(officer(start(3), 0, block="B02"), {"B02": "red"}), {0: NIGHT})
    witness = hours(witness, {1: NIGHT + 1, 2: NIGHT + 1})
    after, _ = act(having(witness, 0, "A05"), 0, "catch-witness")
    assert me(after, 0).badge == 1  # a witness is not an informant


def test_keen_eye_looks_at_the_search_token_under_the_car_on_its_own_turn() -> None:
    """A06: "Before a Search Scene, look at the token you would flip." """
    state = having(start(3), 0, "A06")
    after, events = act(state, 0, "drive", to="B02")
    (peek,) = of(events, "token-peeked")
    truth = next(t.success for t in CASE.search_tokens if t.block == "B02")
    assert peek.secret == {"success": truth} and peek.secret_audience == frozenset({0})
    assert peek.for_seat(1) is not None and "success" not in (peek.for_seat(1) or {})
    assert GAME.view(after, 0)["searches_seen"] == {"B02": truth}
    assert GAME.view(after, 1)["searches_seen"] == {}
    assert any(spec.type == "search-scene" for spec in GAME.legal_actions(after, 0))
    # a turn that starts on a Search Token looks at it too
    waiting = having(officer(start(3), 1, block="B03"), 1, "A06")
    after, events = act(waiting, 0, "coffee-break")
    assert (1, "B03") in after.search_peeks and of(events, "token-peeked")[0].actor == 1
    plain, plain_events = act(start(3), 0, "drive", to="B02")
    assert plain.search_peeks == () and not of(plain_events, "token-peeked")


def test_by_the_book_gains_a_force_card_for_resolving_an_event() -> None:
    """A07: "Resolving an Event also gains you a Force Card." """
    state = officer(active(start(3), "E01", tokens=("B09",)), 0, block="B09")
    _, plain = act(state, 0, "coffee-break")
    _, book = act(having(state, 0, "A07"), 0, "coffee-break")
    assert of(plain, "event-resolved") and of(book, "event-resolved")
    gained = [e for e in of(book, "force-gained") if e.actor == 0]
    assert len(gained) == len([e for e in of(plain, "force-gained") if e.actor == 0]) + 1
    _, nothing = act(having(officer(start(3), 0, block="B09"), 0, "A07"), 0, "coffee-break")
    assert not of(nothing, "force-gained")


def test_desk_sergeant_books_the_held_mobster_by_day_from_a_turn_begun_at_the_hq() -> None:
    """A08: "At the start of your turn at the HQ, you may finish Bring in for Holding whatever
    the time of day." """
    state = hours(officer(start(3), 0, holding="red"), {0: DAY, 1: DAY + 1, 2: DAY + 1})
    sergeant = having(state, 0, "A08")
    assert any(s.type == "bring-in-for-holding" for s in GAME.legal_actions(sergeant, 0))
    assert not any(s.type == "bring-in-for-holding" for s in GAME.legal_actions(state, 0))
    after, events = act(sergeant, 0, "bring-in-for-holding")
    assert of(events, "mobster-booked") and me(after, 0).holding is None
    # a turn begun elsewhere does not: the car reaches the HQ only by driving
    away = officer(sergeant, 0, block="B08")
    away, _ = act(away, 0, "drive", to="HQ")
    assert not any(s.type == "bring-in-for-holding" for s in GAME.legal_actions(away, 0))
    # the first step (taking a mobster into holding) keeps its time of day
    first = mobsters(officer(having(start(3), 0, "A08"), 0, block="B08"), {"B08": "red"})
    assert not any(s.type == "bring-in-for-holding" for s in GAME.legal_actions(first, 0))


def test_has_ability_names_the_card_kept() -> None:
    state = having(start(3), 2, "A04")
    assert abilities.has_ability(state, 2, "A04")
    assert not abilities.has_ability(state, 1, "A04")
    assert not abilities.has_ability(state, 2, "A01")


# Hidden information: the dealt pairs and the tokens looked at (resample.py), with controls


class LeakyPairs(TinyEpicCrimes):
    """Shows every officer's dealt pair to everyone: the property must catch it."""

    def view(self, case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
        shown = {str(d.seat): list(d.choices) for d in state.decisions}
        return {**super().view(case, state, seat), "pairs": shown}


def test_the_resampler_redraws_other_officers_pairs_and_keeps_the_seats_own() -> None:
    state = dealt(4)
    rng = random.Random(0)
    twins = [resample(CASE, state, 1, rng)[1] for _ in range(30)]
    assert all(pairs(t)[1] == pairs(state)[1] for t in twins)
    assert len({pairs(t)[0] for t in twins}) > 1
    for twin in twins:  # still a deal: every card once, none of the seat's own elsewhere
        cards = [card for pair in pairs(twin).values() for card in pair]
        assert len(set(cards)) == len(cards) and set(cards) == ALL
    kept, _ = act(state, 0, "choose-ability", ability=pairs(state)[0][0])
    for twin in (resample(CASE, kept, 2, rng)[1] for _ in range(20)):
        assert twin.abilities == kept.abilities  # face up: never redrawn
        assert kept.abilities[0] not in {c for pair in pairs(twin).values() for c in pair}


def test_the_property_catches_the_dealt_pairs_shown() -> None:
    table = Table(case=envelope(), seats=seats(3), mode="standard", seed=3)
    with pytest.raises(AssertionError, match="can tell two worlds apart"):
        check_playout(LeakyPairs(), table, resample, rng=random.Random(3), max_steps=3)
    assert check_playout(SYSTEM, table, resample, rng=random.Random(3), max_steps=3) == 3


def test_a_search_token_looked_at_keeps_its_face_for_that_seat_only() -> None:
    state = officer(start(3), 0, block="B02")
    state = dataclasses.replace(state, search_peeks=((0, "B02"),))
    truth = next(t.success for t in CASE.search_tokens if t.block == "B02")
    rng = random.Random(0)

    def face(seat: int) -> bool:
        twin_case, _ = resample(CASE, state, seat, rng)
        return next(t.success for t in twin_case.search_tokens if t.block == "B02")

    assert {face(0) for _ in range(20)} == {truth}
    assert {face(1) for _ in range(40)} == {True, False}
