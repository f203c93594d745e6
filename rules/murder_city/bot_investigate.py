"""The bot on its investigation turn: build cases.

In order: a new murder card when it holds fewer than three; the Strength's pick when the face-up
pile holds a card that fits an open port in colour; genuine evidence attached, highest value
first; draws from the decks its open ports need (the Weakness' deck only when nothing else
helps, paying its fee); a voluntary hardship for one more card when ports stay open; a bluff:
an off-colour card on a case that is otherwise strong, preferring a card whose item the
murder's colour also names (the story then proves nothing); legwork; a junk card sold; the
hand kept within the court's limit; two useless legwork cards exchanged; the end of its turn.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, Subset

from . import bot_legwork, bot_listen, bot_trade
from .bot_read import Reading
from .names import Act, Benefit
from .spec import HAND_LIMIT

#: A bluff on a case with an ambiguous item is made this often; with an item the murder's
#: colour never names (a Listener who reads can catch it), this often, and only to keep the
#: hand within the court's limit.
BLUFF_AMBIGUOUS = 0.8
BLUFF_TELLING = 0.3


def choose(read: Reading, by_type: Mapping[str, list[ActionSpec]], rng: random.Random) -> Action:
    if Act.PLAY_LEGWORK in by_type:
        played = bot_legwork.in_investigation(read, by_type[Act.PLAY_LEGWORK], rng)
        if played is not None:
            return played
    if Act.DRAW_MURDER in by_type and len(read.cases()) < 3:
        return Action(Act.DRAW_MURDER)
    if Act.PICK_DISCARD in by_type:
        card = _best_fit(read, [str(c) for c in by_type[Act.PICK_DISCARD][0].choices("card")])
        if card is not None:
            return Action(Act.PICK_DISCARD, {"card": card})
    attach = _attach_genuine(read, by_type.get(Act.ATTACH, []))
    if attach is not None:
        return attach
    if Act.DRAW_EVIDENCE in by_type:
        return Action(Act.DRAW_EVIDENCE, {"deck": _deck(read, by_type[Act.DRAW_EVIDENCE][0], rng)})
    if Act.TAKE_HARDSHIP in by_type and _hardship_pays(read):
        return Action(Act.TAKE_HARDSHIP, {"benefit": Benefit.EVIDENCE.value})
    bluff = _bluff(read, by_type.get(Act.ATTACH, []), rng)
    if bluff is not None:
        return bluff
    if Act.DISCARD_EVIDENCE in by_type and len(read.hand) > HAND_LIMIT:
        return Action(Act.DISCARD_EVIDENCE, {"card": _least_useful(read, read.hand)})
    if Act.OFFER_TRADE in by_type:
        offer = bot_trade.offer(read, by_type[Act.OFFER_TRADE], rng)
        if offer is not None:
            return offer
    if Act.EXCHANGE_LEGWORK in by_type:
        pair = bot_legwork.to_exchange(read)
        if pair:
            exchange = _exchange(pair, by_type[Act.EXCHANGE_LEGWORK])
            if exchange is not None:
                return exchange
    return Action(Act.END_INVESTIGATION)


def _best_fit(read: Reading, cards: Sequence[str]) -> str | None:
    """The highest-valued card fitting an open port in colour that no card in hand fills."""
    covered = {read.evidence[c]["type"] for c in read.hand if read.fits(c)}
    fitting = [c for c in cards if read.fits(c) and read.evidence[c]["type"] not in covered]
    return max(fitting, key=lambda c: (read.evidence[c]["value"], c), default=None)


def _attach_genuine(read: Reading, specs: Sequence[ActionSpec]) -> Action | None:
    best: tuple[int, int, str, str] | None = None
    for spec in specs:
        params = spec.params  # an attach form's choices are plain tuples
        card = str(params["card"][0])  # type: ignore[index]
        for murder in params["murder"]:  # type: ignore[union-attr]
            if read.genuine(card, str(murder)):
                filled = len(read.case(str(murder))["ports"])
                key = (int(read.evidence[card]["value"]), filled, card, str(murder))
                if best is None or key > best:
                    best = key
    if best is None:
        return None
    return Action(Act.ATTACH, {"card": best[2], "murder": best[3]})


def _deck(read: Reading, spec: ActionSpec, rng: random.Random) -> str:
    """A deck an open port needs and no card in hand fills; the Weakness' deck last."""
    decks = [str(d) for d in spec.choices("deck")]
    hand_types = {read.evidence[c]["type"] for c in read.hand}
    needed = [k for case in read.cases() for k in read.open_ports(case)]
    weak = read.jovan["weakness"]
    for pool in (
        [k for k in needed if k not in hand_types and k != weak],
        [k for k in needed if k != weak],
        [k for k in needed],
    ):
        usable = [k for k in pool if k in decks]
        if usable:
            return _pick(usable, rng)
    cheap = [d for d in decks if d != weak]
    return _pick(cheap or decks, rng)


