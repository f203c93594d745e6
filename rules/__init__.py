"""Game engines: components, state, legal actions, views and bots. Standard library only."""

from rules.compiled import refuse_stale

refuse_stale(__file__, __name__)  # its hot modules may be compiled (tools/compile_rules.py)
