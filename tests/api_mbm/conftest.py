"""Fixtures of the Murdered by Midnight API tests: an app on a fresh SQLite file per test.

Until the z3 generator is registered, ``mbm_generator`` stands in for it with the hand-made
sample case, registered only for the test that asks for it and removed afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from generator import registry as generators
from rules.murdered_by_midnight.case import SYSTEM_ID, to_envelope_parts
from tests.api.conftest import make_app
from tests.murdered_by_midnight.sample_case import sample_case


def _sample_parts(seed: int, options: Any) -> dict[str, Any]:
    return {**to_envelope_parts(sample_case()), "rating": {"difficulty": "sample"}}


@pytest.fixture
def sample_generator() -> Iterator[None]:
    """Cases of the sample case, whatever the seed: the generator's stand-in for this test."""
    generators.load()  # the built-in generator registers on import: let it, then stand in
    real = generators._GENERATORS.get(SYSTEM_ID)
    generators.register(SYSTEM_ID, _sample_parts)
    yield
    if real is None:
        generators.unregister(SYSTEM_ID)
    else:
        generators._GENERATORS[SYSTEM_ID] = real


@pytest.fixture
def any_generator() -> Iterator[str]:
    """The z3 generator once it is registered; until then the sample case stands in.

    Yields which one it is (``"generator"`` or ``"sample"``), for the tests that report it.
    """
    generators.load()
    if generators.has_generator(SYSTEM_ID):
        yield "generator"
        return
    generators.register(SYSTEM_ID, _sample_parts)
    yield "sample"
    generators.unregister(SYSTEM_ID)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    made = make_app(tmp_path / "api.sqlite3")
    yield made
    made.extensions["casebook"].store.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
