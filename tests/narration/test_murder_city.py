"""Murder City narration: the prosecutor's court story, the Listener's decision, the trial and
its payouts, every other event, the view summary and the printable case book, in the city's
names and never more than the seat may know.

Hand-made events cover each template's branches; whole games of bots and random moves on
generated cities tell every event to every seat and a spectator, checked against the event's
data and for leaks: a seat's text never names a card it may not know of (another seat's hand,
a face-down card's colour or value).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from generator import registry as generators
from generator.murder_city import CARD_NAMES
from narration import (
    narrate_author_sheet,
    narrate_case,
    narrate_choice,
    narrate_ending,
    narrate_event,
    narrate_view,
    public_glossary,
)
from rules.core import Seat, resolve_options, start
from rules.murder_city.case import COLOURS, EVIDENCE_TYPES, JOKER, SYSTEM_ID, from_envelope
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import SPEC, Ending, Ev
from tests.narration.games import bot_game, told

#: Names as people type them (an apostrophe, an accent, a hyphen), none inside another.
NAMES = ["Zoë O'Hara", "Bram Ostby", "Cy Twombly", "Dee Nakamura", "Eun-ji Park"]
generators.load()

ENVELOPE = generators.generate(SYSTEM_ID, 5, {})
PUBLIC = ENVELOPE["public"]
CITY = from_envelope(ENVELOPE)
GLOSSARY = public_glossary(PUBLIC)

RED = next(m for m in CITY.murders if m.colour == "red")
BLUE = next(m for m in CITY.murders if m.colour == "blue")


def words(evidence_type: str) -> str:
    return evidence_type.replace("-", " ")


def item_of(evidence_type: str, colour: str) -> str:
    return next(
        e.item for e in CITY.evidence if e.type == evidence_type and e.colour == colour and e.item
    )


def tell(event: Mapping[str, Any], names: Sequence[str] = NAMES) -> str:
    return narrate_event(SYSTEM_ID, event, names=names, glossary=GLOSSARY)


def is_untold(text: str, event: Mapping[str, Any]) -> bool:
    """The common fallback (common/untold-event.j2) reads an event's type as words alone."""
    said = event["type"].replace("-", " ")
    return text == f"{said.capitalize()}." or text.endswith(f": {said}.")


# ------------------------------------------------------------------ what a text must say


def expected_phrases(
    event: Mapping[str, Any], names: Sequence[str], glossary: Mapping[str, str]
) -> list[str]:
    """What the text of ``event`` (as one seat sees it) must contain to agree with its data."""
    kind = event["type"]
    found: list[str] = []
    for key in ("seat", "prosecutor", "listener", "winner"):
        if isinstance(event.get(key), int):
            found.append(names[event[key]])
    if isinstance(event.get("murder"), str) and kind != "story-told":
        found.append(glossary[event["murder"]])
    if kind == "game-started":
        found += [glossary[jovan] for jovan in event["jovans"].values()]
        found += [glossary[m] for ms in event["murders"].values() for m in ms]
    elif kind == "jovan-chosen":
        found.append(glossary[event["jovan"]])
    elif kind == "evidence-dealt":
        found += [words(t) for t in event["types"]] + list(event.get("cards", []))
    elif kind in {"turn-started", "turn-ended"}:
        found.append(f"Turn {event['turn']}" if kind == "turn-ended" else f"{event['turn']} of")
    elif kind == "initiative-rolled":
        found += [f"{names[int(s)]} {die}" for s, die in event["rolls"].items()]
    elif kind == "initiative-won":
        found += [names[s] for s in event["order"]]
    elif kind in {"legwork-drawn", "legwork-exchanged", "setbacks-ended"}:
        found += [CARD_NAMES.get(card, card) for card in event.get("cards", [])]
    elif kind in {"setback-revealed", "legwork-played", "hardship-taken", "card-effect"}:
        found.append(CARD_NAMES.get(event["card"], event["card"]))
    elif kind in {"evidence-drawn", "evidence-picked"}:
        found.append(words(event["deck"]))
        if event.get("card"):
            found.append(event["card"])
    elif kind in {"evidence-attached", "evidence-swapped"}:
        found.append(words(event["evidence_type"]))
    elif kind == "evidence-discarded":
        found.append(event["card"])
    elif kind == "case-presented":
        found.append(event["suspect"])
        found += [words(t) for t in event["types"]]
    elif kind == "volunteers-asked":
        found += [names[s] for s in event["seats"]]
    elif kind == "volunteers-revealed":
        found += [names[s] for s in event["volunteers"]] or ["nobody"]
    elif kind == "story-told":
        found += [event["name"], event["suspect"], "Murder One"]
        for piece in event["evidence"]:
            found.append(words(piece["type"]))
            if piece["item"]:
                found.append(piece["item"].lower())
    elif kind == "case-challenged":
        found += [words(event["evidence_type"])]
        found.append("thrown out" if event["false"] else "trial")
    elif kind == "trial":
        if event["dice"]:
            found += [f"{event['dice']} di", f"= {event['total']}"]
            found.append(" + ".join(str(face) for face in event["faces"]))
        else:
            found += ["no dice", "a total of 0"]
        found += [f"at {line['threshold']} pays {line['payout']}" for line in event["thresholds"]]
        if event["verdict"] != "acquitted":
            found.append(f"{event['payout']} credit")
    elif kind == "credits":
        found.append(str(event["balance"]))
        if event["amount"]:
            found.append(f"{abs(event['amount'])} credit")
    elif kind == "trade-offered":
        found += [names[event["from"]], names[event["to"]]]
    elif kind == "game-ended":
        found += [names[s] for s in event["winners"]]
    return found


