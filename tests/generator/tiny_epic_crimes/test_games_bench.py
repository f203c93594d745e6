"""``make bench``'s Tiny Epic Crimes games section (``benchmarks/tec_games.py``) at a quick size:
every mode of the spec is played to the end by bots, and what it reports is what happened."""

from __future__ import annotations

import re

from benchmarks import tec_games
from benchmarks.tec_games import Table, Tally, cases_for, play, suspects_left, table_for
from rules.core import ModeSpec
from rules.loop import run_bots
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.spec import SPEC


def test_every_mode_of_the_spec_gets_a_row() -> None:
    rows = tec_games.run(games=3)
    first = rows.index(next(row for row in rows if row.startswith("| table |"))) + 2
    table = rows[first : first + len(SPEC.modes)]
    assert rows[first + len(SPEC.modes)] == ""
    for mode, row in zip(SPEC.modes, table, strict=True):
        assert row.startswith(f"| {mode.id}, ")
        assert re.search(r"\| [\d.]+% \| [\d.]+% of \d+ \| [\d.]+% \| [\d.]+ of 5 \|", row), row


def test_a_table_is_the_largest_up_to_four_with_a_case_made_for_it() -> None:
    for mode in SPEC.modes:
        table = table_for(mode)
        assert table.seats == min(mode.max_seats, 4)
        assert set(table.options) == {option.name for option in mode.options}
    wide = table_for(ModeSpec("standard", 2, 6))
    assert wide.seats == 4 and wide.players == 4
    pair = table_for(ModeSpec("standard", 2, 2))
    assert pair.seats == 2 and pair.players == 2


def test_the_games_are_counted_as_they_ended() -> None:
    table = Table(SPEC.mode("standard"), 4, {}, 4)
    cases = cases_for(4, 4)
    played = play(table, cases)
    assert played.games == 4 and sum(played.endings.values()) == 4
    assert all(0 < steps <= SPEC.step_limit for steps in played.steps)
    assert played.accusations.made == 16  # every officer accuses once
    assert 0 <= played.accusations.right <= 16
    assert 0 < played.accusations.chance <= 16  # a sum of 1 / (suspects left)
    caught = 0
    for seed, env in enumerate(cases):  # the same games again, read through the protocol
        case, state = tec_games._open(env, "standard", 4, {}, seed)
        state, _ = run_bots(
            SYSTEM, case, state, bots=frozenset(range(4)), seed=seed, steps_so_far=0
        )
        outcome = SYSTEM.result(case, state)
        assert outcome is not None
        caught += outcome.ending == "solved"
    assert played.endings["solved"] == caught


def test_an_honest_guess_counts_alibis_and_evidence() -> None:
    suspects = [
        {"letter": "A", "gang": "red", "rank": "boss"},
        {"letter": "B", "gang": "red", "rank": "underboss"},
        {"letter": "C", "gang": "blue", "rank": "boss"},
    ]
    view = {"case": {"suspects": suspects}, "suspects": ["B"], "evidence": {"gang": "red"}}
    assert suspects_left(view) == ["A"]
    assert suspects_left({"case": {"suspects": suspects}}) == ["A", "B", "C"]


def test_what_it_saw_and_peeked_at_counts_too() -> None:
    """An Interrogate shows another officer's Suspect Card; a Peek another's solved evidence."""
    suspects = [
        {"letter": "A", "gang": "red", "rank": "boss"},
        {"letter": "B", "gang": "red", "rank": "underboss"},
        {"letter": "C", "gang": "blue", "rank": "boss"},
        {"letter": "D", "gang": "red", "rank": "boss"},
    ]
    view = {
        "case": {"suspects": suspects},
        "suspects": [],
        "seen_suspects": {"1": ["D"]},
        "evidence": {},
        "peeked_evidence": {"rank": "boss"},
    }
    assert suspects_left(view) == ["A", "C"]


def test_bots_guess_no_better_than_what_they_know() -> None:
    """Accusations made from fewer than four known evidences are guesses: over a few dozen
    standard games they name the murderer about as often as an honest guess among the suspects
    the accuser's view left would (within three standard errors of a Bernoulli mean)."""
    played = play(Table(SPEC.mode("standard"), 4, {}, 4), cases_for(4, 30))
    guesses = Tally()
    for known, tally in played.accusations.by_known.items():
        if known < 4:
            guesses.made += tally.made
            guesses.right += tally.right
            guesses.chance += tally.chance
    assert guesses.made >= 60
    chance = guesses.chance / guesses.made
    error = (chance * (1 - chance) / guesses.made) ** 0.5
    assert abs(guesses.right / guesses.made - chance) <= 3 * error + 0.02, guesses
    assert Tally().cell() == "–" and guesses.cell().endswith(f"({guesses.made})")
