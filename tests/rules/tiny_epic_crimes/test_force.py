"""Playing Force Cards, from the rulebook: "Each has a powerful effect for an officer. When one
is used, place it into a face-up discard pile"."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules.core import Action, RuleError, Seat
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.helpers import GAME, act, hours, mobsters, of, officer, start


def holding(state: TecState, seat: int, *cards: str) -> TecState:
    forces = state.forces
    forces = forces.remove(seat, forces.cards_of(seat)).add(seat, cards)
    return dataclasses.replace(state, forces=forces)


def test_warrant_apprehends_a_mobster_next_to_the_officer_and_the_turn_goes_on() -> None:
    state = holding(mobsters(start(3), {"B08": "red", "B01": "blue"}), 0, "F03")
    bag = sum(state.bag.values())
    after, events = act(state, 0, "play-force", card="F03")
    assert after.mobsters == {"B01": "blue"} and sum(after.bag.values()) == bag + 1
    assert after.forces.cards_of(0) == () and after.force_deck.discard_pile[0] == "F03"
    assert of(events, "force-played")[0].data["card"] == "F03"
    assert after.track == state.track and SYSTEM.to_act(GAME.case, after) == frozenset({0})
    assert any(spec.type == "coffee-break" for spec in GAME.legal_actions(after, 0))


def test_dragnet_apprehends_every_mobster_in_the_officers_row() -> None:
    state = holding(mobsters(start(3), {"B11": "red", "B14": "blue", "B09": "gray"}), 0, "F11")
    after, _ = act(state, 0, "play-force", card="F11")
    assert after.mobsters == {"B09": "gray"}


def test_a_card_with_nothing_to_do_or_not_held_is_not_offered() -> None:
    state = holding(mobsters(start(3), {"B01": "blue"}), 0, "F03", "F11")
    assert not any(spec.type == "play-force" for spec in GAME.legal_actions(state, 0))
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, Action("play-force", {"card": "F03"}))
    assert refused.value.code == "force/cannot-play"
    other = holding(mobsters(start(3), {"B08": "red"}), 1, "F03")
    with pytest.raises(RuleError):
        GAME.apply(holding(other, 0), 0, Action("play-force", {"card": "F03"}))


def test_another_officers_force_cards_never_show_until_played() -> None:
    state = holding(holding(mobsters(start(3), {"B08": "red"}), 0, "F03"), 1, "F11")
    for seat, own, hidden in ((0, "F03", "F11"), (1, "F11", "F03")):
        shown = json.dumps(GAME.view(state, seat))
        assert own in shown and hidden not in shown
    legal = json.dumps([spec.params for spec in GAME.legal_actions(state, 0)], default=str)
    assert "F11" not in legal
    after, _ = act(state, 0, "play-force", card="F03")
    assert "F03" in json.dumps(GAME.view(after, 1))  # face up on the discard pile


def test_squad_car_drives_three_blocks_for_no_hours() -> None:
    state = holding(start(3), 0, "F01")
    state, _ = act(state, 0, "play-force", card="F01")
    after, _ = act(state, 0, "drive", to="B01")  # four blocks from the HQ: one hour
    assert after.driven == 1
    with pytest.raises(RuleError):  # only before the drive
        GAME.apply(holding(after, 0, "F01"), 0, Action("play-force", {"card": "F01"}))


def test_overtime_allows_a_nighttime_action_by_day() -> None:
    state = holding(mobsters(officer(start(3), 0, block="B11"), {}), 0, "F04")  # day, stakeout
    assert not any(spec.type == "stakeout" for spec in GAME.legal_actions(state, 0))
    state, _ = act(state, 0, "play-force", card="F04")
    after, events = act(state, 0, "stakeout", hours=5)
    assert of(events, "staked-out")


def test_shortcut_takes_an_hour_off_the_action_but_never_below_one() -> None:
    state = holding(mobsters(officer(start(3), 0, block="B01"), {}), 0, "F10")
    played, _ = act(state, 0, "play-force", card="F10")
    after, _ = act(played, 0, "search-scene")
    assert after.track.position(0) == 1  # 2 hours less 1
    after, _ = act(played, 0, "coffee-break")
    assert after.track.position(0) == 1  # 1 hour stays 1
    nxt, _ = act(after, 1, "coffee-break")  # the boost ends with the turn
    assert nxt.boosts == {}


# The other cards, each from its (original) text. Ruling (docs/rulings.md): every card is
# played on its holder's own turn before the action, "after-roll" ones included, so that no
# seat is ever asked something only a holder would be asked.


def test_tip_off_shows_the_stakeout_token_under_the_car_to_its_officer_alone() -> None:
    """F02: "Look at the Stakeout Token on your block before you risk." """
    state = holding(officer(start(3), 0, block="B09"), 0, "F02")
    after, events = act(state, 0, "play-force", card="F02")
    (peek,) = of(events, "token-peeked")
    value = next(t.value for t in GAME.case.stakeout_tokens if t.block == "B09")
    assert peek.secret == {"value": value} and peek.secret_audience == frozenset({0})
    assert "value" not in (peek.for_seat(1) or {})
    assert GAME.view(after, 0)["stakeouts_seen"] == {"B09": value}
    assert GAME.view(after, 1)["stakeouts_seen"] == {}
    assert after.track == state.track  # the turn goes on: a stakeout may follow, or not
    elsewhere = holding(officer(start(3), 0, block="B01"), 0, "F02")  # a search block
    assert not any(s.type == "play-force" for s in GAME.legal_actions(elsewhere, 0))
    seen = holding(after, 0, "F02")  # once seen, there is nothing more to look at
    assert not any(s.type == "play-force" for s in GAME.legal_actions(seen, 0))


def test_lab_rush_shows_the_search_token_under_the_car_before_the_search() -> None:
    """F08: "Look at a Search Token on your block before you flip it." """
    state = holding(officer(start(3), 0, block="B04"), 0, "F08")
    after, events = act(state, 0, "play-force", card="F08")
    success = next(t.success for t in GAME.case.search_tokens if t.block == "B04")
    assert of(events, "token-peeked")[0].secret == {"success": success}
    assert GAME.view(after, 0)["searches_seen"] == {"B04": success}
    assert GAME.view(after, 2)["searches_seen"] == {}
    searched, _ = act(after, 0, "search-scene")
    assert GAME.view(searched, 0)["searches_seen"] == {}  # flipped: no longer face down
    stakeout_block = holding(officer(start(3), 0, block="B09"), 0, "F08")
    assert not any(s.type == "play-force" for s in GAME.legal_actions(stakeout_block, 0))


def test_double_shift_performs_a_second_action_in_the_same_turn() -> None:
    """F05: "Perform a second action this turn." The hours of both are spent together."""
    state = holding(mobsters(officer(start(3), 0, block="B01"), {}), 0, "F05")
    state, _ = act(state, 0, "play-force", card="F05")
    state, _ = act(state, 0, "drive", to="B02")  # one block
    first, events = act(state, 0, "search-scene")
    assert of(events, "second-action") and of(events, "scene-searched")
    assert not of(events, "tracker-advanced") and not of(events, "mobster-roll")
    assert first.track.position(0) == 0 and first.driven == 3
    assert SYSTEM.to_act(GAME.case, first) == frozenset({0})
    offered = {spec.type for spec in GAME.legal_actions(first, 0)}
    assert "drive" not in offered and "coffee-break" in offered  # an action, no second drive
    second, events = act(first, 0, "coffee-break")
    assert second.track.position(0) == 4 and of(events, "mobster-roll")
    assert SYSTEM.to_act(GAME.case, second) == frozenset({1})
    assert not of(events, "second-action")


def test_double_shift_is_offered_only_with_hours_for_two_actions() -> None:
    state = holding(hours(start(3), {0: 47, 1: 47, 2: 47}, top=0), 0, "F05")
    assert not any(spec.type == "play-force" for spec in GAME.legal_actions(state, 0))
    state = holding(hours(start(3), {0: 46, 1: 46, 2: 46}, top=0), 0, "F05")
    state, _ = act(state, 0, "play-force", card="F05")
    first, _ = act(state, 0, "coffee-break")
    after, _ = act(first, 0, "coffee-break")
    assert after.track.position(0) == 48


def test_steady_hand_rolls_a_failed_backup_die_again() -> None:
    """F06: "Roll the Call for Backup die again." Played before the roll (the ruling)."""
    base = mobsters(officer(start(3), 0, block="B08"), {"B08": "red", "B09": "blue"})
    rerolled = kept = False
    for step in range(40):
        state = dataclasses.replace(base, step=step)
        _, plain = act(state, 0, "call-for-backup", hours=2)
        played, _ = act(holding(state, 0, "F06"), 0, "play-force", card="F06")
        played = dataclasses.replace(played, step=step)  # the same dice fall
        _, steady = act(played, 0, "call-for-backup", hours=2)
        first = of(plain, "backup-called")[0].data["die"]
        data = of(steady, "backup-called")[0].data
        if first > 2:
            assert data["rolls"][0] == first and len(data["rolls"]) == 2
            assert data["die"] == data["rolls"][1]
            rerolled = True
        else:
            assert data["die"] == first and "rolls" not in data
            kept = True
    assert rerolled and kept
    far = holding(mobsters(officer(start(3), 0, block="B01"), {"B20": "red"}), 0, "F06")
    assert not any(spec.type == "play-force" for spec in GAME.legal_actions(far, 0))


@pytest.mark.parametrize(("die", "number"), [("black", 6), ("white", 6), ("black", 2)])
def test_roadblock_sets_one_die_of_the_turns_mobster_roll(die: str, number: int) -> None:
    """F07: "Choose the number of one die of a Mobster Roll." Named before the roll."""
    state = holding(start(3), 0, "F07")
    (form,) = [s for s in GAME.legal_actions(state, 0) if s.type == "play-force"]
    assert form.choices("die") == ("black", "white") and form.choices("number") == (
        1,
        2,
        3,
        4,
        5,
        6,
    )
    state, events = act(state, 0, "play-force", card="F07", die=die, number=number)
    assert of(events, "force-played")[0].data == {"card": "F07", "die": die, "number": number}
    after, events = act(state, 0, "coffee-break")
    first = of(events, "mobster-roll")[0].data
    assert first[die] == number
    if number == 6:
        assert first["outcome"] == "reprieve"  # a 6 names no block
    with pytest.raises(RuleError):
        GAME.apply(state, 0, Action("play-force", {"card": "F07", "die": "black", "number": 7}))


def test_shadow_detail_moves_a_mobster_up_to_two_blocks_onto_an_empty_one() -> None:
    """F12: "Move a mobster up to 2 blocks." Never onto another mobster or the HQ."""
    state = holding(mobsters(start(3), {"B01": "red", "B02": "blue", "B12": "gray"}), 0, "F12")
    forms = {
        str(s.choices("mobster")[0]): set(s.choices("onto"))
        for s in GAME.legal_actions(state, 0)
        if s.type == "play-force"
    }
    assert forms["B01"] == {"B03", "B06", "B07", "B11"}  # B02 is taken; B01 to B11 is 2 down
    assert "HQ" not in forms["B12"] and "B14" not in forms["B12"]  # HQ; 3 blocks away
    after, events = act(state, 0, "play-force", card="F12", mobster="B01", onto="B03")
    assert after.mobsters == {"B03": "red", "B02": "blue", "B12": "gray"}
    assert of(events, "mobster-moved")[0].data == {"from": "B01", "to": "B03", "colour": "red"}
    assert after.track == state.track
    for bad in ("B02", "B04", "HQ"):
        with pytest.raises(RuleError):
            GAME.apply(
                state, 0, Action("play-force", {"card": "F12", "mobster": "B01", "onto": bad})
            )


def test_a_moved_mobster_stays_in_its_events_crew() -> None:
    state = dataclasses.replace(
        mobsters(start(3), {"B01": "red"}),
        events=(ActiveEvent("E05", 1, 0, (), (), ("B01",), ()),),
    )
    after, _ = act(holding(state, 0, "F12"), 0, "play-force", card="F12", mobster="B01", onto="B06")
    assert after.events[0].mobster_blocks == ("B06",)


def test_held_cards_and_their_forms_never_show_to_another_officer() -> None:
    state = holding(mobsters(start(3), {"B01": "red"}), 1, "F07", "F12")
    for viewer in (0, 2):
        shown = json.dumps(GAME.view(state, viewer))
        assert "F07" not in shown and "F12" not in shown
    assert "F12" in json.dumps(GAME.view(state, 1))


# The bot plays a card when it helps its plan, from its own view


def _bot(state: TecState, seat: int = 0) -> Action:
    return SYSTEM.bot_choose(
        GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(0)
    )


def test_the_bot_looks_with_tip_off_then_risks_exactly_the_number() -> None:
    night = hours(officer(start(3), 0, block="B10"), {0: 7, 1: 8, 2: 8})
    state = holding(mobsters(night, {}), 0, "F02")
    assert _bot(state) == Action("play-force", {"card": "F02"})
    state, _ = act(state, 0, "play-force", card="F02")
    value = next(t.value for t in GAME.case.stakeout_tokens if t.block == "B10")
    assert _bot(state) == Action("stakeout", {"hours": value})


def test_the_bot_plays_squad_car_before_a_drive_and_shortcut_before_a_search() -> None:
    state = holding(mobsters(start(3), {}), 0, "F01")
    assert _bot(state) == Action("play-force", {"card": "F01"})
    search = holding(mobsters(officer(start(3), 0, block="B01"), {}), 0, "F10")
    search = dataclasses.replace(search, search_peeks=((0, "B01"),))  # already looked
    assert _bot(search) == Action("play-force", {"card": "F10"})


def test_the_bot_moves_a_mobster_onto_its_block_to_catch_an_informant() -> None:
    state = holding(mobsters(officer(start(3), 0, block="B11"), {"B06": "red"}), 0, "F12")
    assert _bot(state) == Action("play-force", {"card": "F12", "mobster": "B06", "onto": "B11"})
    state, _ = act(state, 0, "play-force", card="F12", mobster="B06", onto="B11")
    assert _bot(state) == Action("catch-informant")


def test_the_bot_names_a_reprieve_with_roadblock_while_events_pile_up() -> None:
    two = (
        ActiveEvent("E01", 1, 0, ("B20",), (), (), ()),
        ActiveEvent("E02", 2, 0, ("B19",), (), (), ()),
    )
    state = holding(dataclasses.replace(mobsters(start(3), {}), events=two), 0, "F07")
    assert _bot(state) == Action("play-force", {"card": "F07", "die": "black", "number": 6})
    assert _bot(holding(mobsters(start(3), {}), 0, "F07")).type != "play-force"


def test_bots_play_force_cards_over_whole_games() -> None:
    played: set[str] = set()
    for seed in range(3):
        state = GAME.new_game([Seat(f"Bot {i}", True) for i in range(4)], "standard", seed)
        rng = random.Random(seed)
        while SYSTEM.result(GAME.case, state) is None:
            actor = min(SYSTEM.to_act(GAME.case, state))
            view = GAME.view(state, actor)
            action = SYSTEM.bot_choose(view, GAME.legal_actions(state, actor), rng)
            state, events = GAME.apply(state, actor, action)
            played |= {str(e.data["card"]) for e in of(events, "force-played")}
    assert len(played) >= 4, played


def test_double_shift_ends_the_turn_when_no_action_can_follow() -> None:
    """With no hour left after the first action, the turn ends as usual (ruling)."""
    night = hours(officer(start(3), 0, block="B08"), {0: 46, 1: 47, 2: 47})  # 43-48: night
    state, _ = act(holding(night, 0, "F05"), 0, "play-force", card="F05")
    after, events = act(state, 0, "stakeout", hours=2)
    assert after.track.position(0) == 48 and not of(events, "second-action")
    assert of(events, "mobster-roll")
    spent, events = act(state, 0, "coffee-break")  # an hour is left for a second action
    assert of(events, "second-action")
    done, events = act(spent, 0, "coffee-break")
    assert done.track.position(0) == 48 and of(events, "mobster-roll")
