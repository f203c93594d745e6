"""Exchange and sale: the seat on its investigation turn offers another seat a deal, which that
seat accepts or declines at once.

From the rulebook's "Exchange and Sale": any goods on a dataslate or in hand may be dealt (hand
evidence, legwork cards, murder cards, credits; a promise is an empty side); "A player may take
no more than 1 Evidence card during the Investigation Phase through trading or sale"; attached
evidence may not be traded; a murder card received "counts as receiving a new Murder card,
which is permitted once per turn", never more than three held, and the evidence attached to a
murder card given away is discarded; evidence is named by its type and colour, truthfully (the
game names it from the card), never by its value. What is asked of the other seat's hidden hand
is a description (``"murder-weapon/blue"``): the partner, accepting, chooses a card that fits.
Every offer the forms admit can be answered: the limits are in the forms, not in refusals.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, Event, Param, RuleError, Subset

from . import closing, ledger
from .case import COLOURS, EVIDENCE_TYPES, JOKER, City
from .changes import evolve, with_desk, with_limits
from .later import later_specs
from .made import new_event
from .names import Act, Ev, Phase, Reason
from .spec import MAX_MURDERS, SPECS_KEPT
from .state import Case, Desk, Goods, Limits, McState, Offer

NOTHING = ""  # asking for no evidence card
#: Every description an offer may ask for: a type and a colour (or joker), never a value.
DESCRIPTIONS: tuple[str, ...] = tuple(
    f"{kind}/{colour}" for kind in EVIDENCE_TYPES for colour in (*COLOURS, JOKER)
)


ASKABLE: tuple[str, ...] = (NOTHING, *DESCRIPTIONS)


def describe(city: City, card: str) -> str:
    """The truthful name of an evidence card in a deal: its type and colour."""
    face = city.evidence_by_id[card]
    return f"{face.type}/{face.colour}"


def may_receive_evidence(state: McState, seat: int) -> bool:
    return not state.limits[seat].traded_evidence


def may_receive_murder(state: McState, seat: int) -> bool:
    return not state.limits[seat].murder_taken


# --------------------------------------------------------------------------------------------
# Offers
# --------------------------------------------------------------------------------------------


def offer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    """``offer-trade`` forms, one or two per partner: without a murder card for the offerer,
    and (if it may take one) with exactly one, giving one back when it already holds three."""
    if not _may_offer(state, seat):
        return []
    # listed on every step of the turn and seldom read: counted now, made when read (the
    # count as ``_two_forms`` decides, written out)
    desks, limits = state.desks, state.limits
    if not limits[seat].murder_taken:  # may_receive_murder: a second form for a partner with cases
        full = len(desks[seat].cases) >= MAX_MURDERS
        count = 0
        for partner, desk in enumerate(desks):
            if partner != seat:
                count += 2 if desk.cases and not (full and limits[partner].murder_taken) else 1
    else:
        count = len(desks) - 1
    return later_specs(Act.OFFER_TRADE, count, lambda: _offer_specs(state, seat))


def _may_offer(state: McState, seat: int) -> bool:
    # ``state.current`` written out: the phase is the investigation's
    return (
        state.phase == Phase.INVESTIGATION
        and state.offer is None
        and state.at < len(state.order)
        and state.order[state.at] == seat
    )


def _two_forms(partner: Desk, limits: Limits, full: bool, offerer_takes: bool) -> bool:
    """Whether an offer to ``partner`` has a second form, taking one of its murder cards (as
    :func:`_partner_specs` decides)."""
    return bool(partner.cases) and offerer_takes and not (full and limits.murder_taken)


def _offer_specs(state: McState, seat: int) -> list[ActionSpec]:
    """The offer forms of :func:`offer_specs`, made at once."""
    out: list[ActionSpec] = []
    desks, limits = state.desks, state.limits
    legwork = state.legwork.held
    mine = _murders(desks[seat])
    # what depends on the offerer alone is made once, not once per partner (asked every step)
    hand = tuple(sorted(set(state.evidence.cards_of(seat))))
    give_one, give_none = _subset(hand, 0, 1), _subset(hand, 0, 0)
    give_legwork = _subset(tuple(sorted(set(legwork[seat]))), 0, None)
    give_credits = _upto(desks[seat].credits)
    take_evidence = ASKABLE if may_receive_evidence(state, seat) else (NOTHING,)
    offerer_takes = may_receive_murder(state, seat)
    for partner in range(len(state.seats)):
        if partner == seat:
            continue
        theirs = _murders(desks[partner])
        partner_takes = not limits[partner].murder_taken  # may_receive_murder
        key = (
            partner,
            give_none if limits[partner].traded_evidence else give_one,
            give_legwork,
            give_credits,
            take_evidence,
            _upto(len(legwork[partner])),
            _upto(desks[partner].credits),
            mine,
            theirs,
            partner_takes,
            offerer_takes,
        )
        kept = _OFFERS.get(seat, {}).get(partner)
        if kept is None or kept[0] != key:
            kept = (key, _partner_specs(*key))
            _OFFERS.setdefault(seat, {})[partner] = kept
        out.extend(kept[1])
    return out


#: The last offer forms made for each (offerer, partner), with the (interned) choices they
#: were made from: listed on every step of an investigation turn, they change only when one
#: of the two seats' hands, credits or murder cards does.
_OFFERS: dict[int, dict[int, tuple[tuple[Any, ...], tuple[ActionSpec, ...]]]] = {}


def _partner_specs(
    partner: int,
    give_evidence: Subset,
    give_legwork: Subset,
    give_credits: tuple[int, ...],
    take_evidence: tuple[str, ...],
    take_legwork: tuple[int, ...],
    take_credits: tuple[int, ...],
    mine: tuple[str, ...],
    theirs: tuple[str, ...],
    partner_takes: bool,
    offerer_takes: bool,
) -> tuple[ActionSpec, ...]:
    """The forms of an offer to ``partner``: without a murder card for the offerer, and (if
    it may take one) with exactly one, giving one back when it already holds three."""
    common: dict[str, Param] = {
        "partner": (partner,),
        "give_evidence": give_evidence,
        "give_legwork": give_legwork,
        "give_credits": give_credits,
        "take_evidence": take_evidence,
        "take_legwork": take_legwork,
        "take_credits": take_credits,
    }
    full = len(mine) >= MAX_MURDERS
    room = partner_takes and len(theirs) < MAX_MURDERS
    out = [
        ActionSpec(
            Act.OFFER_TRADE,
            {
                **common,
                "give_murders": _subset(mine, 0, 1 if room else 0),
                "take_murders": _subset(theirs, 0, 0),
            },
        )
    ]
    if theirs and offerer_takes and not (full and not partner_takes):
        out.append(
            ActionSpec(
                Act.OFFER_TRADE,
                {
                    **common,
                    "give_murders": _subset(mine, 1 if full else 0, 1 if partner_takes else 0),
                    "take_murders": _subset(theirs, 1, 1),
                },
            )
        )
    return tuple(out)


#: Desks seen lately and their murder cards: a desk changes on few steps, and the offers are
#: listed on every step of an investigation turn.
_MURDERS: dict[int, tuple[Desk, tuple[str, ...]]] = {}


def _murders(desk: Desk) -> tuple[str, ...]:
    kept = _MURDERS.get(id(desk))
    if kept is not None and kept[0] is desk:
        return kept[1]
    murders = tuple(case.murder for case in desk.cases)
    if len(_MURDERS) > 64:
        _MURDERS.clear()
    _MURDERS[id(desk)] = (desk, murders)
    return murders


@functools.lru_cache(maxsize=SPECS_KEPT)
def _subset(choices: tuple[str, ...], least: int, most: int | None) -> Subset:
    """The same (immutable) parameter for the same choices: offers are listed every step. Kept
    small, as the action forms' caches (``spec.SPECS_KEPT``): at 4,096 it held 3.5 k parameters
    after 100 four-bot games, two tracked objects each for every full collection to visit."""
    return Subset(choices, least, most)


_UPTO: list[tuple[int, ...]] = []


def _upto(most: int) -> tuple[int, ...]:
    """``0 … most`` as choices (the same tuple each time)."""
    while len(_UPTO) <= most:
        _UPTO.append(tuple(range(len(_UPTO) + 1)))
    return _UPTO[most]


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list | tuple) else ()


def apply_offer(
    city: City, state: McState, seat: int, action: Action
) -> tuple[McState, list[Event]]:
    """The offer stands until the partner answers; everyone hears what is offered, named by
    type and colour."""
    # the forms made at once: ``check_action`` has just made (and kept) the same ones
    allowed = _offer_specs(state, seat) if _may_offer(state, seat) else []
    if not any(spec.admits(action) for spec in allowed):
        raise RuleError("that offer is not one this seat may make now", code="trade/not-allowed")
    p = action.params
    wanted = str(p["take_evidence"])
    offer = Offer(
        proposer=seat,
        partner=int(str(p["partner"])),
        give=Goods(
            evidence=_strings(p["give_evidence"]),
            legwork=_strings(p["give_legwork"]),
            murders=_strings(p["give_murders"]),
            credits=int(str(p["give_credits"])),
        ),
        take=Goods(
            evidence=(wanted,) if wanted else (),
            legwork=tuple("?" for _ in range(int(str(p["take_legwork"])))),
            murders=_strings(p["take_murders"]),
            credits=int(str(p["take_credits"])),
        ),
    )
    state = evolve(state, offer=offer)
    data = {"from": seat, "to": offer.partner, **public(city, offer)}
    return state, [new_event(Ev.TRADE_OFFERED, actor=seat, data=data)]


def public(city: City, offer: Offer) -> dict[str, Any]:
    """What everyone hears of an offer: evidence by type and colour, legwork counted."""

    def side(goods: Goods, asked: bool) -> dict[str, Any]:
        named = list(goods.evidence) if asked else [describe(city, e) for e in goods.evidence]
        return {
            "evidence": named,
            "legwork": len(goods.legwork),
            "murders": list(goods.murders),
            "credits": goods.credits,
        }

    return {"give": side(offer.give, False), "take": side(offer.take, True)}


def offer_view(city: City, state: McState, seat: int | None) -> dict[str, Any] | None:
    """The pending offer as ``seat`` sees it: the public terms; the offerer also its own cards."""
    offer = state.offer
    if offer is None:
        return None
    shown: dict[str, Any] = {"proposer": offer.proposer, "partner": offer.partner}
    shown.update(public(city, offer))
    if seat == offer.proposer:
        shown["cards"] = {
            "evidence": list(offer.give.evidence),
            "legwork": list(offer.give.legwork),
        }
    return shown


# --------------------------------------------------------------------------------------------
# Answers
# --------------------------------------------------------------------------------------------


def answer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    """Decline always; accept when the partner holds what is asked, choosing which card fits
    the description and which legwork cards go."""
    offer = state.offer
    if offer is None or offer.partner != seat:
        return []
    out = [ActionSpec(Act.ANSWER_OFFER, {"accept": (False,)})]
    params: dict[str, Any] = {"accept": (True,)}
    if offer.take.evidence:
        fits = tuple(
            sorted(
                card
                for card in set(state.evidence.cards_of(seat))
                if describe(city, card) == offer.take.evidence[0]
            )
        )
        if not fits:
            return out
        params["evidence"] = fits
    count = len(offer.take.legwork)
    if count:
        held = tuple(sorted(set(state.legwork.cards_of(seat))))
        if len(held) < count:
            return out
        params["legwork"] = Subset(held, count, count)
    out.append(ActionSpec(Act.ANSWER_OFFER, params))
    return out


def apply_answer(
    city: City, state: McState, seat: int, action: Action
) -> tuple[McState, list[Event]]:
    """Declined: nothing moves. Accepted: both sides' goods change hands at once."""
    offer = state.offer
    if offer is None or not any(s.admits(action) for s in answer_specs(city, state, seat)):
        raise RuleError("there is no such answer to give now", code="trade/no-offer")
    state = evolve(state, offer=None)
    accepted = bool(action.params["accept"])
    data: dict[str, Any] = {"from": offer.proposer, "to": offer.partner, "accepted": accepted}
    if not accepted:
        return state, [new_event(Ev.TRADE_ANSWERED, actor=seat, data=data)]
    asked_evidence = _strings([action.params["evidence"]]) if "evidence" in action.params else ()
    asked_legwork = _strings(action.params.get("legwork", ()))
    state, events = _move(city, state, offer, asked_evidence, asked_legwork)
    answered = new_event(
        Ev.TRADE_ANSWERED,
        actor=seat,
        data={**data, **public(city, offer)},
        secret={
            "to_partner": {
                "evidence": list(offer.give.evidence),
                "legwork": list(offer.give.legwork),
            },
            "to_proposer": {"evidence": list(asked_evidence), "legwork": list(asked_legwork)},
        },
        secret_audience=frozenset({offer.proposer, offer.partner}),
    )
    return state, [answered, *events]


