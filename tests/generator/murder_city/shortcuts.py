"""Bot-only Murder City games, recorded for the balance and fairness figures, and the shortcut
Listeners measured against them.

The project's fairness rule: "A player who skips a step, or reads a habit of the generator
instead of the evidence, must do no better than an honest guess." A Murder City Listener's
evidence is the story (each attached card's type and item), the murder's colour and the cards
it has seen; its task, when it challenges, is to name an off-colour card. So at every hearing
of the games each reader names the card it would challenge, and scores when that card is
off-colour. The chance rate of a hearing is the share of its attached cards that are
off-colour (a blind pick among them). The honest reader (``bot_listen``'s reading) must stand
above it; readers that skip the reading (the first port, a random port, the evidence ids'
order, never challenging) must not.

The games are played by the rules' bot loop (as ``rules.loop.run_bots``, with the same seeds
and bot draws), stopping at each Listener's decision to record its view and the truth.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Seat, check_seats, resolve_options, rng_for
from rules.murder_city import bot_listen
from rules.murder_city.case import COLOURS, JOKER, City
from rules.murder_city.game import MurderCity
from rules.murder_city.spec import Act, Ev, Reason, Stage
from rules.murder_city.state import McState

MODE = "standard"
STARTING_CREDITS = 3


@dataclass(frozen=True)
class Hearing:
    """One Listener's decision: what it saw, which types it could name, which of them are
    off-colour (the truth, from the state), and what the bot decided."""

    view: Mapping[str, Any]
    kinds: tuple[str, ...]
    off: frozenset[str]
    decision: str
    named: str | None

    @property
    def chance(self) -> float:
        return len(self.off) / len(self.kinds)


@dataclass
class Game:
    """One bot-only game: its hearings, its books and how it went."""

    seed: int
    seats: int
    hearings: list[Hearing] = field(default_factory=list)
    steps: int = 0
    ended: bool = False
    books_add_up: bool = True
    problems: list[str] = field(default_factory=list)
    credits: list[int] = field(default_factory=list)
    trials: int = 0
    convictions: int = 0
    challenges: int = 0
    caught: int = 0  # challenges that named an off-colour card
    attached: int = 0  # cards attached to cases that reached a Listener
    off_colour: int = 0  # of them, off-colour
    reasons: Counter[str] = field(default_factory=Counter)  # credits by reason, all seats


def _off_colour(city: City, state: McState) -> frozenset[str]:
    court = state.court
    assert court is not None
    colour = city.murder_by_id[court.murder].colour
    case = next(c for c in state.desks[court.prosecutor].cases if c.murder == court.murder)
    return frozenset(
        kind
        for kind, card in case.ports.items()
        if city.evidence_by_id[card].colour not in (colour, JOKER)
    )


def play_one(system: MurderCity, city: City, seats: int, seed: int) -> Game:
    """One game to its end (within the step cap), every seat the rules' bot."""
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    mode = check_seats(system.SPEC, MODE, table)
    options = resolve_options(mode.options, {})
    state = system.new_game(city, table, MODE, seed=seed, options=options)
    game = Game(seed, seats)
    running = [STARTING_CREDITS] * seats
    limit = system.SPEC.step_limit
    while system.result(city, state) is None and game.steps < limit:
        seat = min(system.to_act(city, state))
        view = system.view(city, state, seat)
        legal = system.legal_actions(city, state, seat)
        action = system.bot_choose(view, legal, rng_for(seed, game.steps, f"bot:{seat}"))
        court = state.court
        if court is not None and court.stage == Stage.LISTENING and court.listener == seat:
            challenge = [s for s in legal if s.type == Act.CHALLENGE]
            if challenge:
                kinds = tuple(str(k) for k in challenge[0].choices("evidence"))
                off = _off_colour(city, state)
                named = str(action.params["evidence"]) if action.type == Act.CHALLENGE else None
                game.hearings.append(Hearing(view, kinds, off, action.type, named))
                game.attached += len(kinds)
                game.off_colour += len(off)
                if named is not None:
                    game.challenges += 1
                    game.caught += named in off
        state, events = system.apply(city, state, seat, action)
        game.steps += 1
        for event in events:
            if event.type == Ev.TRIAL:
                game.trials += 1
                game.convictions += event.data["payout"] > 0
            if event.type != Ev.CREDITS:
                continue
            who, amount = int(event.data["seat"]), int(event.data["amount"])
            running[who] += amount
            game.reasons[str(event.data["reason"])] += amount
            if running[who] != event.data["balance"]:
                game.books_add_up = False
                game.problems.append(f"step {game.steps}: seat {who} {running[who]}")
    game.ended = system.result(city, state) is not None
    game.credits = [desk.credits for desk in state.desks]
    if running != game.credits:
        game.books_add_up = False
        game.problems.append(f"end: events {running} vs desks {game.credits}")
    if game.reasons[Reason.TRADE] != 0:  # a trade moves credits between seats, never from the bank
        game.books_add_up = False
        game.problems.append(f"trades net {game.reasons[Reason.TRADE]}")
    return game


