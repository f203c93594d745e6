"""The bots, from the rulebook: a Jessica deduces, stalks and accuses; the Murderer covers its
tracks and flees. Each bot reads its own view and legal actions only (``bot_choose``)."""

from __future__ import annotations

import random

from rules.core import Action
from rules.murder_she_wrote import bot, bot_deduce
from rules.murder_she_wrote.bot_policy import ADVANCED, DEFAULT, Policy
from rules.murder_she_wrote.spec import DEAD_TO_ESCAPE, Phase
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote.helpers import GAME, act, on_turn, playing
from tests.rules.murder_she_wrote.island import ACCUSE, ESCAPE, ROOMS, START

SEATS = 4


def fresh(state: MswState) -> MswState:
    """Nobody's last turn ended in a location: every seat may check anywhere (basic)."""
    return on_turn(state, state.turn, 1, last_ended_in=(None,) * len(state.seats))


def look(state: MswState, seat: int, location: str) -> MswState:
    """``seat`` walks a roll of 2 clockwise onto the first room of ``location`` and looks (the
    other pawns wait at the Start, which may hold several)."""
    room = ROOMS[location][0]
    parked = {other: START for other in range(len(state.seats))}
    state = on_turn(fresh(state), seat, 2, pawns={**parked, seat: room - 2})
    state, _ = act(state, seat, "move", to=room)
    assert state.phase == Phase.CHECK, f"seat {seat} could not check {location}"
    return state


def visit(state: MswState, seat: int, location: str, token: str | None = None) -> MswState:
    """``seat`` looks at ``location`` and puts back ``token`` (by default what it saw)."""
    state = look(state, seat, location)
    seen = state.sightings[seat][-1].status
    state, _ = act(state, seat, "return-token", token=token or seen)
    return state


def choose(state: MswState, seat: int, seed: int = 0, policy: Policy | None = None) -> Action:
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    if policy is not None:
        return bot.choose(view, legal, random.Random(seed), policy)
    return GAME.bot_choose(view, legal, random.Random(seed))


def pinned_on(murderer: int, rules: str = "basic") -> MswState:
    """Jessica 0 saw L2 ALIVE, then only ``murderer`` entered and killed, then she saw it
    DEAD: "only the blue and yellow players have entered the Hotel after you left. You can
    therefore deduce that the Murderer is one of two players"; here, one."""
    state = playing(SEATS, murderer=murderer, rules=rules)
    state = visit(state, 0, "L2")
    state = visit(state, murderer, "L2", "dead")
    return visit(state, 0, "L2")


def test_a_sure_jessica_accuses_when_her_move_passes_an_accuse_space() -> None:
    """ "To win as a Jessica player you must identify the Murderer ... 1. Land or pass over
    either Accuse spaces. ... 3. Secretly dial the colour of the suspected player." From space
    9 a roll of 3 clockwise passes the Accuse space at 11."""
    state = on_turn(pinned_on(2), 0, 3, pawns={0: ACCUSE[0] - 2})
    action = choose(state, 0)
    assert action.params.get("accuse") == 2
    after, _ = GAME.apply(state, 0, action)
    assert after.ending == "murderer-caught"


def test_a_sure_jessica_out_of_reach_of_an_accuse_space_walks_on_clockwise() -> None:
    """Sure, but no route of this roll lands on or passes an Accuse space: she walks the
    whole roll clockwise (towards the next one) rather than stopping to look."""
    start = ROOMS["L5"][1]  # 28: a roll of 2 reaches neither Accuse space (11, 36)
    state = on_turn(pinned_on(2), 0, 2, pawns={0: start})
    action = choose(state, 0)
    assert "accuse" not in action.params
    assert action.params["to"] == start + 2


def test_an_unsure_jessica_does_not_accuse_early() -> None:
    """Two seats entered between her ALIVE and DEAD looks: "the Murderer is one of two
    players, so you should stalk them in turn round the board", not guess with one death
    seen."""
    state = playing(SEATS, murderer=2)
    state = visit(state, 0, "L2")
    state = visit(state, 3, "L2")
    state = visit(state, 2, "L2", "dead")
    state = visit(state, 0, "L2")
    state = on_turn(state, 0, 3, pawns={0: ACCUSE[0] - 2})
    for seed in range(20):
        assert "accuse" not in choose(state, 0, seed).params


