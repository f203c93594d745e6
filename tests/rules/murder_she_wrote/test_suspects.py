"""The pure-Python suspect list (rules/murder_she_wrote/suspects.py), from the rulebook.

"Visit locations more than once so that you have the opportunity to see whether a murder has
been committed since your previous visit. Look at the coloured counters to see who has been
visiting the location since you last left."
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.murder_she_wrote import suspects
from tests.generator.murder_she_wrote.worlds import (
    BLUE,
    CHURCH,
    GREEN,
    HARBOUR,
    HOTEL,
    HOTEL_EXAMPLE,
    RED,
    TWO_FIRST_LOOKS,
    YELLOW,
    World,
    brute_force_candidates,
    random_viewer,
    random_world,
    view_of,
)


def test_the_rulebook_hotel_example_leaves_blue_and_yellow() -> None:
    """ "Roberto Ravelli was alive when you visited the Hotel last time, but now he's dead and only
    the blue and yellow players have entered the Hotel after you left. You can therefore deduce
    that the Murderer is one of two players." (:data:`HOTEL_EXAMPLE`)"""
    view = view_of(HOTEL_EXAMPLE, RED)
    assert suspects.candidates(view) == {BLUE, YELLOW}
    (clue,) = suspects.knowledge(view).clues
    assert clue == suspects.Clue(HOTEL, alive_at=0, dead_at=4, entered_between=(BLUE, YELLOW))


def test_before_coming_back_red_knows_who_entered_the_hotel_since() -> None:
    """ "Look at the coloured counters to see who has been visiting the location since you last
    left": before Red comes back, the Hotel is worth checking because Blue and Yellow went in."""
    world = HOTEL_EXAMPLE
    before = World(**{**world.__dict__, "visits": world.visits[:4], "rounds": world.rounds[:4]})
    known = suspects.knowledge(view_of(before, RED))
    assert known.since_alive == {HOTEL: (BLUE, YELLOW)}
    assert known.last_alive == {HOTEL: 0}
    assert known.clues == ()
    assert known.candidates == {BLUE, YELLOW, GREEN}


def test_yellow_would_suspect_blue_and_green_had_green_entered_instead() -> None:
    """The same death, another witness: only who entered between the two looks counts."""
    world = World(
        seat_count=4,
        murderer=BLUE,
        first_victim=HARBOUR,
        visits=((YELLOW, HOTEL), (BLUE, HOTEL), (GREEN, HOTEL), (RED, CHURCH), (YELLOW, HOTEL)),
        rounds=(1, 1, 1, 1, 2),
        kills=frozenset({1}),
        accusers=frozenset(),
    )
    assert suspects.candidates(view_of(world, YELLOW)) == {BLUE, GREEN}
    assert suspects.candidates(view_of(world, RED)) == {BLUE, YELLOW, GREEN}


def test_a_death_found_at_a_first_look_may_be_the_first_victim() -> None:
    """ "If you are the MURDERER choose your first victim from one of the locations": a body
    found at one's first look proves nothing about who entered before; two such bodies do,
    since only one islander was dead when play began."""
    one = World(
        seat_count=4,
        murderer=GREEN,
        first_victim=HOTEL,
        visits=((RED, HOTEL),),
        rounds=(1,),
        kills=frozenset(),
        accusers=frozenset(),
    )
    assert suspects.candidates(view_of(one, RED)) == {BLUE, YELLOW, GREEN}
    # the Hotel or the Church was the first victim; the other was killed by someone who had
    # been there: only Green entered either before Red looked
    assert suspects.candidates(view_of(TWO_FIRST_LOOKS, RED)) == {GREEN}


def test_accusers_and_seats_out_are_jessicas() -> None:
    """ "If you are wrong you are out of the game"; "Announce you are going to make an
    Accusation" is a Jessica's move (How to win as JESSICA): the Murderer never accuses."""
    world = HOTEL_EXAMPLE
    with_accuser = World(**{**world.__dict__, "accusers": frozenset({YELLOW})})
    assert suspects.candidates(view_of(with_accuser, RED)) == {BLUE}
    assert suspects.candidates(view_of(with_accuser, None)) == {RED, BLUE, GREEN}


def test_the_murderer_knows_itself_and_a_jessica_knows_she_is_not() -> None:
    world = HOTEL_EXAMPLE
    assert suspects.candidates(view_of(world, BLUE)) == {BLUE}
    assert GREEN not in suspects.candidates(view_of(world, GREEN))


def test_murder_is_final_so_dead_then_alive_fits_no_world() -> None:
    """ "DEAD tokens cannot be swapped for ALIVE ones - murder is final"."""
    view = view_of(HOTEL_EXAMPLE, RED)
    view["seen"] = [
        {"visit": 0, "location": HOTEL, "status": "dead"},
        {"visit": 4, "location": HOTEL, "status": "alive"},
    ]
    assert suspects.candidates(view) == frozenset()


