"""Reaction windows: open after a trigger, closed exactly when every asked seat answered."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.kit.windows import Response, Window, WindowError
from rules.serial import from_json, to_json

from .helpers import round_trip


def test_answers_are_recorded_in_order_and_the_window_closes_at_the_last() -> None:
    window = Window.open("case-presented", [1, 2, 3])
    assert window.asking == (1, 2, 3) and not window.is_closed()
    window = window.answer(3, {"card": "bribe"})
    window = window.answer(1)
    assert window.asking == (2,) and not window.is_closed()
    window = window.answer(2, "volunteer")
    assert window.is_closed() and window.asking == ()
    assert window.answered == (3, 1, 2)
    assert window.reactions == (Response(3, {"card": "bribe"}), Response(2, "volunteer"))
    assert [r.seat for r in window.in_asked_order()] == [1, 2, 3]
    assert window.response_of(1) == Response(1, None) and window.response_of(1).passed  # type: ignore[union-attr]


def test_a_window_asking_nobody_is_closed_at_once() -> None:
    assert Window.open("nothing-to-react-to", []).is_closed()


def test_refusals() -> None:
    window = Window.open("t", [0, 1])
    attempts: list[tuple[Callable[[], object], str]] = [
        (lambda: window.answer(5), "window/not-asked"),
        (lambda: window.answer(0).answer(0, "again"), "window/already-answered"),
        (lambda: window.answer(0).answer(1).answer(1), "window/already-answered"),
        (lambda: Window.open("t", [0, 0]), "window/bad-seats"),
        (lambda: Window.open("t", [0, 1], in_turn=True).answer(1), "window/not-your-turn"),
    ]
    for attempt, code in attempts:
        with pytest.raises(WindowError) as caught:
            attempt()
        assert caught.value.code == code


def test_in_turn_windows_ask_one_seat_at_a_time() -> None:
    window = Window.open("t", [2, 0, 1], in_turn=True)
    assert window.asking == (2,)
    window = window.answer(2)
    assert window.asking == (0,)
    assert window.answer(0, "x").answer(1).is_closed()


def test_answering_never_mutates_and_copies_the_reaction() -> None:
    reaction = {"card": "bribe"}
    window = Window.open("t", [0])
    after = window.answer(0, reaction)
    reaction["card"] = "changed"
    assert window.responses == ()
    assert after.reactions[0].reaction == {"card": "bribe"}


def test_json_round_trip() -> None:
    window = Window.open("t", [0, 1, 2], in_turn=True).answer(0, {"card": "x", "dice": 2})
    window = window.answer(1)
    assert round_trip(window) == window


@given(seats=st.lists(st.integers(0, 8), unique=True, max_size=6), data=st.data())
def test_closed_exactly_when_every_asked_seat_answered(
    seats: list[int], data: st.DataObject
) -> None:
    window = Window.open("t", seats)
    order = data.draw(st.permutations(seats))
    for done, seat in enumerate(order):
        assert not window.is_closed()
        assert set(window.asking) == set(seats) - set(order[:done])
        window = window.answer(seat, data.draw(st.one_of(st.none(), st.text(max_size=3))))
    assert window.is_closed() and window.asking == ()
    assert window.answered == tuple(order)


def test_remembered_answers_stay_out_of_the_saved_form_and_of_equality() -> None:
    """The seats asked and answered are worked out once per window and kept on it (speed);
    what a save holds and what counts as the same window are its fields alone."""
    window = Window.open("objection", [4, 2, 7], in_turn=True).answer(4, {"card": "alibi"})
    fresh = Window.open("objection", [4, 2, 7], in_turn=True).answer(4, {"card": "alibi"})
    assert window.asking == (2,) and window.answered == (4,)
    assert window.reactions == (Response(4, {"card": "alibi"}),)
    saved = to_json(window)
    assert set(saved) == {"trigger", "asked", "responses", "in_turn"}
    assert saved == to_json(fresh)
    assert window == fresh and hash(window.asked) == hash(fresh.asked)
    back = from_json(Window, saved)
    assert back == window and back.asking == (2,)
    assert window.answer(2).asking == (7,)
