"""The original card sets of Tiny Epic Crimes, in the rulebook's numbers, as data.

18 Event Cards, 12 Force Cards and 8 Ability Cards, all written for casebook (no published
card's name or text). Every effect is data in the vocabulary of :mod:`.effects`:

- an **event** has a setup (roll to add mobsters or tokens), a negative effect in force while it
  is active, a requirement (a test: an action on a block, or Resolve Event on a block for some
  hours), the reward icons of the officer who resolves it and, on some, of every other officer
  who contributed; a **timed** event (the clock icon) lapses after its ``hours`` and then
  applies its ``lapse`` penalty (docs/rulings.md);
- a **force card** is one effect, played at ``when`` (``"turn"``, ``"after-roll"``, …);
- an **ability** applies whenever its ``when`` comes round.

The decks are shuffled at the start of a game from the game's seed; a case does not hold them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .effects import check, op

Effect = Mapping[str, Any]

#: The effect each reward icon stands for.
REWARD_EFFECTS: Mapping[str, Effect] = {
    "suspect": op("gain_suspect", count=1),
    "force": op("gain_force", count=1),
    "badge": op("advance_badge", levels=1),
    "peek": op("peek_evidence"),
}


@dataclass(frozen=True)
class EventCard:
    id: str  # "E01" …
    name: str
    text: str
    setup: Effect
    hazard: Effect  # in force while the event is active
    requirement: Effect  # a test
    reward: tuple[str, ...]  # reward icons: "Only player that resolves"
    contributors: tuple[str, ...] = ()  # "Any other player that contributed"; () for none
    timed: bool = False
    hours: int | None = None  # a timed event's hours on the track before it lapses
    lapse: Effect | None = None  # what a lapsed timed event does

    def reward_effect(self, *, resolver: bool = True) -> Effect:
        icons = self.reward if resolver else self.contributors
        return op("all", effects=[REWARD_EFFECTS[icon] for icon in icons])


@dataclass(frozen=True)
class ForceCard:
    id: str  # "F01" …
    name: str
    text: str
    when: str
    effect: Effect


@dataclass(frozen=True)
class AbilityCard:
    id: str  # "A01" …
    name: str
    text: str
    when: str
    effect: Effect


def _tokens(count: int) -> Effect:
    return op("add_event_tokens", count=count)


NOTHING = op("nothing")

EVENTS: tuple[EventCard, ...] = (
    EventCard(
        "E01",
        "Warehouse Blaze",
        "Smoke chokes the streets around the fire. Driving onto its block costs 1 more hour."
        " Take a Coffee Break there while the crews work to resolve it.",
        setup=_tokens(1),
        hazard=op("drive_toll", hours=1, where="event-token"),
        requirement=check("act", action="coffee-break", where="event-token"),
        reward=("badge", "suspect"),
        contributors=("badge",),
    ),
    EventCard(
        "E02",
        "Payroll Heist",
        "A mobster guards the stolen wages. Catch Informant costs 1 more hour. Arrest the guard"
        " within 8 hours, or every officer loses an hour.",
        setup=op("all", effects=[_tokens(1), op("add_mobsters", count=1, where="event-token")]),
        hazard=op("action_costs", action="catch-informant", hours=1),
        requirement=check("act", action="arrest", where="event-token"),
        reward=("force", "peek"),
        timed=True,
        hours=8,
        lapse=op("advance_trackers", hours=1, who="all"),
    ),
    EventCard(
        "E03",
        "Citywide Blackout",
        "No Search Scene in the dark. Resolve it at the HQ, spending 2 hours on the generators.",
        setup=NOTHING,
        hazard=op("forbid", action="search-scene"),
        requirement=check("stand", where="hq", hours=2),
        reward=("suspect",),
        contributors=("badge",),
    ),
    EventCard(
        "E04",
        "Smugglers' Tide",
        "Two smugglers wait on this card. Stakeouts cost 1 more hour. Bring someone in for"
        " Holding within 6 hours, or chaos grips the city.",
        setup=op("add_mobsters", count=2, where="card"),
        hazard=op("action_costs", action="stakeout", hours=1),
        requirement=check("act", action="bring-in-for-holding", where="any"),
        reward=("force", "badge"),
        timed=True,
        hours=6,
        lapse=op("too_many_events"),
    ),
    EventCard(
        "E05",
        "Founders' Day Parade",
        "Two streets are closed to cars. Two officers on the parade blocks at once, spending an"
        " hour each, resolve it.",
        setup=_tokens(2),
        hazard=op("forbid", action="drive", where="event-token"),
        requirement=check("stand", where="event-token", hours=1, officers=2),
        reward=("suspect", "badge"),
        contributors=("suspect",),
    ),
    EventCard(
        "E06",
        "Jailbreak",
        "Three escapees are loose. Bringing in for Holding costs 1 more hour. Two arrests"
        " within 6 hours resolve it; otherwise roll for one more mobster.",
        setup=op("add_mobsters", count=3, where="roll"),
        hazard=op("action_costs", action="bring-in-for-holding", hours=1),
        requirement=check("act", action="arrest", where="any", times=2),
        reward=("force", "suspect"),
        contributors=("badge",),
        timed=True,
        hours=6,
        lapse=op("mobster_roll"),
    ),
    EventCard(
        "E07",
        "Press Leak",
        "Nobody talks while the papers print names: no Interrogate. Spend 2 hours at the HQ"
        " with the editor to resolve it.",
        setup=NOTHING,
        hazard=op("forbid", action="interrogate"),
        requirement=check("stand", where="hq", hours=2),
        reward=("peek",),
    ),
    EventCard(
        "E08",
        "Counterfeit Ring",
        "Search Scene costs 1 more hour. Catch a Witness in the printing shop's column.",
        setup=_tokens(1),
        hazard=op("action_costs", action="search-scene", hours=1),
        requirement=check("act", action="catch-witness", where="event-column"),
        reward=("suspect", "force"),
        contributors=("suspect",),
    ),
    EventCard(
        "E09",
        "Rooftop Gunman",
        "Driving onto the marked block costs 2 more hours. Call for Backup there, and succeed,"
        " within 4 hours, or the top Suspect Card is lost.",
        setup=_tokens(1),
        hazard=op("drive_toll", hours=2, where="event-token"),
        requirement=check("act", action="call-for-backup", where="event-token", succeed=True),
        reward=("badge", "peek"),
        timed=True,
        hours=4,
        lapse=op("discard_suspect_deck", count=1),
    ),
    EventCard(
        "E10",
        "Crime Wave",
        "Two more mobsters, and one more Mobster Roll at the end of every turn, until a"
        " successful Call for Backup breaks the wave.",
        setup=op("add_mobsters", count=2, where="roll"),
        hazard=op("extra_mobster_roll"),
        requirement=check("act", action="call-for-backup", where="any", succeed=True),
        reward=("force", "badge"),
        contributors=("badge",),
    ),
    EventCard(
        "E11",
        "Witness in Hiding",
        "No Catch Witness while the witness hides. Find the safe house by night and spend an"
        " hour there within 8 hours, or the top Suspect Card is lost.",
        setup=_tokens(1),
        hazard=op("forbid", action="catch-witness"),
        requirement=check("stand", where="event-token", hours=1),
        reward=("suspect", "suspect"),
        timed=True,
        hours=8,
        lapse=op("discard_suspect_deck", count=1),
    ),
    EventCard(
        "E12",
        "Harbour Fog",
        "No Stakeout in the fog. Wait it out with a Coffee Break on a stakeout block.",
        setup=NOTHING,
        hazard=op("forbid", action="stakeout"),
        requirement=check("act", action="coffee-break", where="stakeout"),
        reward=("badge",),
        contributors=("badge",),
    ),
    EventCard(
        "E13",
        "Informant Gone Cold",
        "Catch Informant costs 2 more hours. Arrest someone in the informant's row.",
        setup=_tokens(1),
        hazard=op("action_costs", action="catch-informant", hours=2),
        requirement=check("act", action="arrest", where="event-row"),
        reward=("suspect", "peek"),
        contributors=("suspect",),
    ),
    EventCard(
        "E14",
        "Armoured Car Job",
        "Two crews hold two blocks; driving onto them costs 1 more hour. Apprehend both crews"
        " within 6 hours, or every officer loses an hour.",
        setup=op("all", effects=[_tokens(2), op("add_mobsters", count=2, where="event-token")]),
        hazard=op("drive_toll", hours=1, where="event-token"),
        requirement=check("cleared", what="event-mobsters"),
        reward=("force", "force"),
        contributors=("badge",),
        timed=True,
        hours=6,
        lapse=op("advance_trackers", hours=1, who="all"),
    ),
    EventCard(
        "E15",
        "Dockworkers' Strike",
        "No Bring in for Holding while the docks are shut. Spend 2 hours at the picket line to"
        " resolve it.",
        setup=_tokens(1),
        hazard=op("forbid", action="bring-in-for-holding"),
        requirement=check("stand", where="event-token", hours=2),
        reward=("badge", "suspect"),
    ),
    EventCard(
        "E16",
        "Crooked Alderman",
        "No peeking at Solved Evidence while the alderman leans on the precinct. Catch an"
        " Informant to expose him.",
        setup=NOTHING,
        hazard=op("forbid", action="peek"),
        requirement=check("act", action="catch-informant", where="any"),
        reward=("peek", "badge"),
        contributors=("suspect",),
    ),
    EventCard(
        "E17",
        "Night Market Brawl",
        "Two brawlers wait on this card; Arrest costs 1 more hour. Make an arrest by night"
        " within 5 hours, or roll for one more mobster.",
        setup=op("add_mobsters", count=2, where="card"),
        hazard=op("action_costs", action="arrest", hours=1),
        requirement=check("act", action="arrest", where="any", phase="night"),
        reward=("force",),
        contributors=("badge",),
        timed=True,
        hours=5,
        lapse=op("mobster_roll"),
    ),
    EventCard(
        "E18",
        "Evidence Locker Break-In",
        "Calling for Backup costs 1 more hour while the precinct is in uproar. Spend 2 hours at"
        " the locker's block to recover what was taken.",
        setup=_tokens(1),
        hazard=op("action_costs", action="call-for-backup", hours=1),
        requirement=check("stand", where="event-token", hours=2),
        reward=("peek", "suspect"),
        contributors=("suspect",),
    ),
)

FORCE_CARDS: tuple[ForceCard, ...] = (
    ForceCard(
        "F01",
        "Squad Car",
        "Drive up to 3 blocks this turn for no hours.",
        "turn",
        op("drive_free", blocks=3),
    ),
    ForceCard(
        "F02",
        "Tip-Off",
        "Look at the Stakeout Token on your block before you risk.",
        "stakeout",
        op("peek_token", kind="stakeout"),
    ),
    ForceCard(
        "F03",
        "Warrant",
        "Apprehend a mobster on a block next to yours.",
        "turn",
        op("apprehend", where="adjacent"),
    ),
    ForceCard(
        "F04",
        "Overtime",
        "Take a daytime action at night, or a nighttime one by day.",
        "turn",
        op("any_time_of_day", action="any"),
    ),
    ForceCard(
        "F05", "Double Shift", "Perform a second action this turn.", "turn", op("extra_action")
    ),
    ForceCard(
        "F06",
        "Steady Hand",
        "Roll the Call for Backup die again.",
        "after-roll",
        op("reroll", die="backup"),
    ),
    ForceCard(
        "F07",
        "Roadblock",
        "Choose the number of one die of a Mobster Roll.",
        "after-roll",
        op("choose_die", die="mobster"),
    ),
    ForceCard(
        "F08",
        "Lab Rush",
        "Look at a Search Token on your block before you flip it.",
        "search-scene",
        op("peek_token", kind="search"),
    ),
    ForceCard("F09", "Anonymous Call", "Interrogate another officer.", "turn", op("interrogate")),
    ForceCard(
        "F10",
        "Shortcut",
        "This turn's action costs 1 hour less (at least 1).",
        "turn",
        op("hours", delta=-1),
    ),
    ForceCard(
        "F11",
        "Dragnet",
        "Apprehend every mobster in your row.",
        "turn",
        op("apprehend", where="row"),
    ),
    ForceCard(
        "F12",
        "Shadow Detail",
        "Move a mobster up to 2 blocks.",
        "any-time",
        op("move_mobster", blocks=2),
    ),
)

ABILITIES: tuple[AbilityCard, ...] = (
    AbilityCard(
        "A01",
        "Street Smarts",
        "Your first block of driving each turn is free.",
        "drive",
        op("drive_free", blocks=1),
    ),
    AbilityCard(
        "A02",
        "Radio Ahead",
        "Once per Call for Backup, roll the die again.",
        "call-for-backup",
        op("reroll", die="backup"),
    ),
    AbilityCard(
        "A03",
        "Night Owl",
        "A stakeout costs 1 hour less than you risk.",
        "stakeout",
        op("hours", delta=-1),
    ),
    AbilityCard(
        "A04",
        "Good Listener",
        "When you Interrogate, look at a second card.",
        "interrogate",
        op("interrogate"),
    ),
    AbilityCard(
        "A05",
        "Known Face",
        "Catch Informant advances your badge one more level.",
        "catch-informant",
        op("advance_badge", levels=1),
    ),
    AbilityCard(
        "A06",
        "Keen Eye",
        "Before a Search Scene, look at the token you would flip.",
        "search-scene",
        op("peek_token", kind="search"),
    ),
    AbilityCard(
        "A07",
        "By the Book",
        "Resolving an Event also gains you a Force Card.",
        "resolve-event",
        op("gain_force", count=1),
    ),
    AbilityCard(
        "A08",
        "Desk Sergeant",
        "At the start of your turn at the HQ, you may finish Bring in for Holding"
        " whatever the time of day.",
        "turn-start",
        op(
            "if",
            test=check("at", where="hq"),
            then=op("any_time_of_day", action="bring-in-for-holding"),
        ),
    ),
)