def check_text(
    event: Mapping[str, Any],
    text: str,
    names: Sequence[str] = NAMES,
    glossary: Mapping[str, str] = GLOSSARY,
) -> None:
    """``text`` tells ``event`` truly, on one line, in its own template's words."""
    assert text and "{{" not in text and "\n" not in text, text
    assert "None" not in text and "undefined" not in text.lower(), text
    assert not is_untold(text, event), text
    for phrase in expected_phrases(event, names, glossary):
        assert phrase in text, (phrase, text, event)


# ------------------------------------------------------------------ every event, by hand

EW, FO, IN, MW, PO = EVIDENCE_TYPES
M1, M2 = RED.id, BLUE.id
STORY: dict[str, Any] = {
    "type": "story-told",
    "actor": 0,
    "prosecutor": 0,
    "listener": 1,
    "murder": M1,
    "name": RED.name,
    "colour": "red",
    "suspect": RED.suspects[0],
    "evidence": [
        {"type": MW, "item": item_of(MW, "yellow"), "joker": False},
        {"type": FO, "item": item_of(FO, "red"), "joker": False},
        {"type": PO, "item": "", "joker": True},
    ],
}
#: The rulebook's worked trial: "The sum of the Evidence card values (3, 1 and 1) is 5, plus a
#: die for the Listener's endorsement ... an additional die for the Murder Weapon ... another
#: Jovan uses a Legwork card on you which subtracts 1 die ... Your roll - 1, 3, 3, 4, 4 and 5 -
#: totals 20. This number exactly matches the number needed for a conviction for Murder One."
TRIAL: dict[str, Any] = {
    "type": "trial",
    "actor": 0,
    "prosecutor": 0,
    "listener": 1,
    "murder": M1,
    "dice": 6,
    "parts": [
        {"source": "evidence:forensics", "amount": 1},
        {"source": "evidence:murder-weapon", "amount": 3},
        {"source": "evidence:professional-opinion", "amount": 1},
        {"source": "strength", "amount": 1},
        {"source": "endorsement", "amount": 1},
        {"source": "L03", "amount": -1},
    ],
    "faces": [1, 3, 3, 4, 4, 5],
    "total": 20,
    "thresholds": [
        {"charge": "murder-one", "threshold": 20, "payout": 6},
        {"charge": "manslaughter", "threshold": 16, "payout": 4},
        {"charge": "aggravated-assault", "threshold": 12, "payout": 2},
    ],
    "verdict": "murder-one",
    "payout": 6,
}


def _effect(what: str, **data: Any) -> dict[str, Any]:
    return {"type": "card-effect", "actor": 2, "card": "L05", "seat": 2, "what": what, **data}


