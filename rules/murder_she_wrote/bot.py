"""The bots of Murder, She Wrote, from their own view and legal actions only.

A Jessica (:mod:`.bot_jessica`) keeps her suspect list, looks where a look tells most, stalks,
and accuses when sure; the Murderer (:mod:`.bot_murderer`) moves like a Jessica, kills where the
kill points at nobody alone, and flees with five dead. Their tunable habits are
:class:`.bot_policy.Policy`; the balance and fairness this gives are measured in
``benchmarks/msw_games.py`` and ``benchmarks/msw_fairness.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, random_action

from . import bot_jessica, bot_murderer
from .bot_policy import Policy, policy_for
from .spec import Act, Role

#: Plain values read on every step: an enum member's ``.value`` is a property call.
SET_SCENE, MOVE, RETURN_TOKEN = Act.SET_SCENE.value, Act.MOVE.value, Act.RETURN_TOKEN.value
MURDERER = Role.MURDERER.value


def choose(
    view: Mapping[str, Any],
    legal: Sequence[ActionSpec],
    rng: random.Random,
    policy: Policy | None = None,
) -> Action:
    """The bot's action; ``policy`` (default: the one tuned for the view's rules) sets its
    habits."""
    if policy is None:
        policy = policy_for(view["rules"])
    kind = legal[0].type if legal else None
    murderer = view["role"] == MURDERER
    if kind == RETURN_TOKEN:
        if murderer:
            return bot_murderer.return_token(view, legal, policy)
        return Action(kind, {"token": legal[0].choices("token")[0]})
    if kind == MOVE:
        if murderer:
            return bot_murderer.move(view, rng)
        return bot_jessica.move(view, legal, rng, policy)
    if kind == SET_SCENE:
        victims = legal[0].choices("victim")
        victim = bot_murderer.first_victim(victims, rng) if murderer else victims[0]
        return Action(kind, {"victim": victim})
    return random_action(legal, rng)
