"""The bot Jovan: it plays from its own view alone (``choose(view, legal, rng)``).

It builds cases (``bot_investigate``), brings the strongest to court and plays legwork where it
pays (``bot_court``, ``bot_legwork``), sells cards it cannot use (``bot_trade``), weighs offers
(``trade.bot_answer``) and, as Listener, judges from the story, the murder's colour and the
cards it has seen (``bot_listen``). docs/murder-city.md, "Bots, balance and speed", gives the
figures.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, random_pick

from . import bot_court, bot_investigate, bot_listen, trade
from .bot_read import Reading
from .names import Act, Stage


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    by_type: dict[str, list[ActionSpec]] = {}
    last: str | None = None
    group: list[ActionSpec] = []
    for spec in legal:  # without a new list per spec, as ``setdefault`` would make
        kind = spec.type
        if kind is last:  # the forms of a type come together: no lookup for the next ones
            group.append(spec)
            continue
        found = by_type.get(kind)
        if found is None:
            by_type[kind] = group = [spec]
        else:
            group = found
            group.append(spec)
        last = kind
    if Act.ANSWER_OFFER in by_type:
        return trade.bot_answer(view, legal, rng)
    if Act.CHOOSE_JOVAN in by_type:
        return Action(
            Act.CHOOSE_JOVAN, {"jovan": rng.choice(by_type[Act.CHOOSE_JOVAN][0].choices("jovan"))}
        )
    court = view.get("court")
    # the court's most frequent steps first, read cheaply
    if court is not None and court["stage"] == Stage.VOLUNTEERS and Act.VOLUNTEER in by_type:
        return bot_court.volunteer(Reading(view), court, rng)
    if Act.PASS_WINDOW in by_type and not (
        Act.PLAY_LEGWORK in by_type or Act.TAKE_HARDSHIP in by_type
    ):
        return Action(Act.PASS_WINDOW)
    read = Reading(view)
    if Act.END_INVESTIGATION in by_type:
        return bot_investigate.choose(read, by_type, rng)
    if Act.PRESENT in by_type or Act.DECLINE_COURT in by_type:
        return bot_court.present(read, by_type, rng)
    if court is not None:
        if Act.PROCEED in by_type:
            return bot_court.hearing(read, by_type, court)
        if Act.RUBBER_STAMP in by_type:
            challenge = by_type.get(Act.CHALLENGE)
            kinds = tuple(str(k) for k in challenge[0].choices("evidence")) if challenge else ()
            return bot_listen.decide(view, kinds)
        if Act.PASS_WINDOW in by_type:
            return bot_court.window(read, by_type, court)
    spec = legal[0]  # nothing the bot plans for: the first legal move
    return Action(spec.type, {name: random_pick(p, rng) for name, p in spec.params.items()})
