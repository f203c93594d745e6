"""The words and the printed components of a Tiny Epic Crimes case, all written for casebook.

Nothing here is taken from the published game: the block names, suspects, gangs and cities are
original, and the token sets and time track are casebook's own design within the rulebook's
numbers (7 search and 5 stakeout blocks, 48 hours, red hours 43-48, timed-event hours 39-48).

Like the kit's name pools, every tuple here is part of the cases drawn from it: add a new pool
rather than edit one in use.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The 24 City Block Cards: a name and the icon printed on it (7 search, 5 stakeout, 12 none).
BLOCKS: tuple[tuple[str, str | None], ...] = (
    ("Tannery Steps", "search"),
    ("Old Mint Arcade", "search"),
    ("Gaslight Pier", "search"),
    ("Cinder Lot", "search"),
    ("Vellum Library", "search"),
    ("Shuttered Cannery", "search"),
    ("Bellwether Hotel", "search"),
    ("Rail Yard Tower", "stakeout"),
    ("Clocktower Roof", "stakeout"),
    ("All-Night Diner", "stakeout"),
    ("Ferry Terminal", "stakeout"),
    ("Cold Storage Row", "stakeout"),
    ("Marigold Market", None),
    ("Parish Square", None),
    ("Tin Pan Alley", None),
    ("Foundry Bridge", None),
    ("Lamplighters' Hall", None),
    ("Quarry Park", None),
    ("Harbour Customs", None),
    ("Velvet Theatre", None),
    ("Ropewalk Lane", None),
    ("Saltworks Gate", None),
    ("Orchard Tenements", None),
    ("Signal Box Corner", None),
)

#: Two original names per suspect letter; the seed picks one of each pair.
SUSPECT_NAMES: Mapping[str, tuple[str, str]] = {
    "A": ("Amos Alderkin", "Agnes Arbuckle"),
    "B": ("Barnaby Brisk", "Bettina Blount"),
    "C": ("Cyril Crane", "Clementine Cobb"),
    "D": ("Dorian Drabble", "Dinah Dacre"),
    "E": ("Ezra Embly", "Edwina Esterhay"),
    "F": ("Felix Farthing", "Fern Fulbright"),
    "G": ("Gideon Grubb", "Greta Gallant"),
    "H": ("Horace Hatchley", "Hattie Holm"),
    "I": ("Ivo Ingledew", "Imelda Irons"),
    "J": ("Jonas Jaggard", "Jessamy Joule"),
    "K": ("Kit Kestrel", "Klara Knapp"),
    "L": ("Lucius Lodge", "Lottie Larch"),
    "M": ("Monty Mallow", "Mabel Mercer"),
    "N": ("Nestor Nibb", "Nora Nightingale"),
    "O": ("Otto Oakes", "Olive Ormsby"),
    "P": ("Percy Pinch", "Prudence Plum"),
}

#: The three mobster colours' gangs; the seed picks one name of each list. Blue and red are the
#: gangs of the Gang evidence; gray mobsters belong to neither.
GANG_NAMES: Mapping[str, tuple[str, ...]] = {
    "blue": ("the Blue Herons", "the Bluebottle Crew", "the Indigo Lanterns"),
    "red": ("the Red Jackals", "the Scarlet Hands", "the Rust Street Boys"),
    "gray": ("the Gray Moths", "the Ash Row Syndicate", "the Pewter Men"),
}

CITIES: tuple[str, ...] = (
    "Harrowgate Bay",
    "Port Wickham",
    "Ashford Heights",
    "New Larkin",
    "Cobble Point",
    "Mercy Falls",
)

TITLE = "Murder in {city}"
INTRODUCTION = (
    "The Kingpin of {city} is dead, and one of sixteen known faces pulled the trigger or held"
    " the blade. The precinct has forty-eight hours: work the streets by day and by night, turn"
    " informants and witnesses, and name the murderer before the trail goes cold."
)

#: The face-down Search Tokens: how many flip to success (the rest are failures).
SEARCH_SUCCESSES = 4
#: The face-down Stakeout Tokens' numbers, one token each.
STAKEOUT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)

#: The time track: each phase's first hour (day and night alternate every six hours), and the
#: hours after which a red Event Line is printed.
PHASE_HOURS = 6
EVENT_LINES_AFTER: tuple[int, ...] = (3, 8, 13, 18, 23, 28, 33, 38, 43)
