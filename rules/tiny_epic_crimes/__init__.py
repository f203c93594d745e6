"""Tiny Epic Crimes: the case as data (:mod:`.case`), its card sets (:mod:`.cards`) and the
rules of every mode (:mod:`.game`'s ``SYSTEM``: standard with the 2-player ghost officer,
cooperative and solo).

The generator package (``generator.tiny_epic_crimes``) makes and verifies cases of these types
and registers the system with these rules.
"""

from rules.compiled import refuse_stale

refuse_stale(__file__, __name__)  # its hot modules may be compiled (tools/compile_rules.py)
