"""The view a bot reads (:class:`BotView`), kept apart from :mod:`.views` so that the views
may be compiled (tools/compile_rules.py): a class that inherits from ``dict`` cannot be.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, ValuesView
from typing import Any

from .case import Island
from .state import MswState
from .views import _MOVING, PARTS, _move_parts, _plain_parts


class BotView(dict[str, Any]):
    """The same mapping as :func:`view`, each part made when it is first read: a bot reads
    the parts its decision needs (a Jessica putting back the token she saw reads two), so
    the bot loop need not build the others. In the move phase the seven parts every bot's
    move reads are made at once (:func:`_move_parts`).

    A dict of the parts made so far: a part read again is a plain dict lookup (a bot reads
    two dozen a decision, a Python ``__getitem__`` cost more than most parts), and a part not
    made yet is made by ``__missing__``. As a mapping it has every part, in the view's order.
    """

    __slots__ = ("_island", "_state", "_seat")

    def __init__(self, island: Island, state: MswState, seat: int) -> None:
        super().__init__(_plain_parts(state, seat))
        self._island, self._state, self._seat = island, state, seat
        if state.phase == _MOVING:
            self.update(_move_parts(island, state, seat))

    def __missing__(self, key: str) -> Any:
        value = self[key] = PARTS[key](self._island, self._state, self._seat)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in PARTS else default

    def __contains__(self, key: object) -> bool:
        return key in PARTS

    def __iter__(self) -> Iterator[str]:
        return iter(PARTS)

    def __len__(self) -> int:
        return len(PARTS)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return KeysView(self)

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return ItemsView(self)

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return ValuesView(self)
