"""A lapse's lost hour in the cooperative game, from the rulebook's Out-of-Time Marker: "The
Gray Criminal on the Time Track marks the track's end. Treat the mobster's space as the final
hour." A lost hour moves a tracker onto the final hour at most, never past it
(docs/rulings.md)."""

from __future__ import annotations

import dataclasses

from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.coop_helpers import coop, legal_types, play
from tests.rules.tiny_epic_crimes.helpers import hours, mobsters, of

MARKER = 40  # the Out-of-Time Marker moved back to hour 40


def _lapsing(positions: dict[int, int]) -> TecState:
    """Payroll Heist (E02: every tracker loses an hour when it lapses, 8 hours after its draw)
    drawn at hour 30, seat 0 furthest behind on hour 38: its coffee break passes the deadline."""
    state = dataclasses.replace(
        mobsters(coop(3), {}),
        final_hour=MARKER,
        events=(ActiveEvent("E02", 1, 30, ("B09",), (), (), ()),),
    )
    return hours(state, positions, top=0)


def test_a_lost_hour_stops_on_the_out_of_time_marker() -> None:
    state = _lapsing({0: 38, 1: 39, 2: MARKER})
    after, events = play(state, 0, "coffee-break")
    assert [e.data["card"] for e in of(events, "event-lapsed")] == ["E02"]
    assert [after.track.position(s) for s in range(3)] == [MARKER, MARKER, MARKER]
    # on the final hour an officer has no hour left and may only rest its case
    assert legal_types(after, min(range(3), key=after.track.position)) <= {"rest-your-case"}


def test_a_tracker_already_past_a_moved_marker_stays_where_it_is() -> None:
    state = _lapsing({0: 38, 1: MARKER + 2, 2: MARKER + 2})
    after, _ = play(state, 0, "coffee-break")
    assert [after.track.position(s) for s in (1, 2)] == [MARKER + 2, MARKER + 2]
