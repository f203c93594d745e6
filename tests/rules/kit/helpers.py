"""Shared test helpers for the kit."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from rules import serial

T = TypeVar("T")


def round_trip(value: T) -> T:
    """``value`` through JSON text and back, as storage does it."""
    text = json.dumps(serial.to_json(value), sort_keys=True)
    back: T = serial.from_json(type(value), json.loads(text))
    return back


def as_text(value: Any) -> str:
    """``value`` as the JSON text a client would receive."""
    return json.dumps(serial.to_json(value), sort_keys=True)
