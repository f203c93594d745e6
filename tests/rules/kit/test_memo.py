"""The kit's remembered last answer: asked again with the very same objects, the function is not
run again; asked with anything else, it is."""

from __future__ import annotations

from rules.kit.memo import last_answer


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
