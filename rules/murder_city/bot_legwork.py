"""Which legwork card a bot plays now, if any: dice for its own trial, dice against a leader's,
a bribe for a bluffed case, a blocked or stripped case of the leader, more draws when ports
are open, credits from the richest. Cards it has no use for go in the 2-for-1 exchange."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec

from .bot_read import Reading, expected_payout

#: Cards a bot never plays (it cannot remember what a peek shows; it discards within limits).
UNUSED = frozenset({"L13", "L14"})
#: Dice a legwork card adds to its holder's trial, and what it costs.
OWN_DICE = {"L01": (1, 0), "L02": (2, 2)}
AGAINST_DICE = frozenset({"L03", "L04"})
#: The cards ``in_investigation`` plays against the leader.
_AGAINST_LEADER = frozenset({"L15", "L05", "L07", "L10"})


def _action(spec: ActionSpec, **chosen: Any) -> Action:
    params: dict[str, Any] = {}
    for name, param in spec.params.items():
        choices = param if isinstance(param, tuple) else param.choices
        params[name] = chosen[name] if name in chosen else choices[0]
    return Action(spec.type, params)


def _by_card(specs: Sequence[ActionSpec]) -> dict[str, list[ActionSpec]]:
    out: dict[str, list[ActionSpec]] = {}
    for spec in specs:
        card = spec.params["card"]
        assert isinstance(card, tuple)
        out.setdefault(str(card[0]), []).append(spec)
    return out


def in_investigation(
    read: Reading, specs: Sequence[ActionSpec], rng: random.Random
) -> Action | None:
    """On its own investigation turn."""
    cards = _by_card(specs)
    if "L11" in cards and read.desk["draws_left"] == 0:
        if any(read.open_ports(c) for c in read.cases()):
            return _action(cards["L11"][0])
    if "L12" in cards:
        return _action(cards["L12"][0])
    if _AGAINST_LEADER.isdisjoint(cards) and "L09" not in cards:
        return None  # nothing below to weigh: the leader need not be found
    leader = read.leader()
    if "L15" in cards:
        return _action(cards["L15"][0], seat=leader)
    for spec in cards.get("L05", []):  # freeze the leader's fullest case
        if spec.params["seat"] == (leader,) and _fullness(read, leader, spec) >= 2:
            return _action(spec)
    for spec in cards.get("L07", []):  # strip a card off the leader's full case
        if spec.params["seat"] == (leader,) and _fullness(read, leader, spec) == 3:
            return _action(spec, port=rng.choice(_choices(spec, "port")))
    for spec in cards.get("L10", []):  # plant a wrong-type card: that case may not go to court
        if spec.params["seat"] == (leader,):
            murder = str(_choices(spec, "murder")[0])
            needs = read.murders[murder]["needs"]
            wrong = [e for e in _choices(spec, "evidence") if read.evidence[e]["type"] not in needs]
            if wrong and _fullness(read, leader, spec) >= 1:
                return _action(spec, evidence=wrong[0])
    for spec in cards.get("L09", []):  # an off-colour attached card for a genuine one in hand
        murder = str(_choices(spec, "murder")[0])
        port = str(_choices(spec, "port")[0])
        case = read.case(murder)
        if not read.genuine(case["ports"][port], murder):
            genuine = [e for e in _choices(spec, "evidence") if read.genuine(str(e), murder)]
            if genuine:
                return _action(spec, evidence=genuine[0])
    return None


def _choices(spec: ActionSpec, name: str) -> tuple[Any, ...]:
    param = spec.params[name]
    return param if isinstance(param, tuple) else param.choices


def _fullness(read: Reading, seat: int, spec: ActionSpec) -> int:
    murder = _choices(spec, "murder")[0]
    case = next(c for c in read.seats[seat]["cases"] if c["murder"] == murder)
    return len(case["ports"])


def at_court_turn(read: Reading, specs: Sequence[ActionSpec], presentable: int) -> Action | None:
    """At its court decision: a second case when two may go."""
    cards = _by_card(specs)
    if "L16" in cards and presentable >= 2:
        return _action(cards["L16"][0])
    return None


def in_hearing(
    read: Reading, specs: Sequence[ActionSpec], court: Mapping[str, Any]
) -> Action | None:
    """Its own case announced: the bribe when the case holds an off-colour card."""
    cards = _by_card(specs)
    if "L06" in cards and read.credits(read.me) >= 1:
        if read.off_colour(read.case(court["murder"])):
            return _action(cards["L06"][0])
    return None


def before_roll(
    read: Reading, specs: Sequence[ActionSpec], court: Mapping[str, Any]
) -> Action | None:
    """In the window: dice on its own trial when they raise the payout enough; dice off a trial
    of the leader or of a seat ahead of it."""
    cards = _by_card(specs)
    prosecutor = int(court["prosecutor"])
    if prosecutor == read.me:
        case = read.case(court["murder"])
        extra = sum(int(d["amount"]) for d in court["dice"])
        now = read.case_worth(case, extra)
        for card in ("L01", "L02"):
            if card in cards:
                dice, cost = OWN_DICE[card]
                if cost > read.credits(read.me):
                    continue
                if read.case_worth(case, extra + dice) - now > cost + 0.3:
                    return _action(cards[card][0])
        return None
    if prosecutor == read.leader() or read.ahead_of_me(prosecutor):
        for card in sorted(AGAINST_DICE.intersection(cards)):
            return _action(cards[card][0])
    return None


def worth_of_die(read: Reading, court: Mapping[str, Any]) -> float:
    """What one more die on its own case in court is worth."""
    case = read.case(court["murder"])
    extra = sum(int(d["amount"]) for d in court["dice"])
    murder = read.murders[court["murder"]]
    dice = read.case_dice(case, extra)
    return expected_payout(murder, dice + 1) - expected_payout(murder, dice)


def to_exchange(read: Reading) -> list[str]:
    """Two legwork cards to trade for one: those it has no use for first, then any when it
    holds three or more."""
    unused = sorted(c for c in read.legwork if c in UNUSED)
    rest = sorted(c for c in read.legwork if c not in UNUSED)
    pool = unused + rest
    if len(unused) >= 1 and len(pool) >= 2 or len(pool) >= 3:
        return pool[:2]
    return []
