"""Nightfall, the test-only system with a hidden role. Importing this package registers it."""

from pathlib import Path

from rules import registry
from tests.nightfall.case import generate_case
from tests.nightfall.system import SYSTEM

registry.register(
    registry.Registration(
        system=SYSTEM,
        generate=generate_case,
        fairness="Test-only: the killer is drawn in each game from its secret seed; nothing is "
        "proved of a case, which has no solution.",
        templates=Path(__file__).parent / "templates",
    )
)
