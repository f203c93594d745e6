"""When the simple bot plays a Force Card, and how it uses what a card showed it.

From its own view only. A card is played when it helps the bot's plan (``bot.py``: take a clue
action here, else drive to the nearest one): a look at the token under the car before a
stakeout or search (Tip-Off, Lab Rush), an hour off a 2-hour clue action (Shortcut), a second
action while one is at hand (Double Shift), either time of day for a token under the car
(Overtime), free blocks before a drive (Squad Car), a mobster moved onto its block to catch an
informant or witness there (Shadow Detail), a reprieve from the Mobster Roll while two or
more events are active (Roadblock names a 6), an Interrogate whenever one would look at a hand
(Anonymous Call), Warrant or Dragnet when they take an event's crew or thin a crowded city of
mobsters the bot has no clue to catch from, and Steady Hand before a Call for Backup an event
needs (``bot_events.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec

from . import bot_events
from .spec import Act

#: Clue actions that cost two hours (Shortcut takes one off).
TWO_HOUR_CLUES = frozenset(
    {Act.SEARCH_SCENE, Act.CATCH_INFORMANT, Act.CATCH_WITNESS, Act.BRING_IN_FOR_HOLDING}
)
CLUES = TWO_HOUR_CLUES | {Act.STAKEOUT}
REPRIEVE = 6  # a die showing 6 names no block
EVENTS_TO_BLOCK = 2  # active events from which a reprieve is worth a card
#: mobsters in the city from which Warrant or Dragnet thins them out (each one a Mobster Roll
#: may land on, drawing an event)
CROWDED = 6
WARRANT, DRAGNET, STEADY_HAND, ANONYMOUS_CALL = "F03", "F11", "F06", "F09"


def play(
    view: Mapping[str, Any],
    me: Mapping[str, Any],
    legal: Sequence[ActionSpec],
    jobs: Mapping[str, str] | None = None,
) -> Action | None:
    """The Force Card to play now, with its parameters, or ``None``; ``jobs`` are the blocks
    where an event could be resolved (``bot_events.jobs``)."""
    forms = [spec for spec in legal if spec.type == Act.PLAY_FORCE]
    if not forms:
        return None
    plain = {str(c) for spec in forms if len(spec.params) == 1 for c in spec.choices("card")}
    offered = {spec.type for spec in legal}
    clue_here = bool(offered & CLUES)
    here = me["block"]
    if ANONYMOUS_CALL in plain:
        return _card(ANONYMOUS_CALL)  # an alibi, maybe, from another hand
    if (
        STEADY_HAND in plain
        and Act.CALL_FOR_BACKUP in offered
        and (bot_events.jobs(view, me) if jobs is None else jobs).get(here) == Act.CALL_FOR_BACKUP
    ):
        return _card(STEADY_HAND)  # the backup an event needs, with a second chance
    for card in (DRAGNET, WARRANT):
        if card in plain and _apprehend_pays(view, me, card, clue_here):
            return _card(card)
    if "F08" in plain and here not in view.get("searches_seen", {}):
        return _card("F08")  # Lab Rush: look before the search
    if "F02" in plain and here not in view.get("stakeouts_seen", {}):
        return _card("F02")  # Tip-Off: risk exactly the number
    if "F04" in plain and not clue_here and not view.get("team") and _token_off_hours(view, here):
        return _card("F04")  # Overtime: the token under the car, out of its time of day
    if "F10" in plain and offered & TWO_HOUR_CLUES:
        return _card("F10")  # Shortcut
    if "F05" in plain and clue_here:
        return _card("F05")  # Double Shift: the clue now, another action after it
    if "F01" in plain and not clue_here and Act.DRIVE in offered:
        return _card("F01")  # Squad Car before a drive to work
    move = _shadow_detail(view, me, forms, clue_here)
    if move is not None:
        return move
    roadblock = [spec for spec in forms if "die" in spec.params]
    if roadblock and len(view.get("events", ())) >= EVENTS_TO_BLOCK:
        return Action(Act.PLAY_FORCE, {"card": "F07", "die": "black", "number": REPRIEVE})
    return None


def risk(view: Mapping[str, Any], me: Mapping[str, Any], spec: ActionSpec) -> int:
    """The hours to risk: a Stakeout Token's number if the bot has seen it, else the most."""
    offered = [int(str(h)) for h in spec.choices("hours")]
    seen = view.get("stakeouts_seen", {}).get(me["block"])
    if spec.type == Act.STAKEOUT and isinstance(seen, int) and seen in offered:
        return seen
    return max(offered)


def _apprehend_pays(
    view: Mapping[str, Any], me: Mapping[str, Any], card: str, clue_here: bool
) -> bool:
    """Warrant (the first mobster next to the car, in block order) or Dragnet (every mobster in
    the car's row) when it takes an event's crew, or thins a crowded city without taking a
    mobster the bot could still catch a clue from."""
    taken = _taken(view, me, card)
    if not taken:
        return False
    crews = {b for e in view["events"] for b in e["mobsters"]}
    if crews & taken:
        return True
    where = bot_events.positions(view)
    needed = {
        b
        for b in taken
        if where[b][0] in view["informant_rows"] or where[b][1] in view["witness_columns"]
    }
    return len(view["mobsters"]) >= CROWDED and not needed and not clue_here


def _taken(view: Mapping[str, Any], me: Mapping[str, Any], card: str) -> set[str]:
    where = bot_events.positions(view)
    row, column = where[me["block"]]
    mobsters = sorted(view["mobsters"])
    if card == DRAGNET:
        return {b for b in mobsters if where[b][0] == row}
    near = [b for b in mobsters if abs(where[b][0] - row) + abs(where[b][1] - column) == 1]
    return set(near[:1])


def _card(card: str) -> Action:
    return Action(Act.PLAY_FORCE, {"card": card})


def _token_off_hours(view: Mapping[str, Any], here: str) -> bool:
    """A token under the car that only the other time of day could take."""
    if view.get("phase") == "night":
        return here in view["search_blocks"]
    return here in view["stakeout_blocks"]


def _shadow_detail(
    view: Mapping[str, Any], me: Mapping[str, Any], forms: Sequence[ActionSpec], clue_here: bool
) -> Action | None:
    """A mobster moved onto the bot's block when its row (by day) or column (by night) still
    has a clue to catch there and no mobster stands on it."""
    if clue_here or me["block"] in view["mobsters"]:
        return None
    row, column = _position(view, me["block"])
    wanted = (
        row in view["informant_rows"]
        if view.get("phase") == "day"
        else column in view["witness_columns"]
    )
    if not wanted:
        return None
    for spec in forms:
        if "onto" in spec.params and me["block"] in spec.choices("onto"):
            (mobster,) = spec.choices("mobster")
            return Action(Act.PLAY_FORCE, {"card": "F12", "mobster": mobster, "onto": me["block"]})
    return None


def _position(view: Mapping[str, Any], block: str) -> tuple[int, int]:
    return bot_events.positions(view)[block]
