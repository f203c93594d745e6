"""The legwork deck (setbacks among it) and the hardship deck of Murder City, as data.

Every card is written for casebook (no published card's name or text). A card is its id, name,
text, the copies a deck holds, when it may be played (``timing``), what the play must name
(``target``) and its effect in the vocabulary of :data:`OPS` and :data:`CHECKS`, run by
:mod:`.effects` over the game's state. The decks are checked against the vocabulary when this
module loads, so a card whose effect does not fit fails at import.

- A **legwork** card is held face down and played at its ``timing``: ``investigation`` (on the
  holder's own investigation turn), ``hearing`` (when the holder announces its own case, before
  a Listener is named), ``before-roll`` (in the window before a trial roll) or ``anytime``
  (either of those moments). ``target`` says what the play names: the case on trial, another
  seat, another seat's murder card or attached card, an open port of it, a card of one's own.
- A **setback** comes out of the legwork deck and is never held: revealed, applied to every
  seat, discarded once it ends (``lasts``: ``instant`` or ``turn``).
- A **hardship** is drawn (forced, or voluntarily for a benefit) and applied at once to the
  seat that drew it; a lasting one stays face up on the dataslate until it ends (``lasts``:
  ``turn``, the end of the turn; ``case``, the seat's next case in court closed, then the turn's
  end).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.kit.effects import Context, Effect, EffectError, Interpreter

from .case import HARDSHIP_DECK, LEGWORK_DECK

# --------------------------------------------------------------------------------------------
# The vocabulary
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    """One op or check: its required and optional arguments, and the mechanism it stands for."""

    mechanism: str
    required: Mapping[str, type[object]] | None = None
    optional: Mapping[str, type[object]] | None = None


OPS: Mapping[str, Word] = {
    # the trial roll ("+/- dice for ... Legwork, Setback or Hardship cards")
    "trial_dice": Word("dice added to (or taken from) the case on trial now", {"delta": int}),
    "turn_dice": Word("dice added to (or taken from) every trial roll this turn", {"delta": int}),
    "hand_limit": Word("the hand limit for going to court, this turn", {"delta": int}),
    "seat_dice": Word("dice on the seat's next case in court (lasting)", {"delta": int}),
    "skip_listener": Word("the case goes straight to the trial roll, with no Listener"),
    "extra_case": Word("one more case may go to court this turn"),
    "block_case": Word("a murder card that may not go to court this turn", None, {"pick": str}),
    # credits ("Payments required when a Legwork card is used on you")
    "pay": Word(
        "credits paid (all the payer has, if fewer)", {"payer": str, "payee": str, "amount": int}
    ),
    # evidence on the dataslate
    "remove_evidence": Word("an attached evidence card taken off a case", {"to": str}),
    "swap_evidence": Word("a card in hand exchanged for one attached to the same port"),
    "plant_evidence": Word("a card from hand attached to another seat's open port, any type"),
    "peek_evidence": Word("a face-down attached card shown to the player alone"),
    "lose_attached": Word("an attached evidence card of the seat's discarded, at random"),
    "lose_murder": Word("a murder card of the seat and its evidence discarded, at random"),
    # cards in hand
    "draw_evidence": Word(
        "evidence cards drawn (the Jovan's Weakness still costs)", {"count": int}
    ),
    "draw_legwork": Word("legwork cards drawn (a setback among them applies)", {"count": int}),
    "lift_discard_limit": Word("any number of evidence cards may be discarded this turn"),
    "discard_evidence": Word(
        "evidence cards discarded from hand at random", {"who": str, "count": int}
    ),
    "discard_legwork": Word("legwork cards discarded from hand at random", {"count": int}),
    # the city's rules for the turn (setbacks) and the seat's (lasting hardships)
    "forbid": Word("something nobody may do this turn", {"what": str}),
    "no_listening": Word("the seat may not hear a case this turn, volunteer or in turn"),
    "no_attaching": Word("the seat may not attach evidence this turn"),
}

CHECKS: Mapping[str, Word] = {
    "endorsed": Word("the Listener endorsed the case on trial"),
}

#: What a word-valued argument may say.
VALUES: Mapping[str, tuple[str, ...]] = {
    "payer": ("holder", "target", "all"),
    "payee": ("bank", "holder", "left"),
    "to": ("hand", "discard"),
    "who": ("holder", "all"),
    "pick": ("chosen", "random"),
    "what": (
        "evidence-decks",  # no card drawn from an evidence deck
        "legwork-dice",  # no legwork card adds or takes dice
        "volunteer",  # nobody takes a hardship to become the Listener
        "trade",  # no exchange or sale
        "skip-listener",  # every case is heard by a Listener
    ),
}
#: Number arguments that must be 1 or more (``delta`` is signed and never 0).
POSITIVE = ("amount", "count")


def op(name: str, **arguments: Any) -> dict[str, Any]:
    """An effect: ``op("trial_dice", delta=1)``."""
    return {"op": name, **arguments}


def check(name: str, **arguments: Any) -> dict[str, Any]:
    """A test: ``check("endorsed")``."""
    return {"check": name, **arguments}


def walk(effect: Effect) -> list[Mapping[str, Any]]:
    """Every op and check inside ``effect``, itself first."""
    found = [effect]
    for value in effect.values():
        parts = value if isinstance(value, list | tuple) else [value]
        for part in parts:
            if isinstance(part, Mapping):
                found += walk(part)
    return found


def ops_in(effect: Effect) -> frozenset[str]:
    """The custom ops an effect may run (every branch)."""
    return frozenset(str(part["op"]) for part in walk(effect) if "op" in part) - {
        "all",
        "if",
        "choose",
        "repeat",
        "nothing",
    }


def check_values(effect: Effect) -> None:
    """``effect/bad-value`` unless every word-valued and number argument inside is allowed."""
    for part in walk(effect):
        for name, value in part.items():
            if name in VALUES and value not in VALUES[name]:
                raise EffectError(
                    f"{name} must be one of {', '.join(VALUES[name])}, not {value!r}",
                    code="effect/bad-value",
                )
            if name in POSITIVE and (type(value) is not int or value < 1):
                raise EffectError(
                    f"{name} must be 1 or more, not {value!r}", code="effect/bad-value"
                )
            if name == "delta" and value == 0:
                raise EffectError("delta must not be 0", code="effect/bad-value")


def _never(state: object, args: Mapping[str, Any], context: Context) -> tuple[object, list[str]]:
    raise EffectError("the catalogue's interpreter checks effects; it never runs them")


def _no(state: object, args: Mapping[str, Any], context: Context) -> bool:
    raise EffectError("the catalogue's interpreter checks tests; it never answers them")


def vocabulary() -> Interpreter[object, str]:
    """An interpreter knowing every op and check with its arguments, for validation only; the
    game's own (:data:`rules.murder_city.effects.EFFECTS`) registers the same words."""
    interpreter: Interpreter[object, str] = Interpreter()
    for name, word in OPS.items():
        interpreter = interpreter.register(
            name, _never, optional=word.optional, **dict(word.required or {})
        )
    for name, word in CHECKS.items():
        interpreter = interpreter.register_check(
            name, _no, optional=word.optional, **dict(word.required or {})
        )
    return interpreter