def _random_views(count: int, seed: int) -> list[tuple[World, int | None, dict[str, Any]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        world = random_world(rng)
        viewer = random_viewer(world, rng, watcher_share=0.7)
        found.append((world, viewer, view_of(world, viewer)))
    return found


def test_candidates_are_the_brute_force_murderers_on_thousands_of_random_logs() -> None:
    narrowed = 0
    for world, viewer, view in _random_views(4000, seed=11):
        found = suspects.candidates(view)
        assert found == brute_force_candidates(view), (world, viewer)
        assert world.murderer in found
        everyone = set(range(world.seat_count)) - world.accusers - {viewer}
        narrowed += viewer != world.murderer and found != everyone
    assert narrowed > 600  # the logs rule seats out by sightings often enough to test it


def test_clues_name_exactly_who_entered_in_between() -> None:
    for world, viewer, view in _random_views(1000, seed=12):
        for clue in suspects.knowledge(view).clues:
            start = -1 if clue.alive_at is None else clue.alive_at
            between = {
                seat
                for time, (seat, location) in enumerate(world.visits)
                if location == clue.location and start < time < clue.dead_at
            }
            assert clue.entered_between == tuple(sorted(between))
            assert viewer not in between


# the Murderer's side ----------------------------------------------------------------------


def test_the_murderer_reads_each_jessicas_suspects_exactly_under_the_basic_rules() -> None:
    """The Murderer chose the first victim and made every kill, so it knows what each Jessica
    saw at each visit, and so what she can deduce."""
    checked = 0
    for world, _, _ in _random_views(1500, seed=13):
        world = World(**{**world.__dict__, "rules": "basic"})
        view = view_of(world, world.murderer)
        assert suspects.possible_first_victims(view) == (world.first_victim,)
        exposure = suspects.exposure(view)
        for jessica in range(world.seat_count):
            if jessica == world.murderer or jessica in world.accusers:
                assert jessica not in exposure
                continue
            assert exposure[jessica] == suspects.candidates(view_of(world, jessica))
            checked += 1
    assert checked > 3000


def test_under_the_advanced_rules_the_murderer_assumes_the_worst_first_victim() -> None:
    """ "Now even the Murderer does not know where the first murder was done!" The true first
    victim is among those it cannot rule out, so a Jessica suspects no fewer seats than the
    Murderer fears."""
    for world, _, _ in _random_views(1500, seed=14):
        world = World(**{**world.__dict__, "rules": "advanced"})
        view = view_of(world, world.murderer)
        assert world.first_victim in suspects.possible_first_victims(view)
        for jessica, feared in suspects.exposure(view).items():
            actual = suspects.candidates(view_of(world, jessica))
            assert world.murderer in feared
            assert len(feared) <= len(actual)


def test_suspicion_after_a_kill_is_what_the_next_jessica_to_look_would_deduce() -> None:
    rng = random.Random(15)
    checked = 0
    for world, _, _ in _random_views(1500, seed=16):
        world = World(**{**world.__dict__, "rules": "basic"})
        own = [time for time, (seat, _) in enumerate(world.visits) if seat == world.murderer]
        if not own:
            continue
        now = rng.choice(own)
        location = world.visits[now][1]
        visits = world.visits[: now + 1]
        kills = frozenset(kill for kill in world.kills if kill < now)
        before = World(**{**world.__dict__, "visits": visits, "kills": kills})
        view = view_of(before, world.murderer)
        for kill in (True, False):
            after_kill = kills | {now} if kill and not before.dead_at(location, now) else kills
            predicted = suspects.suspicion_after_kill(view, location, kill=kill)
            for jessica, feared in predicted.items():
                looked = World(
                    **{
                        **before.__dict__,
                        "visits": (*visits, (jessica, location)),
                        "rounds": world.rounds[: now + 1] + (world.rounds[now],),
                        "kills": after_kill,
                    }
                )
                assert feared == suspects.candidates(view_of(looked, jessica))
                checked += 1
    assert checked > 1000


def test_the_murderer_pretending_to_be_jessica_stalks_whoever_shared_its_windows() -> None:
    """ "If you are the Murderer, remember you can pretend to be JESSICA and stalk players too":
    Blue killed at the Hotel and found it dead on its return; Yellow also went in between, so
    a Jessica in Blue's place would stalk Yellow."""
    world = World(
        seat_count=4,
        murderer=BLUE,
        first_victim=HARBOUR,
        visits=((BLUE, HOTEL), (YELLOW, HOTEL), (RED, CHURCH), (BLUE, HOTEL)),
        rounds=(1, 1, 1, 2),
        kills=frozenset({0}),
        accusers=frozenset(),
    )
    assert suspects.pretended_candidates(view_of(world, BLUE)) == {YELLOW}
    assert suspects.pretended_candidates(view_of(HOTEL_EXAMPLE, BLUE)) == {RED, YELLOW, GREEN}


def test_a_jessica_cannot_ask_what_only_the_murderer_knows() -> None:
    with pytest.raises(ValueError):
        suspects.exposure(view_of(HOTEL_EXAMPLE, RED))
