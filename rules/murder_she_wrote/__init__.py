"""Murder, She Wrote: an island, a hidden Murderer among the players, and Jessicas who deduce.

The case is the island (:mod:`.case`): a ring of spaces with nine locations, their islanders,
"To the ..." spaces, two boat docks, Accuse and Escape spaces. Who is the Murderer, and the
first victim under the advanced rules, are dealt from the game's secret seed and never stored in
the case. See docs/murder-she-wrote.md.
"""

from rules.compiled import refuse_stale

refuse_stale(__file__, __name__)  # its hot modules may be compiled (tools/compile_rules.py)
