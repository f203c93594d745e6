"""The bot as Listener: judge a case from what it can see, before any die.

The story names each attached card's type and item; an item may exist in more than one colour
("naming it in a story does not prove a colour"), and a joker is told with an item its type
names in the murder's colour. So for each told card the bot counts the cards that could lie
there and that it has not seen (its hand, its own attached cards, the face-up discards):
genuine cards of the murder's colour naming that item, jokers of the type (each told with one
of the colour's items at random), and off-colour cards naming it. Weighing the off-colour ones
by how often a Jovan bluffs gives the chance that the card is off-colour.

Then the credits: a challenge pays 2 when the named card is off-colour, and costs 1 for each
off-colour card it missed when it is not; a rubber stamp pays nothing more; an endorsement pays
2 on a conviction and a hardship on none (the colours do not matter at the trial). The bot
challenges the card most likely off-colour when that is worth enough, endorses a case that
looks genuine and strong, and rubber-stamps the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action

from .bot_read import HARDSHIP_COST, UNSEEN_VALUE, Reading, conviction_chance
from .case import JOKER
from .names import Act
from .recall import per_city

#: How often a Jovan's attached card is off-colour, as a Listener first supposes (bot games
#: measure about this: docs/murder-city.md, "Bots, balance and speed").
BLUFF_SHARE = 0.1
#: A challenge is made when it is worth at least this many credits more than a rubber stamp.
CHALLENGE_MARGIN = 0.6
#: An endorsement needs a case this likely to convict and no card this likely off-colour.
ENDORSE_CONVICTION = 0.85
ENDORSE_DOUBT = 0.15


@dataclass(frozen=True)
class Index:
    """A city's evidence as a Listener looks it up."""

    #: (type, item) -> the cards naming it, by colour: plain mappings, not an object each (a
    #: city's index stays in memory, and each object more is one more for every collection
    #: of the oldest generation to visit)
    pools: Mapping[tuple[str, str], Mapping[str, tuple[str, ...]]]
    items: Mapping[tuple[str, str], int]  # (type, colour) -> how many items it names
    cards: Mapping[tuple[str, str], int]  # (type, colour) -> how many cards
    jokers: Mapping[str, tuple[str, ...]]  # type -> its jokers
    decks: Mapping[str, int]  # type -> its coloured cards (jokers not counted)
    #: chances already worked out with nothing seen, by (colour, type, item, bluff share):
    #: a bot weighs the same bluffs on every step of its turn
    unseen: dict[tuple[str, str, str, float], float] = field(default_factory=dict, compare=False)


@per_city
def index(city: Mapping[str, Any]) -> Index:
    """Built once per city (the view's public city is one object per city)."""
    naming: dict[tuple[str, str], dict[str, list[str]]] = {}
    items: dict[tuple[str, str], set[str]] = {}
    cards: dict[tuple[str, str], int] = {}
    jokers: dict[str, list[str]] = {}
    for card, face in city["evidence"].items():
        if face["colour"] == JOKER:
            jokers.setdefault(face["type"], []).append(card)
            continue
        key = (face["type"], face["item"])
        naming.setdefault(key, {}).setdefault(face["colour"], []).append(card)
        items.setdefault((face["type"], face["colour"]), set()).add(face["item"])
        cards[(face["type"], face["colour"])] = cards.get((face["type"], face["colour"]), 0) + 1
    made = Index(
        pools={key: {c: tuple(ids) for c, ids in by.items()} for key, by in naming.items()},
        items={key: len(names) for key, names in items.items()},
        cards=cards,
        jokers={kind: tuple(ids) for kind, ids in jokers.items()},
        decks={kind: sum(n for (k, _c), n in cards.items() if k == kind) for kind, _c in cards},
    )
    return made


def off_colour_chance(
    city: Mapping[str, Any],
    colour: str,
    kind: str,
    item: str,
    seen: set[str],
    bluff_share: float = BLUFF_SHARE,
) -> float:
    """The chance that a told card (``kind`` naming ``item``) on a murder of ``colour`` is
    off-colour, given the cards the Listener has seen elsewhere."""
    found = index(city)
    if seen:
        return _chance(found, colour, kind, item, seen, bluff_share)
    key = (colour, kind, item, bluff_share)
    chance = found.unseen.get(key)
    if chance is None:
        chance = found.unseen[key] = _chance(found, colour, kind, item, seen, bluff_share)
    return chance


