"""A small progress bar for long work on stderr: ``[#####.....] 50/100 cases``.

It draws only on a terminal; into a file or a pipe it writes nothing, so logs stay clean.
"""

from __future__ import annotations

from types import TracebackType
from typing import TextIO

WIDTH = 30


class Progress:
    """Counts ``done`` out of ``total`` and redraws one line in place on a terminal."""

    def __init__(
        self, total: int, stream: TextIO, *, label: str = "", enabled: bool | None = None
    ) -> None:
        self.total = max(total, 0)
        self.done = 0
        self.stream = stream
        self.label = label
        if enabled is None:
            enabled = total > 1 and _is_terminal(stream)
        self.enabled = enabled
        self._drawn = False

    def __enter__(self) -> Progress:
        self.draw()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def advance(self, step: int = 1) -> None:
        self.done = min(self.done + step, self.total)
        self.draw()

    def line(self) -> str:
        filled = WIDTH * self.done // self.total if self.total else WIDTH
        bar = "#" * filled + "." * (WIDTH - filled)
        label = f" {self.label}" if self.label else ""
        return f"[{bar}] {self.done}/{self.total}{label}"

    def draw(self) -> None:
        if not self.enabled:
            return
        self.stream.write("\r" + self.line())
        self.stream.flush()
        self._drawn = True

    def clear(self) -> None:
        """Erase the bar, so that other output on the same terminal starts at the margin;
        the next :meth:`draw` puts it back."""
        if self.enabled and self._drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._drawn = False

    def close(self) -> None:
        """End the bar's line, so whatever is printed next starts on a fresh one."""
        if self.enabled and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
