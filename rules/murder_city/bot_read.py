"""What a bot Jovan reads off its own view: its cases and hand as faces, the dice a case would
roll, the chance of each charge, and who leads. Nothing here sees more than the view."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from .case import JOKER

#: The value a bot expects of a face-down card it has not seen (values 1-3, a joker's 1).
UNSEEN_VALUE = 2.0
#: What a bot reckons a hardship costs it, in credits (the deck pays 1-3 credits, takes a die,
#: a card or a case, or bars it from a step for the turn).
HARDSHIP_COST = 1.5


@functools.cache
def _at_least(dice: int) -> tuple[float, ...]:
    """``[t]``: the chance that ``dice`` six-sided dice total ``t`` or more."""
    ways = [1]
    for _ in range(dice):
        grown = [0] * (len(ways) + 6)
        for total, count in enumerate(ways):
            for face in range(1, 7):
                grown[total + face] += count
        ways = grown
    whole = 6**dice
    tail, out = 0, [0.0] * len(ways)
    for total in range(len(ways) - 1, -1, -1):
        tail += ways[total]
        out[total] = tail / whole
    return tuple(out)


def chance_at_least(dice: int, threshold: int) -> float:
    dice = max(0, dice)
    table = _at_least(dice)
    if threshold <= 0:
        return 1.0
    return table[threshold] if threshold < len(table) else 0.0


def expected_payout(murder: Mapping[str, Any], dice: int) -> float:
    """The credits a trial of ``dice`` dice is worth on average: each charge's payout times the
    chance of reaching its threshold and not the one above."""
    worth, above = 0.0, 0.0
    for _name, threshold, payout in murder["charges"]:
        reach = chance_at_least(dice, int(threshold))
        worth += (reach - above) * int(payout)
        above = max(above, reach)
    return worth


def conviction_chance(murder: Mapping[str, Any], dice: int) -> float:
    """The chance of any verdict (the lowest threshold reached)."""
    return chance_at_least(dice, min(int(t) for _n, t, _p in murder["charges"]))


#: Each seat's last reading of its own cases: the cases part and city it was made from (held,
#: so neither's id is reused), its open ports and its fitting murder cards.
_KEPT: dict[int, tuple[Any, Any, dict[str, list[str]], dict[str, list[str]]]] = {}


class Reading:
    """One view, read for a bot: cheap lookups built once a decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = int(view["you"])
        self.city: Mapping[str, Any] = view["city"]
        self.murders: Mapping[str, Any] = self.city["murders"]
        self.evidence: Mapping[str, Any] = self.city["evidence"]
        self.seats: Sequence[Mapping[str, Any]] = view["seats"]
        self.desk: Mapping[str, Any] = self.seats[self.me]
        self.hand: Sequence[str] = view.get("hand") or ()  # read, never changed: no copy
        self.jovan: Mapping[str, Any] = self.city["jovans"][self.desk["jovan"]]
        #: my cases' open ports by murder card, and a card's fitting murder cards by card:
        #: both read my cases and the city alone, so they carry over from my last reading
        #: while its cases part is the very same object (a seat's cases change on few steps
        #: of its turn; a view's parts are never changed)
        self._open: dict[str, list[str]]
        self._fits: dict[str, list[str]]
        cases, city = self.desk["cases"], self.city
        kept = _KEPT.get(self.me)
        if kept is not None and kept[0] is cases and kept[1] is city:
            self._open, self._fits = kept[2], kept[3]
        else:
            self._open, self._fits = {}, {}
            _KEPT[self.me] = (cases, city, self._open, self._fits)

    @functools.cached_property
    def legwork(self) -> list[str]:
        """My legwork cards (read by few decisions, so made when asked)."""
        return list(self.view.get("legwork") or ())

    # ---- my cases ------------------------------------------------------------------------

    def cases(self) -> Sequence[Mapping[str, Any]]:
        """My cases as the view shows them (read, never changed: no copy)."""
        cases: Sequence[Mapping[str, Any]] = self.desk["cases"]
        return cases

    def case(self, murder: str) -> Mapping[str, Any]:
        return next(c for c in self.desk["cases"] if c["murder"] == murder)

    def open_ports(self, case: Mapping[str, Any]) -> list[str]:
        murder = case["murder"]
        found = self._open.get(murder)
        if found is None:
            ports = case["ports"]
            found = self._open[murder] = [
                k for k in self.murders[murder]["needs"] if k not in ports
            ]
        return found

    def fits(self, card: str) -> list[str]:
        """My murder cards with an open port of the card's type whose colour the card fits."""
        found = self._fits.get(card)
        if found is None:
            face = self.evidence[card]
            kind, colour, murders = face["type"], face["colour"], self.murders
            found = self._fits[card] = [  # ``genuine`` written out
                case["murder"]
                for case in self.desk["cases"]
                if kind in self.open_ports(case)
                and (colour == JOKER or colour == murders[case["murder"]]["colour"])
            ]
        return found

    def genuine(self, card: str, murder: str) -> bool:
        """A card fits a murder's colour (a joker fits every murder)."""
        colour = self.evidence[card]["colour"]
        return bool(colour == JOKER or colour == self.murders[murder]["colour"])

    def off_colour(self, case: Mapping[str, Any]) -> list[str]:
        """The types of the case's attached cards whose colour does not fit its murder."""
        return [k for k, card in case["ports"].items() if not self.genuine(card, case["murder"])]

    def case_dice(self, case: Mapping[str, Any], extra: int = 0) -> int:
        """The dice my case would roll: its cards' values, the Strength's die, ``extra``."""
        dice = sum(int(self.evidence[c]["value"]) for c in case["ports"].values())
        if self.jovan["strength_die"] in case["ports"]:
            dice += 1
        return dice + extra + self.turn_dice()

    def turn_dice(self) -> int:
        """Dice every trial loses this turn to a setback in force (the Tier Riots)."""
        return -1 if "S03" in self.view.get("setbacks", ()) else 0

    def case_worth(self, case: Mapping[str, Any], extra: int = 0) -> float:
        return expected_payout(self.murders[case["murder"]], self.case_dice(case, extra))

    # ---- the table ------------------------------------------------------------------------

    def credits(self, seat: int) -> int:
        return int(self.seats[seat]["credits"])

    def leader(self) -> int:
        """The richest other seat (the lowest seat number on a tie)."""
        seats, best, most = self.seats, -1, 0
        for seat in range(len(seats)):  # no tie: the first seat of the most credits stays
            if seat != self.me and (best < 0 or int(seats[seat]["credits"]) > most):
                best, most = seat, int(seats[seat]["credits"])
        return best

    def ahead_of_me(self, seat: int) -> bool:
        return self.credits(seat) >= self.credits(self.me)

    def last_turn(self) -> bool:
        return int(self.view["turn"]) >= int(self.view["turns"])

    def seen(self) -> set[str]:
        """Every evidence card the bot has seen where it lies now: its hand, its own attached
        cards and the face-up discards (a card in a case in court cannot be among them)."""
        cards = set(self.hand)
        for case in self.desk["cases"]:
            cards.update(case["ports"].values())
        for pile in self.view["evidence_decks"].values():
            cards.update(pile["discard"])
        return cards