HAND_MADE: list[dict[str, Any]] = [
    {"type": "game-started", "actor": None, "turns": 6, "jovans": {"0": "J1", "1": "J2"},
     "murders": {"0": [M1], "1": [M2]}, "credits": 3},
    {"type": "jovan-chosen", "actor": 1, "seat": 1, "jovan": "J3"},
    {"type": "evidence-dealt", "actor": 0, "seat": 0, "types": [EW, FO, MW], "count": 3},
    {"type": "evidence-dealt", "actor": 0, "seat": 0, "types": [EW, FO, MW], "count": 3,
     "cards": ["EW01", "FO02", "MW03"]},
    {"type": "turn-started", "actor": None, "turn": 2, "turns": 6},
    {"type": "turn-started", "actor": None, "turn": 6, "turns": 6},
    {"type": "initiative-rolled", "actor": None, "round": 1, "rolls": {"0": 6, "2": 6}},
    {"type": "initiative-rolled", "actor": None, "round": 2, "rolls": {"0": 2, "2": 5}},
    {"type": "initiative-won", "actor": 2, "winner": 2, "order": [2, 0, 1],
     "credits": {"0": 3, "1": 3, "2": 3}},
    {"type": "legwork-drawn", "actor": 1, "seat": 1, "count": 1, "reason": "turn"},
    {"type": "legwork-drawn", "actor": 1, "seat": 1, "count": 2, "reason": "hardship",
     "cards": ["L01", "L03"]},
    {"type": "legwork-drawn", "actor": 1, "seat": 1, "count": 0, "reason": "card", "cards": []},
    {"type": "setback-revealed", "actor": 0, "seat": 0, "card": "S01"},
    {"type": "setbacks-ended", "actor": None, "cards": ["S01", "S02"]},
    {"type": "investigation-turn", "actor": 0, "seat": 0},
    {"type": "evidence-drawn", "actor": 0, "seat": 0, "deck": FO, "fee": 0},
    {"type": "evidence-drawn", "actor": 0, "seat": 0, "deck": FO, "fee": 1, "card": "FO07"},
    {"type": "evidence-picked", "actor": 0, "seat": 0, "deck": IN, "seen": True, "card": "IN04"},
    {"type": "evidence-picked", "actor": 0, "seat": 0, "deck": IN, "seen": False},
    {"type": "evidence-attached", "actor": 0, "seat": 0, "murder": M1, "evidence_type": MW},
    {"type": "evidence-discarded", "actor": 0, "seat": 0, "card": "PO09", "evidence_type": PO},
    {"type": "murder-drawn", "actor": 1, "seat": 1, "murder": M2},
    {"type": "legwork-exchanged", "actor": 1, "seat": 1, "cards": ["L01", "L02"]},
    {"type": "hardship-taken", "actor": 1, "seat": 1, "card": "H01", "reason": "evidence",
     "voluntary": True, "stands": True},
    {"type": "hardship-taken", "actor": 1, "seat": 1, "card": "H02", "reason": "listener",
     "voluntary": True, "stands": False},
    {"type": "hardship-taken", "actor": 1, "seat": 1, "card": "H03", "reason": "challenged",
     "voluntary": False, "stands": True},
    {"type": "evidence-swapped", "actor": 0, "seat": 0, "evidence_type": EW, "from": M1,
     "to": M2, "swapped": True},
    {"type": "legwork-played", "actor": 2, "seat": 0, "card": "L03"},
    {"type": "legwork-played", "actor": 2, "seat": 0, "card": "L05", "murder": M1, "port": FO},
    _effect("trial-dice", delta=-2, prosecutor=0),
    _effect("straight-to-trial"),
    _effect("bribe-void", prosecutor=0),
    _effect("extra-case"),
    _effect("case-blocked", murder=M1),
    _effect("evidence-removed", owner=0, murder=M1, evidence_type=EW, to="discard"),
    _effect("evidence-switched", murder=M1, evidence_type=EW),
    _effect("evidence-planted", owner=0, murder=M1, evidence_type=EW),
    _effect("evidence-seen", owner=0, murder=M1, evidence_type=EW),
    _effect("evidence-seen", owner=0, murder=M1, evidence_type=EW, evidence="EW05",
            colour="green", value=3),
    _effect("evidence-draws", count=1),
    _effect("discards-unlimited"),
    _effect("legwork-discarded", cards=["L01"]),
    _effect("hardship-ended"),
    {"type": "trade-offered", "actor": 0, "from": 0, "to": 1,
     "give": {"evidence": ["eyewitness/green"], "legwork": 1, "murders": [M1], "credits": 2},
     "take": {"evidence": ["forensics/joker"], "legwork": 0, "murders": [], "credits": 0}},
    {"type": "trade-answered", "actor": 1, "from": 0, "to": 1, "accepted": False},
    {"type": "trade-answered", "actor": 1, "from": 0, "to": 1, "accepted": True,
     "to_partner": {"evidence": ["EW02"], "legwork": ["L01"]},
     "to_proposer": {"evidence": ["FO31"], "legwork": []}},
    {"type": "investigation-ended", "actor": 0, "seat": 0, "hand": 4},
    {"type": "court-barred", "actor": 1, "seat": 1, "hand": 7, "limit": 5},
    {"type": "court-turn", "actor": 0, "seat": 0},
    *({"type": "court-passed", "actor": 1, "seat": 1, "reason": reason}
      for reason in ("declined", "barred", "no-case", "forbidden")),
    {"type": "case-presented", "actor": 0, "seat": 0, "murder": M1, "suspect": RED.suspects[0],
     "types": [FO, MW]},
    {"type": "volunteers-asked", "actor": 0, "prosecutor": 0, "seats": [1, 2]},
    {"type": "volunteer-committed", "actor": 2, "seat": 2},
    {"type": "volunteers-revealed", "actor": 0, "prosecutor": 0, "volunteers": [2],
     "choices": {"1": False, "2": True}},
    {"type": "volunteers-revealed", "actor": 0, "prosecutor": 0, "volunteers": [],
     "choices": {"1": False, "2": False}},
    {"type": "listener-named", "actor": 0, "prosecutor": 0, "listener": 2, "how": "volunteer"},
    {"type": "listener-named", "actor": 0, "prosecutor": 0, "listener": 1, "how": "left"},
    {"type": "listener-named", "actor": 0, "prosecutor": 0, "listener": None, "how": "none"},
    STORY,
    {**STORY, "listener": None, "evidence": []},
    {"type": "case-challenged", "actor": 1, "listener": 1, "prosecutor": 0, "murder": M1,
     "evidence_type": MW, "colour": "yellow", "murder_colour": "red", "false": True,
     "missed": 0},
    {"type": "case-challenged", "actor": 1, "listener": 1, "prosecutor": 0, "murder": M1,
     "evidence_type": FO, "colour": "red", "murder_colour": "red", "false": False,
     "missed": 1},
    {"type": "case-challenged", "actor": 1, "listener": 1, "prosecutor": 0, "murder": M1,
     "evidence_type": PO, "colour": JOKER, "murder_colour": "red", "false": False,
     "missed": 0},
    {"type": "case-rubber-stamped", "actor": 1, "listener": 1, "prosecutor": 0, "murder": M1},
    {"type": "case-endorsed", "actor": 1, "listener": 1, "prosecutor": 0, "murder": M1},
    {"type": "window-opened", "actor": 0, "prosecutor": 0, "seats": [0, 2]},
    {"type": "window-passed", "actor": 2, "seat": 2},
    TRIAL,
    {**TRIAL, "faces": [1, 1, 2, 1, 2, 1], "total": 8, "verdict": "acquitted", "payout": 0},
    {**TRIAL, "dice": 0, "parts": [{"source": "L03", "amount": -1}], "faces": [], "total": 0,
     "verdict": "acquitted", "payout": 0},
    *({"type": "case-closed", "actor": 0, "prosecutor": 0, "murder": M1, "reason": reason,
       "evidence": 2} for reason in ("challenged", "tried", "card")),
    *({"type": "credits", "actor": 1, "seat": 1, "amount": amount, "reason": reason,
       "balance": 4}
      for amount, reason in [(1, "attach"), (-1, "weakness"), (1, "listening"),
                             (2, "challenge-won"), (-2, "challenge-missed"),
                             (2, "endorsed-conviction"), (6, "conviction"), (-3, "trade"),
                             (3, "trade"), (-2, "card"), (0, "card")]),
    {"type": "turn-ended", "actor": None, "turn": 3},
    {"type": "game-ended", "actor": None, "ending": "contracts-expired", "winners": [1],
     "standings": [{"seat": 1, "rank": 1, "score": 30.0}, {"seat": 0, "rank": 2, "score": 12.0}],
     "solution": None},
    {"type": "game-ended", "actor": None, "ending": "contracts-expired", "winners": [0, 1],
     "standings": [{"seat": 0, "rank": 1, "score": 9.0}, {"seat": 1, "rank": 1, "score": 9.0}],
     "solution": None},
]  # fmt: skip