VOCABULARY = vocabulary()


def validate(effect: Effect) -> None:
    """Check an effect against the whole vocabulary, argument values included."""
    VOCABULARY.validate(effect)
    check_values(effect)


# --------------------------------------------------------------------------------------------
# The cards
# --------------------------------------------------------------------------------------------

#: When a legwork card may be played (see the module's docstring); a setback's is "drawn".
TIMINGS: tuple[str, ...] = ("investigation", "hearing", "before-roll", "anytime", "drawn")
#: What a play names: ``none``; ``own-trial``/``other-trial`` the case on trial now (the
#: holder's, another's); ``own-hearing`` the next case the holder announces; ``other-seat`` a seat;
#: ``other-case`` another seat's murder card; ``other-evidence`` a card attached to one (by its
#: port); ``own-evidence`` one of the holder's attached cards, ``own-swap`` that and a card in
#: hand of the port's type; ``other-port`` another seat's open port and a card in hand.
TARGETS: tuple[str, ...] = (
    "none",
    "own-trial",
    "other-trial",
    "own-hearing",
    "other-seat",
    "other-case",
    "other-evidence",
    "own-evidence",
    "own-swap",
    "other-port",
)
LASTS: tuple[str, ...] = ("instant", "turn", "case")


@dataclass(frozen=True)
class LegworkCard:
    """A legwork card, or (``setback``) a city-wide setback shuffled in the same deck."""

    id: str  # "L01" … for legwork, "S01" … for setbacks
    name: str
    text: str
    copies: int
    timing: str  # one of TIMINGS
    target: str  # one of TARGETS
    effect: Effect
    setback: bool = False
    lasts: str = "instant"  # a setback's: "instant" or "turn"


