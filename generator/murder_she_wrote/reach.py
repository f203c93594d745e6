"""Where a lone pawn can go on an island: the verifier's own search over the movement rules.

Written from the rulebook, without the rules package's route code, so the two can disagree and
a test can catch it:

- "Roll the die and move the full amount in one direction only": every roll 1-6, clockwise or
  anticlockwise; a move never ends where it began.
- "If you land on a 'To the ...' space you can either position your pawn anywhere within that
  location (on a circular space) or ignore it": a move that ends on a To space also ends on
  each room of its location.
- "You don't need an exact roll to use them. If you land on one dock space, you can move your
  pawn to the other dock space and continue your move from there": a move that reaches a dock
  (landing or passing, its first space excepted) may cross to the other dock and go on with the
  steps it has left in the same direction, once per move.
- "Land or pass over either Accuse spaces" and "land on or pass over one of the red ESCAPE
  spaces": a move's passed spaces are every space it steps on, its end included.

A lone pawn is never blocked, so what it can reach is what some game can reach: the searches
prove an island can be played, not that every game goes well.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.murder_she_wrote.case import DIE_SIDES, Island, Kind


@dataclass(frozen=True)
class Move:
    """One move of a lone pawn: where it ends and every space it lands on or passes over."""

    end: int
    passed: frozenset[int]


def moves_from(island: Island, here: int, board: Board | None = None) -> tuple[Move, ...]:
    """Every move from ``here`` with any roll (:func:`moves_of_roll`), in a fixed order."""
    board = board or Board(island)
    found = {move for roll in range(1, DIE_SIDES + 1) for move in board.moves(here, roll)}
    return tuple(sorted(found, key=_order))


def moves_of_roll(island: Island, here: int, roll: int) -> frozenset[Move]:
    """Every move from ``here`` with ``roll``: each direction, crossing at a dock or not, and
    the rooms a To space leads into; none ends on ``here``."""
    return Board(island).moves(here, roll)


def _order(move: Move) -> tuple[int, list[int]]:
    return move.end, sorted(move.passed)


class Board:
    """What moving needs of an island, read once: its size, the linked docks and where each To
    space leads."""

    def __init__(self, island: Island) -> None:
        self.size = island.size
        docks = island.spaces_of(Kind.DOCK)
        self.other: Mapping[int, int] = (
            {docks[0]: docks[1], docks[1]: docks[0]} if len(docks) == 2 else {}
        )
        self.leads_into: dict[int, tuple[int, ...]] = {}
        for index, space in enumerate(island.ring):
            into = island.location_by_id.get(space.location or "")
            if space.kind == Kind.TO and into is not None:
                self.leads_into[index] = into.rooms

    def moves(self, here: int, roll: int) -> frozenset[Move]:
        found: set[Move] = set()
        for step in (1, -1):
            for end, passed in self._walks(here, roll, step):
                found.add(Move(end, passed))
                for room in self.leads_into.get(end, ()):
                    found.add(Move(room, passed))
        return frozenset(move for move in found if move.end != here)

    def _walks(self, here: int, roll: int, step: int) -> list[tuple[int, frozenset[int]]]:
        """The ends and passed spaces of walking ``roll`` steps in direction ``step``."""
        size, other = self.size, self.other
        walks = []
        branches: list[tuple[int, int, bool, tuple[int, ...]]] = [(here, roll, False, ())]
        while branches:
            space, left, crossed, passed = branches.pop()
            while left:
                space = (space + step) % size
                left -= 1
                passed += (space,)
                if space in other and not crossed:
                    branches.append((other[space], left, True, (*passed, other[space])))
            walks.append((space, frozenset(passed)))
        return walks


class Moves:
    """Every move from every space of an island, worked out once."""

    def __init__(self, island: Island) -> None:
        self.island = island
        board = Board(island)
        self.by_space: tuple[tuple[Move, ...], ...] = tuple(
            moves_from(island, space, board) for space in range(island.size)
        )

    def turns_from(self, start: int) -> dict[int, int]:
        """The fewest moves from ``start`` to each space reachable from it (best rolls)."""
        turns = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for move in self.by_space[here]:
                if move.end not in turns:
                    turns[move.end] = turns[here] + 1
                    queue.append(move.end)
        return turns

    def fewest_turns_until(
        self, start: int, wanted: Callable[[Move], bool]
    ) -> tuple[int, Move] | None:
        """The fewest moves from ``start`` whose last one is ``wanted``, and that move; ``None``
        when no reachable space has such a move. Ties go to the lowest space."""
        turns = self.turns_from(start)
        best: tuple[int, Move] | None = None
        for space in sorted(turns, key=lambda s: (turns[s], s)):
            if best is not None and turns[space] + 1 >= best[0]:
                break
            for move in self.by_space[space]:
                if wanted(move):
                    best = (turns[space] + 1, move)
                    break
        return best


def passes_any(spaces: Iterable[int]) -> Callable[[Move], bool]:
    wanted = frozenset(spaces)
    return lambda move: not wanted.isdisjoint(move.passed)


def murderer_route(
    moves: Moves, start: int, locations: int, escapes: Sequence[int]
) -> list[int] | None:
    """A Murderer's way to win: the turns of each leg, ``locations`` visits to different
    locations (each the nearest new one), then a move passing an Escape space; ``None`` if this
    greedy route gets stuck (:func:`murderer_can_win` then searches every way)."""
    island = moves.island
    here, legs = start, []
    seen: set[str] = set()
    for _ in range(locations):

        def new_visit(move: Move) -> bool:
            found = island.location_at(move.end)
            return found is not None and found not in seen

        leg = moves.fewest_turns_until(here, new_visit)
        if leg is None:
            return None
        legs.append(leg[0])
        here = leg[1].end
        seen.add(str(island.location_at(here)))
    last = moves.fewest_turns_until(here, passes_any(escapes))
    if last is None:
        return None
    return [*legs, last[0]]


def murderer_can_win(moves: Moves, start: int, locations: int, escapes: Sequence[int]) -> bool:
    """Whether some sequence of moves visits ``locations`` different locations and then passes
    an Escape space: a search over (space, locations visited so far, capped)."""
    island = moves.island
    wanted = frozenset(escapes)
    begin = (start, frozenset[str]())
    seen = {begin}
    queue = deque([begin])
    while queue:
        here, visited = queue.popleft()
        for move in moves.by_space[here]:
            if len(visited) >= locations and not wanted.isdisjoint(move.passed):
                return True
            found = island.location_at(move.end)
            after = visited | {found} if found is not None and len(visited) < locations else visited
            state = (move.end, after)
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return False
