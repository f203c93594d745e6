"""JSON written the fast way first (``api/json_text.py``): the same bytes as orjson writes with
keys that are not text allowed, whichever way was taken."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import orjson
import pytest

from api import json_text

SORTED = orjson.OPT_SORT_KEYS


@pytest.mark.parametrize(
    "value",
    [
        {"b": [1, {"d": None, "c": "x"}], "a": 2.5},
        {3: "three", 1: {2: [True]}},  # a seat number as a key, deep too
        {"a": {10: "x", 9: "y"}},
        [],
    ],
)
def test_the_same_bytes_as_orjson_with_keys_written_as_text(value: Any) -> None:
    wanted = orjson.dumps(value, option=SORTED | orjson.OPT_NON_STR_KEYS)
    assert json_text.dumps(value, option=SORTED) == wanted


def test_a_default_is_used_both_ways() -> None:
    when = datetime(2026, 12, 4, tzinfo=UTC)
    option = SORTED | orjson.OPT_PASSTHROUGH_DATETIME

    def default(value: Any) -> str:
        return f"at {value:%Y-%m-%d}"

    assert json_text.dumps({"at": when}, default, option) == b'{"at":"at 2026-12-04"}'
    assert json_text.dumps({1: when}, default, option) == b'{"1":"at 2026-12-04"}'


def test_what_orjson_cannot_write_is_still_refused() -> None:
    with pytest.raises(orjson.JSONEncodeError):
        json_text.dumps({"big": 2**70})
