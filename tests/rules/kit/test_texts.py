"""The text of JSON data (``rules.kit.texts``): values of other types and keys in another
order are other texts, whichever writer is used."""

from __future__ import annotations

from collections.abc import Iterator

import orjson
import pytest

from rules.kit import texts


@pytest.fixture(params=["json", "orjson"])
def writer(request: pytest.FixtureRequest) -> Iterator[None]:
    before = texts.of
    if request.param == "orjson":
        texts.use(orjson.dumps)
    yield
    texts.use(before)


@pytest.mark.usefixtures("writer")
def test_equal_values_of_other_types_or_keys_in_another_order_are_other_texts() -> None:
    same = [{"seat": 1, "type": "search", "subject": None, "ends": ["L1", "L2"]}]
    assert texts.of(same) == texts.of(
        [{"seat": 1, "type": "search", "subject": None, "ends": ["L1", "L2"]}]
    )
    for other in (
        [{"seat": True, "type": "search", "subject": None, "ends": ["L1", "L2"]}],
        [{"seat": 1.0, "type": "search", "subject": None, "ends": ["L1", "L2"]}],
        [{"type": "search", "seat": 1, "subject": None, "ends": ["L1", "L2"]}],
        [{"seat": 1, "type": "search", "subject": None, "ends": ["L2", "L1"]}],
    ):
        assert other == same or other[0].keys() == same[0].keys()  # what == cannot tell
        assert texts.of(other) != texts.of(same)


@pytest.mark.usefixtures("writer")
def test_what_is_not_json_data_is_refused() -> None:
    # (what a JSON reader cannot make, NaN or a key not text, each writer treats its own way)
    for broken in ([object()], {"a": {1, 2}}):
        with pytest.raises(texts.REFUSED):
            texts.of(broken)
