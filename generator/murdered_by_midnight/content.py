"""The original text the Murdered by Midnight generator draws from: plain data, no logic.

Every room, weapon, motive and biography fragment here was written for casebook; none is taken
from a published game. The cast's names come from the kit's shared pools
(:mod:`generator.kit.names`). The generator sorts each pool before sampling from it with a
``random.Random`` seeded from the case seed, so editing a pool changes cases but never makes
them depend on anything but the seed.
"""

from __future__ import annotations

#: What the victim was: the first half of the victim's biography.
VICTIM_ROLES: tuple[str, ...] = (
    "The host of the evening, a collector of rare maps",
    "A retired judge who kept every grudge on file",
    "The owner of the house, recently returned from abroad",
    "A celebrated novelist working on a scandalous memoir",
    "A banker who had called in several loans that week",
    "The head of the family, who was rewriting the will",
    "A theatre impresario with a long list of rivals",
    "A physician who knew the secrets of half the county",
)

#: What a living character is: the first half of every other biography.
OCCUPATIONS: tuple[str, ...] = (
    "The victim's younger cousin",
    "A visiting botanist",
    "The family solicitor",
    "The cook, who has run the kitchen for a decade",
    "A former business partner of the victim",
    "The victim's private secretary",
    "A portrait painter staying for the season",
    "The gamekeeper",
    "A retired army surgeon",
    "The victim's estranged sibling",
    "A society journalist",
    "The butler, discreet to a fault",
    "A young heir to a shipping fortune",
    "The local vicar",
    "A travelling antiques dealer",
    "The victim's godchild",
    "A piano teacher engaged for the weekend",
    "The chauffeur",
    "A chemist from the town",
    "The housekeeper",
    "An amateur astronomer",
    "The victim's intended",
)

#: A trait: the second half of every biography.
TRAITS: tuple[str, ...] = (
    "who hums when nervous",
    "who never forgets a face",
    "who owes money to nearly everyone",
    "who keeps a diary in cipher",
    "who arrived a day earlier than expected",
    "who is fond of long walks after dark",
    "who dislikes being asked questions",
    "who writes letters that are never sent",
    "who cannot resist a wager",
    "who was overheard arguing at dinner",
    "who sleeps very little",
    "who hides a limp out of pride",
    "who collects pressed flowers",
    "who is always first to the newspapers",
    "who claims to have seen a ghost on the stairs",
    "who carries a silver pocket watch everywhere",
    "who speaks four languages badly",
    "who has been seen reading other people's post",
)

#: Rooms of the house: (name, description).
ROOMS: tuple[tuple[str, str], ...] = (
    ("Library", "Tall shelves, a rolling ladder and a fire burned down to embers."),
    ("Orangery", "Potted citrus trees under glass that sweats in the evening chill."),
    ("Wine Cellar", "Cobwebbed racks and a single lamp swinging on its hook."),
    ("Billiard Room", "A green table under a low lamp, cues racked at odd angles."),
    ("Scullery", "Copper pans, a stone sink and the smell of carbolic soap."),
    ("Portrait Gallery", "A long draughty hall of painted ancestors who seem to watch."),
    ("Music Room", "A grand piano with its lid up and sheet music on the floor."),
    ("Study", "A leather chair, a locked bureau and an ink blot on the blotter."),
    ("Chapel", "Cold pews, a brass lectern and candles that gutter in the draught."),
    ("Boathouse", "Damp boards, coiled rope and a rowing boat knocking at its mooring."),
    ("Dining Room", "A table laid for twelve, one chair pushed back in a hurry."),
    ("Observatory", "A brass telescope trained on a sky thick with cloud."),
    ("Servants' Hall", "A long bench, a row of bells and a half-finished game of cards."),
    ("Nursery", "A rocking horse, a dusty dolls' house and a window that sticks."),
    ("Smoking Room", "Cracked leather armchairs and the stale ghost of cigars."),
    ("Stables", "Straw, saddles on pegs and a horse that will not settle."),
)

