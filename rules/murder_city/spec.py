"""What Murder City is, as data: its mode, options, actions, events and endings.

Other modules name actions, events and endings through these enums, never as bare strings. The
data each event carries is listed beside it (``EVENT_DATA``), so narration and clients know the
fields without reading the code that emits them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from rules.core import ModeSpec, OptionSpec, SystemSpec

from .case import SYSTEM_ID


class Mode(StrEnum):
    STANDARD = "standard"


class Phase(StrEnum):
    """Where a game is: a seat's turn in one of them is ``McState.order[McState.at]``."""

    JOVANS = "jovans"  # option jovans=chosen: each seat picks its Jovan, in seat order
    INVESTIGATION = "investigation"
    COURT = "court"
    OVER = "over"


class Stage(StrEnum):
    """The steps of one case in court (``Court.stage``)."""

    HEARING = "hearing"  # the prosecutor may play legwork on its case before a Listener is named
    VOLUNTEERS = "volunteers"  # every other seat commits whether it volunteers to listen
    LISTENING = "listening"  # the Listener challenges, rubber-stamps or endorses
    WINDOW = "window"  # before the roll: seats in initiative order play on the roll or pass


class Benefit(StrEnum):
    """What a voluntary hardship buys (once a turn)."""

    EVIDENCE = "evidence"  # one more evidence draw (or the Strength's pick), own investigation
    LEGWORK = "legwork"  # two legwork cards, own investigation turn
    SWAP = "swap"  # move attached evidence between own cases for the rest of its turn
    LISTENER = "listener"  # hear another seat's case (the volunteers' commit)
    DIE = "die"  # one more trial die, the prosecutor, before the roll


class Verdict(StrEnum):
    """A trial's verdict: a charge of ``case.CHARGES``, or none."""

    MURDER_ONE = "murder-one"
    MANSLAUGHTER = "manslaughter"
    AGGRAVATED_ASSAULT = "aggravated-assault"
    ACQUITTED = "acquitted"


class Act(StrEnum):
    """The action types."""

    CHOOSE_JOVAN = "choose-jovan"  # {jovan}
    DRAW_EVIDENCE = "draw-evidence"  # {deck}: one of the turn's draws (the Weakness costs 1)
    PICK_DISCARD = "pick-discard"  # {card}: the Strength: a draw chosen from its discard pile
    ATTACH = "attach"  # {card, murder}: face down on the open port of its type; +1 credit
    DISCARD_EVIDENCE = "discard-evidence"  # {card}: face up, once a turn
    DRAW_MURDER = "draw-murder"  # one new murder card a turn, at most three held
    EXCHANGE_LEGWORK = "exchange-legwork"  # {cards}: two legwork cards for one, once a turn
    TAKE_HARDSHIP = "take-hardship"  # {benefit}: the voluntary hardship, once a turn
    SWAP_EVIDENCE = "swap-evidence"  # {card, murder}: after the swap benefit
    PLAY_LEGWORK = "play-legwork"  # {card, ...its choices}: through effects (cards.py)
    OFFER_TRADE = "offer-trade"  # through trade.py
    ANSWER_OFFER = "answer-offer"  # through trade.py
    END_INVESTIGATION = "end-investigation"  # the seat's investigation turn is over
    PRESENT = "present"  # {murder, suspect}: bring a case to court
    DECLINE_COURT = "decline-court"  # present nothing this turn (never with a three-card case)
    PROCEED = "proceed"  # the prosecutor, done playing legwork on its case: name the Listener
    VOLUNTEER = "volunteer"  # {listen: bool}: sealed; a volunteer takes a hardship to listen
    CHALLENGE = "challenge"  # {evidence}: the Listener names one attached card by its type
    RUBBER_STAMP = "rubber-stamp"
    ENDORSE = "endorse"
    PASS_WINDOW = "pass-window"  # nothing (more) to do before the roll