def test_a_jessica_late_in_the_game_guesses_among_two() -> None:
    """With the turn limit near and two suspects left, a wrong guess costs less than letting
    the Murderer flee: she accuses one of the two."""
    state = playing(SEATS, murderer=2, rounds=20)
    state = visit(state, 0, "L2")
    state = visit(state, 3, "L2")
    state = visit(state, 2, "L2", "dead")
    state = visit(state, 0, "L2")
    state = on_turn(state, 0, 3, pawns={0: ACCUSE[0] - 2}, round=20)
    named = {choose(state, 0, seed).params.get("accuse") for seed in range(20)}
    assert named == {2, 3}
    assert DEFAULT.guess_among == ADVANCED.guess_among == 2


def test_a_jessica_puts_back_what_she_saw() -> None:
    """ "If you are JESSICA you must return an identical token to the name place"."""
    state = visit(playing(SEATS, murderer=1), 1, "L3", "dead")
    assert choose(look(state, 0, "L3"), 0) == Action("return-token", {"token": "dead"})


def test_a_jessica_checks_where_a_suspect_entered_since_she_saw_it_alive() -> None:
    """ "Visit locations more than once so that you have the opportunity to see whether a
    murder has been committed since your previous visit." She saw L6 and L7 ALIVE; since then
    seat 3 entered L6 and nobody L7. From space 37 a roll of 3 reaches L6 (34, back) and L7
    (40, on): she goes back to L6."""
    state = playing(SEATS, murderer=3)
    state = visit(state, 0, "L6")
    state = visit(state, 0, "L7")
    state = visit(state, 3, "L6")
    state = on_turn(fresh(state), 0, 3, pawns={0: 37})
    view = GAME.view(state, 0)
    reachable = {m["location"] for m in view["moves"] if m["visit"]}
    assert {"L6", "L7"} <= reachable
    for seed in range(10):
        to = choose(state, 0, seed).params["to"]
        assert to in ROOMS["L6"]


def test_a_jessica_does_not_go_back_to_a_death_she_has_seen() -> None:
    """A DEAD token stays DEAD ("murder is final"): a second look there tells nothing, so a
    location never looked at is worth more. (Seats 1 and 3 entered L6 in between: she is not
    sure, so she does not accuse on the way back past the Accuse space at 36.)"""
    state = playing(SEATS, murderer=3)
    state = visit(state, 0, "L6")
    state = visit(state, 1, "L6")
    state = visit(state, 3, "L6", "dead")
    state = visit(state, 0, "L6")
    state = on_turn(fresh(state), 0, 3, pawns={0: 37})
    for seed in range(10):
        assert choose(state, 0, seed).params["to"] in ROOMS["L7"]


def test_the_murderer_flees_with_five_dead() -> None:
    """ "To win as the Murderer you must kill at least five of the islanders ... including the
    first victim, and land on or pass over one of the red ESCAPE spaces." Four kills and the
    first victim: a move over the Escape space at 24 ends the game."""
    state = playing(SEATS, murderer=1)
    for location in ("L2", "L3", "L4", "L6")[: DEAD_TO_ESCAPE - 1]:
        state = visit(state, 1, location, "dead")
    state = on_turn(fresh(state), 1, 3, pawns={1: ESCAPE[0] - 2})
    action = choose(state, 1)
    after, _ = GAME.apply(state, 1, action)
    assert after.ending == "murderer-escaped"


def test_the_murderer_does_not_flee_before_five_are_dead() -> None:
    """Short of five dead, passing an Escape space ends nothing; the Murderer moves as a
    Jessica would (here, to a location nobody has looked at, L4, rather than on)."""
    state = playing(SEATS, murderer=1)
    state = on_turn(fresh(state), 1, 3, pawns={1: 20})
    action = choose(state, 1)
    assert action.params["to"] in ROOMS["L4"]


KILL = Action("return-token", {"token": "dead"})
SPARE = Action("return-token", {"token": "alive"})
CAREFUL = Policy(pinned_allowed=0)


