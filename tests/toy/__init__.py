"""Toy Culprit, the test-only system. Importing this package registers it."""

from pathlib import Path

from rules import registry
from tests.toy.system import SYSTEM, generate_case

registry.register(
    registry.Registration(
        system=SYSTEM,
        generate=generate_case,
        fairness="Test-only: the culprit is one of four suspects; nothing is proved.",
        templates=Path(__file__).parent / "templates",
    )
)