@pytest.mark.parametrize("event", HAND_MADE, ids=lambda event: event["type"])
def test_each_branch_names_what_its_data_names(event: dict[str, Any]) -> None:
    check_text(event, tell(event))


def test_the_hand_made_events_are_every_event_type_of_the_spec() -> None:
    assert {event["type"] for event in HAND_MADE} == set(SPEC.event_types)


def test_every_hand_made_event_is_told_in_the_city_s_own_words() -> None:
    """Each event type is told in the city's own words, not the common fallback (that each has
    a template at all, tests/narration/test_events.py checks for every system)."""
    for event in HAND_MADE:
        assert not is_untold(tell(event), event), event


def test_an_event_is_told_in_more_than_one_way_and_always_the_same_way() -> None:
    """A long game should not read like a form; a replay reads as it did."""
    varied = {"investigation-turn", "murder-drawn", "evidence-attached", "case-rubber-stamped",
              "window-passed", "court-turn", "turn-started"}  # fmt: skip
    for event in HAND_MADE:
        if event["type"] not in varied:
            continue
        texts = [tell({**event, "seat": seat, "actor": seat}) for seat in range(5)]
        assert texts == [tell({**event, "seat": seat, "actor": seat}) for seat in range(5)]
        turns = [tell({**event, "turn": turn}) for turn in range(1, 6)]
        wordings = {t.replace(NAMES[s], "X") for s, t in enumerate(texts)} | set(turns)
        assert len(wordings) > 2, event


# ------------------------------------------------------------------ the court story


def test_the_story_weaves_the_murder_the_suspect_and_each_card_in_the_dead_parent_way() -> None:
    """ "You must join the text of your Evidence cards and the corresponding Murder card into a
    story, explaining how the Evidence is involved in the murder and what proves the defendant's
    guilt ... you must also describe the types of evidence presented": the murder's name, the
    suspect chosen, each item in a sentence of its type, the types named."""
    text = tell(STORY)
    assert text.startswith(f"{NAMES[0]} tells {NAMES[1]} the story of {RED.name}")
    assert RED.suspects[0] in text
    for piece in STORY["evidence"][:2]:
        assert str(piece["item"]).lower() in text
    assert "The evidence: murder weapon, forensics and professional opinion." in text
    assert "professional opinion of" in text or "expert" in text or "consulted" in text


def _invented_pools() -> set[str]:
    """The joker details the templates may invent: every wording over many cases."""
    found = set()
    for number in range(60):
        story = {**STORY, "murder": f"M{number:02}", "prosecutor": number % 5}
        text = tell(story)
        found.add(text)
    return found


def test_a_joker_gets_an_invented_detail_and_the_story_never_says_so() -> None:
    """ "Jokers do not provide lists of items ... It is up to you, the accusing Jovan, to decide
    which details best fit the charge": the joker's piece names a detail no deck holds, in the
    same words as an item, and the Listener never hears that it is a joker."""
    items = {e.item.lower() for e in CITY.evidence if e.item}
    only_joker = {**STORY, "evidence": [{"type": PO, "item": "", "joker": True}]}
    for number in range(40):
        text = tell({**only_joker, "murder": f"M{number:02}"})
        assert not re.search(r"\b(joker|wild|invent\w*)\b", text, re.IGNORECASE), text
        said = text.split('"')[1]
        assert "the " in said and not any(item in said.lower() for item in items), said
    assert len(_invented_pools()) > 10


