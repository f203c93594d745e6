"""Racing clients and what the store must hold after them (C2, C5, D2).

Clients play one game (or several) at once over real sockets, each reading the game, choosing
a legal move and sending it with ``If-Match``; a 412 or 409 sends it back to read again. Every
move answered 2xx is *acknowledged*: the stored log must hold it, once, at the step it was
acknowledged for (:func:`check_acknowledged`), and the stored state must be the log replayed.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from api.storage import Store
from generator import registry as generators
from tests.api.storage.stored import assert_replays
from tests.suite.client import Transport
from tests.suite.players import RASH

#: A game long enough for any race: Murdered by Midnight's co-op, a turn limit of 400.
RACE_GAME = {
    "system": "murdered-by-midnight",
    "mode": "co-op",
    "options": {"turn_limit": 400, "difficulty": "easy"},
    "seats": [{"name": f"Inspector {n}"} for n in range(4)],
}


@dataclass(frozen=True)
class Acknowledged:
    game: str
    step: int
    seat: int
    action: Mapping[str, Any]


@dataclass
class Tally:
    """What the clients saw, gathered from every thread."""

    acknowledged: list[Acknowledged] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, status: int, took: float) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.latencies.append(took)

    def p99(self) -> float:
        ordered = sorted(self.latencies)
        return ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0


def start_game(transport: Transport) -> tuple[str, dict[int, str]]:
    created = transport("POST", "/v1/games", RACE_GAME)
    assert created.status == 201, created.text
    return created.body["id"], {s["number"]: s["token"] for s in created.body["seats"]}


def _action(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    calm = [spec for spec in actions if "accus" not in spec["type"]] or actions
    spec = rng.choice(calm if rng.random() > RASH / 10 else actions)
    params = {}
    for name, param in spec["params"].items():
        choices = list(param["choices"])
        if param["kind"] == "subset":
            params[name] = choices[: param.get("min", 0)]
        else:
            params[name] = rng.choice(choices)
    return {"type": spec["type"], "params": params}


def client(
    transport: Transport,
    games: Mapping[str, dict[int, str]],
    tally: Tally,
    rng: random.Random,
    *,
    attempts: int,
    stop: threading.Event,
    start: threading.Barrier | None = None,
) -> None:
    """One racing client: ``attempts`` moves tried, each on a game chosen at random.

    A connection refused or cut (the server was killed) ends the client quietly.
    """
    if start is not None:
        start.wait()
    try:
        for _ in range(attempts):
            if stop.is_set():
                return
            game = rng.choice(sorted(games))
            tokens = games[game]
            look = transport("GET", f"/v1/games/{game}", token=tokens[0])
            if look.status != 200 or look.body["status"] != "active":
                tally.count(look.status, 0.0)
                continue
            seat = look.body["to_act"][0]
            offered = transport("GET", f"/v1/games/{game}/actions", token=tokens[seat])
            if offered.status != 200 or not offered.body["actions"]:
                continue
            action = _action(offered.body["actions"], rng)
            version = look.body["version"]
            # Half the moves name the version they were chosen at; the rest leave the server
            # to retry a lost race on the new state, the path a lost update could hide in.
            tag = {"If-Match": f'"{version}"'} if rng.random() < 0.5 else {}
            started = time.monotonic()
            moved = transport(
                "POST", f"/v1/games/{game}/actions", action, token=tokens[seat], headers=tag
            )
            tally.count(moved.status, time.monotonic() - started)
            if moved.status == 200:
                with tally.lock:
                    tally.acknowledged.append(
                        Acknowledged(game, moved.body["version"], seat, action)
                    )
            elif moved.status >= 500:
                with tally.lock:
                    tally.errors[moved.text[:200]] += 1
    except (OSError, http.client.HTTPException):
        return  # the server is gone (a kill): what was acknowledged before stays counted


def race(
    transport: Transport,
    games: Mapping[str, dict[int, str]],
    *,
    clients: int,
    attempts: int,
    seed: int,
    stop: threading.Event | None = None,
) -> Tally:
    """``clients`` threads at once (a barrier lines them up), ``attempts`` moves each."""
    tally = Tally()
    for thread in launch(
        transport,
        games,
        tally,
        clients=clients,
        attempts=attempts,
        seed=seed,
        stop=stop or threading.Event(),
    ):
        thread.join()
    return tally


def launch(
    transport: Transport,
    games: Mapping[str, dict[int, str]],
    tally: Tally,
    *,
    clients: int,
    attempts: int,
    seed: int,
    stop: threading.Event,
) -> list[threading.Thread]:
    """Start ``clients`` threads lined up on a barrier; the caller joins them."""
    gate = threading.Barrier(clients)
    threads = [
        threading.Thread(
            target=client,
            args=(transport, games, tally, random.Random(seed * 1000 + n)),
            kwargs={"attempts": attempts, "stop": stop, "start": gate},
        )
        for n in range(clients)
    ]
    for thread in threads:
        thread.start()
    return threads


def check_acknowledged(
    store: Store, tally: Tally, games: Mapping[str, Any], *, answered_all: bool = True
) -> list[str]:
    """Every acknowledged move stored once at its step, and the log replays. With
    ``answered_all`` (no kills, no timeouts) nothing is stored that nobody was told about;
    after a kill, the moves in flight may have been stored without an answer."""
    generators.load()  # the replay needs the rules the server played
    problems: list[str] = []
    by_step = Counter((ack.game, ack.step) for ack in tally.acknowledged)
    problems += [
        f"step {step} of {game} acknowledged {n} times"
        for (game, step), n in by_step.items()
        if n > 1
    ]
    for game in games:
        stored = {step.step: step for step in store.list_steps(game)}
        mine = [ack for ack in tally.acknowledged if ack.game == game]
        for ack in mine:
            found = stored.get(ack.step)
            if found is None or (found.seat, found.action) != (ack.seat, dict(ack.action)):
                problems.append(f"acknowledged move lost: {game} step {ack.step} {ack.action}")
        unacknowledged = set(stored) - {ack.step for ack in mine}
        if unacknowledged and answered_all:
            problems.append(
                f"{game}: stored steps nobody was acknowledged: {sorted(unacknowledged)}"
            )
        try:
            assert_replays(store, game)
        except Exception as error:  # an assertion, or a rule the log breaks
            problems.append(f"{game} does not replay: {error!r}")
    return problems
