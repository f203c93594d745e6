"""The bots' cheap readings agree with the suspect list (``suspects``) on whole bot games:
the same candidates for every seat at every step, the same who-entered-since for every
location last seen ALIVE, and the Murderer's kill test pins the same Jessicas as
``suspects.suspicion_after_kill``."""

from __future__ import annotations

import random

from rules.core import Seat
from rules.murder_she_wrote import bot_deduce, bot_murderer, suspects
from rules.murder_she_wrote.bot_policy import policy_for
from rules.murder_she_wrote.spec import Phase
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote.helpers import GAME

GAMES = 24
STEP_CAP = 2_000


def games() -> list[list[MswState]]:
    """Whole bot games on the sample island: 3-6 seats, both rules, every state."""
    played = []
    for seed in range(GAMES):
        seats = 3 + seed % 4
        rules = "advanced" if seed % 2 else "basic"
        table = [Seat(f"Bot {n}", True) for n in range(seats)]
        state = GAME.new_game(table, "standard", seed, {"rules": rules})
        states = [state]
        for step in range(STEP_CAP):
            waiting = sorted(GAME.to_act(state))
            if not waiting:
                break
            seat = waiting[0]
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            action = GAME.bot_choose(view, legal, random.Random(seed * STEP_CAP + step))
            state, _ = GAME.apply(state, seat, action)
            states.append(state)
        assert state.phase == Phase.OVER, "a bot game did not end within the step cap"
        played.append(states)
    return played


GAMES_PLAYED = games()


def test_a_jessicas_reading_is_her_suspect_list() -> None:
    """ "You will only discover the murderer's identity by deduction": the bot's quick
    reading gives exactly ``suspects.candidates`` and ``suspects.knowledge``'s locations."""
    compared = 0
    for states in GAMES_PLAYED:
        for state in states[::3]:
            for seat in range(len(state.seats)):
                if seat == state.murderer or seat in state.out:
                    continue
                view = GAME.view(state, seat)
                reading = bot_deduce.read(view)
                known = suspects.knowledge(view)
                assert reading.candidates == known.candidates
                assert {k: set(v) for k, v in reading.since_alive.items()} == {
                    k: set(v) for k, v in known.since_alive.items()
                }
                assert reading.dead == {clue.location for clue in known.clues}
                compared += 1
    assert compared > 500


def test_the_murderers_pretended_reading_is_pretended_candidates() -> None:
    """ "If you are the Murderer, remember you can pretend to be JESSICA and stalk players
    too": read with itself and the known Jessicas cleared, it gets ``pretended_candidates``
    (when its sightings point anywhere)."""
    for states in GAMES_PLAYED:
        for state in states[::5]:
            view = GAME.view(state, state.murderer)
            cleared = suspects.known_jessicas(view) | {state.murderer}
            reading = bot_deduce.read(view, cleared)
            if reading.candidates:
                assert reading.candidates == suspects.pretended_candidates(view)


def test_the_kill_test_pins_whom_suspicion_after_kill_pins() -> None:
    """Every check of the Murderer's where it saw the islander ALIVE: the Jessicas it finds
    pinned are those ``suspicion_after_kill`` leaves fewer than ``caution`` suspects, less
    (advanced) those who may not look next."""
    checks = 0
    for states in GAMES_PLAYED:
        for state in states:
            if state.phase != Phase.CHECK or state.turn != state.murderer:
                continue
            view = GAME.view(state, state.murderer)
            if view["seen"][-1]["status"] != "alive":
                continue
            policy = policy_for(state.rules)
            location = view["visits"][-1]["location"]
            cards = view["last_in"][location]
            expected = [
                jessica
                for jessica, left in suspects.suspicion_after_kill(view, location).items()
                if len(left) < policy.caution
                and not (
                    state.rules == "advanced" and jessica in cards and cards.index(jessica) < 2
                )
            ]
            assert bot_murderer.pinned_by_kill(view, policy) == expected
            checks += 1
    assert checks > 50


def test_exposed_is_some_jessica_suspecting_the_murderer_alone() -> None:
    """The Murderer's view: ``bot_murderer.exposed`` is ``suspects.exposure`` leaving some
    Jessica one suspect."""
    checked = 0
    for states in GAMES_PLAYED:
        for state in states[::4]:
            if state.phase == Phase.OVER:
                continue
            view = GAME.view(state, state.murderer)
            expected = any(len(left) == 1 for left in suspects.exposure(view).values())
            assert bot_murderer.exposed(view) == expected
            checked += expected
    assert checked > 0
