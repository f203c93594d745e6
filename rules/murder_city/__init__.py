"""Murder City: Jovans build cases from evidence, bluff, hear each other's cases and go to trial.

The case (:mod:`.case`) is the city's cards: 25 murder cards, five evidence decks of 33, five
Jovans, and the legwork and hardship decks' compositions; their shuffles come from the game's
secret seed. See docs/murder-city.md.
"""

from rules.compiled import refuse_stale

refuse_stale(__file__, __name__)  # its hot modules may be compiled (tools/compile_rules.py)