def play(cities: Sequence[City], seats: int, seeds: Iterable[int]) -> list[Game]:
    """Bot-only games at a table of ``seats``: game seed ``n`` on city ``n % len(cities)``."""
    system = MurderCity()
    return [play_one(system, cities[seed % len(cities)], seats, seed) for seed in seeds]


# --------------------------------------------------------------------------------------------
# The readers
# --------------------------------------------------------------------------------------------

Reader = Callable[[Hearing, random.Random], str | None]


def _told(hearing: Hearing) -> list[Mapping[str, str]]:
    return [t for t in hearing.view["court"]["story"] or () if t["type"] in hearing.kinds]


def honest(hearing: Hearing, rng: random.Random) -> str | None:
    """The bot's reading: the told card most likely off-colour."""
    return bot_listen.most_suspect(hearing.view, hearing.kinds)


def first_port(hearing: Hearing, rng: random.Random) -> str | None:
    """Always the first card told (the murder card's first need that is filled)."""
    told = _told(hearing)
    return told[0]["type"] if told else hearing.kinds[0]


def last_port(hearing: Hearing, rng: random.Random) -> str | None:
    told = _told(hearing)
    return told[-1]["type"] if told else hearing.kinds[-1]


def random_port(hearing: Hearing, rng: random.Random) -> str | None:
    return rng.choice(hearing.kinds)


def _lowest_id(hearing: Hearing, told: Mapping[str, str]) -> int:
    """The number of the lowest evidence id naming a told item (a joker's item included)."""
    numbers = [
        int(card[2:])
        for card, face in hearing.view["city"]["evidence"].items()
        if face["type"] == told["type"] and face["item"] == told["item"]
    ]
    return min(numbers, default=99)


def lowest_id(hearing: Hearing, rng: random.Random) -> str | None:
    """The told card whose item the lowest-numbered card names."""
    told = _told(hearing)
    return min(told, key=lambda t: (_lowest_id(hearing, t), t["type"]))["type"]


def highest_id(hearing: Hearing, rng: random.Random) -> str | None:
    told = _told(hearing)
    return max(told, key=lambda t: (_lowest_id(hearing, t), t["type"]))["type"]


def id_blocks(hearing: Hearing, rng: random.Random) -> str | None:
    """Reads ids as if a deck were numbered colour by colour (six cards a colour in the rules'
    order, jokers last): the first told card whose guessed colour is not the murder's."""
    colour = hearing.view["city"]["murders"][hearing.view["court"]["murder"]]["colour"]
    told = _told(hearing)
    for t in told:
        block = (_lowest_id(hearing, t) - 1) // 6
        guessed = COLOURS[block] if block < len(COLOURS) else JOKER
        if guessed != colour:
            return t["type"]
    return told[0]["type"]


def never(hearing: Hearing, rng: random.Random) -> str | None:
    """Never challenges: finds nothing."""
    return None


@dataclass(frozen=True)
class Shortcut:
    name: str
    reads: str
    pick: Reader


READERS: tuple[Shortcut, ...] = (
    Shortcut("honest", "the story's items, the colour, the cards seen", honest),
    Shortcut("first port", "nothing: the first card told", first_port),
    Shortcut("last port", "nothing: the last card told", last_port),
    Shortcut("random port", "nothing", random_port),
    Shortcut("lowest id", "the evidence ids' order", lowest_id),
    Shortcut("highest id", "the evidence ids' order", highest_id),
    Shortcut("ids as colour blocks", "the evidence ids as if numbered by colour", id_blocks),
    Shortcut("never challenge", "nothing", never),
)


@dataclass(frozen=True)
class Score:
    """A reader's success at naming an off-colour card beside the chance rate."""

    hearings: int
    success: float
    chance: float
    error: float  # standard error of the gap

    @property
    def gap(self) -> float:
        return self.success - self.chance

    def within(self, errors: float) -> bool:
        return self.gap <= errors * self.error


def score(reader: Shortcut, hearings: Sequence[Hearing], seed: int = 0) -> Score:
    rng = random.Random(seed)
    hits = [float(reader.pick(h, rng) in h.off) for h in hearings]
    gaps = [hit - h.chance for hit, h in zip(hits, hearings, strict=True)]
    error = statistics.pstdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else 1.0
    return Score(
        len(hearings),
        statistics.fmean(hits),
        statistics.fmean(h.chance for h in hearings),
        error,
    )


def hearings_of(games: Iterable[Game]) -> list[Hearing]:
    return [hearing for game in games for hearing in game.hearings]
