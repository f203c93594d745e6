"""A simple legal bot (a later bot replaces it): it plays to make progress, from its own view.

Investigation: draw while it may, attach what fits (paid 1 credit each), take a new murder
card when short, discard down towards the hand limit, then end the turn. Court: present a case
when it may, listen sometimes, decide at random with a lean to rubber-stamp, pass the window.
Legwork and trades it plays now and then, so their hooks are exercised.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, random_pick

from .spec import Act

#: The order a bot prefers what it is offered on its investigation turn.
_INVESTIGATION = (
    Act.ATTACH,
    Act.DRAW_MURDER,
    Act.DRAW_EVIDENCE,
    Act.PICK_DISCARD,
)


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    by_type: dict[str, list[ActionSpec]] = {}
    for spec in legal:
        by_type.setdefault(spec.type, []).append(spec)
    if Act.PLAY_LEGWORK in by_type and rng.random() < 0.3:
        return _pick(rng.choice(by_type[Act.PLAY_LEGWORK]), rng)
    if Act.OFFER_TRADE in by_type and rng.random() < 0.05:
        return _pick(rng.choice(by_type[Act.OFFER_TRADE]), rng)
    if Act.ANSWER_OFFER in by_type:
        return _pick(rng.choice(by_type[Act.ANSWER_OFFER]), rng)
    if Act.CHOOSE_JOVAN in by_type:
        return _pick(by_type[Act.CHOOSE_JOVAN][0], rng)
    for kind in _INVESTIGATION:
        if kind in by_type:
            if kind == Act.DRAW_EVIDENCE:
                return _draw(view, by_type[kind][0], rng)
            return _pick(rng.choice(by_type[kind]), rng)
    if Act.END_INVESTIGATION in by_type:
        hand = len(view.get("hand") or ())
        if Act.DISCARD_EVIDENCE in by_type and hand > 5:
            return _pick(by_type[Act.DISCARD_EVIDENCE][0], rng)
        if Act.TAKE_HARDSHIP in by_type and rng.random() < 0.1:
            return _pick(by_type[Act.TAKE_HARDSHIP][0], rng)
        return Action(Act.END_INVESTIGATION)
    if Act.PRESENT in by_type:
        return _pick(rng.choice(by_type[Act.PRESENT]), rng)
    if Act.VOLUNTEER in by_type:
        return Action(Act.VOLUNTEER, {"listen": rng.random() < 0.15})
    if Act.CHALLENGE in by_type:
        roll = rng.random()
        if roll < 0.3:
            return _pick(by_type[Act.CHALLENGE][0], rng)
        return Action(Act.ENDORSE if roll < 0.5 else Act.RUBBER_STAMP)
    if Act.TAKE_HARDSHIP in by_type and rng.random() < 0.2:
        return _pick(by_type[Act.TAKE_HARDSHIP][0], rng)
    for kind in (Act.PASS_WINDOW, Act.PROCEED, Act.DECLINE_COURT):
        if kind in by_type:
            return Action(kind)
    spec = rng.choice(list(legal))
    return _pick(spec, rng)


def _draw(view: Mapping[str, Any], spec: ActionSpec, rng: random.Random) -> Action:
    """A deck some open port of its murder cards needs, else any."""
    decks = spec.choices("deck")
    me = view["seats"][view["you"]]
    wanted = [
        kind
        for case in me["cases"]
        for kind in view["city"]["murders"][case["murder"]]["needs"]
        if kind not in case["ports"] and kind in decks
    ]
    return Action(Act.DRAW_EVIDENCE, {"deck": rng.choice(wanted or list(decks))})


def _pick(spec: ActionSpec, rng: random.Random) -> Action:
    return Action(spec.type, {name: random_pick(param, rng) for name, param in spec.params.items()})