class Ev(StrEnum):
    """The event types; ``EVENT_DATA`` lists each one's data."""

    GAME_STARTED = "game-started"
    JOVAN_CHOSEN = "jovan-chosen"
    EVIDENCE_DEALT = "evidence-dealt"
    TURN_STARTED = "turn-started"
    INITIATIVE_ROLLED = "initiative-rolled"
    INITIATIVE_WON = "initiative-won"
    LEGWORK_DRAWN = "legwork-drawn"
    SETBACK_REVEALED = "setback-revealed"
    SETBACKS_ENDED = "setbacks-ended"
    INVESTIGATION_TURN = "investigation-turn"
    EVIDENCE_DRAWN = "evidence-drawn"
    EVIDENCE_PICKED = "evidence-picked"
    EVIDENCE_ATTACHED = "evidence-attached"
    EVIDENCE_DISCARDED = "evidence-discarded"
    MURDER_DRAWN = "murder-drawn"
    LEGWORK_EXCHANGED = "legwork-exchanged"
    HARDSHIP_TAKEN = "hardship-taken"
    EVIDENCE_SWAPPED = "evidence-swapped"
    LEGWORK_PLAYED = "legwork-played"
    CARD_EFFECT = "card-effect"
    TRADE_OFFERED = "trade-offered"
    TRADE_ANSWERED = "trade-answered"
    INVESTIGATION_ENDED = "investigation-ended"
    COURT_BARRED = "court-barred"
    COURT_TURN = "court-turn"
    COURT_PASSED = "court-passed"
    CASE_PRESENTED = "case-presented"
    VOLUNTEERS_ASKED = "volunteers-asked"
    VOLUNTEER_COMMITTED = "volunteer-committed"
    VOLUNTEERS_REVEALED = "volunteers-revealed"
    LISTENER_NAMED = "listener-named"
    STORY_TOLD = "story-told"
    CASE_CHALLENGED = "case-challenged"
    CASE_RUBBER_STAMPED = "case-rubber-stamped"
    CASE_ENDORSED = "case-endorsed"
    WINDOW_OPENED = "window-opened"
    WINDOW_PASSED = "window-passed"
    TRIAL = "trial"
    CASE_CLOSED = "case-closed"
    CREDITS = "credits"
    TURN_ENDED = "turn-ended"
    GAME_ENDED = "game-ended"