def _move(
    city: City,
    state: McState,
    offer: Offer,
    evidence_back: tuple[str, ...],
    legwork_back: tuple[str, ...],
) -> tuple[McState, list[Event]]:
    a, b = offer.proposer, offer.partner
    hands, legwork = state.evidence, state.legwork
    for card in offer.give.evidence:
        hands = hands.pass_card(a, b, card)
    for card in evidence_back:
        hands = hands.pass_card(b, a, card)
    for card in offer.give.legwork:
        legwork = legwork.pass_card(a, b, card)
    for card in legwork_back:
        legwork = legwork.pass_card(b, a, card)
    state = evolve(state, evidence=hands, legwork=legwork)
    if offer.give.evidence:
        state = _limit(state, b, traded_evidence=True)
    if evidence_back:
        state = _limit(state, a, traded_evidence=True)
    for murder in offer.give.murders:
        state = _hand_over(city, state, a, b, murder)
    for murder in offer.take.murders:
        state = _hand_over(city, state, b, a, murder)
    events: list[Event] = []
    for payer, payee, amount in ((a, b, offer.give.credits), (b, a, offer.take.credits)):
        if amount:
            state, moved = ledger.transfer(state, payer, payee, amount, Reason.TRADE)
            events += moved
    return state, events


def _limit(state: McState, seat: int, **changes: Any) -> McState:
    return with_limits(state, seat, evolve(state.limits[seat], **changes))


