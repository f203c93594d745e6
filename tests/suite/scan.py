"""The leak scan: random clients play games of every system and mode, and every answer a seat
receives is checked against what that seat must not know (:mod:`tests.suite.secrets`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from api.storage import Store
from rules.core import System
from tests.suite.client import Transport
from tests.suite.players import PlayedGame, modes, new_game, play
from tests.suite.secrets import GameTruth, Leak, leaks_in


@dataclass
class ScanReport:
    games: int = 0
    finished: int = 0
    answers: int = 0
    leaks: list[Leak] = field(default_factory=list)
    #: games played per (system, mode)
    played: dict[tuple[str, str], int] = field(default_factory=dict)


def scan_game(
    store: Store,
    game: PlayedGame,
    foreign_tokens: frozenset[str],
    system: System | None = None,
) -> list[Leak]:
    """Every leak in the answers ``game``'s seats received."""
    truth = GameTruth.read(store, game.id, system)
    found: list[Leak] = []
    everyone = frozenset(game.tokens.values()) | foreign_tokens
    deduced: dict[int, set[int]] = {}
    for seen in game.seen:
        if seen.request.endswith("/deductions") and seen.answer.status == 200:
            deduced.setdefault(seen.seat, set()).add(min(seen.version, truth.version))
    for seen in game.seen:
        secrets = truth.for_seat(
            seen.seat,
            everyone - {game.tokens[seen.seat]},
            frozenset(deduced.get(seen.seat, ())),
        )
        version = min(seen.version, truth.version)
        for what in leaks_in(seen.answer.body, seen.answer.everything, secrets[version]):
            found.append(Leak(game.id, seen.seat, seen.version, seen.request, what))
    return found


def scan(
    transport: Transport,
    store: Store,
    *,
    games_per_mode: int,
    seed: int,
    max_moves: int = 400,
    mischief: float = 0.1,
    only: Callable[[str], bool] = lambda system: True,
    judge: Callable[[str], System | None] = lambda system: None,
) -> ScanReport:
    """Play ``games_per_mode`` random games of every mode of every served system and scan
    them; ``judge`` may name the true rules of a system the server serves leaky ones of."""
    rng = random.Random(seed)
    report = ScanReport()
    tokens: set[str] = set()
    cases: dict[str, str] = {}
    for system, mode in modes(transport):
        if not only(system):
            continue
        for number in range(games_per_mode):
            case_id = None
            if number % 2:  # every other game plays a stored case, the rest make their own
                if system not in cases:
                    made = transport("POST", "/v1/cases", {"system": system})
                    assert made.status == 201, made.text
                    cases[system] = made.body["id"]
                    tokens.add(made.body["author_token"])
                case_id = cases[system]
            game = new_game(transport, system, mode, rng, case_id=case_id)
            play(transport, game, rng, max_moves=max_moves, mischief=mischief)
            report.leaks += scan_game(store, game, frozenset(tokens), judge(system))
            tokens.update(game.tokens.values())
            report.games += 1
            report.finished += game.finished
            report.answers += len(game.seen)
            key = (system, mode["id"])
            report.played[key] = report.played.get(key, 0) + 1
    return report
