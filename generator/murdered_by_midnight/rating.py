"""How hard a Murdered by Midnight case is, computed from the Author's sheet alone.

The rating reports what a perfect detective needs and what an honest one faces:

- ``questions``: the fewest Author questions that prove the solution — search the murder
  weapon's location, forensic analysis and dusting of the weapon, ask one witness what they saw
  (the murderer at the scene at the time of death) and ask one witness who did it (the murderer
  and the motive): always 5 for a fair case, one per fact of the rulebook's "steps to solve";
- ``map_reveals``: the fewest map cards to turn face up so that the murder weapon's location,
  those two witnesses' tokens and the murderer's token (to confront) are on the table, choosing
  the witnesses of each group that need the fewest cards; the scene is already face up;
- ``blind_searches``: the expected number of searches before a detective who does not know
  where the weapon lies finds it, searching the locations in random order: ``(L + 1) / 2``;
- ``blind_interviews``: the expected number of characters asked, in random order, before the
  detective meets a witness of the group that saw the murder, plus the same for the group that
  knows the motive when it is another group: ``(N + 1) / (k + 1)`` each, with ``N`` living
  characters and ``k`` witnesses in the group;
- ``distractors``: red herrings a player must rule out: weapons with other suspects' prints,
  innocent people sighted at the scene, suspicions naming innocent suspects;
- ``cross_references``: the times a witness saw the murderer near the scene that only a sighting
  of the victim alive elsewhere later rules out (docs/rulings.md);
- ``accusations``: how many (murderer, weapon, motive, time) tuples the accusation form offers;
- ``detective_turns`` and ``detective_questions``: the turns and Author questions the engine's
  detective bot (``rules/murdered_by_midnight/bot.py``, playing alone from its own view) is
  expected to need, fitted by least squares to its measured play (:data:`TURNS`,
  :data:`QUESTIONS`): the bot asks every living character both questions and analyses every
  weapon it finds until forensics names one, so its effort follows the counts of rooms, people
  and weapons; the layout of one case moved it by little, and neither did the cross-reference;
- ``score``: ``detective_turns``, and ``label``: ``gentle`` below 32 turns, ``tricky`` below 43,
  ``fiendish`` from 43 — the midpoints between the presets' expected turns (easy about 26,
  standard 37, hard 49), so each preset lands in its own label.

The fit (bot games over ten option sets, the presets among them; R² 0.93 for turns) is
measured again by ``python -m tests.generator.murdered_by_midnight.test_rating``.
"""

from __future__ import annotations

import itertools
from typing import Any

from rules.murdered_by_midnight.case import MbmCase
from rules.murdered_by_midnight.reasoning import is_possible_death

from .maker import learnable_facts

LABELS = ((32.0, "gentle"), (43.0, "tricky"))
#: The detective bot's turns: constant, per location, per living character, per weapon.
TURNS = (1.38, 1.65, 2.01, 0.86)
#: The detective bot's Author questions, likewise.
QUESTIONS = (1.28, 0.76, 2.0, 0.76)


def rate(case: MbmCase) -> dict[str, Any]:
    solution = case.solution
    time_groups = [
        g
        for g in case.witness_groups
        if (g.saw.person, g.saw.location, g.saw.time)
        == (solution.murderer, case.scene, solution.time)
    ]
    motive_groups = [
        g
        for g in case.witness_groups
        if (g.suspects.suspect, g.suspects.motive) == (solution.murderer, solution.motive)
    ]
    reveals = min(
        len(
            {
                case.murder_weapon.location,
                case.whereabouts[seen],
                case.whereabouts[suspected],
                case.whereabouts[solution.murderer],
            }
            - {case.scene}
        )
        for seen, suspected in itertools.product(
            [w for g in time_groups for w in g.witnesses],
            [w for g in motive_groups for w in g.witnesses],
        )
    )
    living = len(case.characters) - 1
    time_group, motive_group = time_groups[0], motive_groups[0]
    interviews = (living + 1) / (len(time_group.witnesses) + 1)
    if motive_group != time_group:
        interviews += (living + 1) / (len(motive_group.witnesses) + 1)
    searches = (len(case.locations) + 1) / 2
    distractors = (
        len(case.weapons_with_prints)
        + sum(
            g.saw.location == case.scene and g.saw.person != solution.murderer
            for g in case.witness_groups
        )
        + sum(g.suspects.suspect != solution.murderer for g in case.witness_groups)
    )
    facts = learnable_facts(case)
    murderer = facts.solution[0]
    cross_references = len(
        {
            slot
            for person, slot in facts.scene_sightings
            if person == murderer and not is_possible_death(slot, facts.victim_alive)
        }
    )
    counts = (1, len(case.locations), living, len(case.weapons))
    turns = round(sum(weight * count for weight, count in zip(TURNS, counts, strict=True)), 1)
    asked = round(sum(weight * count for weight, count in zip(QUESTIONS, counts, strict=True)), 1)
    label = next((name for limit, name in LABELS if turns < limit), "fiendish")
    return {
        "questions": 5,
        "map_reveals": reveals,
        "blind_searches": round(searches, 2),
        "blind_interviews": round(interviews, 2),
        "distractors": distractors,
        "cross_references": cross_references,
        "accusations": living * len(case.weapons) * len(case.motives) * len(case.times),
        "detective_turns": turns,
        "detective_questions": asked,
        "score": turns,
        "label": label,
    }
