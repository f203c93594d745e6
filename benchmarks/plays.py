"""What the HTTP benchmark sends: each game's planned moves, and the wrk scripts that send them.

A real system's games are solo games created through the API: one person, with bots in the
other seats when the mode takes more. For each, the benchmark reads the game's secret seed,
case and options from its own database (it owns the server and the database) and plays the
built-in bot locally for the person, with the draws the server's bot loop would use for that
seat, and the other seats' bots with that loop itself, until the game would end or
``MAX_STEPS`` moves: the move that would end it (a final accusation, or the one after which
the bots end it) is left out, so no game finishes during the run. ``POST`` then sends each
game's moves in order, always legal.

wrk runs one Lua state per thread, and here each thread has one connection: a client that sends
its next request only once its last one is answered, as a person's client does. Each thread
takes every ``THREADS``-th game and plays them one after another, each from its first move to
the end of its plan, so a move always follows the answer to the one before, and what is sent is
the mix of whole games. (Two threads rotating over many games each, eight connections apiece,
sent every game's opening again and again (half of a Tiny Epic Crimes run was the Ability Card
choices), and when a rotation was short enough to reach later moves, a slow answer let the next
move of its game overtake it: refused, and the game lost its plan.) (wrk calls the first
thread's ``request()`` once before the run and drops its answer: that call is given a health
check, not a move.)

How many games: enough that every thread holds more planned moves than it can send in the run
(:func:`moves_needed`, :func:`more_games`). No move is answered faster than hello served the
same way, measured first in the same run on the same machine, and none has reached half its
rate: each thread's plans cover ``MOVE_SHARE`` of hello's rate for the whole run, ``THREAD_SLACK``
times a sixteenth of it. Games are planned in rounds, one more game for every thread a round,
until each thread's plans are that long, so a system of short games (Murder, She Wrote's median
is 15 moves) gets more of them than one of long games. A thread whose games are spent all the
same stops (``wrk.thread:stop()``) and reports it: it sends nothing the server must refuse, and
the note says its plans were short.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from api.storage import Store
from rules.core import Action, Seat, System, rng_for, start
from rules.loop import run_bots
from tests.api.storage.stored import read_game

#: wrk's threads and connections: one connection a thread (see above), 16 in all.
THREADS = 16
CONNECTIONS = THREADS
#: The most moves planned per game.
MAX_STEPS = 150
#: The seat a solo game's person sits at.
SEAT = 0
#: The share of hello's rate the plans are made for: a real system's move has reached 0.20 at most
#: (BENCHMARKS.md), the floor's one cheap move 0.37.
MOVE_SHARE = 0.4
#: How many times its even share (a sixteenth) of the moves any one thread is planned: threads
#: are not served evenly (a gevent worker's p99 is a second).
THREAD_SLACK = 1.5
#: The games planned in the first round, for each thread, before their lengths are known.
FIRST_ROUND = 4


@dataclass(frozen=True)
class Game:
    """A game the benchmark made: its id, its seat's token and the moves planned for it."""

    id: str
    token: str
    moves: tuple[Action, ...] = ()


def planned_moves(store: Store, system: System, game_id: str) -> tuple[Action, ...]:
    """The moves the built-in bot would play for the person in ``game_id`` (the other seats'
    bots answering each as the server's loop does), stopping before the game ends."""
    game = read_game(store, game_id)
    assert game is not None, game_id
    stored_case = store.get_case(game.case_id)
    assert stored_case is not None, game.case_id
    seats = [Seat(seat.name, seat.bot) for seat in game.seats]
    bots = frozenset(number for number, seat in enumerate(seats) if seat.bot)
    case, state = start(
        system, stored_case.case, seats, game.mode, seed=game.seed, options=game.options
    )
    state, opening = run_bots(system, case, state, bots=bots, seed=game.seed, steps_so_far=0)
    steps = len(opening)
    moves: list[Action] = []
    while len(moves) < MAX_STEPS and SEAT in system.to_act(case, state):
        action = system.bot_choose(
            system.view(case, state, SEAT),
            system.legal_actions(case, state, SEAT),
            rng_for(game.seed, steps, f"bot:{SEAT}"),
        )
        after, _ = system.apply(case, state, SEAT, action)
        after, answered = run_bots(
            system, case, after, bots=bots, seed=game.seed, steps_so_far=steps + 1
        )
        if system.result(case, after) is not None:
            break
        moves.append(action)
        state, steps = after, steps + 1 + len(answered)
    return tuple(moves)


def moves_needed(hello_rate: float, seconds: float) -> int:
    """The planned moves each thread needs for a run of ``seconds`` against a server whose
    hello answers ``hello_rate`` requests a second (served the same way)."""
    return math.ceil(hello_rate * MOVE_SHARE * seconds / THREADS * THREAD_SLACK)


def thread_plans(games: Sequence[Game]) -> list[int]:
    """How many planned moves each thread holds (its games are every ``THREADS``-th)."""
    return [sum(len(game.moves) for game in games[part::THREADS]) for part in range(THREADS)]


