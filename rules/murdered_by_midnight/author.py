"""The Author's answers, as pure functions of the case, checked in the rulebook's order.

The game, the Author's desk (questions outside a game) and the tests all answer through these
functions, so there is one reading of the Author's sheet.
"""

from __future__ import annotations

from typing import Any

from .case import MbmCase, Sighting, Suspicion, WeaponFind
from .spec import Act


def weapons_found(case: MbmCase, location: str) -> tuple[str, ...]:
    """Search: the weapons whose L number matches, checking Murder Weapon and Prints, then
    Weapons With Prints, then Weapons Without Prints."""
    return case.finds_at(location)


def find_at(case: MbmCase, weapon: str, location: str) -> WeaponFind | None:
    """The sheet's line for ``weapon`` found at ``location``, if searching there finds it."""
    return next(
        (f for f in case.weapon_finds if f.weapon == weapon and f.location == location), None
    )


def prints_on(case: MbmCase, find: WeaponFind) -> str | None:
    """Dusting: the murderer's prints on the murder weapon, the suspect's on a weapon with
    prints, no fingerprints on a weapon without."""
    if find == case.murder_weapon:
        return case.solution.murderer
    if find in case.weapons_with_prints:
        return find.prints
    return None


def is_murder_weapon(case: MbmCase, find: WeaponFind) -> bool:
    """Forensic analysis: only the Murder Weapon and Prints section is the murder weapon."""
    return find == case.murder_weapon


def what_they_saw(case: MbmCase, character: str) -> Sighting | None:
    """Murderer and Suspects saw nothing; a witness gives the first entry of its group."""
    if character in case.suspects:
        return None
    group = case.witness_group_of(character)
    return None if group is None else group.saw


def who_did_it(case: MbmCase, character: str) -> Suspicion | None:
    """Murderer and Suspects have no idea; a witness gives the second entry of its group."""
    if character in case.suspects:
        return None
    group = case.witness_group_of(character)
    return None if group is None else group.suspects


def is_correct(case: MbmCase, murderer: str, weapon: str, motive: str, time: str) -> bool:
    """An accusation solves the case only when all four Case Details match."""
    solution = case.solution
    return (murderer, weapon, motive, time) == (
        solution.murderer,
        solution.weapon,
        solution.motive,
        solution.time,
    )


def solution_json(case: MbmCase) -> dict[str, Any]:
    """The Case Details, revealed at the end."""
    solution = case.solution
    return {
        "murderer": solution.murderer,
        "weapon": solution.weapon,
        "motive": solution.motive,
        "time": solution.time,
    }


def sighting_json(case: MbmCase, sighting: Sighting | None) -> dict[str, Any] | None:
    """What a witness says they saw. ``near`` is true for a sighting at the scene: "near the
    murder location", in it or just outside it, and the witness cannot tell which (see
    docs/rulings.md); false for a sighting anywhere else, which names the room the person
    stood in."""
    if sighting is None:
        return None
    return {
        "person": sighting.person,
        "location": sighting.location,
        "time": sighting.time,
        "near": sighting.location == case.scene,
    }


def suspicion_json(suspicion: Suspicion | None) -> dict[str, str] | None:
    if suspicion is None:
        return None
    return {"suspect": suspicion.suspect, "motive": suspicion.motive}


def envelope_contents(case: MbmCase, question: str, find: WeaponFind) -> dict[str, Any]:
    """What the Author seals in the envelope of a dusting or a forensic analysis of ``find``.

    The one reading of an envelope: the game's event, the views and the desk all use it.
    """
    if question == Act.DUST_FOR_PRINTS:
        return {"prints": prints_on(case, find)}
    return {"murder_weapon": is_murder_weapon(case, find)}


def witness_answer(case: MbmCase, question: str, character: str) -> dict[str, Any]:
    """What a witness says aloud: ``{"sighting": ...}`` or ``{"suspicion": ...}``."""
    if question == Act.ASK_WHAT_THEY_SAW:
        return {"sighting": sighting_json(case, what_they_saw(case, character))}
    return {"suspicion": suspicion_json(who_did_it(case, character))}
