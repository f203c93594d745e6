"""Murder City fairness and balance: shortcut Listeners against chance, and how bot games go
(issue #10).

The project's fairness rule: "A player who skips a step, or reads a habit of the generator
instead of the evidence, must do no better than an honest guess." Bot-only games (4 seats) on
generated cities are stopped at every Listener's decision; each reader
(``tests/generator/murder_city/shortcuts.py``) names the card it would challenge, and succeeds
when that card is off-colour. The chance rate is a blind pick among the attached cards. The
honest reader is the bot's reading of the story; the others skip it (the first or last card
told, a random one, the evidence ids' order, the ids read as colour blocks, never
challenging). The leaky control: games on the hand-made test city, whose decks are numbered
colour by colour, read as colour blocks.

``python -m benchmarks.mc_fairness [--games N]`` prints the section alone.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Sequence

import generator.murder_city  # noqa: F401  (registers the generator)
from benchmarks.mc_games import cities
from rules.murder_city.case import City
from rules.murder_city.game import MurderCity
from rules.murder_city.spec import Act, Reason
from tests.generator.murder_city.shortcuts import (
    READERS,
    Game,
    Hearing,
    Score,
    Shortcut,
    hearings_of,
    id_blocks,
    play,
    score,
)
from tests.rules.murder_city.city import sample_city

GAMES = 400
CITIES = 50
SEATS = 4
CONTROL_GAMES = 100


def cell(result: Score) -> str:
    flag = " ⚠" if result.gap > 2 * result.error else ""
    return (
        f"{result.success:.1%} vs {result.chance:.1%}"
        f" ({result.gap * 100:+.1f} ± {2 * result.error * 100:.1f}){flag}"
    )


def balance(games: Sequence[Game], hearings: Sequence[Hearing]) -> list[str]:
    attached = sum(g.attached for g in games)
    off = sum(g.off_colour for g in games)
    bluffed = [h for h in hearings if h.off]
    caught = sum(1 for h in bluffed if h.named in h.off)
    challenges = sum(g.challenges for g in games)
    right = sum(g.caught for g in games)
    trials = sum(g.trials for g in games)
    convictions = sum(g.convictions for g in games)
    decisions = Counter(h.decision for h in hearings)
    reasons: Counter[str] = Counter()
    for game in games:
        reasons.update(game.reasons)
    books = sum(1 for g in games if g.books_add_up)
    finals = [c for g in games for c in g.credits]
    ended = sum(1 for g in games if g.ended)
    per_game = ", ".join(
        f"{reason} {reasons[reason] / len(games):+.1f}"
        for reason in (
            Reason.ATTACH,
            Reason.LISTENING,
            Reason.CHALLENGE_WON,
            Reason.CHALLENGE_MISSED,
            Reason.ENDORSED_CONVICTION,
            Reason.CONVICTION,
            Reason.WEAKNESS,
            Reason.CARD,
            Reason.TRADE,
        )
    )
    return [
        "| figure | value |",
        "| --- | --- |",
        f"| games ended / books add up | {ended} / {books} of {len(games)} |",
        f"| attached cards heard off-colour (bluffs) | {off / attached:.1%} of {attached:,} |",
        f"| bluffed cases caught by the Listener | {caught / max(1, len(bluffed)):.1%}"
        f" of {len(bluffed):,} |",
        f"| challenges that named an off-colour card | {right / max(1, challenges):.1%}"
        f" of {challenges:,} |",
        f"| decisions: challenge / rubber-stamp / endorse | {decisions[Act.CHALLENGE]:,} /"
        f" {decisions[Act.RUBBER_STAMP]:,} / {decisions[Act.ENDORSE]:,} |",
        f"| trials a game, convicted | {trials / len(games):.1f}, {convictions / trials:.1%} |",
        f"| final credits a seat (mean) | {statistics.fmean(finals):.1f} |",
        f"| credits a game by reason (all seats) | {per_game} |",
    ]


def run(games: int = GAMES, count: int = CITIES) -> list[str]:
    system = MurderCity()
    made: list[City] = [system.read_case(envelope) for envelope in cities(count)]
    played = play(made, SEATS, range(games))
    hearings = hearings_of(played)
    rows = [
        f"{games} bot-only games, {SEATS} seats, on {count} generated cities; {len(hearings):,}"
        " hearings (a Listener deciding on a case with at least one attached card).",
        "",
        "| Listener | reads | names an off-colour card vs chance |",
        "| --- | --- | --- |",
    ]
    for reader in READERS:
        rows.append(f"| {reader.name} | {reader.reads} | {cell(score(reader, hearings))} |")
    bluffed = [h for h in hearings if h.off]
    rows += [
        "",
        f"Only the {len(bluffed):,} hearings of a case holding an off-colour card:",
        "",
        "| Listener | names an off-colour card vs chance |",
        "| --- | --- |",
    ]
    for reader in READERS:
        rows.append(f"| {reader.name} | {cell(score(reader, bluffed))} |")
    control = hearings_of(play([sample_city()], SEATS, range(CONTROL_GAMES)))
    leak = score(Shortcut("ids as colour blocks", "ids", id_blocks), control)
    rows += [
        "",
        "Each cell: the reader's success vs the chance rate (gap in points ± two standard"
        " errors); ⚠ marks a gap beyond two standard errors. The honest reader must stand"
        " above chance; every other reader skips the reading and must not. Control: on the"
        " hand-made test city, numbered colour by colour, reading the ids as colour blocks"
        f" gives {cell(leak)} over {len(control):,} hearings.",
        "",
        "How the same games went:",
        "",
        *balance(played, hearings),
    ]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="games")
    parser.add_argument("--cities", type=int, default=CITIES, help="cities they share")
    args = parser.parse_args(argv)
    print("\n".join(run(args.games, args.cities)))


if __name__ == "__main__":
    main()