def _pick(decks: list[str], rng: random.Random) -> str:
    """``rng.choice(decks)``, without drawing when every deck listed is the same one (a third
    of these picks: two cases needing one type): the step's random source serves this pick
    alone, so a draw left out changes nothing, and an undrawn source is never seeded (a
    sha256 and a Mersenne Twister's seeding, about 2 % of a step on average)."""
    first = decks[0]
    if decks.count(first) == len(decks):
        return first
    return rng.choice(decks)


def _hardship_pays(read: Reading) -> bool:
    """One more card when two ports or more stay open that nothing in hand fits, and the bot
    can bear a hardship's cost."""
    if read.desk["draws_left"] > 0 or read.credits(read.me) < 4 or read.last_turn():
        return False
    unfilled = [
        k
        for case in read.cases()
        for k in read.open_ports(case)
        if not any(read.evidence[c]["type"] == k for c in read.hand)
    ]
    return len(unfilled) >= 2


def _bluff(read: Reading, specs: Sequence[ActionSpec], rng: random.Random) -> Action | None:
    """An off-colour card on a case that already holds a genuine card (the case is strong
    without it), when the story of its item will prove nothing; or to keep within the hand
    limit for court."""
    crowded = len(read.hand) > HAND_LIMIT
    options: list[tuple[float, str, str]] = []
    for spec in specs:
        card = str(spec.choices("card")[0])
        face = read.evidence[card]
        for murder in (str(m) for m in spec.choices("murder")):
            case = read.case(murder)
            genuine = [k for k, c in case["ports"].items() if read.genuine(c, murder)]
            if not genuine and not crowded:
                continue
            colour = read.murders[murder]["colour"]
            chance = bot_listen.off_colour_chance(
                read.city, colour, face["type"], face["item"], set(), bot_listen.BLUFF_SHARE
            )
            options.append((chance, card, murder))
    if not options:
        return None
    chance, card, murder = min(options, key=lambda o: (o[0], -read.evidence[o[1]]["value"], o[1:]))
    roll = _roll(read, card, murder)  # one decision a turn, however often it is asked
    if chance < 1.0 and roll < BLUFF_AMBIGUOUS:
        return Action(Act.ATTACH, {"card": card, "murder": murder})
    if crowded and roll < BLUFF_TELLING:
        return Action(Act.ATTACH, {"card": card, "murder": murder})
    return None


def _roll(read: Reading, card: str, murder: str) -> float:
    """A number in [0, 1) fixed for this card, case, seat and turn."""
    key = f"{read.view['turn']}:{read.me}:{card}:{murder}".encode()
    return zlib.crc32(key) / 2**32


def _least_useful(read: Reading, cards: Sequence[str]) -> str:
    def use(card: str) -> tuple[float, str]:
        face = read.evidence[card]
        needed = any(face["type"] in read.open_ports(c) for c in read.cases())
        score = float(face["value"]) * (1.0 if needed else 0.1) + (3.0 if read.fits(card) else 0)
        return score, card

    return min(cards, key=use)


def _exchange(pair: list[str], specs: Sequence[ActionSpec]) -> Action | None:
    for spec in specs:
        param = spec.params["cards"]
        assert isinstance(param, Subset)
        wanted: Any = pair if pair[0] != pair[1] else [pair[0]]
        if param.allows(wanted):
            return Action(Act.EXCHANGE_LEGWORK, {"cards": wanted})
    return None
