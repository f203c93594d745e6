"""A small hand-made case, so rules and narration tests do not depend on the generator."""

from __future__ import annotations

from rules.murdered_by_midnight.case import (
    Character,
    Location,
    MbmCase,
    Motive,
    Sighting,
    Solution,
    Suspicion,
    Weapon,
    WeaponFind,
    WitnessGroup,
)

TIMES = tuple(f"{hour:02d}:{minute:02d}" for hour in range(18, 24) for minute in (0, 30))

WHEREABOUTS = {
    "C2": "L1",  # the discoverer stands by the body
    "C3": "L4",
    "C4": "L6",
    "C5": "L2",
    "C6": "L5",
    "C7": "L5",
    "C8": "L3",
}


def _timeline() -> dict[str, tuple[str, ...]]:
    """Everyone at their final place all evening, but for the moves the sightings need."""
    timeline = {"C1": tuple("L1" for _ in TIMES)}
    for character, place in WHEREABOUTS.items():
        timeline[character] = tuple(place for _ in TIMES)

    def put(character: str, time: str, place: str) -> None:
        slots = list(timeline[character])
        slots[TIMES.index(time)] = place
        timeline[character] = tuple(slots)

    put("C3", "21:00", "L1")  # the murderer with the victim at the time of death
    put("C6", "21:00", "L2")  # the gardener outside the door (nobody else is in the scene)
    put("C4", "20:00", "L6")  # the red herring: the partner in the gallery
    put("C7", "20:00", "L6")
    for time in TIMES[: TIMES.index("22:30")]:
        put("C2", time, "L5")  # the housekeeper in the kitchen until she found him
    return timeline


def sample_case() -> MbmCase:
    return MbmCase(
        title="The Ashgrove Ledger",
        introduction="A storm keeps eight people at Ashgrove Lodge; one will not see midnight.",
        locations=(
            Location("L1", "Library", "Shelves of ledgers and a cold hearth."),
            Location("L2", "Conservatory", "Glass, ferns and the smell of wet earth."),
            Location("L3", "Wine Cellar", "Racks of dusty bottles under a low vault."),
            Location("L4", "Billiard Room", "Green baize and a crooked cue rack."),
            Location("L5", "Kitchen", "A long table still set for supper."),
            Location("L6", "Gallery", "Portraits of stern ancestors along a draughty hall."),
        ),
        characters=(
            Character("C1", "Percival Rook", "A retired shipping magnate with many debtors."),
            Character("C2", "Ines Marlowe", "The housekeeper, who has served the Rooks for years."),
            Character("C3", "Dorian Vane", "The victim's nephew and heir, short of money."),
            Character(
                "C4", "Celia Hart", "The victim's business partner, lately at odds with him."
            ),
            Character("C5", "Amos Quill", "The village vicar, a guest for the weekend."),
            Character("C6", "Tobias Finch", "The gardener, who misses very little."),
            Character("C7", "Lottie Brennan", "A young maid, new to the house."),
            Character("C8", "Hugo Sallow", "The family physician, fond of the cellar."),
        ),
        weapons=(
            Weapon("W1", "Brass Candlestick", "blunt-force trauma"),
            Weapon("W2", "Letter Opener", "a stab wound"),
            Weapon("W3", "Garden Shears", "deep lacerations"),
            Weapon("W4", "Vial of Laudanum", "poisoning"),
        ),
        motives=(
            Motive("M1", "an inheritance he could not wait for"),
            Motive("M2", "a partnership gone sour"),
            Motive("M3", "a secret about to come out"),
            Motive("M4", "an old jealousy"),
        ),
        times=TIMES,
        scene="L1",
        victim="C1",
        discoverer="C2",
        discovered_at="22:30",
        cause_of_death="blunt-force trauma",
        whereabouts=WHEREABOUTS,
        timeline=_timeline(),
        murder_weapon=WeaponFind("W1", "L3", "C3"),
        weapons_with_prints=(WeaponFind("W2", "L6", "C4"), WeaponFind("W4", "L5", "C5")),
        weapons_without_prints=(WeaponFind("W3", "L2", None),),
        suspects=("C3", "C4", "C5"),
        witness_groups=(
            WitnessGroup(("C6",), Sighting("C3", "L1", "21:00"), Suspicion("C3", "M1")),
            WitnessGroup(("C7", "C8"), Sighting("C4", "L6", "20:00"), Suspicion("C4", "M2")),
            WitnessGroup(("C2",), Sighting("C5", "L2", "19:00"), Suspicion("C5", "M3")),
        ),
        solution=Solution(murderer="C3", weapon="W1", motive="M1", time="21:00"),
    )
