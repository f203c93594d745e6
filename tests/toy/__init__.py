"""Toy Culprit, the test-only system. Importing this package registers it."""

from rules import registry
from tests.toy.system import SYSTEM

registry.register(SYSTEM)

from generator import registry as generators  # noqa: E402
from tests.toy.system import generate_case  # noqa: E402

generators.register(SYSTEM.SPEC.id, generate_case)

from pathlib import Path  # noqa: E402

from narration import add_template_folder  # noqa: E402

add_template_folder(SYSTEM.SPEC.id, Path(__file__).parent / "templates")