def more_games(games: Sequence[Game], needed: int) -> int:
    """How many games to plan next, a whole round for every thread, so that every thread holds
    ``needed`` planned moves; 0 when each does. Estimated from the games' mean length so far
    (``FIRST_ROUND`` games a thread before any is known): asked again after they are planned,
    it asks for more while a thread is short."""
    assert len(games) % THREADS == 0, "games come in whole rounds, one for each thread"
    if not games:
        return FIRST_ROUND * THREADS
    planned = sum(len(game.moves) for game in games)
    if planned == 0:
        raise RuntimeError(f"{len(games)} games and not one move planned")
    short = needed - min(thread_plans(games))
    if short <= 0:
        return 0
    mean = planned / len(games)
    return math.ceil(short / mean) * THREADS


def _lua(text: str) -> str:
    """``text`` as a Lua string literal (compact JSON holds no newline)."""
    assert "\n" not in text and "\r" not in text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _body(action: Action) -> str:
    return json.dumps(action.to_json(), separators=(",", ":"), ensure_ascii=False)


_REPORT = """
local threads = {}
local parts = 0
function setup(thread)
  thread:set("part", parts)
  parts = parts + 1
  table.insert(threads, thread)
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    io.write(string.format("thread %d sent %d planned, stopped %d\\n",
      thread:get("part"), thread:get("sent"), thread:get("stopped")))
  end
end
"""


def moves_script(folder: Path, name: str, games: Sequence[Game]) -> Path:
    """A wrk script that POSTs each game's planned moves in order, each thread its own games one
    after another."""
    entries = ",\n".join(
        f"{{{_lua(g.id)},{_lua(g.token)},{{{','.join(_lua(_body(m)) for m in g.moves)}}}}}"
        for g in games
    )
    script = folder / f"{name}.lua"
    script.write_text(
        f"""
local games = {{
{entries}
}}
{_REPORT}
local mine = {{}}
local current = 1
sent = 0
stopped = 0
function init(args)
  for i, g in ipairs(games) do
    if (i - 1) % {THREADS} == part and #g[3] > 0 then
      table.insert(mine, {{id = g[1], token = g[2], moves = g[3], next = 1}})
    end
  end
end
local function post(id, token, body)
  local headers = {{["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json"}}
  return wrk.format("POST", "/v1/games/" .. id .. "/actions", headers, body)
end
local checked = false
request = function()
  if part == 0 and not checked then
    -- wrk calls the first thread's request() once before the run, to check the script, and
    -- drops what it returns: no move may be spent on it.
    checked = true
    return wrk.format("GET", "/v1/health")
  end
  local g = mine[current]
  if g ~= nil then
    local body = g.moves[g.next]
    g.next = g.next + 1
    if g.next > #g.moves then current = current + 1 end
    sent = sent + 1
    return post(g.id, g.token, body)
  end
  -- out of plans: this connection stops rather than send moves the server must refuse (the
  -- request returned now is never answered)
  stopped = 1
  wrk.thread:stop()
  return wrk.format("GET", "/v1/health")
end
"""
    )
    return script


def floor_script(folder: Path, name: str, games: Sequence[Game], action: Action) -> Path:
    """A wrk script that POSTs the same always-legal ``action`` to each game in turn."""
    return _simple_script(folder, name, games, "POST", "/actions", _lua(_body(action)))


def view_script(folder: Path, name: str, games: Sequence[Game]) -> Path:
    """A wrk script that GETs each game's view in turn."""
    return _simple_script(folder, name, games, "GET", "", "nil")


def _simple_script(
    folder: Path, name: str, games: Sequence[Game], method: str, suffix: str, body: str
) -> Path:
    entries = ",".join(f"{{{_lua(g.id)},{_lua(g.token)}}}" for g in games)
    script = folder / f"{name}.lua"
    # Each thread rotates over its own games (every THREADS-th), as the move scripts do: when
    # every thread walked the same rotation in step, two moves often reached one game at once
    # and the loser was tried again (five times at most, then a 409).
    script.write_text(
        f"""
local games = {{{entries}}}
local parts = 0
function setup(thread)
  thread:set("part", parts)
  parts = parts + 1
end
local n = 0
request = function()
  local p = (part or 0) % #games
  local mine = math.floor((#games - 1 - p) / {THREADS}) + 1
  local g = games[p + (n % mine) * {THREADS} + 1]
  n = n + 1
  local headers = {{["Authorization"] = "Bearer " .. g[2], ["Content-Type"] = "application/json"}}
  local path = "/v1/games/" .. g[1] .. "{suffix}"
  return wrk.format("{method}", path, headers, {body})
end
"""
    )
    return script


def sent(games: Sequence[Game], sent_per_thread: dict[int, int]) -> list[tuple[Game, Action]]:
    """The planned moves the script sent, each with its game, given how many each thread sent:
    each thread's games in order, each played through."""
    moves: list[tuple[Game, Action]] = []
    for part, count in sent_per_thread.items():
        mine = [(game, move) for game in games[part::THREADS] for move in game.moves]
        moves += mine[:count]
    return moves


def mix(moves: Sequence[Action]) -> str:
    """The share of each action type, most frequent first: ``ask-who-did-it 20 %, ...``."""
    counts = Counter(move.type for move in moves)
    total = sum(counts.values()) or 1
    return ", ".join(f"{kind} {100 * n / total:.0f} %" for kind, n in counts.most_common())
