"""The bots' tunable habits, in one place so the balance benchmark can try others.

The defaults are tuned so that equally good bots split the wins (docs/murder-she-wrote.md,
"Bots, balance and fairness"): how soon a Jessica unsure between a few suspects guesses, and
how careful the Murderer is about the Jessicas' suspicions when it kills.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    #: a Jessica guesses (accuses without being sure) only among at most this many suspects
    guess_among: int = 2
    #: ... and only when she has seen this many islanders dead (the Murderer needs five), one
    #: more for every two Jessicas still in beyond two (with more of them, another is likelier
    #: to be sure first, and a wrong guess only helps the Murderer)
    guess_after_deaths: int = 4
    #: ... or when this few rounds are left before the turn limit
    guess_rounds_left: int = 3
    #: ... and then at each chance to accuse with this probability (else she looks once more)
    guess_chance: float = 1.0
    #: a Jessica is *pinned* by a kill when, looking there next, she would suspect fewer than
    #: this many seats (the Murderer included) ...
    caution: int = 2
    #: ... and the Murderer kills only when at most this many Jessicas would be pinned
    pinned_allowed: int = 2
    #: ... unless some Jessica already suspects it alone: then every kill counts
    reckless_when_exposed: bool = True


DEFAULT = Policy()
#: Under the advanced rules a Jessica who just looked may not come straight back, so a kill
#: right after her is covered by whoever enters next: the Murderer is pinned less and kills
#: sooner, and the Jessicas must guess sooner to keep up.
ADVANCED = Policy(guess_after_deaths=2, guess_chance=0.5, pinned_allowed=0)


def policy_for(rules: str) -> Policy:
    """The tuned habits for a game's rules (``"basic"`` or ``"advanced"``)."""
    return ADVANCED if rules == "advanced" else DEFAULT
