"""Random clients: people who play whole games through the API from what it advertises.

A client knows nothing of any system: it reads the modes and options from ``GET /v1/systems``,
the seats to act from its view, and its choices from ``GET .../actions``, so every registered
system is played the same way. Now and then it also sends what a careless or curious client
would (a move out of turn, an action that does not exist, a stale ``If-Match``), and reads its
log and deductions, so errors and every readable resource are scanned too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.suite.client import Answer, Transport


@dataclass(frozen=True)
class Seen:
    """One answer a seat received, with the game's version when it got it."""

    seat: int
    version: int
    request: str
    answer: Answer


@dataclass
class PlayedGame:
    id: str
    system: str
    mode: str
    tokens: dict[int, str]
    seen: list[Seen] = field(default_factory=list)
    finished: bool = False


def modes(transport: Transport) -> list[tuple[str, Mapping[str, Any]]]:
    """Every ``(system id, mode)`` the server offers, from ``GET /v1/systems``."""
    listed = transport("GET", "/v1/systems")
    assert listed.status == 200, listed.text
    return [(system["id"], mode) for system in listed.body["systems"] for mode in system["modes"]]


def random_params(spec: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name, param in spec["params"].items():
        choices = list(param["choices"])
        if param["kind"] == "subset":
            bound = param.get("max")  # 0 is a bound: a subset that must stay empty
            most = min(len(choices) if bound is None else bound, len(choices))
            params[name] = rng.sample(choices, rng.randint(param.get("min", 0), most))
        else:
            params[name] = rng.choice(choices)
    return params


def new_game(
    transport: Transport,
    system: str,
    mode: Mapping[str, Any],
    rng: random.Random,
    *,
    case_id: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> PlayedGame:
    """A game of ``mode`` with a random number of seats (at least one person, maybe bots).

    A stored case may be laid out for another table (a Tiny Epic Crimes case for four officers
    does not seat two): the server refuses it with a ``setup/case-…`` problem, and the client
    then plays a case of the game's own, as a person would.
    """
    count = rng.randint(mode["min_seats"], mode["max_seats"])
    seats = [{"name": f"Seat {n}", "bot": n > 0 and rng.random() < 0.3} for n in range(count)]
    if mode.get("people") is not None:  # a mode that bounds its people: the fewest, then bots
        seats = [{**seat, "bot": n >= max(1, mode["people"][0])} for n, seat in enumerate(seats)]
    chosen = {
        option["name"]: rng.choice(option["choices"])
        for option in mode["options"]
        if not (case_id and option["for_case"])
    }
    chosen.update(options or {})
    body: dict[str, Any] = {"system": system, "mode": mode["id"], "seats": seats}
    body.update({"options": chosen} if chosen else {})
    body.update({"case_id": case_id} if case_id else {"seed": rng.randrange(10**6)})
    created = transport("POST", "/v1/games", body)
    if case_id and created.status == 422 and _case_does_not_fit(created.body):
        del body["case_id"]
        body["seed"] = rng.randrange(10**6)
        created = transport("POST", "/v1/games", body)
    assert created.status == 201, created.text
    tokens = {seat["number"]: seat["token"] for seat in created.body["seats"] if "token" in seat}
    return PlayedGame(created.body["id"], system, mode["id"], tokens)


def _case_does_not_fit(problem: Any) -> bool:
    """Whether a refused game's problem says its stored case is made for another table."""
    return isinstance(problem, Mapping) and str(problem.get("code", "")).startswith("setup/case-")


def play(
    transport: Transport,
    game: PlayedGame,
    rng: random.Random,
    *,
    max_moves: int = 400,
    mischief: float = 0.1,
) -> PlayedGame:
    """Play ``game`` with random legal moves (and some mischief) until it ends, recording
    every answer each seat receives; then every seat reads everything once more."""
    base = f"/v1/games/{game.id}"
    version = 0
    people = sorted(game.tokens)

    def ask(seat: int, method: str, path: str, body: Any = None, **headers: str) -> Answer:
        nonlocal version
        answer = transport(method, base + path, body, token=game.tokens[seat], headers=headers)
        if isinstance(answer.body, Mapping) and isinstance(answer.body.get("version"), int):
            version = max(version, answer.body["version"])
        game.seen.append(Seen(seat, version, f"{method} {path or '/'}", answer))
        return answer

    for _ in range(max_moves):
        looking = ask(rng.choice(people), "GET", "")
        assert looking.status == 200, looking.text
        if looking.body["status"] == "finished":
            game.finished = True
            break
        waiting = [seat for seat in looking.body["to_act"] if seat in game.tokens]
        assert waiting, f"the game waits for nobody who can act: {looking.body['to_act']}"
        actor = rng.choice(waiting)
        if rng.random() < mischief:
            _mischief(ask, rng, people, waiting)
        offered = ask(actor, "GET", "/actions")
        assert offered.status == 200, offered.text
        if not offered.body["actions"]:
            continue
        spec = _pick(offered.body["actions"], rng)
        action = {"type": spec["type"], "params": random_params(spec, rng)}
        tag = {"If-Match": f'"{version}"'} if rng.random() < 0.5 else {}
        moved = ask(actor, "POST", "/actions", action, **tag)
        assert moved.status in (200, 409, 412), moved.text
    for seat in people:
        for path in ("", "/actions", "/log", "/deductions"):
            ask(seat, "GET", path)
    return game


#: How much less often a client picks an action that may end the game at once (an accusation):
#: random accusations are mostly wrong, and games would end before much is hidden or shown.
RASH = 0.15


def _pick(specs: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    weights = [RASH if "accus" in spec["type"] else 1.0 for spec in specs]
    chosen: dict[str, Any] = rng.choices(specs, weights)[0]
    return chosen


def _mischief(
    ask: Callable[..., Answer], rng: random.Random, people: list[int], waiting: list[int]
) -> None:
    """What a careless or curious client sends: its answers are scanned like the rest."""
    seat = rng.choice(people)
    trick = rng.randrange(4)
    if trick == 0:
        ask(seat, "GET", "/log")
    elif trick == 1:
        ask(seat, "GET", "/deductions")
    elif trick == 2:
        ask(seat, "POST", "/actions", {"type": "no-such-action", "params": {}})
    else:
        idle = [other for other in people if other not in waiting] or people
        ask(
            rng.choice(idle),
            "POST",
            "/actions",
            {"type": "accuse", "params": {}},
            **{"If-Match": '"0"'},
        )
