"""The shared game kit: the table mechanisms several systems use, each written once.

Every module does one thing and every value is a frozen dataclass that round-trips through
:mod:`rules.serial`; functions return new values and never mutate. Nothing here knows a
system's words: a system keeps what its cards, symbols and ops mean in its own package.

- :mod:`.deck`: a draw pile and a discard pile.
- :mod:`.dice`: numeric and symbol dice.
- :mod:`.hands`: hidden hands, seen by others only as opaque handles.
- :mod:`.grid`: cells, neighbours, distances and routes on a board.
- :mod:`.turns`: whose turn is next: clockwise, by a time track, by rounds.
- :mod:`.simultaneous`: secret choices committed first and revealed together.
- :mod:`.memo`: a pure function's last answer, for the very same frozen arguments.
- :mod:`.windows`: reaction windows every eligible seat answers before play goes on.
- :mod:`.effects`: card effects written as data, run by a small interpreter.
"""