def test_a_careful_murderer_does_not_kill_where_the_last_jessica_would_see_only_it() -> None:
    """ "If you are the MURDERER you have the choice of silencing this islander": but Jessica
    0 saw L2 ALIVE just before, and coming back she would see that only the Murderer entered
    since. A careful Murderer leaves the islander alive."""
    state = visit(playing(SEATS, murderer=2), 0, "L2")
    assert choose(look(state, 2, "L2"), 2, policy=CAREFUL) == SPARE


def test_the_murderer_kills_where_it_is_the_first_to_look() -> None:
    """Nobody has looked at L2: each Jessica would find its islander dead at her first look,
    and "only one islander was dead when play began" is no clue until a second such death.
    Even a careful Murderer kills."""
    state = visit(playing(SEATS, murderer=2), 0, "L3")
    assert choose(look(state, 2, "L2"), 2, policy=CAREFUL) == KILL


def test_a_careful_murderer_spares_an_islander_the_last_looker_would_pin_on_it() -> None:
    """Seat 3 entered L2 after Jessica 0's look: the death would be one of two players' for
    her, but seat 3 looked last and would see that only the Murderer came after her."""
    state = visit(playing(SEATS, murderer=2), 0, "L2")
    state = visit(state, 3, "L2")
    assert choose(look(state, 2, "L2"), 2, policy=CAREFUL) == SPARE


def test_under_the_advanced_rules_a_jessica_who_just_looked_cannot_come_straight_back() -> None:
    """ "Before returning to a location which you have already visited, two other players must
    have entered since your counter was at the LAST IN position": Jessica 0 cannot look at L2
    again until another seat has entered after the Murderer, and that seat covers the kill. The
    advanced Murderer (careful: no Jessica may be pinned) kills."""
    state = visit(playing(SEATS, murderer=2, rules="advanced"), 0, "L2")
    assert ADVANCED.pinned_allowed == 0
    assert choose(look(state, 2, "L2"), 2) == KILL


def test_the_murderer_chooses_a_first_victim_away_from_the_hotel() -> None:
    """ "If you are the MURDERER choose your first victim from one of the locations": every
    pawn starts at the Hotel, so its islander is the one looked at first; the bot picks
    another."""
    state = playing(SEATS, murderer=1)
    fresh_game = GAME.new_game(state.seats, "standard", 3, {"rules": "basic"})
    murderer = fresh_game.murderer
    victims = {choose(fresh_game, murderer, seed).params["victim"] for seed in range(40)}
    assert "L1" not in victims and len(victims) > 4


def test_a_bot_decides_from_its_view_and_legal_actions_alone() -> None:
    """The same view, legal actions and random draws give the same action: the bot keeps no
    memory of its own between turns."""
    state = on_turn(pinned_on(2), 0, 3, pawns={0: 20})
    assert len({repr(choose(state, 0, 7)) for _ in range(5)}) == 1


def test_a_jessica_stalks_the_suspect_who_just_left() -> None:
    """ "You can therefore deduce that the Murderer is one of two players, so you should stalk
    them in turn round the board." Seats 1 and 3 entered L2 between her ALIVE and DEAD looks.
    Since her looks at L6 and L7 one suspect entered each; at L6 suspect 1 was the last in, at
    L7 seat 2 (cleared) came after suspect 3. She checks L6, right after the suspect left, even
    though L7 lies on her clockwise walk."""
    state = playing(SEATS, murderer=3)
    state = visit(state, 0, "L2")
    state = visit(state, 1, "L2")
    state = visit(state, 3, "L2", "dead")
    state = visit(state, 0, "L2")
    state = visit(state, 0, "L6")
    state = visit(state, 0, "L7")
    state = visit(state, 1, "L6")
    state = visit(state, 3, "L7")
    state = visit(state, 2, "L7")
    state = on_turn(fresh(state), 0, 3, pawns={0: 37, 1: START, 2: START, 3: START})
    assert bot_deduce.read(GAME.view(state, 0)).candidates == {1, 3}
    for seed in range(10):
        assert choose(state, 0, seed).params["to"] in ROOMS["L6"]
