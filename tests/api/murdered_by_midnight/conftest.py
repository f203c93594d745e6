"""Fixtures of the Murdered by Midnight API tests (the app and client are in tests/conftest.py).

``sample_generator`` makes the hand-made sample case stand in for the z3 generator, for the
tests that need to know every answer of the case in advance.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from generator import registry as generators
from rules import registry
from rules.murdered_by_midnight.case import SYSTEM_ID, to_envelope_parts
from tests.rules.murdered_by_midnight.sample_case import sample_case


def _sample_parts(seed: int, options: Any) -> dict[str, Any]:
    return {**to_envelope_parts(sample_case()), "rating": {"difficulty": "sample"}}


@pytest.fixture
def sample_generator() -> Iterator[None]:
    """Cases of the sample case, whatever the seed; the real generator is back afterwards."""
    generators.load()  # the built-in generator registers on import: let it, then stand in
    with registry.override(SYSTEM_ID, generate=_sample_parts):
        yield
