"""Setting up the table: checking the Author's sheet and laying out the opening state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import JSONScalar, Seat, SetupError, check_seats, read_envelope, rng_for

from .case import MbmCase, from_envelope
from .spec import MAX_TURNS, SPEC
from .state import MbmState, Placement


def read_case(envelope: Mapping[str, Any]) -> MbmCase:
    """The case of an envelope, checked; :class:`SetupError` says what is wrong with it."""
    case = read_envelope(SPEC, envelope, from_envelope)
    check_case(case)
    return case


_BAD = "setup/bad-case"


def check_case(case: MbmCase) -> None:
    """Raise :class:`SetupError` unless every id on the sheet names something in the case."""
    locations = _unique("location", [item.id for item in case.locations])
    characters = _unique("character", [item.id for item in case.characters])
    weapons = _unique("weapon", [item.id for item in case.weapons])
    motives = _unique("motive", [item.id for item in case.motives])
    times = set(case.times)
    _known("scene", case.scene, locations)
    _known("victim", case.victim, characters)
    _known("discoverer", case.discoverer, characters)
    if case.discoverer == case.victim:
        raise SetupError("the discoverer cannot be the victim", code=_BAD)
    living = characters - {case.victim}
    missing = sorted(living - set(case.whereabouts))
    if missing:
        raise SetupError(f"no whereabouts for {', '.join(missing)}", code=_BAD)
    for character, location in case.whereabouts.items():
        if character == case.victim and location == case.scene:
            continue  # the body lies at the scene; harmless to say so
        _known("whereabouts", character, living)
        _known(f"whereabouts of {character}", location, locations)
    if case.whereabouts[case.discoverer] != case.scene:
        raise SetupError("the discoverer must stand at the scene, by the body", code=_BAD)
    seen: set[str] = set()
    for find in case.weapon_finds:
        _known("weapon find", find.weapon, weapons)
        _known(f"location of {find.weapon}", find.location, locations)
        if find.prints is not None:
            _known(f"prints on {find.weapon}", find.prints, characters)
        if find.weapon in seen:
            raise SetupError(f"{find.weapon} appears twice on the sheet", code=_BAD)
        seen.add(find.weapon)
    for character in case.suspects:
        _known("suspect", character, characters)
    for group in case.witness_groups:
        for character in group.witnesses:
            _known("witness", character, living)
        _known("sighting", group.saw.person, characters)
        _known("sighting place", group.saw.location, locations)
        _known("sighting time", group.saw.time, times)
        _known("suspicion", group.suspects.suspect, characters)
        _known("suspicion motive", group.suspects.motive, motives)
    solution = case.solution
    _known("murderer", solution.murderer, living)
    _known("murder weapon", solution.weapon, weapons)
    _known("motive", solution.motive, motives)
    _known("time of death", solution.time, times)
    if case.murder_weapon.weapon != solution.weapon:
        raise SetupError("the Murder Weapon section names another weapon", code=_BAD)
    if case.murder_weapon.prints != solution.murderer:
        raise SetupError("the murder weapon must carry the murderer's prints", code=_BAD)


def _unique(kind: str, ids: list[str]) -> set[str]:
    if len(set(ids)) != len(ids):
        raise SetupError(f"two {kind}s share an id", code=_BAD)
    if not ids:
        raise SetupError(f"the case has no {kind}s", code=_BAD)
    return set(ids)


def _known(what: str, value: str, known: set[str]) -> None:
    if value not in known:
        raise SetupError(f"{what}: {value!r} is not in the case", code=_BAD)


def new_game(
    case: MbmCase,
    seats: Sequence[Seat],
    mode: str,
    *,
    seed: int,
    options: Mapping[str, JSONScalar],
) -> MbmState:
    """The rulebook's setup: the scene face up at 0,0, the rest shuffled face down, every
    inspector on the scene with one portal pair."""
    check_seats(SPEC, mode, seats)
    turn_limit = options.get("turn_limit", MAX_TURNS)
    deck = sorted(item.id for item in case.locations if item.id != case.scene)
    rng_for(seed, 0, "map").shuffle(deck)
    return MbmState(
        seed=seed,
        step=0,
        mode=mode,
        seats=tuple(seats),
        placed=(Placement(case.scene, 0, 0),),
        deck=tuple(deck),
        positions=tuple(case.scene for _ in seats),
        passages=(),
        questions=(),
        accusations=(),
        turn=0,
        question_pending=False,
        turns_taken=0,
        max_turns=turn_limit if isinstance(turn_limit, int) else MAX_TURNS,
        eliminated=frozenset(),
        winners=(),
        ended=None,
    )