def test_the_story_tells_no_colour_and_no_value() -> None:
    """ "You do not show the Listener the colour or value of your Evidence cards.\""""
    for murder in CITY.murders:
        pieces = [
            {"type": e.type, "item": e.item, "joker": e.colour == JOKER}
            for e in CITY.evidence
            if e.type in murder.needs and e.id.endswith(murder.id[-1])
        ][:3]
        story = {**STORY, "murder": murder.id, "name": murder.name, "colour": murder.colour,
                 "suspect": murder.suspects[-1], "evidence": pieces}  # fmt: skip
        text = tell(story)
        told = text
        for known in [murder.name, murder.suspects[-1], *(p["item"] for p in pieces)]:
            told = re.sub(re.escape(str(known)), "", told, flags=re.IGNORECASE)
        for colour in COLOURS:
            assert not re.search(rf"\b{colour}\b", told, re.IGNORECASE), (colour, text)
        assert not re.search(r"\b(worth|value|[123] dice?)\b", told), text


def test_the_story_without_a_listener_or_evidence_still_reads() -> None:
    """ "If for some reason you cannot find a Listener ... the case automatically appears before
    the judge and jury"; "you may bring a case to court with any number of Evidence cards\""""
    text = tell({**STORY, "listener": None, "evidence": []})
    assert "no Listener to hear it" in text and "No evidence is attached." in text


def test_a_setback_is_read_aloud_and_a_hardship_says_what_it_does() -> None:
    """ "Any time you draw a Setback card from the Legwork deck, you must read its text aloud":
    the setback's name and its rules text; a hardship's too, and whether it cancelled the
    benefit it was taken for ("a Hardship card cancels the reward you received for drawing
    it")."""
    setback = tell({"type": "setback-revealed", "actor": 0, "seat": 0, "card": "S01"})
    assert CARD_NAMES["S01"] in setback and CARD_NAMES["S01:text"] in setback
    cancelled = [e for e in HAND_MADE if e["type"] == "hardship-taken" and not e["stands"]]
    text = tell(cancelled[0])
    assert CARD_NAMES["H02:text"] in text and "cancels the reward" in text


# ------------------------------------------------------------------ the Listener and the trial


def test_a_challenge_tells_the_named_card_s_colour_and_its_consequence() -> None:
    """ "If the colour of the Evidence card he chose does not match the colour of the Murder card,
    your case will never be presented to the court ... if the Listener chose an Evidence card
    whose colour matches ... your case goes to court. The Listener loses 1 credit for each
    Evidence card ... which escaped his check ... (The joker in this case counts as a red
    card.)\""""
    false, genuine, joker = (e for e in HAND_MADE if e["type"] == "case-challenged")
    text = tell(false)
    assert "yellow" in text and "red" in text and "thrown out" in text
    text = tell(genuine)
    assert "holds up" in text and "1 off-colour card slipped past" in text
    text = tell(joker)
    assert "a joker, which fits any murder" in text and "trial" in text


def test_the_worked_trial_reads_its_dice_thresholds_and_verdict() -> None:
    """The rulebook's trial: "Overall your number of dice is 6 (3+1+1+1+1-1). Your roll - 1, 3,
    3, 4, 4 and 5 - totals 20 ... Murder One" and "6 credits for Murder One".
    The evidence's dice are told as one sum, never card by card."""
    text = tell(TRIAL)
    assert "rolls 6 dice" in text
    assert "5 for the evidence" in text and "+1 for the Jovan's strength" in text
    assert "+1 for the endorsement" in text
    assert f"-1 for {CARD_NAMES.get('L03', 'L03')}" in text
    assert "1 + 3 + 3 + 4 + 4 + 5 = 20" in text
    assert (
        "Murder One at 20 pays 6; Manslaughter at 16 pays 4; Aggravated Assault at 12 pays 2"
        in text
    )
    assert "The verdict: Murder One, for 6 credits." in text
    assert not re.search(r"\b3 for\b|evidence:", text), text
    acquitted = tell({**TRIAL, "faces": [1, 1, 2, 1, 2, 1], "total": 8, "verdict": "acquitted"})
    assert "= 8" in acquitted and "verdict: " not in acquitted
    assert "acquitted" in acquitted or "walks" in acquitted


def test_every_credit_reason_is_worded_and_each_differently() -> None:
    """Every change of a balance says why, in words."""
    events = [e for e in HAND_MADE if e["type"] == "credits"]
    texts = [tell(e) for e in events]
    for event, text in zip(events, texts, strict=True):
        assert "-" not in event["reason"] or event["reason"] not in text, text
    stripped = {re.sub(r"\d+", "N", t.split(" credit", 1)[-1]) for t in texts}
    assert len(stripped) >= len({e["reason"] for e in events}), texts


