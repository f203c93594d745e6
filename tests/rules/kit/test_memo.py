"""The kit's remembered answers: the last answer, asked again with the very same objects, is not
made again, anything else is; an answer per case is made once per case object."""

from __future__ import annotations

from dataclasses import dataclass

from rules import serial
from rules.kit.memo import last_answer, per_case


def test_the_same_objects_get_the_remembered_answer_and_others_a_fresh_one() -> None:
    calls: list[tuple[object, int]] = []

    @last_answer
    def answer(state: object, seat: int) -> list[object]:
        calls.append((state, seat))
        return [state, seat]

    state, other = {"hour": 3}, {"hour": 3}  # equal, but not the same object
    first = answer(state, 1)
    assert answer(state, 1) is first and len(calls) == 1
    assert answer(other, 1) == first and len(calls) == 2  # an equal copy is asked again
    assert answer(other, 2) == [other, 2] and len(calls) == 3  # a seat compares by value
    assert answer(state, 1) is not first and len(calls) == 4  # only the last answer is kept


@dataclass(frozen=True)
class Sheet:
    title: str
    names: tuple[str, ...]


made: list[Sheet] = []


@per_case
def printed(sheet: Sheet) -> dict[str, object]:
    made.append(sheet)
    return {"title": sheet.title, "names": list(sheet.names)}


def test_per_case_makes_an_answer_once_per_case_and_keeps_it_out_of_saves() -> None:
    made.clear()
    one, two = Sheet("One", ("Ada",)), Sheet("One", ("Ada",))
    first = printed(one)
    assert printed(one) is first and made == [one]  # kept on the case itself
    assert printed(two) == first and printed(two) is not first  # an equal case is another case
    assert made == [one, two]
    assert serial.to_json(one) == {"title": "One", "names": ["Ada"]}  # fields only
    assert one == two and hash(one) == hash(two)  # equality and hashing read the fields only