def _hand_over(city: City, state: McState, giver: int, taker: int, murder: str) -> McState:
    """A murder card to another dataslate: its attached evidence discarded, the card counted
    as the taker's new murder card of the turn."""
    state = closing.discard_attached(city, state, giver, murder)
    state = closing.without_case(state, giver, murder)
    desk = state.desks[taker]
    state = with_desk(state, taker, evolve(desk, cases=(*desk.cases, Case(murder))))
    return _limit(state, taker, murder_taken=True)


# --------------------------------------------------------------------------------------------
# A bot weighs an offer
# --------------------------------------------------------------------------------------------

#: What a bot thinks things are worth, in credits.
LEGWORK_WORTH = 1.0
MURDER_WORTH = 1.5
MARGIN = 0.5  # a bot accepts only a deal that is worth this much more than it costs


def _evidence_worth(view: Mapping[str, Any], kind: str, colour: str, value: int) -> float:
    """An evidence card is worth more to a bot with an open port of its type, most when its
    colour fits that murder (a joker fits any), and more with a higher value."""
    me = view["seats"][view["you"]]
    murders = view["city"]["murders"]
    best = 0.5
    for case in me["cases"]:
        murder = murders[case["murder"]]
        if kind in murder["needs"] and kind not in case["ports"]:
            fits = colour in (murder["colour"], JOKER)
            best = max(best, (2.0 if fits else 1.0) + 0.5 * value)
    return best


