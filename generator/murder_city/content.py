"""The words of a Murder City case, all written for casebook.

Nothing here is taken from the published game: the arcologies, the kinds of murder, the
suspects, the evidence items and the Jovans' names and titles are original. Each colour is a
kind of murder in the arcology (:data:`THEMES`); a murder card takes its name and suspects from
its colour's pools, and a genuine evidence card its item from its colour's pool for its type.
Some items fit two neighbouring colours (:data:`SHARED_ITEMS`), so naming one in a court story
does not prove the card's colour.

Like the kit's name pools, every tuple here is part of the cases drawn from it: add a new pool
rather than edit one in use.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The arcology a case happens in.
ARCOLOGIES: tuple[str, ...] = (
    "Halcyon Stack",
    "Meridian Deep",
    "Tessaract Nine",
    "Corvane Arcology",
    "the Ossian Spire",
    "Lowmarch Hive",
    "Brightwater Column",
    "Kestrel Terrace",
    "the Vantablack Tower",
    "Saint Ondine Arcology",
    "Greymantle Stack",
    "Nadir City",
)

#: What kind of murder each colour is.
THEMES: Mapping[str, str] = {
    "red": "boardroom killings among the arcology's corporations",
    "green": "synthetic deaths: erased minds, broken androids and those who built them",
    "blue": "off-world deaths at the docks, among spacers and visitors from other worlds",
    "yellow": "street killings in the markets, gangs and undercity tunnels",
    "brown": "family murders behind the doors of the hab-blocks",
}

#: The murder types of each colour (a murder card's name).
MURDER_TYPES: Mapping[str, tuple[str, ...]] = {
    "red": (
        "Hostile Takeover",
        "Silenced Auditor",
        "Quarterly Sacrifice",
        "Golden Parachute",
        "Leaked Prospectus",
        "Boardroom Fall",
        "Severance Terms",
        "Merger in Blood",
    ),
    "green": (
        "Erased Companion",
        "Overwritten Mind",
        "Recalled Model",
        "Ghost in the Backup",
        "Unplugged Heir",
        "Forked Consciousness",
        "Factory Reset",
        "Broken Laws of Service",
    ),
    "blue": (
        "Vented Airlock",
        "Stowaway's End",
        "Quarantine Breach",
        "Customs Dispute",
        "Cold Sleep Failure",
        "Docking Clamp Crush",
        "Embassy Guest",
        "Cargo Manifest Error",
    ),
    "yellow": (
        "Turf Correction",
        "Market Stall Stabbing",
        "Tunnel Runner",
        "Unpaid Protection",
        "Neon Alley Shooting",
        "Fighting Pit Loss",
        "Courier Who Talked",
        "Undercity Drowning",
    ),
    "brown": (
        "Contested Will",
        "Sibling Rivalry",
        "Poisoned Anniversary",
        "Silent Grandmother",
        "Second Household",
        "Custody Battle",
        "Hab-Block Feud",
        "Estranged Twin",
    ),
}

#: The possible suspects of each colour's murders.
SUSPECTS: Mapping[str, tuple[str, ...]] = {
    "red": (
        "a passed-over vice president",
        "the chief compliance officer",
        "a rival firm's headhunter",
        "the executive assistant",
        "a disgraced founder",
        "the majority shareholder",
        "a corporate security chief",
        "the board's youngest director",
        "an activist investor",
        "the company's fixer",
    ),
    "green": (
        "the model's original engineer",
        "a jealous owner",
        "an anti-synthetic preacher",
        "a memory broker",
        "the recycling plant foreman",
        "a sibling unit",
        "the warranty adjuster",
        "a rogue maintenance drone",
        "the licence holder's lawyer",
        "a black-market modder",
    ),
    "blue": (
        "the freighter's quartermaster",
        "a homesick spacer",
        "an off-world attaché",
        "the dockmaster",
        "a customs inspector",
        "the quarantine officer",
        "a smuggler with a grudge",
        "the ship's navigator",
        "a visiting trade envoy",
        "the berth-hotel night clerk",
    ),
    "yellow": (
        "a gang lieutenant",
        "the noodle-stall owner",
        "a pit fighter's manager",
        "an unlicensed medic",
        "the tunnel boss",
        "a protection collector",
        "a street preacher",
        "the pawnbroker",
        "a runaway courier",
        "a debt-ridden gambler",
    ),
    "brown": (
        "the eldest son",
        "a second wife",
        "the family accountant",
        "an estranged daughter",
        "the live-in nurse",
        "a cousin from the lower levels",
        "the neighbour across the corridor",
        "a long-lost uncle",
        "the widow",
        "the household's cook",
    ),
}

#: The items of genuine evidence, by type and colour (six a colour; a case draws five).
ITEMS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "eyewitness": {
        "red": (
            "Night Cleaner",
            "Elevator Attendant",
            "Intern on Overtime",
            "Lobby Receptionist",
            "Rooftop Pilot",
            "Trading-Floor Runner",
        ),
        "green": (
            "Repair-Shop Apprentice",
            "Charging-Bay Attendant",
            "Showroom Demonstrator",
            "Companion Unit",
            "Servitor Waiter",
            "Recycling Sorter",
        ),
        "blue": (
            "Cargo Loader",
            "Transit Passenger",
            "Berth Steward",
            "Orbital Shuttle Pilot",
            "Visa Clerk",
            "Dock Crane Operator",
        ),
        "yellow": (
            "Noodle Vendor",
            "Tunnel Busker",
            "Lookout Kid",
            "Rickshaw Driver",
            "Graffiti Artist",
            "Pit Spectator",
        ),
        "brown": (
            "Nosy Neighbour",
            "Family Babysitter",
            "Corridor Janitor",
            "Delivery Boy",
            "Youngest Grandchild",
            "Laundry-Room Gossip",
        ),
    },
    "forensics": {
        "red": (
            "Toxic Espresso Residue",
            "Shredder Fibres",
            "Fingerprint on a Keycard",
            "Cufflink Scratch",
            "Blood on a Glass Desk",
            "Cologne Trace",
        ),
        "green": (
            "Coolant Spatter",
            "Burnt Memory Core",
            "Synthetic Skin Flake",
            "Servo Grease Smear",
            "Tampered Firmware Dump",
            "Magnetised Dust",
        ),
        "blue": (
            "Vacuum Burns",
            "Alien Pollen",
            "Hull Paint Flecks",
            "Recycled-Air Spores",
            "Cryo-Frost Marks",
            "Low-Gravity Bruising",
        ),
        "yellow": (
            "Gutter Mud",
            "Neon Dye Stain",
            "Cheap Stim Residue",
            "Tunnel Rust",
            "Street-Food Grease",
            "Spent Casing",
        ),
        "brown": (
            "Heirloom Ring Imprint",
            "Kitchen Poison Trace",
            "Pet Hair",
            "Pillow Fibres",
            "Lipstick on a Cup",
            "Dust on the Family Album",
        ),
    },
    "interrogation": {
        "red": (
            "Nervous Accountant",
            "Former Partner",
            "Board Secretary",
            "Headhunted Analyst",
            "Corporate Lawyer",
            "Chauffeur",
        ),
        "green": (
            "Factory Supervisor",
            "Synthetic Rights Advocate",
            "Memory Archivist",
            "Owner's Spouse",
            "Licensing Officer",
            "Decommissioned Unit",
        ),
        "blue": (
            "Ship's Cook",
            "Homesick Deckhand",
            "Translator Drone",
            "Embassy Guard",
            "Spaceport Bartender",
            "Quarantine Nurse",
        ),
        "yellow": (
            "Gang Runner",
            "Pawnbroker",
            "Fight Promoter",
            "Street Medic",
            "Fence",
            "Bookie",
        ),
        "brown": (
            "Estranged Son",
            "Family Priest",
            "Grieving Widow",
            "Housekeeper",
            "Godmother",
            "Family Solicitor",
        ),
    },
    "murder-weapon": {
        "red": (
            "Letter Opener",
            "Poisoned Fountain Pen",
            "Award Statuette",
            "Sabotaged Executive Lift",
            "Monogrammed Garrotte",
            "Penthouse Window",
        ),
        "green": (
            "Degausser",
            "Kill-Switch Code",
            "Overclocked Power Cell",
            "Wipe Command",
            "Servo Arm",
            "Logic Bomb",
        ),
        "blue": (
            "Airlock Override",
            "Harpoon Gun",
            "Tampered Cryopod",
            "Magnetic Boot",
            "Alien Venom Sac",
            "Pressure Suit Puncture",
        ),
        "yellow": (
            "Switchblade",
            "Zip Gun",
            "Bike Chain",
            "Brass Knuckles",
            "Broken Bottle",
            "Butcher's Cleaver",
        ),
        "brown": (
            "Rat Poison",
            "Fire Iron",
            "Sleeping Pills",
            "Kitchen Rolling Pin",
            "Embroidery Scissors",
            "Loose Stair Rod",
        ),
    },
    "professional-opinion": {
        "red": (
            "Forensic Accountant",
            "Market Analyst",
            "Insurance Actuary",
            "Executive Headhunter",
            "Ethics Consultant",
            "Tax Auditor",
        ),
        "green": (
            "Cyberneticist",
            "Machine Psychologist",
            "Firmware Auditor",
            "Robotics Professor",
            "Network Archaeologist",
            "Patent Examiner",
        ),
        "blue": (
            "Xenobiologist",
            "Flight Engineer",
            "Orbital Mechanic",
            "Quarantine Physician",
            "Cargo Surveyor",
            "Exo-Linguist",
        ),
        "yellow": (
            "Street Surgeon",
            "Gang Historian",
            "Ballistics Hobbyist",
            "Tunnel Surveyor",
            "Retired Beat Cop",
            "Narcotics Chemist",
        ),
        "brown": (
            "Family Doctor",
            "Probate Lawyer",
            "Child Psychologist",
            "Genealogist",
            "Marriage Counsellor",
            "Handwriting Expert",
        ),
    },
}

#: Items that fit two colours' murders, by type: ``(item, colour, colour)``. Each colour has
#: two of them per type, one shared with each neighbour in :data:`COLOUR_RING`.
COLOUR_RING: tuple[str, ...] = ("red", "green", "blue", "yellow", "brown")
SHARED_ITEMS: Mapping[str, tuple[tuple[str, str, str], ...]] = {
    "eyewitness": (
        ("Security Camera Tech", "red", "green"),
        ("Maintenance Android", "green", "blue"),
        ("Monorail Conductor", "blue", "yellow"),
        ("Stairwell Sleeper", "yellow", "brown"),
        ("Family Chauffeur", "brown", "red"),
    ),
    "forensics": (
        ("Encrypted Data Shard", "red", "green"),
        ("Ozone Burn", "green", "blue"),
        ("Contraband Spice", "blue", "yellow"),
        ("Bloodied Shoe Print", "yellow", "brown"),
        ("Champagne Stain", "brown", "red"),
    ),
    "interrogation": (
        ("Laid-Off Programmer", "red", "green"),
        ("Salvage Dealer", "green", "blue"),
        ("Smuggler's Contact", "blue", "yellow"),
        ("Loan Shark", "yellow", "brown"),
        ("Disinherited Heir", "brown", "red"),
    ),
    "murder-weapon": (
        ("Stun Baton", "red", "green"),
        ("Plasma Cutter", "green", "blue"),
        ("Flechette Pistol", "blue", "yellow"),
        ("Kitchen Knife", "yellow", "brown"),
        ("Heirloom Revolver", "brown", "red"),
    ),
    "professional-opinion": (
        ("Data Forensics Analyst", "red", "green"),
        ("Radiation Specialist", "green", "blue"),
        ("Toxicologist", "blue", "yellow"),
        ("Pathologist", "yellow", "brown"),
        ("Private Banker", "brown", "red"),
    ),
}


def shared_items(evidence_type: str, colour: str) -> tuple[str, ...]:
    """The items of ``evidence_type`` that fit ``colour`` and one other colour."""
    return tuple(item for item, *pair in SHARED_ITEMS[evidence_type] if colour in pair)


def items_of(evidence_type: str, colour: str) -> tuple[str, ...]:
    """Every item a genuine ``colour`` card of ``evidence_type`` may name."""
    return ITEMS[evidence_type][colour] + shared_items(evidence_type, colour)


#: The Jovans' given and family names (a case draws five of each).
JOVAN_GIVEN: tuple[str, ...] = (
    "Anouk",
    "Bastian",
    "Corra",
    "Dashiel",
    "Esme",
    "Falco",
    "Ginevra",
    "Hollis",
    "Ines",
    "Joren",
    "Kasimir",
    "Liesl",
    "Mirela",
    "Nico",
    "Oona",
    "Petra",
    "Radek",
    "Severine",
    "Tobiah",
    "Vesna",
)
JOVAN_FAMILY: tuple[str, ...] = (
    "Achterberg",
    "Blackwood-Yi",
    "Castellane",
    "Drozdova",
    "Eskander",
    "Fairweather",
    "Grieve",
    "Halloran",
    "Ishikawa",
    "Juarez-Lind",
    "Kovalenko",
    "Lindqvist",
    "Moravec",
    "Nakashima",
    "Okonkwo",
    "Pereira",
    "Quill",
    "Sorensen",
)

#: The Jovans' titles: who each detective for hire is.
JOVAN_TITLES: tuple[str, ...] = (
    "the Washed-Up Vice Cop",
    "the Former Corporate Spy",
    "the Retired Orbital Marshal",
    "the Insurance Investigator",
    "the Rogue Synthetic",
    "the Undercity Medium",
    "the Tabloid Reporter",
    "the Night-Shift Pathologist",
    "the Bounty Hunter with Debts",
    "the Defrocked Chaplain",
    "the Former Gang Enforcer",
    "the Data Thief Gone Straight",
    "the Off-World Exile",
    "the Society Gossip",
)