@dataclass(frozen=True)
class HardshipCard:
    id: str  # "H01" …
    name: str
    text: str
    copies: int
    effect: Effect
    lasts: str = "instant"  # one of LASTS


def _legwork(
    id: str, name: str, text: str, copies: int, timing: str, target: str, effect: Effect
) -> LegworkCard:
    return LegworkCard(id, name, text, copies, timing, target, effect)


def _setback(id: str, name: str, text: str, copies: int, lasts: str, effect: Effect) -> LegworkCard:
    return LegworkCard(id, name, text, copies, "drawn", "none", effect, setback=True, lasts=lasts)


LEGWORK: tuple[LegworkCard, ...] = (
    _legwork(
        "L01",
        "Rented Expert",
        "A consultant with a holo-framed diploma swears to whatever the retainer covers."
        " Add 1 die to your trial roll.",
        5,
        "before-roll",
        "own-trial",
        op("trial_dice", delta=1),
    ),
    _legwork(
        "L02",
        "Spin Doctor",
        "The feeds run your version of the night on every screen in the tier. Pay 2 credits"
        " to the bank and add 2 dice to your trial roll.",
        2,
        "before-roll",
        "own-trial",
        op(
            "all",
            effects=[
                op("pay", payer="holder", payee="bank", amount=2),
                op("trial_dice", delta=2),
            ],
        ),
    ),
    _legwork(
        "L03",
        "Leaked Rap Sheet",
        "Someone slips the jury the prosecutor's own disciplinary file. Another Jovan's trial"
        " roll has 1 die fewer.",
        4,
        "before-roll",
        "other-trial",
        op("trial_dice", delta=-1),
    ),
    _legwork(
        "L04",
        "Smear Feed",
        "Sponsored outrage floods the net the night before the verdict. Another Jovan's trial"
        " roll has 1 die fewer, or 2 fewer if its Listener endorsed the case.",
        2,
        "before-roll",
        "other-trial",
        op(
            "if",
            test=check("endorsed"),
            then=op("trial_dice", delta=-2),
            **{"else": op("trial_dice", delta=-1)},
        ),
    ),
    _legwork(
        "L05",
        "Docket Freeze",
        "A clerk two levels down loses the filing for a week. Name one of another Jovan's"
        " murder cards: it may not go to court this turn.",
        3,
        "investigation",
        "other-case",
        op("block_case", pick="chosen"),
    ),
    _legwork(
        "L06",
        "Greased Docket",
        "A credit chip under the right blotter and nobody asks to hear the story. Pay 1 credit"
        " to the bank as you announce your case: it goes straight to the trial roll, with no"
        " Listener.",
        3,
        "hearing",
        "own-hearing",
        op(
            "all",
            effects=[op("pay", payer="holder", payee="bank", amount=1), op("skip_listener")],
        ),
    ),
    _legwork(
        "L07",
        "Evidence Locker Mix-Up",
        "A tag falls off in the precinct's locker and the bag goes to the incinerator. Name"
        " a port of another Jovan's case: the card on it is discarded unseen.",
        3,
        "investigation",
        "other-evidence",
        op("remove_evidence", to="discard"),
    ),
    _legwork(
        "L08",
        "Scrubbed Record",
        "A friendly sysop rolls back the case file. Take one evidence card attached to one"
        " of your cases back into your hand.",
        2,
        "investigation",
        "own-evidence",
        op("remove_evidence", to="hand"),
    ),
    _legwork(
        "L09",
        "Switched Tags",
        "Two bags, two labels, one long night shift. Exchange an evidence card attached to"
        " one of your cases for a card of the same type from your hand.",
        2,
        "investigation",
        "own-swap",
        op("swap_evidence"),
    ),
    _legwork(
        "L10",
        "Planted Evidence",
        "It was always in his locker; the drone footage says so. Attach an evidence card from"
        " your hand, face down, to an open port of another Jovan's case, whatever its type.",
        2,
        "investigation",
        "other-port",
        op("plant_evidence"),
    ),
    _legwork(
        "L11",
        "Night Shift",
        "Sleep is for Jovans with pensions. Draw 1 more evidence card.",
        3,
        "investigation",
        "none",
        op("draw_evidence", count=1),
    ),
    _legwork(
        "L12",
        "Favour Called In",
        "An old partner from the Vanguard days still owes you. Draw 2 legwork cards.",
        2,
        "anytime",
        "none",
        op("draw_legwork", count=2),
    ),
    _legwork(
        "L13",
        "Backroom Datajack",
        "Ten minutes in another Jovan's dataslate while he buys noodles. Look at one"
        " evidence card attached to his case.",
        2,
        "anytime",
        "other-evidence",
        op("peek_evidence"),
    ),
    _legwork(
        "L14",
        "Purge Permit",
        "The database wants room and signs off on anything. This turn you may discard any"
        " number of evidence cards.",
        2,
        "investigation",
        "none",
        op("lift_discard_limit"),
    ),
    _legwork(
        "L15",
        "Shakedown",
        "You know where he sleeps and who he sleeps beside. Another Jovan pays you 2 credits.",
        2,
        "investigation",
        "other-seat",
        op("pay", payer="target", payee="holder", amount=2),
    ),
    _legwork(
        "L16",
        "Double Docket",
        "The magistrate owes the arcology a quota. You may bring one more case to court this turn.",
        1,
        "anytime",
        "none",
        op("extra_case"),
    ),
)