def weigh(view: Mapping[str, Any], given: Sequence[str], legwork_given: int) -> float:
    """What accepting the pending offer is worth to the bot, given the cards it would hand over
    (evidence ids and a legwork count): what it gets less what it gives."""
    offer = view["offer"]
    evidence = view["city"]["evidence"]
    me = view["seats"][view["you"]]
    gain = float(offer["give"]["credits"]) + LEGWORK_WORTH * int(offer["give"]["legwork"])
    for named in offer["give"]["evidence"]:
        kind, colour = named.split("/")
        gain += _evidence_worth(view, kind, colour, 2)  # the value is never named: a middle guess
    gain += MURDER_WORTH * len(offer["give"]["murders"])
    loss = float(offer["take"]["credits"]) + LEGWORK_WORTH * legwork_given
    for card in given:
        face = evidence[card]
        loss += _evidence_worth(view, face["type"], face["colour"], face["value"])
    for murder in offer["take"]["murders"]:
        case = next(c for c in me["cases"] if c["murder"] == murder)
        loss += MURDER_WORTH + len(case["ports"])  # its attached evidence is lost too
    return float(gain - loss)


def bot_answer(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """Accept when the deal is worth more than it costs (handing over the least useful card
    that fits and random legwork cards), else decline."""
    accept = next(
        (s for s in legal if s.type == Act.ANSWER_OFFER and s.choices("accept") == (True,)), None
    )
    if accept is None or view.get("offer") is None:
        return Action(Act.ANSWER_OFFER, {"accept": False})
    params: dict[str, Any] = {"accept": True}
    given: list[str] = []
    if "evidence" in accept.params:
        evidence = view["city"]["evidence"]
        cheapest = min(
            accept.choices("evidence"),
            key=lambda c: _evidence_worth(
                view, evidence[c]["type"], evidence[c]["colour"], evidence[c]["value"]
            ),
        )
        params["evidence"] = cheapest
        given.append(str(cheapest))
    count = 0
    if "legwork" in accept.params:
        param = accept.params["legwork"]
        assert isinstance(param, Subset)
        count = param.min
        params["legwork"] = sorted(rng.sample(list(param.choices), count))
    if weigh(view, given, count) < MARGIN:
        return Action(Act.ANSWER_OFFER, {"accept": False})
    return Action(Act.ANSWER_OFFER, params)
