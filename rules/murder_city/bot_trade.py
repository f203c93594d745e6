"""The bot's own offers: a card it cannot use sold to a seat whose open port it fits in colour.

The rulebook: "Evidence cards may be sold or traded with other residents of the city"; the
partner weighs the offer (``trade.bot_answer``). A bot sells only a card that fits none of its
own open ports, to a seat that may still receive evidence this turn, for up to 2 credits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core import Action, ActionSpec

from .bot_read import Reading
from .case import JOKER
from .names import Act

#: How often a bot that has something to sell offers it, each time it could.
OFFER_SHARE = 0.3
PRICE = 2


def _useless(read: Reading, card: str) -> bool:
    kind = read.evidence[card]["type"]
    return not any(
        kind in read.open_ports(case) and read.genuine(card, case["murder"])
        for case in read.cases()
    )


def _buyer(read: Reading, card: str) -> int | None:
    """A seat with an open port of the card's type on a murder the card fits in colour."""
    face = read.evidence[card]
    for seat, desk in enumerate(read.seats):
        if seat == read.me or desk["traded_evidence"]:
            continue
        for case in desk["cases"]:
            murder = read.murders[case["murder"]]
            fits = face["colour"] in (murder["colour"], JOKER)
            if fits and face["type"] in murder["needs"] and face["type"] not in case["ports"]:
                return seat
    return None


def offer(read: Reading, specs: Sequence[ActionSpec], rng: random.Random) -> Action | None:
    if rng.random() >= OFFER_SHARE:
        return None
    for card in sorted(read.hand):
        if not _useless(read, card):
            continue
        buyer = _buyer(read, card)
        if buyer is None:
            continue
        price = min(PRICE, read.credits(buyer))
        action = Action(
            Act.OFFER_TRADE,
            {
                "partner": buyer,
                "give_evidence": [card],
                "give_legwork": [],
                "give_murders": [],
                "give_credits": 0,
                "take_evidence": "",
                "take_legwork": 0,
                "take_murders": [],
                "take_credits": price,
            },
        )
        if any(spec.admits(action) for spec in specs):
            return action
    return None