SETBACKS: tuple[LegworkCard, ...] = (
    _setback(
        "S01",
        "Transit Lockdown",
        "The monorails stop between tiers. Until the end of the turn nobody draws from an"
        " evidence deck; discard piles and trades remain.",
        1,
        "turn",
        op("forbid", what="evidence-decks"),
    ),
    _setback(
        "S02",
        "Paperwork Storm",
        "Every clue now needs forms in triplicate. Until the end of the turn a Jovan holding"
        " more than 3 evidence cards as the investigation ends may not bring a case to court.",
        1,
        "turn",
        op("hand_limit", delta=-2),
    ),
    _setback(
        "S03",
        "Tier Riots",
        "Smoke in the courthouse vents, jurors sent home early. Every trial roll this turn has"
        " 1 die fewer.",
        2,
        "turn",
        op("turn_dice", delta=-1),
    ),
    _setback(
        "S04",
        "Licence Renewal",
        "The arcology bills every Jovan for the privilege. Each Jovan pays 1 credit to the bank.",
        1,
        "instant",
        op("pay", payer="all", payee="bank", amount=1),
    ),
    _setback(
        "S05",
        "Network Blackout",
        "The feeds go dark across the arcology. Until the end of the turn no legwork card may"
        " add or take trial dice.",
        1,
        "turn",
        op("forbid", what="legwork-dice"),
    ),
    _setback(
        "S06",
        "Emergency Tribunal",
        "Listeners are assigned by decree. Until the end of the turn nobody may take a"
        " hardship to hear a case.",
        1,
        "turn",
        op("forbid", what="volunteer"),
    ),
    _setback(
        "S07",
        "Curfew",
        "Drones over every market. Until the end of the turn no evidence, legwork, murder"
        " card or credit changes hands by trade.",
        1,
        "turn",
        op("forbid", what="trade"),
    ),
    _setback(
        "S08",
        "Data Seizure",
        "Audit bots sweep the Jovans' lockers. Each Jovan discards an evidence card from hand"
        " at random.",
        1,
        "instant",
        op("discard_evidence", who="all", count=1),
    ),
    _setback(
        "S09",
        "Anti-Corruption Sweep",
        "Internal affairs watches every docket. Until the end of the turn every case is heard"
        " by a Listener, whatever was paid.",
        1,
        "turn",
        op("forbid", what="skip-listener"),
    ),
)