#: Each event's data (``Event.data``; ``secret`` fields marked so, for their seat only). No field
#: is called ``type``: ``Event.for_seat`` puts the event's own type there.
EVENT_DATA: Mapping[Ev, str] = {
    Ev.GAME_STARTED: "turns, jovans {seat: jovan}, murders {seat: [murder ids]}, credits",
    Ev.JOVAN_CHOSEN: "seat, jovan",
    Ev.EVIDENCE_DEALT: "seat, types [3 types], count; secret: cards [ids], faces [{card, "
    "evidence_type, colour, value, item}]",
    Ev.TURN_STARTED: "turn, turns",
    Ev.INITIATIVE_ROLLED: "round, rolls {seat: die}: the seats tied for most credits roll",
    Ev.INITIATIVE_WON: "winner, order [seats], credits {seat: balance}",
    Ev.LEGWORK_DRAWN: "seat, count, reason (turn|exchange|hardship|setback|card); "
    "secret: cards [ids]",
    Ev.SETBACK_REVEALED: "seat (who drew it), card: in force until the turn ends",
    Ev.SETBACKS_ENDED: "cards [ids]: discarded to the legwork discard pile",
    Ev.INVESTIGATION_TURN: "seat",
    Ev.EVIDENCE_DRAWN: "seat, deck (type), fee (0|1); secret: card, face {card, evidence_type, "
    "colour, value, item}",
    Ev.EVIDENCE_PICKED: "seat, deck, seen (it lay face up), card (if seen); secret: card, face",
    Ev.EVIDENCE_ATTACHED: "seat, murder, evidence_type (never the colour or value)",
    Ev.EVIDENCE_DISCARDED: "seat, card (face up), evidence_type",
    Ev.MURDER_DRAWN: "seat, murder",
    Ev.LEGWORK_EXCHANGED: "seat, cards [the two discarded, face up]",
    Ev.HARDSHIP_TAKEN: "seat, card, reason (a Benefit, or challenged|endorsed|card), "
    "voluntary, stands (whether the benefit survived the card)",
    Ev.EVIDENCE_SWAPPED: "seat, evidence_type, from (murder), to (murder), swapped (bool: two "
    "traded ports)",
    Ev.LEGWORK_PLAYED: "seat, card, and the card's public choices (effects.py)",
    Ev.CARD_EFFECT: "card, seat, what happened (effects.py, hardship.py)",
    Ev.TRADE_OFFERED: "from, to, the goods (trade.py)",
    Ev.TRADE_ANSWERED: "from, to, accepted (trade.py)",
    Ev.INVESTIGATION_ENDED: "seat, hand (evidence cards held)",
    Ev.COURT_BARRED: "seat, hand, limit: more than the limit in hand as the phase ended",
    Ev.COURT_TURN: "seat",
    Ev.COURT_PASSED: "seat, reason (declined|barred|no-case|forbidden)",
    Ev.CASE_PRESENTED: "seat, murder, suspect, types [attached types, port order]",
    Ev.VOLUNTEERS_ASKED: "prosecutor, seats [asked]",
    Ev.VOLUNTEER_COMMITTED: "seat (never the choice)",
    Ev.VOLUNTEERS_REVEALED: "prosecutor, volunteers [seats], choices {seat: bool}",
    Ev.LISTENER_NAMED: "prosecutor, listener (or null), how (volunteer|left|none)",
    Ev.STORY_TOLD: "prosecutor, listener, murder, name, colour, suspect, "
    "evidence [{type, item}] (a joker's item is one its type has in the murder's colour)",
    Ev.CASE_CHALLENGED: "listener, prosecutor, murder, evidence_type, colour (of the named card), "
    "murder_colour, false (bool), missed (off-colour cards the listener did not name)",
    Ev.CASE_RUBBER_STAMPED: "listener, prosecutor, murder",
    Ev.CASE_ENDORSED: "listener, prosecutor, murder",
    Ev.WINDOW_OPENED: "prosecutor, seats [asked, initiative order]",
    Ev.WINDOW_PASSED: "seat",
    Ev.TRIAL: "prosecutor, listener, murder, dice, parts [{source, amount}: evidence (the sum, "
    "never a card's value), strength, endorsement, hardship, a card id, cards-in-force], "
    "faces [each die], "
    "total, thresholds [{charge, threshold, payout}], verdict, payout",
    Ev.CASE_CLOSED: "prosecutor, murder, reason (challenged|tried|card), evidence (count); "
    "the evidence goes into the discard piles unseen",
    Ev.CREDITS: "seat, amount (signed), reason, balance",
    Ev.TURN_ENDED: "turn",
    Ev.GAME_ENDED: "the outcome: ending, winners, standings",
}


class Ending(StrEnum):
    CONTRACTS_EXPIRED = "contracts-expired"  # the last turn ended: the richest Jovan wins


class Reason(StrEnum):
    """Why credits changed hands (``credits`` events)."""

    ATTACH = "attach"
    WEAKNESS = "weakness"
    LISTENING = "listening"
    CHALLENGE_WON = "challenge-won"
    CHALLENGE_MISSED = "challenge-missed"
    ENDORSED_CONVICTION = "endorsed-conviction"
    CONVICTION = "conviction"
    TRADE = "trade"
    CARD = "card"


