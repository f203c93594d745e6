"""The bot resolves events and plays every Force Card that helps, from its own view.

Rulebook: "Up to 3 Events can be active at one time, and each has a unique setup, a negative
effect, and a requirement for resolving it. Typically, Events require you to perform an action
or move to a specific block on your turn." The rules of this project: "Bot officers play every
mode from their own view: they chase clues, resolve events, share or hide information as the
mode rewards, and accuse the most likely suspect."
"""

from __future__ import annotations

import dataclasses
import random

from rules.core import Action, Seat
from rules.tiny_epic_crimes import clues
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.coop_helpers import coop, game_for
from tests.rules.tiny_epic_crimes.helpers import GAME, act, mobsters, officer, start
from tests.rules.tiny_epic_crimes.test_force import holding

# The sample grid: B01-B05 row 1, B06-B10 row 2, B11 B12 HQ B13 B14 row 3, …; B01-B07 hold
# Search Tokens, B08-B12 Stakeout Tokens. The HQ's nearest Search Tokens are 2 blocks away.


def table(placed: dict[str, str]) -> TecState:
    """A 3-officer opening with these mobsters, officer 0's dealt Force Card set aside."""
    return holding(mobsters(start(3), placed), 0)


def bot(state: TecState, seat: int = 0) -> Action:
    game = game_for(len(state.officers))
    return SYSTEM.bot_choose(
        game.view(state, seat), game.legal_actions(state, seat), random.Random(0)
    )


def event(card: str, tokens: tuple[str, ...] = (), crew: tuple[str, ...] = ()) -> ActiveEvent:
    return ActiveEvent(card, 1, 0, tokens, (), crew, ())


def with_events(state: TecState, *events: ActiveEvent) -> TecState:
    return dataclasses.replace(state, events=events)


def no_clues_to_catch(state: TecState) -> TecState:
    return dataclasses.replace(state, informant_rows=(), witness_columns=())


def test_the_bot_drives_to_an_event_it_can_resolve_and_resolves_it() -> None:
    # E11: Resolve Event on its token for 1 hour; the token is one block from the HQ.
    state = with_events(table({}), event("E11", ("B13",)))
    assert bot(state) == Action("drive", {"to": "B13"})
    state, _ = act(state, 0, "drive", to="B13")
    assert bot(state) == Action("resolve-event", {"event": "E11"})
    # without the event it drives to the nearest clue instead
    assert bot(table({})).params["to"] in {"B03", "B07"}


def test_the_bot_takes_the_action_an_event_asks_for_where_it_stands() -> None:
    # E01: a coffee break on its token; a mobster there could be arrested instead.
    here = no_clues_to_catch(officer(table({"B13": "red"}), 0, block="B13"))
    assert bot(with_events(here, event("E01", ("B13",)))) == Action("coffee-break")
    assert bot(here).type == "drive"  # no event: on to the nearest clue
    # E13: an arrest in the event's row
    row = with_events(here, event("E13", ("B14",)))
    assert bot(row) == Action("arrest")


def test_the_bot_clears_an_events_crew_with_warrant() -> None:
    # E14's crew must be cleared; Warrant: "Apprehend a mobster adjacent to you."
    crew = with_events(table({"B08": "red"}), event("E14", crew=("B08",)))
    assert bot(holding(crew, 0, "F03")) == Action("play-force", {"card": "F03"})
    # a lone mobster that is nobody's crew is left for the clues it may give
    assert bot(holding(table({"B08": "red"}), 0, "F03")).type != "play-force"


def test_the_bot_thins_a_crowded_city_with_dragnet_away_from_its_clues() -> None:
    crowd = {"B11": "red", "B12": "blue", "B14": "gray", "B01": "red", "B05": "blue"}
    state = no_clues_to_catch(table({**crowd, "B20": "gray"}))
    assert bot(holding(state, 0, "F11")) == Action("play-force", {"card": "F11"})
    few = no_clues_to_catch(table({"B11": "red"}))
    assert bot(holding(few, 0, "F11")).type != "play-force"


def test_the_bot_calls_for_backup_with_steady_hand_for_an_event() -> None:
    # E09: a successful Call for Backup on its token; Steady Hand rolls a failed die again.
    base = no_clues_to_catch(officer(table({"B14": "red"}), 0, block="B13"))
    state = holding(with_events(base, event("E09", ("B13",))), 0, "F06")
    assert bot(state) == Action("play-force", {"card": "F06"})
    state, _ = act(state, 0, "play-force", card="F06")
    assert bot(state) == Action("call-for-backup", {"hours": 4})  # a second chance: fewer hours
    sure = with_events(base, event("E09", ("B13",)))
    assert bot(sure) == Action("call-for-backup", {"hours": 6})  # one die: risk them all


def test_the_bot_makes_an_anonymous_call_when_another_hand_holds_cards() -> None:
    state, _ = clues.gain_suspect(table({}), 1, random.Random(0))
    assert bot(holding(state, 0, "F09")) == Action("play-force", {"card": "F09"})


def test_a_cooperative_bot_plays_its_partners_card_from_the_shared_pool() -> None:
    # "In a 2-player game: Players combine their Force Cards in a shared pool of up to 4 cards,
    # and both players have access to any available card."
    state = mobsters(coop(2), {})
    forces = state.forces
    for seat in (0, 1):
        forces = forces.remove(seat, forces.cards_of(seat))
    state = dataclasses.replace(state, forces=forces.add(1, ("F01",)))
    assert bot(state) == Action("play-force", {"card": "F01"})  # Squad Car before a drive


def test_bots_resolve_events_and_play_every_kind_of_card_over_whole_games() -> None:
    played: set[str] = set()
    resolved = 0
    for seed in range(4):
        state = GAME.new_game([Seat(f"Bot {i}", True) for i in range(4)], "standard", seed)
        rng = random.Random(seed)
        for _ in range(SYSTEM.SPEC.step_limit):
            if SYSTEM.result(GAME.case, state) is not None:
                break
            actor = min(SYSTEM.to_act(GAME.case, state))
            action = SYSTEM.bot_choose(
                GAME.view(state, actor), GAME.legal_actions(state, actor), rng
            )
            state, events = GAME.apply(state, actor, action)
            played |= {str(e.data["card"]) for e in events if e.type == "force-played"}
            resolved += sum(e.type == "event-resolved" for e in events)
        assert SYSTEM.result(GAME.case, state) is not None
    assert resolved >= 4 and {"F03", "F09", "F11"} & played, (resolved, played)
