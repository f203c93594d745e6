"""Pools of original names the generators share, and deterministic sampling from them.

Every name here was written for casebook; none is taken from a published game. Sampling sorts a
pool first and draws with the ``random.Random`` the caller passes in, so a case depends on its
seed alone, never on hash order.

A pool is part of every case drawn from it: adding, removing or renaming one entry changes those
cases (Murdered by Midnight draws its cast from :data:`GIVEN_NAMES` and :data:`FAMILY_NAMES`, and
its cases must stay the same for the same seed). To offer more names, add a new pool beside these
rather than editing one in use.
"""

from __future__ import annotations

import random
from collections.abc import Collection

#: Given names, of no particular period or place.
GIVEN_NAMES: tuple[str, ...] = (
    "Ada",
    "Alaric",
    "Beatrix",
    "Bram",
    "Cassia",
    "Cornelius",
    "Delphine",
    "Edmund",
    "Elspeth",
    "Fenwick",
    "Florian",
    "Greer",
    "Hesper",
    "Ignatius",
    "Isolde",
    "Jasper",
    "Juniper",
    "Leopold",
    "Lavinia",
    "Magnus",
    "Marisol",
    "Nell",
    "Octavia",
    "Orrin",
    "Perpetua",
    "Quentin",
    "Rosalind",
    "Silas",
    "Sabine",
    "Thaddeus",
    "Ursula",
    "Valentin",
    "Wilhelmina",
    "Xavier",
    "Yolanda",
    "Zebedee",
)

#: Family names.
FAMILY_NAMES: tuple[str, ...] = (
    "Ashcombe",
    "Blackwood",
    "Cardew",
    "Dunmore",
    "Everleigh",
    "Fairweather",
    "Gillingham",
    "Halloway",
    "Inchbald",
    "Jessop",
    "Kettering",
    "Larkspur",
    "Merriweather",
    "Northcote",
    "Osgood",
    "Pemberton",
    "Quarrington",
    "Ravenscroft",
    "Stanhope",
    "Thistlewood",
    "Underhill",
    "Varley",
    "Whitlock",
    "Yarrow",
)

#: Place names: villages, streets and quarters, for a city, an island or a county.
PLACE_NAMES: tuple[str, ...] = (
    "Aldermoth",
    "Barrow Lane",
    "Brackenford",
    "Candle Wharf",
    "Coldwicket",
    "Copperfield Row",
    "Driftwick",
    "Eastmere",
    "Fallowmead",
    "Gullstone",
    "Harrowby Cross",
    "Hollin Quay",
    "Ivorsgate Steps",
    "Kingsmarrow",
    "Lanternmoor",
    "Millrace Yard",
    "Netherglass",
    "Oakhythe",
    "Pellham Green",
    "Quillon Street",
    "Rookhaven",
    "Saltmarsh End",
    "Tidewater Point",
    "Wexcombe",
)

#: Titles and ranks that go before a family name.
TITLES: tuple[str, ...] = (
    "Captain",
    "Colonel",
    "Constable",
    "Doctor",
    "Inspector",
    "Lady",
    "Lord",
    "Madame",
    "Major",
    "Professor",
    "Reverend",
    "Sergeant",
    "Sir",
)


def sample(rng: random.Random, pool: Collection[str], count: int) -> tuple[str, ...]:
    """``count`` different entries of ``pool``, drawn from its sorted order with ``rng``."""
    if not 0 <= count <= len(pool):
        raise ValueError(f"cannot draw {count} different names from a pool of {len(pool)}")
    return tuple(rng.sample(sorted(pool), count))


def choose(rng: random.Random, pool: Collection[str]) -> str:
    """One entry of ``pool``, drawn from its sorted order with ``rng``."""
    if not pool:
        raise ValueError("cannot choose from an empty pool")
    return rng.choice(sorted(pool))


def person_names(
    rng: random.Random,
    count: int,
    *,
    given: Collection[str] = GIVEN_NAMES,
    family: Collection[str] = FAMILY_NAMES,
) -> tuple[str, ...]:
    """``count`` full names, ``"Given Family"``, no given name and no family name twice.

    Draws every given name first, then every family name (the order the draws are made in is
    part of the cases made from them).
    """
    firsts = sample(rng, given, count)
    lasts = sample(rng, family, count)
    return tuple(f"{first} {last}" for first, last in zip(firsts, lasts, strict=True))