MIN_SEATS, MAX_SEATS = 2, 5
TURN_CHOICES = (3, 4, 5, 6, 7, 8, 9, 10)
DEFAULT_TURNS = 6
STARTING_CREDITS = 3
STARTING_MURDERS = 3
MAX_MURDERS = 3
EVIDENCE_DRAWS = 2
EVIDENCE_DISCARDS = 1
HAND_LIMIT = 5  # more than this in hand as the investigation ends: no case this turn
LISTENER_FEE = 1
CHALLENGE_REWARD = 2
ENDORSE_REWARD = 2
ATTACH_REWARD = 1
WEAKNESS_FEE = 1
LEGWORK_EXCHANGE = 2  # cards given for one
TRADE_OFFERS_PER_TURN = 3  # offers a seat may make in its investigation turn (a bound)
LEGWORK_PLAYS_PER_TURN = 8  # legwork cards a seat may play in one turn (a bound on steps)
SWAPS_PER_TURN = 9  # attached cards moved after the swap benefit (one move per port)
ALL_EVIDENCE = 5 * 33  # no seat can discard more evidence than there is
#: How many action forms each of the engine's caches of them keeps: a seat's forms repeat
#: within its turn (hits in 300 four-bot games: 151.9 k of 218 k asks kept 256, 160.6 k kept
#: 8,192), and a large cache, always full, holds tens of thousands of objects that every full
#: collection visits (docs/murder-city.md, "Speed of bot games (2026-12-04, third pass)").
SPECS_KEPT = 256

#: The most steps one seat can take in one turn: its investigation (draws, each card played
#: adding at most one; attaches, each card played freeing at most one port; moves; discards,
#: which a card may unlimit; the new murder, the exchange, the hardship; offers and their
#: answers; legwork; the end) and its court part (each case: present or decline, the hearing,
#: the volunteers' commits, the decision, the window's passes and the bought die; a card played
#: adding at most one case).
SEAT_TURN_STEPS = (
    (EVIDENCE_DRAWS + 1 + LEGWORK_PLAYS_PER_TURN)
    + (9 + LEGWORK_PLAYS_PER_TURN)
    + SWAPS_PER_TURN
    + ALL_EVIDENCE
    + 3
    + 2 * TRADE_OFFERS_PER_TURN
    + LEGWORK_PLAYS_PER_TURN
    + 1
)
COURT_STEPS = (1 + LEGWORK_PLAYS_PER_TURN) * (2 + (MAX_SEATS - 1) + 1 + MAX_SEATS + 1)
TURN_STEPS = MAX_SEATS * (SEAT_TURN_STEPS + COURT_STEPS)

SPEC = SystemSpec(
    id=SYSTEM_ID,
    name="Murder City",
    modes=(
        ModeSpec(
            Mode.STANDARD,
            MIN_SEATS,
            MAX_SEATS,
            "2-5 Jovans gather evidence, bluff with off-colour cards, hear each other's cases "
            "and go to trial; the richest after the last turn wins",
            (
                OptionSpec(
                    "turns",
                    TURN_CHOICES,
                    DEFAULT_TURNS,
                    "how many turns the contracts last (the rulebook plays 6)",
                ),
                OptionSpec(
                    "jovans",
                    ("dealt", "chosen"),
                    "dealt",
                    "Jovans dealt at random, or chosen by each seat in seat order",
                ),
            ),
        ),
    ),
    action_types=tuple(Act),
    has_chance=True,
    has_hidden_information=True,
    summary=(
        "Detectives for hire in an arcology attach evidence face down to their murder cases, "
        "tell the story to a Listener who may challenge it, and roll for the conviction."
    ),
    event_types=tuple(Ev),
    endings=tuple(Ending),
    step_limit=max(TURN_CHOICES) * TURN_STEPS + MAX_SEATS + 1,
    param_prompts={
        "jovan": "Play which Jovan?",
        "deck": "Draw from which evidence deck?",
        "card": "Which card?",
        "cards": "Which cards?",
        "murder": "Which murder card?",
        "benefit": "Take a hardship for what?",
        "suspect": "Accuse which suspect?",
        "listen": "Volunteer to hear the case (taking a hardship)?",
        "evidence": "Which piece of evidence?",
        "seat": "On which Jovan?",
        "port": "Which port?",
        "partner": "Trade with whom?",
        "give_evidence": "Give which evidence?",
        "give_legwork": "Give which legwork cards?",
        "give_murders": "Give which murder card?",
        "give_credits": "Give how many credits?",
        "take_evidence": "Ask for what evidence?",
        "take_legwork": "Ask for how many legwork cards?",
        "take_murders": "Ask for which murder card?",
        "take_credits": "Ask for how many credits?",
        "accept": "Accept the offer?",
        "legwork": "Hand over which legwork cards?",
    },
)
