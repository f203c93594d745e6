"""The words of a Murder, She Wrote island, all written for casebook.

Nothing here is taken from the published game or the television series: the islands, hotels,
places, islanders and their callings are original. A place comes with the callings its islander
may have, so the name place at the lighthouse belongs to someone who keeps it.

Like the kit's name pools, every tuple here is part of the islands drawn from it: add a new pool
rather than edit one in use.
"""

from __future__ import annotations

#: The island's name.
ISLANDS: tuple[str, ...] = (
    "Gullrock Island",
    "Skerrymoor",
    "Cormorant Isle",
    "Tarnholm",
    "Brannock Island",
    "Wraysea",
    "Pellow's Rock",
    "Saltinch",
    "Merrow Island",
    "Kelpie Holm",
    "Fallowsea",
    "Tidewrack Isle",
    "Corran Island",
    "Hagstone Island",
    "Puffin Holm",
    "Ravensea",
)

#: The Hotel (``L1``): its name, and the callings of the islander whose name place is there.
HOTELS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the Harbour Hotel", ("who keeps the hotel", "the hotel's night porter")),
    ("the Saltspray Hotel", ("the hotel's owner", "the hotel's head cook")),
    ("the Lantern Hotel", ("the hotel's housekeeper", "who keeps the hotel")),
    ("the Windward Hotel", ("the hotel's night porter", "the hotel's owner")),
    ("the Gannet Hotel", ("the hotel's head cook", "the hotel's housekeeper")),
    ("the Tidemark Hotel", ("who keeps the hotel", "the hotel's bookkeeper")),
    ("the Driftwood Hotel", ("the hotel's owner", "the hotel's bookkeeper")),
    ("the Kittiwake Hotel", ("the hotel's housekeeper", "the hotel's night porter")),
)

#: The other eight locations are drawn from these: a name and its islander's callings.
PLACES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the Lighthouse", ("the lighthouse keeper", "who trims the lighthouse lamp")),
    ("the Chapel", ("the chapel's vicar", "the chapel's organist")),
    ("the Lifeboat Station", ("the lifeboat coxswain", "the station's mechanic")),
    ("the Fish Market", ("a fishmonger", "the market's auctioneer")),
    ("the Post Office", ("who runs the post office", "the island's letter carrier")),
    ("the Schoolhouse", ("the schoolteacher", "the school's caretaker")),
    ("the Boatyard", ("a boatwright", "the boatyard's owner")),
    ("the Bakery", ("the baker", "the baker's apprentice")),
    ("the Surgery", ("the island's doctor", "the doctor's nurse")),
    ("the Library", ("the librarian", "who catalogues the island's records")),
    ("the Old Mill", ("the miller", "who is restoring the old mill")),
    ("the Tea Rooms", ("who runs the tea rooms", "the pastry cook")),
    ("the Observatory", ("an amateur astronomer", "the observatory's caretaker")),
    ("the Smokehouse", ("who smokes the herring", "the smokehouse's owner")),
    ("the Manor House", ("the manor's heir", "the manor's butler")),
    ("the Village Hall", ("the parish clerk", "who chairs the island council")),
    ("the Chandlery", ("the ship's chandler", "the chandler's clerk")),
    ("the Coastguard Cottage", ("the coastguard", "a retired coastguard")),
    ("the Apothecary", ("the apothecary", "who grows the medicinal herbs")),
    ("the Painter's Studio", ("a landscape painter", "a sculptor in driftwood")),
    ("the Oyster Beds", ("the oyster farmer", "who rakes the oyster beds")),
    ("the General Store", ("the shopkeeper", "the store's delivery driver")),
    ("the Crooked Anchor", ("the landlord of the Crooked Anchor", "the inn's cellarman")),
    ("the Harbour Office", ("the harbour master", "the harbour master's clerk")),
)

#: The islanders' given names.
GIVEN_NAMES: tuple[str, ...] = (
    "Agnes",
    "Ambrose",
    "Bronwen",
    "Callum",
    "Dorcas",
    "Effie",
    "Ewan",
    "Fergus",
    "Gwendolyn",
    "Hamish",
    "Ianthe",
    "Jory",
    "Kerensa",
    "Lachlan",
    "Morwenna",
    "Niall",
    "Oonagh",
    "Peregrine",
    "Rhoslyn",
    "Tamsin",
    "Tobias",
    "Wenna",
    "Wystan",
    "Zillah",
)

#: The islanders' family names.
FAMILY_NAMES: tuple[str, ...] = (
    "Angove",
    "Bolitho",
    "Carbis",
    "Chenoweth",
    "Hendra",
    "Jago",
    "Lanyon",
    "Mennear",
    "Nankivell",
    "Pendarves",
    "Polglaze",
    "Quiller",
    "Rowse",
    "Skewes",
    "Spargo",
    "Tonkin",
    "Trembath",
    "Trevennor",
    "Treloar",
    "Uren",
    "Varcoe",
    "Vosper",
    "Woolcock",
    "Yeo",
)
