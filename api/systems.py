"""Loading the systems: the built-in ones and the plugins a configuration names.

Each module registers its system (rules, generator, verifier, templates) on import; the
templates of a plugin are then handed to narration. The server and the command line both start
here, so they serve the same systems.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator import registry as generators
from narration import add_template_folder
from rules import registry


def load_systems(plugins: Sequence[str] = ()) -> None:
    """Import the built-in systems and ``plugins``; serve each plugin's templates."""
    generators.load()
    generators.load(plugins)
    for entry in registry.all_registrations():
        if entry.templates is not None:
            add_template_folder(entry.id, entry.templates)