HARDSHIPS: tuple[HardshipCard, ...] = (
    HardshipCard(
        "H01",
        "Rent Collector",
        "The block's landlord sends a drone with a taser. Pay 2 credits to the bank.",
        3,
        op("pay", payer="holder", payee="bank", amount=2),
    ),
    HardshipCard(
        "H02",
        "Old Debt",
        "The Jovan on your left lent you bail money once, and remembers. Pay that Jovan 1 credit.",
        2,
        op("pay", payer="holder", payee="left", amount=1),
    ),
    HardshipCard(
        "H03",
        "Sleepless Week",
        "You see the victims when you close your eyes. Your next trial roll has 1 die fewer."
        " Keep this card until that case is closed.",
        3,
        op("seat_dice", delta=-1),
        lasts="case",
    ),
    HardshipCard(
        "H04",
        "Suspended Licence",
        "A complaint sticks for once. Until the end of the turn you may not hear a case,"
        " neither by volunteering nor in turn.",
        3,
        op("no_listening"),
        lasts="turn",
    ),
    HardshipCard(
        "H05",
        "Burned Notebook",
        "A bottle, a lighter, a bad night. Discard an evidence card from your hand at random.",
        3,
        op("discard_evidence", who="holder", count=1),
    ),
    HardshipCard(
        "H06",
        "Chain of Custody",
        "Your own lab loses a sample. Discard one of your attached evidence cards at random.",
        2,
        op("lose_attached"),
    ),
    HardshipCard(
        "H07",
        "Case Reassigned",
        "The arcology hands one of your contracts to a cheaper Jovan. Discard one of your"
        " murder cards at random, with its evidence.",
        2,
        op("lose_murder"),
    ),
    HardshipCard(
        "H08",
        "Pawned Gear",
        "The scanner goes, then the favours. Discard 2 of your legwork cards at random.",
        2,
        op("discard_legwork", count=2),
    ),
    HardshipCard(
        "H09",
        "Frozen Account",
        "The city freezes your licence over a parking fine. Until the end of the turn you may"
        " not attach evidence to your cases.",
        2,
        op("no_attaching"),
        lasts="turn",
    ),
    HardshipCard(
        "H10",
        "Loan Shark",
        "The interest came due while you were on the case. Pay 3 credits to the bank.",
        1,
        op("pay", payer="holder", payee="bank", amount=3),
    ),
    HardshipCard(
        "H11",
        "Internal Affairs",
        "Someone upstairs wants a file reopened. One of your murder cards, at random, may not"
        " go to court this turn.",
        2,
        op("block_case", pick="random"),
        lasts="turn",
    ),
)

LEGWORK_BY_ID: Mapping[str, LegworkCard] = {card.id: card for card in (*LEGWORK, *SETBACKS)}
HARDSHIP_BY_ID: Mapping[str, HardshipCard] = {card.id: card for card in HARDSHIPS}


def legwork_deck() -> tuple[str, ...]:
    """The legwork deck's 50 cards (setbacks included) as catalogue ids, copies repeated."""
    return tuple(card.id for card in (*LEGWORK, *SETBACKS) for _ in range(card.copies))


def hardship_deck() -> tuple[str, ...]:
    """The hardship deck's 25 cards as catalogue ids, copies repeated."""
    return tuple(card.id for card in HARDSHIPS for _ in range(card.copies))


def is_setback(card_id: str) -> bool:
    return LEGWORK_BY_ID[card_id].setback


def _check_catalogue() -> None:
    """Every card's effect, timing, target and lasting fit the vocabulary; ids are unique."""
    cards = (*LEGWORK, *SETBACKS)
    if len(LEGWORK_BY_ID) != len(cards) or len(HARDSHIP_BY_ID) != len(HARDSHIPS):
        raise EffectError("a catalogue id is used twice", code="effect/bad-value")
    for card in cards:
        validate(card.effect)
        if card.timing not in TIMINGS or card.target not in TARGETS or card.lasts == "case":
            raise EffectError(f"{card.id}: bad timing, target or lasts", code="effect/bad-value")
        if card.setback != (card.timing == "drawn") or card.copies < 1:
            raise EffectError(f"{card.id}: a setback and only it is drawn", code="effect/bad-value")
    if len(legwork_deck()) != LEGWORK_DECK or len(hardship_deck()) != HARDSHIP_DECK:
        raise EffectError(
            "the decks hold 50 legwork and 25 hardship cards", code="effect/bad-value"
        )
    for hardship in HARDSHIPS:
        validate(hardship.effect)
        if hardship.lasts not in LASTS or hardship.copies < 1:
            raise EffectError(f"{hardship.id}: bad lasts or copies", code="effect/bad-value")


_check_catalogue()
