"""The Peek exchange, from the rulebook: "the "Peek at 1 Solved Evidence" icon listed in your
reward means you may exchange information with a player who has an Evidence Token. You look at
the Murderer's card in the Evidence envelope that the player has, while that player randomly
selects and looks at one of your Suspect Cards. You must have at least one suspect to do this,
and it may be one that the other player has already seen. Whether or not to do this, and which
envelope to look at (if the other player has more than one token), is your choice; the
evidence's holder cannot refuse it.\""""

from __future__ import annotations

import dataclasses
import json
import random

from rules.core import Action, ActionSpec
from rules.tiny_epic_crimes import clues, peek
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import ActiveEvent, Glimpse, TecState
from tests.rules.tiny_epic_crimes.helpers import CASE, GAME, act, mobsters, of, officer, start

MURDERER = CASE.suspect(CASE.solution.murderer)


def table() -> TecState:
    """Seat 0 holds two Suspect Cards; seat 1 holds Weapon and Gang, seat 2 Getaway."""
    state = dataclasses.replace(start(3), solved={"weapon": 1, "gang": 1, "getaway": 2})
    for _ in range(2):
        state, _ = clues.gain_suspect(state, 0, random.Random(0))
    return state


def offered(state: TecState, seat: int = 0) -> TecState:
    after, events = peek.offer(state, seat)
    assert [e.type for e in events] == ["peek-owed"]
    return after


def test_the_peeker_chooses_an_envelope_another_officer_holds_or_none() -> None:
    state = offered(table(), 0)
    assert SYSTEM.to_act(CASE, state) == frozenset({0})
    assert [s.to_json() for s in GAME.legal_actions(state, 0)] == [
        {
            "type": "peek",
            "params": {
                "evidence": {"kind": "one", "choices": ["gang", "getaway", "weapon", "none"]}
            },
        }
    ]
    holder, _ = clues.gain_suspect(table(), 1)
    own = offered(holder, 1)  # seat 1 peeks only at what another officer holds
    assert own.decisions[0].choices == ("getaway", "none")


def test_the_exchange_shows_the_value_to_the_peeker_and_a_card_to_the_holder() -> None:
    state = offered(table(), 0)
    hand = state.suspects.cards_of(0)
    after, events = act(state, 0, "peek", evidence="weapon")
    (looked,) = of(events, "evidence-peeked")
    assert looked.data == {"seat": 0, "holder": 1, "evidence": "weapon"}
    assert looked.secret == {"value": MURDERER.weapon}
    assert looked.secret_audience == frozenset({0})
    (paid,) = of(events, "peek-paid")
    (card,) = paid.secret["suspects"]
    assert card in hand and paid.secret_audience == frozenset({1})
    assert paid.data == {"seat": 1, "officer": 0, "looked": 1}
    assert after.peeked == ((0, "weapon"),) and after.glimpses == (Glimpse(1, 0, card),)
    assert after.suspects == state.suspects  # only looked at
    assert SYSTEM.view(CASE, after, 0)["peeked_evidence"] == {"weapon": MURDERER.weapon}
    assert SYSTEM.view(CASE, after, 1)["seen_suspects"] == {"0": [card]}
    for seat in (2, None):
        shown = SYSTEM.view(CASE, after, seat)
        assert shown.get("peeked_evidence", {}) == {} and shown.get("seen_suspects", {}) == {}
    assert SYSTEM.view(CASE, after, 1)["peeked_evidence"] == {}


def test_the_holder_picks_at_random_and_may_see_a_card_again() -> None:
    state = offered(table(), 0)
    hand = state.suspects.cards_of(0)
    seen = set()
    for step in range(30):
        _, events = act(dataclasses.replace(state, step=step), 0, "peek", evidence="gang")
        seen |= set(of(events, "peek-paid")[0].secret["suspects"])
    assert seen == set(hand)
    again = dataclasses.replace(state, glimpses=tuple(Glimpse(1, 0, c) for c in hand))
    after, events = act(again, 0, "peek", evidence="gang")
    (paid,) = of(events, "peek-paid")
    assert paid.secret["already_seen"] == paid.secret["suspects"]
    assert after.glimpses == again.glimpses


def test_declining_changes_nothing() -> None:
    state = offered(table(), 0)
    after, events = act(state, 0, "peek", evidence="none")
    assert [e.type for e in events] == ["peek-skipped"]
    assert events[0].data == {"seat": 0, "reason": "declined"}
    assert after.peeked == () and after.glimpses == () and after.decisions == ()


def test_no_suspect_no_evidence_elsewhere_or_the_crooked_alderman_means_no_peek() -> None:
    bare = dataclasses.replace(start(3), solved={"weapon": 1})  # seat 0 holds no suspect
    mine = dataclasses.replace(table(), solved={"weapon": 0})  # only its own envelope
    alderman = ActiveEvent("E16", 1, 0, (), (), (), ())  # "No peeking at Solved Evidence"
    blocked = dataclasses.replace(table(), events=(alderman,))
    for state, reason in ((bare, "no-suspect"), (mine, "no-evidence"), (blocked, "forbidden")):
        after, events = peek.offer(state, 0)
        assert after.decisions == ()
        assert [e.type for e in events] == ["peek-owed", "peek-skipped"]
        assert events[1].data == {"seat": 0, "reason": reason}


def test_an_events_peek_reward_owes_the_exchange() -> None:
    # E16's reward (peek, badge), resolved by a Catch Informant
    state = dataclasses.replace(table(), events=(ActiveEvent("E16", 1, 0, (), (), (), ()),))
    state = officer(mobsters(state, {"B06": "red"}), 0, block="B06")
    after, events = act(state, 0, "catch-informant")
    assert of(events, "event-resolved") and of(events, "peek-owed")
    assert after.decisions[0].kind == "peek" and after.decisions[0].seat == 0


def test_the_bot_peeks_at_what_it_does_not_know_and_uses_it() -> None:
    state = offered(dataclasses.replace(table(), peeked=((0, "gang"),)), 0)
    view = SYSTEM.view(CASE, state, 0)
    for seed in range(6):
        action = SYSTEM.bot_choose(view, GAME.legal_actions(state, 0), random.Random(seed))
        assert action.params["evidence"] in ("weapon", "getaway")
    knows_all = dataclasses.replace(state, peeked=((0, "gang"), (0, "weapon"), (0, "getaway")))
    view = SYSTEM.view(CASE, knows_all, 0)
    assert SYSTEM.bot_choose(view, GAME.legal_actions(knows_all, 0), random.Random(0)) == Action(
        "peek", {"evidence": "none"}
    )
    accused = {
        SYSTEM.bot_choose(view, [_accuse()], random.Random(seed)).params["murderer"]
        for seed in range(20)
    }
    for letter in accused:  # every pick fits the three evidences it peeked at
        suspect = CASE.suspect(str(letter))
        assert (suspect.gang, suspect.weapon, suspect.getaway) == (
            MURDERER.gang,
            MURDERER.weapon,
            MURDERER.getaway,
        )
    assert json.dumps(view["peeked_evidence"], sort_keys=True)


def _accuse() -> ActionSpec:
    return ActionSpec("accuse", {"murderer": tuple(s.letter for s in CASE.suspects)})
