"""A progress bar on stderr for long work, drawn by rich: ``━━━━━━━╺━━━ 50/100 cases 0:00:04``.

It draws only on a terminal and only for more than one item; into a file or a pipe it writes
nothing, so logs stay clean. Text meant for the same terminal while the bar runs goes through
:meth:`Bar.write`, which prints it above the bar instead of through it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from api.commands.menus import is_terminal


class Bar:
    """One running bar: :meth:`advance` per item done, :meth:`write` for output meanwhile."""

    def __init__(self, progress: Progress, task: TaskID) -> None:
        self.progress = progress
        self.task = task

    @property
    def enabled(self) -> bool:
        return not self.progress.disable

    def advance(self, step: int = 1) -> None:
        self.progress.advance(self.task, step)

    def write(self, out: TextIO, text: str) -> None:
        """Write ``text`` to ``out``; when ``out`` is the terminal the bar is drawn on, above the
        bar, so the two do not garble each other."""
        if self.enabled and is_terminal(out):
            self.progress.console.print(Text(text), end="", soft_wrap=True)
        else:
            out.write(text)
            out.flush()


@contextmanager
def progress_bar(total: int, stream: TextIO, *, label: str = "") -> Iterator[Bar]:
    """A bar counting to ``total`` on ``stream``, shown only on a terminal and for ``total`` > 1;
    it is removed when the work ends or fails."""
    enabled = total > 1 and is_terminal(stream)
    console = Console(file=stream, force_terminal=enabled, markup=False, highlight=False)
    progress = Progress(
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}", markup=False),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not enabled,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )
    with progress:
        yield Bar(progress, progress.add_task(label, total=max(total, 0)))
