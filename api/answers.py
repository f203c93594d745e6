"""A seat's read of a game, kept per process as the bytes written for it, for the version it was
written from.

A client waiting for others to move (bots, other people) or a spectator reads the same version
of a game again and again. What a read answers is a function of the game's stored version, the
seat and the clock the text is written with (the view, whom the game waits for, the result): the
service never changes a stored game without advancing its version, and a version is never
stored twice. So the body written for the first read of a version serves every later read of
it by the same seat and clock, with its ETag: the view, its dump and the sha256 are skipped, and
only the game's row is read (to learn its version and check the token).

Each game holds one place, for its latest version only: a read of a newer version replaces the
answers of the older. The places are bounded by count and by the bytes of the bodies kept, so
a worker serving big views keeps fewer games rather than more memory
(``docs/performance.md``, "Kept answers").
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from api import json_text

#: Games whose latest answers are kept, the most recently read. A worker may serve many short
#: games in turn: the HTTP benchmark reads 800-900 Murder, She Wrote games (views of 1.7 KB) in
#: turn in each worker, which fewer places would miss every time. A kept answer costs about
#: 1 KB beside its body now that the body is trimmed (``json_text.compact``): untrimmed, each
#: held orjson's 4 KiB buffer, and 1,024 places cost the memory benchmark 7.2 MiB (its small
#: views reach this count, not the bytes).
KEPT_GAMES = 1024
#: The bytes of the bodies kept, in all. A view mid-play is about 1.5 KB (Murder, She Wrote),
#: 6.5 KB (Murdered by Midnight), 9 KB (Tiny Epic Crimes) or 24 KB (Murder City), and a worker
#: of the HTTP benchmark reads 150-200 games in turn: kept least recently read first, fewer
#: places than games in such a round would miss every time, so the bound holds about 170 Murder
#: City views. The memory benchmark's games are small; a server whose workers each keep this
#: much holds up to 4 MiB more a worker (``docs/performance.md``, "Kept answers").
KEPT_BYTES = 4 * 1024 * 1024

#: Whose answer: the seat and the clock.
Reader = tuple[int, str]
#: A body and its ETag.
Answer = tuple[bytes, str]


class _Kept:
    """The answers kept for one version of one game."""

    __slots__ = ("version", "answers", "size")

    def __init__(self, version: int) -> None:
        self.version = version
        self.answers: dict[Reader, Answer] = {}
        self.size = 0


class KeptAnswers:
    """The latest version's answers of the most recently read games; thread-safe."""

    def __init__(self, games: int = KEPT_GAMES, size: int = KEPT_BYTES) -> None:
        self._games = games
        self._size = size
        self._kept: OrderedDict[str, _Kept] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, game_id: str, version: int, seat: int, clock: str) -> Answer | None:
        """The answer kept for ``seat`` reading ``version`` of ``game_id``, or ``None``."""
        with self._lock:
            kept = self._kept.get(game_id)
            if kept is None or kept.version != version:
                return None
            self._kept.move_to_end(game_id)
            return kept.answers.get((seat, clock))

    def put(self, game_id: str, version: int, seat: int, clock: str, answer: Answer) -> None:
        """Keep ``answer`` for ``seat`` reading ``version``, in place of any older version's;
        the least recently read games go while more are kept than the bounds allow."""
        body, etag = answer
        size = len(body)
        if size > self._size:
            return
        answer = (json_text.compact(body), etag)  # not the buffer orjson wrote it in
        with self._lock:
            kept = self._kept.get(game_id)
            if kept is not None and kept.version > version:
                return  # a read that lost a race with a move: keep the newer version's
            if kept is None or kept.version != version:
                self._drop(game_id)
                kept = self._kept[game_id] = _Kept(version)
            self._kept.move_to_end(game_id)
            old = kept.answers.get((seat, clock))
            grown = size - (0 if old is None else len(old[0]))
            kept.answers[(seat, clock)] = answer
            kept.size += grown
            self._bytes += grown
            while len(self._kept) > self._games or self._bytes > self._size:
                self._drop(next(iter(self._kept)))

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def size(self) -> int:
        """The bytes of the bodies kept."""
        return self._bytes

    def _drop(self, game_id: str) -> None:
        kept = self._kept.pop(game_id, None)
        if kept is not None:
            self._bytes -= kept.size
