"""Where the simple bot could resolve (or help resolve) an active event, read from its view.

An event's card is public (its requirement is printed), and so are its tokens and mobsters, so
a bot may plan for it as a player would: each block where one of its actions meets an active
event's requirement is a *job*, with the action to take there. ``bot.py`` drives to the
nearest job or clue and takes a job's action where it stands; ``bot_cards.py`` clears an
event's crew with Warrant or Dragnet and calls for backup with Steady Hand.

Jobs the bot leaves alone: a two-officer Resolve Event with nobody on the other block, and
an action its time of day (standard mode) does not allow.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .cards import EVENTS
from .spec import DAY_ACTIONS, NIGHT_ACTIONS, Act

REQUIREMENTS: Mapping[str, Mapping[str, Any]] = {card.id: card.requirement for card in EVENTS}
#: hours the bot risks on a Call for Backup an event needs to succeed, by its rerolls
SURE_RISK = (6, 4, 3)


def positions(view: Mapping[str, Any]) -> Mapping[str, tuple[int, int]]:
    """Each block's (row, column) on the printed grid."""
    return _grid(tuple(tuple(line) for line in view["case"]["grid"]))


@functools.lru_cache(maxsize=64)  # asked several times a step; a game keeps its grid
def _grid(grid: tuple[tuple[str, ...], ...]) -> Mapping[str, tuple[int, int]]:
    return MappingProxyType(
        {
            block: (row, column)
            for row, line in enumerate(grid, start=1)
            for column, block in enumerate(line, start=1)
        }
    )


def _near(where: Mapping[str, tuple[int, int]], a: str, b: str) -> int:
    (r1, c1), (r2, c2) = where[a], where[b]
    return abs(r1 - r2) + abs(c1 - c2)


def _places(
    view: Mapping[str, Any], where: Mapping[str, tuple[int, int]], event: Mapping[str, Any], at: str
) -> set[str]:
    """The blocks a requirement's ``where`` names for ``event`` (resolve.place_matches)."""
    tokens = list(event["tokens"])
    if at == "any":
        return set(where)
    if at == "hq":
        return {"HQ"}
    if at == "event-token":
        return set(tokens)
    if at == "event-row":
        rows = {where[b][0] for b in tokens}
        return {b for b, (r, _) in where.items() if r in rows}
    if at == "event-column":
        columns = {where[b][1] for b in tokens}
        return {b for b, (_, c) in where.items() if c in columns}
    if at in ("search", "stakeout"):
        return {b["id"] for b in view["case"]["blocks"] if b["icon"] == at}
    return set()


def _allowed_now(view: Mapping[str, Any], act: str) -> bool:
    """Whether the bot's time of day lets it take ``act`` (co-op: always)."""
    if view.get("team"):
        return True
    if view.get("phase") == "day":
        return act not in NIGHT_ACTIONS
    return act not in DAY_ACTIONS


def jobs(view: Mapping[str, Any], me: Mapping[str, Any]) -> dict[str, str]:
    """Block -> the action that resolves or helps resolve an active event there."""
    where = positions(view)
    mobsters: Mapping[str, str] = view["mobsters"]
    others = [o["block"] for o in view["officers"] if o["seat"] != me["seat"]]
    found: dict[str, str] = {}
    for event in view["events"]:
        need = REQUIREMENTS[event["card"]]
        if need["check"] == "cleared":  # its crew: arrest each mobster
            for block in event["mobsters"]:
                found.setdefault(block, Act.ARREST)
            continue
        places = _places(view, where, event, str(need.get("where", "any")))
        if need["check"] == "stand":
            if int(need.get("officers", 1)) > 1 and not places & set(others):
                continue
            for block in places:
                found.setdefault(block, Act.RESOLVE_EVENT)
            continue
        act = str(need["action"])
        if not _allowed_now(view, act) or need.get("phase", view.get("phase")) != view.get("phase"):
            continue
        if act in (Act.ARREST, Act.CATCH_WITNESS, Act.CATCH_INFORMANT):
            places &= set(mobsters)
        if act == Act.CATCH_WITNESS:
            places = {b for b in places if where[b][1] in view["witness_columns"]}
        if act == Act.CATCH_INFORMANT:
            places = {b for b in places if where[b][0] in view["informant_rows"]}
        if act == Act.CALL_FOR_BACKUP:
            places = {b for b in places if any(_near(where, b, m) <= 1 for m in mobsters)}
        if act == Act.BRING_IN_FOR_HOLDING:
            places = {"HQ"} if me["holding"] is not None else places & set(mobsters)
        for block in places:
            found.setdefault(block, act)
    return found


def backup_risk(view: Mapping[str, Any], me: Mapping[str, Any], offered: list[int]) -> int:
    """Hours to risk on a Call for Backup that must succeed: sure without a reroll, fewer with
    Steady Hand played or Radio Ahead kept (each reroll makes a fail less likely)."""
    rerolls = int(me.get("ability") == "A02") + int(view.get("boosts", {}).get("reroll", 0))
    want = SURE_RISK[min(rerolls, len(SURE_RISK) - 1)]
    fitting = [h for h in offered if h <= want]
    return max(fitting) if fitting else min(offered)