#: Weapons: (name, the Cause of Death card it leaves).
WEAPONS: tuple[tuple[str, str], ...] = (
    ("Pewter Tankard", "blunt-force trauma"),
    ("Fire Iron", "blunt-force trauma"),
    ("Marble Bust", "blunt-force trauma"),
    ("Rowing Oar", "blunt-force trauma"),
    ("Walking Cane", "blunt-force trauma"),
    ("Paper Knife", "a deep cut"),
    ("Cavalry Sabre", "a deep cut"),
    ("Pruning Saw", "a deep cut"),
    ("Hat Pin", "a puncture wound"),
    ("Carving Fork", "a puncture wound"),
    ("Bottle of Arsenic", "poisoning"),
    ("Tincture of Foxglove", "poisoning"),
    ("Silk Cord", "asphyxiation"),
    ("Velvet Cushion", "asphyxiation"),
    ("Bell Rope", "asphyxiation"),
    ("Duelling Pistol", "a gunshot wound"),
    ("Hunting Rifle", "a gunshot wound"),
)

#: Motives and the ties to the victim that give them: (the motive, worded to follow "because
#: of ...", the tie as a sentence of a biography). Every living character has two ties, so a
#: biography shows what someone might kill for without saying which tie did it.
MOTIVES: tuple[tuple[str, str], ...] = (
    (
        "an inheritance that would come too late",
        "Is named in the victim's will, and is short of money now.",
    ),
    ("a debt that could never be repaid", "Owes the victim a sum they cannot hope to repay."),
    ("a love letter that fell into the wrong hands", "Wrote letters the victim was seen reading."),
    (
        "a forged signature about to be discovered",
        "Signed papers for the victim that the victim had begun to check.",
    ),
    (
        "a betrayal twenty years old",
        "Was betrayed by the victim twenty years ago, and says it is forgotten.",
    ),
    ("a business deal that ruined them", "Lost a fortune in a venture the victim ran."),
    ("a secret marriage", "Is secretly married, and the victim knew to whom."),
    ("a stolen manuscript", "Is writing a book remarkably like one the victim lost."),
    (
        "jealousy over a broken engagement",
        "Was once engaged to someone who left them for the victim.",
    ),
    (
        "blackmail that had grown unbearable",
        "Pays the victim money every month, and will not say why.",
    ),
    (
        "a family feud over the house itself",
        "Claims the house should have come to their side of the family.",
    ),
    (
        "a reputation the victim threatened to destroy",
        "Has a past the victim threatened to make public.",
    ),
    (
        "a post the victim gave to a rival",
        "Was passed over for a post the victim handed to a rival.",
    ),
    (
        "a hidden child and a disputed name",
        "Believes the victim is the parent who never acknowledged them.",
    ),
    (
        "a dismissal without a reference",
        "Was to be dismissed by the victim at the end of the week.",
    ),
    ("an insult before the whole club", "Was mocked by the victim in front of the whole club."),
    (
        "an invention the victim passed off as their own",
        "Invented something the victim took the credit for.",
    ),
    (
        "a gambling loss the victim would not forgive",
        "Lost heavily at cards to the victim last winter.",
    ),
)

#: House names for the title and introduction.
HOUSES: tuple[str, ...] = (
    "Ashdown Hall",
    "Bellwether House",
    "Crowhurst Manor",
    "Dunmere Court",
    "Fenlow Abbey",
    "Greystoke Lodge",
    "Holloway Grange",
    "Kestrel Park",
    "Marlow Priory",
    "Thornbury Hall",
)

#: Title patterns; ``{house}`` and ``{victim}`` are filled in.
TITLES: tuple[str, ...] = (
    "Midnight at {house}",
    "The Last Hour at {house}",
    "A Cold Supper at {house}",
    "The {house} Affair",
    "Who Silenced {victim}?",
    "The Long Evening at {house}",
)

#: Introduction patterns; ``{house}``, ``{victim}`` and ``{count}`` (the living) are filled in.
#: Atmosphere only: each says nothing the case's facts do not hold. The discovery (who found
#: the body, where, and when, on the reader's clock) is worded by narration from the case's
#: ``discoverer``, ``scene`` and ``discovered_at``, so no pattern names a time, a discovery or
#: where anyone was; and every living character has two ties to the victim, so "a reason" holds
#: for each of them.
INTRODUCTIONS: tuple[str, ...] = (
    "Rain has closed the roads to {house}, and {count} people are shut in for the night with"
    " {victim}. Before midnight one of them has become a murderer.",
    "The party at {house} was meant to last until midnight. It ended early for {victim}, and"
    " each of the {count} others had a reason to wish them dead.",
    "A fog settles on {house} and nobody leaves. Before the night is out {victim} is dead, and"
    " one of the {count} others there knows why.",
    "Dinner at {house} was tense from the soup onwards. {victim} did not live to see midnight,"
    " and {count} people are left to account for their evening.",
)