_NO_POOL: Mapping[str, tuple[str, ...]] = {}


def _chance(
    found: Index, colour: str, kind: str, item: str, seen: set[str], bluff_share: float
) -> float:
    named = found.pools.get((kind, item), _NO_POOL)
    off = sum(1 for col, ids in named.items() if col != colour for c in ids if c not in seen)
    if off == 0:
        return 0.0
    genuine = 0.0
    jokers = found.jokers.get(kind, ())
    if colour in named:  # a joker is told with one of the colour's items, at random
        genuine = sum(1 for c in named[colour] if c not in seen)
        genuine += sum(1 for c in jokers if c not in seen) / max(1, found.items[(kind, colour)])
    if genuine == 0:
        return 1.0
    # each unseen card weighed by how often a Jovan attaches one of its kind: an off-colour
    # card is one of the other colours' cards, a genuine one of the colour's own or a joker
    own = found.cards.get((kind, colour), 1)
    others = found.decks.get(kind, own) - own
    per_off = bluff_share / max(1, others)
    per_genuine = (1 - bluff_share) / (own + len(jokers))
    return off * per_off / (off * per_off + genuine * per_genuine)


def suspicions(view: Mapping[str, Any], seen: set[str] | None = None) -> dict[str, float]:
    """Each told card's chance of being off-colour, by its type (the challenge names a type)."""
    court = view["court"]
    city = view["city"]
    colour = city["murders"][court["murder"]]["colour"]
    if seen is None:
        seen = Reading(view).seen()
    return {
        told["type"]: off_colour_chance(city, colour, told["type"], told["item"], seen)
        for told in court["story"] or ()
    }


def challenge_worth(chances: Mapping[str, float], kind: str) -> float:
    """Credits a challenge naming ``kind`` is worth on average, over a rubber stamp."""
    hit = chances[kind]
    missed = sum(p for other, p in chances.items() if other != kind)
    return 2 * hit - (1 - hit) * missed


def endorse_worth(view: Mapping[str, Any]) -> tuple[float, float]:
    """The chance the case convicts with the endorsement's die (the Listener cannot see the
    values: each told card counts as two dice), and what the endorsement is then worth: 2 on
    a conviction, a hardship on none."""
    court = view["court"]
    murder = view["city"]["murders"][court["murder"]]
    prosecutor = view["seats"][court["prosecutor"]]
    jovan = view["city"]["jovans"][prosecutor["jovan"]]
    told = [t["type"] for t in court["story"] or ()]
    dice = UNSEEN_VALUE * len(told) + 1  # the endorsement's die
    if jovan["strength_die"] in told:
        dice += 1
    dice += sum(int(d["amount"]) for d in court["dice"])
    if "S03" in view.get("setbacks", ()):
        dice -= 1
    chance = conviction_chance(murder, int(dice))
    return chance, 2 * chance - HARDSHIP_COST * (1 - chance)


def decide(view: Mapping[str, Any], challengeable: tuple[str, ...]) -> Action:
    """Challenge, endorse or rubber-stamp the case in court."""
    chances = {k: p for k, p in suspicions(view).items() if k in challengeable}
    if chances:
        best = max(sorted(chances), key=lambda k: chances[k])
        if challenge_worth(chances, best) >= CHALLENGE_MARGIN:
            return Action(Act.CHALLENGE, {"evidence": best})
    doubt = max(chances.values(), default=0.0)
    convicts, _worth = endorse_worth(view)
    if convicts >= ENDORSE_CONVICTION and doubt <= ENDORSE_DOUBT:
        return Action(Act.ENDORSE)
    return Action(Act.RUBBER_STAMP)


def most_suspect(view: Mapping[str, Any], challengeable: tuple[str, ...]) -> str:
    """The type the honest reading would name, whether or not it challenges (for the
    shortcut comparison)."""
    chances = suspicions(view)
    return max(challengeable, key=lambda k: (chances.get(k, 0.0), -challengeable.index(k)))
