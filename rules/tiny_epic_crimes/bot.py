"""A simple officer: it chases clue tokens and events, and accuses the most likely suspect.

It reads only its own view: where clue actions can be taken in its time of day and where an
active event could be resolved (``bot_events.py``), drives to the nearest it can reach with
hours to spare, takes the clue there (risking the most hours offered on a stakeout) or the
event's action, and otherwise arrests or takes a coffee break. At the end it names a suspect it
has no alibi for (neither held nor seen in another hand) whose evidences match every evidence
it knows (held or peeked at); ``rng`` breaks ties. Owed choices are each kind's own bot
(interrogate the hand it has seen least of, peek at an evidence it does not know).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec

from . import bot_cards, bot_events, decisions
from .spec import Act

#: Clue actions, most wanted first.
CLUE_ACTS = (
    Act.SEARCH_SCENE,
    Act.STAKEOUT,
    Act.CATCH_INFORMANT,
    Act.CATCH_WITNESS,
    Act.BRING_IN_FOR_HOLDING,
)
#: hours an event's action may take once there (Resolve Event's longest, a sure backup)
JOB_HOURS: dict[str, int] = {
    Act.RESOLVE_EVENT: 2,
    Act.CALL_FOR_BACKUP: 6,
    Act.ARREST: 1,
    Act.COFFEE_BREAK: 1,
}


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    by_type = {spec.type: spec for spec in legal}
    if len(legal) == 1:  # an owed choice is offered alone
        owed = decisions.bot_choice(view, legal[0], rng)
        if owed is not None:
            param, pick = owed
            return Action(legal[0].type, {param: pick})
    if Act.ACCUSE in by_type:
        return Action(Act.ACCUSE, {"murderer": likely_murderer(view, rng)})
    if Act.REST_YOUR_CASE in by_type:
        return Action(Act.REST_YOUR_CASE)
    resolvable = by_type.get(Act.RESOLVE_EVENT)
    if resolvable is not None:  # an event it stands on: its rewards and one slot free again
        return Action(Act.RESOLVE_EVENT, {"event": str(resolvable.choices("event")[0])})
    me = view["officers"][_me(view)]
    card = bot_cards.play(view, me, legal)  # a Force Card that helps now
    if card is not None:
        return card
    for act in CLUE_ACTS:
        spec = by_type.get(act)
        if spec is None or (act == Act.BRING_IN_FOR_HOLDING and not _holding_pays(view, me)):
            continue
        if "hours" in spec.params:
            return Action(act, {"hours": bot_cards.risk(view, me, spec)})
        return Action(act)
    jobs = bot_events.jobs(view, me)  # no clue here: an event's action, or where to drive
    job = by_type.get(jobs.get(me["block"], ""))
    if job is not None:  # an event's requirement met here
        if job.type == Act.CALL_FOR_BACKUP:
            offered = [int(str(h)) for h in job.choices("hours")]
            return Action(job.type, {"hours": bot_events.backup_risk(view, me, offered)})
        return Action(job.type)
    drive = by_type.get(Act.DRIVE)
    if drive is not None:
        target = _nearest_work(view, me, drive, jobs, rng)
        if target is not None:
            return Action(Act.DRIVE, {"to": target})
    if Act.ARREST in by_type:
        return Action(Act.ARREST)
    return Action(Act.COFFEE_BREAK)


def _me(view: Mapping[str, Any]) -> int:
    """The officer the bot plays now (in solo, whichever is to act)."""
    officer = view.get("officer")
    return int(view["you"] if officer is None else officer)


def likely_murderer(view: Mapping[str, Any], rng: random.Random) -> str:
    """A suspect the bot has no alibi for and whose evidences fit all it knows; in co-op the
    team's alibis and evidence, and the first such letter, so a team of bots votes as one."""
    held = set(view.get("suspects", ()))  # alibis: its own cards, and those it has seen
    held |= {card for cards in view.get("seen_suspects", {}).values() for card in cards}
    known: Mapping[str, str] = {**view.get("evidence", {}), **view.get("peeked_evidence", {})}
    suspects = view["case"]["suspects"]
    fits = [
        s["letter"]
        for s in suspects
        if s["letter"] not in held and all(s[e] == v for e, v in known.items())
    ]
    pool = sorted(fits) or [s["letter"] for s in suspects]
    letter: str = pool[0] if view.get("team") else rng.choice(pool)
    return letter


def _holding_pays(view: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
    return me["holding"] is not None or bool(view["holding_tokens"])


def _work(view: Mapping[str, Any], me: Mapping[str, Any]) -> set[str]:
    """Blocks where a clue action can be taken in the bot's time of day; in co-op, at any
    time, by the actions on its role's mat."""
    if view.get("team"):
        acts = set(view["role_actions"][me["seat"]])
    elif view["phase"] == "day":
        acts = {Act.SEARCH_SCENE, Act.CATCH_INFORMANT}
    else:
        acts = {Act.STAKEOUT, Act.CATCH_WITNESS, Act.BRING_IN_FOR_HOLDING}
    where = bot_events.positions(view)
    mobsters: Mapping[str, str] = view["mobsters"]
    work: set[str] = set()
    if Act.SEARCH_SCENE in acts:
        work |= set(view["search_blocks"])
    if Act.CATCH_INFORMANT in acts:
        work |= {b for b in mobsters if where[b][0] in view["informant_rows"]}
    if Act.STAKEOUT in acts:
        work |= set(view["stakeout_blocks"])
    if Act.CATCH_WITNESS in acts:
        work |= {b for b in mobsters if where[b][1] in view["witness_columns"]}
    if Act.BRING_IN_FOR_HOLDING in acts:
        if me["holding"] is not None:
            work.add("HQ")
        elif view["holding_tokens"]:
            work |= set(mobsters)
    return work


def _nearest_work(
    view: Mapping[str, Any],
    me: Mapping[str, Any],
    drive: ActionSpec,
    jobs: Mapping[str, str],
    rng: random.Random,
) -> str | None:
    """The nearest block with a clue to take or an event to resolve, with hours to spare for
    what is to be done there."""
    where = bot_events.positions(view)
    left = view.get("final_hour", 48) - me["hours"] - view["driven"]
    here = where[me["block"]]
    work = _work(view, me)

    def far(block: str) -> int:
        return abs(where[block][0] - here[0]) + abs(where[block][1] - here[1])

    def cost(block: str) -> int:
        return far(block) + (JOB_HOURS.get(jobs[block], 2) if block not in work else 2)

    reachable = [
        b for b in map(str, drive.choices("to")) if (b in work or b in jobs) and cost(b) <= left
    ]
    if not reachable:
        return None
    best = min(far(b) for b in reachable)
    return rng.choice(sorted(b for b in reachable if far(b) == best))