# ------------------------------------------------------------------ endings


@pytest.mark.parametrize("ending", [ending.value for ending in Ending])
def test_every_ending_is_told_from_the_event_and_from_the_outcome(ending: str) -> None:
    """ "The player with the most credits ... is declared the winner": the winners and every
    Jovan's credits, from the rules' event and from an outcome as data alike."""
    standings = [{"seat": 2, "rank": 1, "score": 31.0}, {"seat": 0, "rank": 2, "score": 17.0}]
    outcome = {"ending": ending, "winners": [2], "standings": standings, "solution": None}
    told = narrate_ending(SYSTEM_ID, outcome, names=NAMES, glossary=GLOSSARY)
    assert told == tell({"type": "game-ended", "actor": None, **outcome})
    assert "richest" in told and NAMES[2] in told and "31 credits" in told, told
    assert "17 credits" in told and "\n" not in told


# ------------------------------------------------------------------ views and choices


def _views(seed: int = 2, steps: int = 60) -> tuple[Any, Any, list[dict[str, Any]]]:
    seats = [Seat(name, bot=True) for name in NAMES[:3]]
    options = resolve_options(SPEC.modes[0].options, {"turns": 3})
    case, state = start(SYSTEM, ENVELOPE, seats, "standard", seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        actor = sorted(SYSTEM.to_act(case, state))[0]
        legal = SYSTEM.legal_actions(case, state, actor)
        state, _ = SYSTEM.apply(case, state, actor, SYSTEM.bot_choose(
            SYSTEM.view(case, state, actor), legal, rng))  # fmt: skip
    return case, state, [SYSTEM.view(case, state, seat) for seat in [0, 1, 2, None]]


def summary(view: Mapping[str, Any]) -> str:
    text = narrate_view(SYSTEM_ID, view, names=NAMES[:3], glossary=GLOSSARY)
    assert text and "{{" not in text and "None" not in text, text
    return text


def test_a_seat_reads_its_own_cards_faces_and_only_the_types_of_others() -> None:
    """ "These cards are kept in your hand, secret from the other players"; "Always place
    Evidence cards face down": a seat reads its hand's and its own cases' faces; of another's
    cases only which ports are filled."""
    case, state, views = _views()
    for seat in range(3):
        text = summary(views[seat])
        assert text.startswith(f"You are {NAMES[seat]}, playing ")
        for card in state.evidence.cards_of(seat):
            face = CITY.evidence_by_id[card]
            assert f"({card})" in text and (face.item in text or face.colour == JOKER)
        for held in state.desks[seat].cases:
            for card in held.ports.values():
                assert f"({card})" in text, (card, text)
        for card in hidden_from(state, seat):
            assert card not in text, (card, text)
    spectator = summary(views[3])
    assert not [card for card in hidden_from(state, None) if card in spectator]
    assert "You are" not in spectator and "Your evidence" not in spectator
    assert all(name in spectator for name in NAMES[:3])


def test_a_seat_reads_the_face_up_pile_its_strength_picks_from() -> None:
    """ "Instead of randomly drawing an Evidence card from the deck, you may look through the
    discard pile and choose one card": the faces of that pile's face-up cards."""
    _, _, views = _views()
    view = views[0]
    jovan = CITY.jovan_by_id[view["seats"][0]["jovan"]]
    card = next(e for e in CITY.evidence if e.type == jovan.strength_pick and e.colour != JOKER)
    decks = {**view["evidence_decks"]}
    decks[jovan.strength_pick] = {**decks[jovan.strength_pick], "discard": [card.id]}
    text = summary({**view, "evidence_decks": decks})
    assert f"Face up on the {words(jovan.strength_pick)} discard pile, yours to pick from: " in text
    assert f"{card.item}, {card.colour}, worth {card.value} ({card.id})" in text
    assert "yours to pick from" not in summary(views[3])


def test_a_seat_reads_what_it_alone_saw() -> None:
    """The Backroom Datajack: "Look at one evidence card attached to his case"; the Strength:
    "you may look through the discard pile and choose one card". What the seat saw and is still
    true (its view's "seen") reads with the cards' faces, to that seat only."""
    _, state, views = _views()
    murder = state.desks[1].cases[0].murder
    peeked = next(e for e in CITY.evidence if e.colour != JOKER)
    unseen = next(e for e in CITY.evidence if e.colour != JOKER and e.id != peeked.id)
    seen = {
        "attached": [
            {
                "owner": 1,
                "murder": murder,
                "type": peeked.type,
                "evidence": peeked.id,
                "colour": peeked.colour,
                "value": peeked.value,
                "item": peeked.item,
                "joker": False,
            }
        ],
        "piles": {unseen.type: [unseen.id]},
    }
    text = summary({**views[0], "seen": seen})
    assert f"You looked at {NAMES[1]}'s " in text
    assert f"{peeked.item}, {peeked.colour}, worth {peeked.value} ({peeked.id})" in text
    assert f"You looked through the {words(unseen.type)} discard pile" in text
    assert f"{unseen.item}, {unseen.colour}, worth {unseen.value} ({unseen.id})" in text
    assert "You looked" not in summary({**views[0], "seen": {"attached": [], "piles": {}}})


def test_choices_read_as_what_they_mean() -> None:
    _, state, views = _views()
    view = views[0]

    def label(param: str, value: Any) -> str:
        return narrate_choice(SYSTEM_ID, param, value, view=view, names=NAMES, glossary=GLOSSARY)

    assert label("deck", "murder-weapon") == "murder weapon"
    assert label("murder", RED.id).startswith(f"{RED.name} ({RED.id}, red; needs ")
    assert label("partner", 1) == NAMES[1] and label("seat", "2") == NAMES[2]
    assert label("take_evidence", "forensics/blue") == "blue forensics"
    assert label("give_credits", 1) == "1 credit" and label("take_legwork", 2) == "2 legwork cards"
    assert label("benefit", "die") == "one more trial die"
    assert label("card", "L01") == f"{CARD_NAMES['L01']}: {CARD_NAMES['L01:text']}"
    assert label("listen", True) == "yes" and label("listen", False) == "no"
    assert label("jovan", "J1").startswith(CITY.jovan_by_id["J1"].name)
    card = CITY.evidence[0]
    assert label("card", card.id) == f"{words(card.type)}: {card.item}, {card.colour}, worth " \
        f"{card.value} ({card.id})"  # fmt: skip


# ------------------------------------------------------------------ the case book


def _book(envelope: Mapping[str, Any]) -> str:
    text = narrate_case(SYSTEM_ID, envelope["public"])
    assert text is not None and "{{" not in text and "None" not in text
    return text


@pytest.mark.parametrize("seed", range(2))
def test_the_case_book_prints_every_murder_card_and_every_evidence_card(seed: int) -> None:
    """A table could print the city: every murder card with its needs, suspects and charges;
    every evidence card of every deck, its colour, value and item ("All jokers are marked
    '1'"); the five Jovans with their strengths and weaknesses."""
    envelope = generators.generate(SYSTEM_ID, seed, {})
    city = from_envelope(envelope)
    text = _book(envelope)
    assert text.startswith(city.name.upper())
    headings = [text.index(f"\n{colour.upper()}\n") for colour in COLOURS]
    assert headings == sorted(headings)  # the colours in the rules' order
    for murder in city.murders:
        block = text.split(f"  {murder.id}  {murder.name}\n", 1)[1].split("\n  M", 1)[0]
        assert "needs: " + ", ".join(words(t) for t in murder.needs[:2]) in block
        assert "; ".join(murder.suspects) in block
        for charge in murder.charges:
            assert f"{charge.threshold}/{charge.payout}" in block
    lines = set(text.splitlines())
    for card in city.evidence:
        if card.colour == JOKER:
            assert any(line.startswith(f"  {card.id} joker   1") for line in lines), card
        else:
            assert f"  {card.id} {card.colour:<7} {card.value}  {card.item}" in lines, card
    for jovan in city.jovans:
        assert f"  {jovan.id}  {jovan.name}, {jovan.title}" in lines
        assert f"weakness: pays 1 credit to draw a{'n' if jovan.weakness[0] in 'aeiou' else ''}" \
            f" {words(jovan.weakness)} card" in text  # fmt: skip


def test_the_author_sheet_gives_each_charge_s_exact_chance() -> None:
    """The rating's exact counts of every roll, as percentages for 3 to 12 dice."""
    sheet = narrate_author_sheet(SYSTEM_ID, ENVELOPE)
    assert sheet is not None and CITY.name in sheet and "{{" not in sheet
    rating = ENVELOPE["rating"]
    murder = CITY.murders[0]
    ways = rating["charges"][murder.id]["ways"]["murder-one"]
    dice = rating["dice"]
    row = next(line for line in sheet.splitlines() if line.strip().startswith(
        f"Murder One {murder.charges[0].threshold}/{murder.charges[0].payout}"))  # fmt: skip
    cells = [float(cell.rstrip("%")) for cell in row.split()[3:]]
    expected = [100 * count / 6**n for count, n in zip(ways, dice, strict=True)]
    assert cells == pytest.approx(expected, abs=0.051)


def test_the_casebook_command_prints_the_case_book() -> None:
    """`casebook generate murder-city --format text` prints the introduction and the sheet."""
    import io

    from api.commands.generate import run

    out, err = io.StringIO(), io.StringIO()
    run(SYSTEM_ID, seed=5, count=1, options={}, fmt="text", output=None, stdout=out, stderr=err)
    text = out.getvalue()
    assert CITY.name.upper() in text and "THE EVIDENCE DECKS" in text and "THE ODDS" in text


# ------------------------------------------------------------------ whole games


def test_no_event_data_overwrites_the_event_type() -> None:
    """An event's own type must survive ``for_seat``: no data field may be called "type"."""
    seats = [Seat(name, bot=True) for name in NAMES[:3]]
    options = resolve_options(SPEC.modes[0].options, {"turns": 3})
    case, state = start(SYSTEM, ENVELOPE, seats, "standard", seed=1, options=options)
    rng = random.Random(1)
    for _ in range(SPEC.step_limit):
        if SYSTEM.result(case, state) is not None:
            break
        actor = sorted(SYSTEM.to_act(case, state))[0]
        legal = SYSTEM.legal_actions(case, state, actor)
        action = SYSTEM.bot_choose(SYSTEM.view(case, state, actor), legal, rng)
        state, events = SYSTEM.apply(case, state, actor, action)
        for event in events:
            assert "type" not in event.data, event


def _known(text: str, shown: Mapping[str, Any]) -> None:
    """No evidence card is named that the event as this seat sees it does not name."""
    data = json.dumps(shown)
    for card in re.findall(r"\b(?:EW|FO|IN|MW|PO)\d\d\b", text):
        assert card in data, (card, text, shown)
    for colour in COLOURS:
        if re.search(rf"\b{colour}\b", text) and colour not in data:
            named = [e.item for e in CITY.evidence] + [m.name for m in CITY.murders]
            assert any(colour in n.lower() for n in named), (colour, text, shown)


def hidden_from(state: Any, seat: int | None) -> list[str]:
    """The evidence ``seat`` may not see: every other seat's hand and attached cards (but an
    attached card it looked at with a Backroom Datajack, which its view keeps)."""
    peeked = {peek.evidence for peek in state.peeks if peek.seat == seat}
    return [
        card
        for other in range(len(state.seats))
        if other != seat
        for card in [
            *state.evidence.cards_of(other),
            *(port for case in state.desks[other].cases for port in case.ports.values()),
        ]
        if card not in peeked
    ]


def play_and_check(
    count: int,
    seed: int,
    envelope: Mapping[str, Any] = ENVELOPE,
    jovans: str = "dealt",
    bots: float = 0.8,
) -> set[str]:
    """A game of bots (now and then a random move, or only random moves with ``bots`` 0):
    every event told to every seat and to a
    spectator, checked against its data and for leaks; every seat's view told now and then; the
    event types seen."""
    glossary = public_glossary(envelope["public"])
    names = NAMES[:count]
    chosen = {"turns": 3 + seed % 2, "jovans": jovans}
    options = resolve_options(SPEC.modes[0].options, chosen)
    seats = [Seat(name, bot=True) for name in names]
    case, state = start(SYSTEM, envelope, seats, "standard", seed=seed, options=options)
    seen: set[str] = set()
    for step in bot_game(SYSTEM, case, state, random.Random(seed), bots=bots):
        state = step.after
        if step.number % 25 == 0:
            for other in [*range(count), None]:
                text = narrate_view(
                    SYSTEM_ID, SYSTEM.view(case, step.before, other), names=names, glossary=glossary
                )
                assert text and "{{" not in text and "None" not in text, text
                hidden = hidden_from(step.before, other)
                assert not [card for card in hidden if f"({card})" in text], text
        if step.number % 10 == 0:  # every choice the seat has reads as words
            for spec in step.legal:
                for param in spec.params:
                    for value in spec.choices(param):
                        label = narrate_choice(
                            SYSTEM_ID, param, value, view=step.view, names=names, glossary=glossary
                        )
                        assert label and "{{" not in label and "None" not in label, label
        for event in step.events:
            seen.add(event.type)
            for _, shown in told(event, count):
                text = narrate_event(SYSTEM_ID, shown, names=names, glossary=glossary)
                check_text(shown, text, names, glossary)
                if shown["type"] == Ev.TRIAL:  # the evidence's dice as one sum, no card's value
                    parts = [p["amount"] for p in shown["parts"] if p["source"].startswith("evi")]
                    assert not parts or f"({sum(parts)} for the evidence" in text, text
                _known(text, shown)
    assert SYSTEM.result(case, state) is not None
    return seen


@pytest.mark.parametrize(("count", "seed"), [(2, 0), (3, 1), (4, 2), (5, 3)])
def test_whole_games_are_told_truly_to_every_seat(count: int, seed: int) -> None:
    play_and_check(count, seed)


def test_a_game_of_random_moves_is_told_truly() -> None:
    play_and_check(3, 9, bots=0.0)


def test_games_tell_the_court_every_time() -> None:
    """Over a few games the court's events all come up and are told: the story, each decision,
    the trial and the payouts."""
    seen: set[str] = set()
    for seed in range(4, 7):
        seen |= play_and_check(3 + seed % 3, seed)
    court = {Ev.STORY_TOLD, Ev.CASE_RUBBER_STAMPED, Ev.TRIAL, Ev.CASE_CLOSED, Ev.CREDITS,
             Ev.LISTENER_NAMED, Ev.CASE_PRESENTED, Ev.GAME_ENDED}  # fmt: skip
    assert court <= seen, sorted(court - seen)


def test_games_on_other_generated_cities_are_told() -> None:
    for seed in (11, 12):
        play_and_check(3, seed, generators.generate(SYSTEM_ID, seed, {}))


def test_a_game_with_jovans_chosen_is_told() -> None:
    """ "These cards may be dealt at random, or each player may choose the Jovan they like.\""""
    assert Ev.JOVAN_CHOSEN in play_and_check(4, 8, jovans="chosen")
