"""The court phase, from the rulebook's "Court Phase", "Hearing", "Listener Options",
"Listening Rules", "Trial Roll", "Payouts" and "Closing the Case"."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

import pytest

from rules.murder_city import trial
from rules.murder_city.changes import with_desk
from rules.murder_city.spec import Act, Benefit, Ev, Phase, Reason, Stage
from rules.murder_city.state import DiceMod, Limits, McState
from tests.rules.murder_city.helpers import GAME, act, cases, hand, legwork, of, start

pytestmark = pytest.mark.usefixtures("no_cards")

# Sample city: M01 Dead Parent, red, needs Professional Opinion, Forensics, Murder Weapon,
# 20/6 16/4 12/2. Evidence per deck: 01-06 red (values 1 1 2 2 3 3), 07-12 green, 13-18 blue,
# 19-24 yellow, 25-30 brown, 31-33 jokers (value 1).


def in_court(
    prosecutor_cases: Mapping[str, Mapping[str, str]], *, count: int = 3, jovan: str = "J1"
) -> tuple[McState, int]:
    """A game whose court phase starts with seat 0 on turn, holding ``prosecutor_cases``; no
    seat holds legwork or evidence, so no window opens but the prosecutor's."""
    state = start(count)
    for seat in range(count):
        state = legwork(hand(state, seat, []), seat, [])
        state = cases(state, seat)
    state = cases(state, 0, *prosecutor_cases.items())
    state = with_desk(state, 0, dataclasses.replace(state.desks[0], jovan=jovan))
    state = dataclasses.replace(
        state,
        phase=Phase.COURT,
        order=tuple(range(count)),
        at=0,
        court=None,
        limits=tuple(Limits(done=True) for _ in range(count)),
    )
    return state, 0


def credit_events(events: list, seat: int) -> list[tuple[int, str]]:  # type: ignore[type-arg]
    return [
        (e.data["amount"], e.data["reason"])
        for e in of(events, Ev.CREDITS)
        if e.data["seat"] == seat
    ]


def test_a_three_card_case_goes_first_and_cannot_be_declined() -> None:
    """ "A Murder card with 3 Evidence cards attached to it must be presented to the court." """
    state, p = in_court(
        {
            "M01": {"professional-opinion": "PO01", "forensics": "FO01", "murder-weapon": "MW01"},
            "M02": {"eyewitness": "EW07"},
        }
    )
    legal = GAME.legal_actions(state, p)
    assert [s.type for s in legal] == [Act.PRESENT] and legal[0].choices("murder") == ("M01",)


def test_a_case_with_a_wrong_type_card_may_not_go() -> None:
    """ "A case may not be brought to court if it carries Evidence cards of an unsuitable
    type." (M01 does not need Eyewitness.)"""
    state, p = in_court(
        {"M01": {"eyewitness": "EW01", "forensics": "FO01"}, "M02": {"eyewitness": "EW07"}}
    )
    presented = [s.choices("murder") for s in GAME.legal_actions(state, p) if s.type == Act.PRESENT]
    assert presented == [("M02",)]
    assert any(s.type == Act.DECLINE_COURT for s in GAME.legal_actions(state, p))


def test_without_volunteers_the_seat_to_the_left_listens_and_hears_the_story() -> None:
    """ "The Listener is normally the player seated to your left." "You do not show the
    Listener the colour or value of your Evidence cards." """
    state, p = in_court({"M01": {"forensics": "FO07", "professional-opinion": "PO31"}})
    state, events = act(state, p, Act.PRESENT, murder="M01", suspect="Child")
    assert state.court is not None and state.court.stage == Stage.VOLUNTEERS
    assert GAME.to_act(state) == frozenset({1, 2})
    state, events = act(state, 2, Act.VOLUNTEER, listen=False)
    assert of(events, Ev.VOLUNTEER_COMMITTED)[0].for_seat(1) == {
        "type": "volunteer-committed",
        "actor": 2,
        "seat": 2,
    }
    state, events = act(state, 1, Act.VOLUNTEER, listen=False)
    named = of(events, Ev.LISTENER_NAMED)[0].data
    assert named["listener"] == 1 and named["how"] == "left"
    story = of(events, Ev.STORY_TOLD)[0].data
    assert story["suspect"] == "Child" and story["murder"] == "M01"
    # M01 is red; the Professional Opinion is a joker: the prosecutor names an item a red
    # Professional Opinion names, as a genuine card would, so nothing marks the joker
    assert story["evidence"] == [
        {"type": "professional-opinion", "item": "Red Clinic Report"},
        {"type": "forensics", "item": "Green Smudged Print"},
    ]
    assert "colour" not in str(story["evidence"]) and "value" not in str(story["evidence"])
    for seat in (None, 1, 2):  # the story stays in every view while the case is heard
        assert GAME.view(state, seat)["court"]["story"] == story["evidence"]
    assert GAME.to_act(state) == frozenset({1})


def test_the_first_volunteer_clockwise_takes_a_hardship_and_listens() -> None:
    """ "Another player may voluntarily declare himself Listener by using a Hardship card." "If
    2 or more players want to become the Listener of the same case, the Listener is the one who
    first expressed that wish. … After that, the other players no longer need to draw cards."
    (Answers are sealed, so "first" is clockwise from the prosecutor's left.)"""
    state, p = in_court({"M01": {"forensics": "FO01"}}, count=4)
    state, _ = act(state, p, Act.PRESENT, murder="M01", suspect="Rival")
    state, _ = act(state, 3, Act.VOLUNTEER, listen=True)
    state, _ = act(state, 1, Act.VOLUNTEER, listen=False)
    state, events = act(state, 2, Act.VOLUNTEER, listen=True)
    revealed = of(events, Ev.VOLUNTEERS_REVEALED)[0].data
    assert revealed["volunteers"] == [2, 3]
    taken = of(events, Ev.HARDSHIP_TAKEN)
    assert [e.data["seat"] for e in taken] == [2] and taken[0].data["reason"] == Benefit.LISTENER
    assert state.court is not None and state.court.listener == 2
    assert state.limits[2].hardship == Benefit.LISTENER and state.limits[3].hardship is None


def test_a_seat_that_took_its_voluntary_hardship_is_not_asked() -> None:
    """ "You may voluntarily draw only 1 Hardship card per turn." """
    state, p = in_court({"M01": {"forensics": "FO01"}})
    limits = list(state.limits)
    limits[1] = dataclasses.replace(limits[1], hardship=Benefit.EVIDENCE.value)
    state = dataclasses.replace(state, limits=tuple(limits))
    state, events = act(state, p, Act.PRESENT, murder="M01", suspect="Rival")
    assert of(events, Ev.VOLUNTEERS_ASKED)[0].data["seats"] == [2]


def hear(state: McState, p: int, murder: str = "M01") -> McState:
    state, _ = act(state, p, Act.PRESENT, murder=murder, suspect="Child")
    for seat in sorted(GAME.to_act(state)):
        state, _ = act(state, seat, Act.VOLUNTEER, listen=False)
    assert state.court is not None and state.court.listener == 1
    return state


def test_a_challenged_false_card_closes_the_case_with_a_hardship_and_pays_the_listener() -> None:
    """ "If the colour of the Evidence card he chose does not match the colour of the Murder
    card … The case is closed. Discard your Murder card and all the Evidence cards attached to
    it. Also draw a Hardship card … The Listener receives … 3 credits in total" """
    state, p = in_court({"M01": {"murder-weapon": "MW19", "forensics": "FO01"}})
    state = hear(state, p)
    before = state.desks[1].credits
    state, events = act(state, 1, Act.CHALLENGE, evidence="murder-weapon")
    challenged = of(events, Ev.CASE_CHALLENGED)[0].data
    assert challenged["false"] is True and challenged["colour"] == "yellow"
    assert credit_events(events, 1) == [(1, Reason.LISTENING), (2, Reason.CHALLENGE_WON)]
    assert state.desks[1].credits == before + 3
    assert of(events, Ev.CASE_CLOSED)[0].data["reason"] == "challenged"
    taken = of(events, Ev.HARDSHIP_TAKEN)[0].data
    assert taken["seat"] == p and taken["reason"] == "challenged" and not taken["voluntary"]
    assert not of(events, Ev.TRIAL)
    assert state.murder_deck.discard_pile[0] == "M01" and state.desks[p].cases == ()
    assert {"MW19"} == set(state.unseen["murder-weapon"]) and "FO01" in state.unseen["forensics"]


def test_a_challenged_genuine_card_goes_to_trial_and_the_listener_pays_per_missed_false_one() -> (
    None
):
    """ "If the Listener chose an Evidence card whose colour matches the Murder card, your case
    goes to court. The Listener loses 1 credit for each Evidence card attached to the case whose
    colour does not match and which escaped his check." (A joker counts as the murder's colour.)"""
    state, p = in_court(
        {"M01": {"murder-weapon": "MW19", "forensics": "FO01", "professional-opinion": "PO31"}}
    )
    state = hear(state, p)
    state, events = act(state, 1, Act.CHALLENGE, evidence="professional-opinion")
    challenged = of(events, Ev.CASE_CHALLENGED)[0].data
    assert challenged["false"] is False and challenged["missed"] == 1
    assert credit_events(events, 1) == [(1, Reason.LISTENING), (-1, Reason.CHALLENGE_MISSED)]
    assert state.court is not None and state.court.stage == Stage.WINDOW
    state, events = act(state, p, Act.PASS_WINDOW)
    assert of(events, Ev.TRIAL) and of(events, Ev.CASE_CLOSED)[0].data["reason"] == "tried"


def test_a_rubber_stamp_pays_the_listener_one_credit_and_nothing_more() -> None:
    """ "In this way the Listener simply receives his 1 credit for the role of Listener, without
    any reward or penalty." """
    state, p = in_court({"M01": {"forensics": "FO01"}})
    state = hear(state, p)
    state, events = act(state, 1, Act.RUBBER_STAMP)
    state, more = act(state, p, Act.PASS_WINDOW)
    assert credit_events(events + more, 1) == [(1, Reason.LISTENING)]
    assert not of(more, Ev.HARDSHIP_TAKEN)


def test_an_endorsed_case_that_fails_costs_the_listener_a_hardship() -> None:
    """ "The Listener receives a penalty if the case he endorsed did not result in a conviction.
    He draws a Hardship card." (One die, less than 12.)"""
    state, p = in_court({"M01": {"forensics": "FO01"}})
    state = hear(state, p)
    state, events = act(state, 1, Act.ENDORSE)
    assert state.court is not None
    court = dataclasses.replace(state.court, dice=(*state.court.dice, DiceMod("test", -1)))
    state = dataclasses.replace(state, court=court)
    state, more = act(state, p, Act.PASS_WINDOW)
    (tried,) = of(more, Ev.TRIAL)
    assert tried.data["dice"] == 1 and tried.data["verdict"] == "acquitted"
    taken = of(more, Ev.HARDSHIP_TAKEN)[0].data
    assert taken["seat"] == 1 and taken["reason"] == "endorsed"
    assert credit_events(events + more, 1) == [(1, Reason.LISTENING)]
    assert credit_events(more, p) == []  # "you receive no money, but you lose nothing either"


def test_the_prosecutor_may_buy_a_die_before_the_roll() -> None:
    """ "A Hardship card drawn voluntarily to gain an additional die." """
    state, p = in_court({"M01": {"forensics": "FO01"}})
    state = hear(state, p)
    state, _ = act(state, 1, Act.RUBBER_STAMP)
    state, events = act(state, p, Act.TAKE_HARDSHIP, benefit=Benefit.DIE.value)
    assert of(events, Ev.HARDSHIP_TAKEN)[0].data["voluntary"]
    state, more = act(state, p, Act.PASS_WINDOW)
    parts = of(more, Ev.TRIAL)[0].data["parts"]
    assert {"source": "hardship", "amount": 1} in parts and of(more, Ev.TRIAL)[0].data["dice"] == 2


class ScriptedDice(random.Random):
    """Dice that show the faces given, in order; anything else is random."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6) and self.faces:
            return self.faces.pop(0)
        return super().randint(a, b)


def test_the_rulebooks_worked_example() -> None:
    """ "Take the case of Dead Parent. For example, the case was endorsed by the Listener. The
    sum of the Evidence card values (3, 1 and 1) is 5, plus a die for the Listener's
    endorsement. You are an Analytical Alien Investigator, so you receive an additional die for
    the Murder Weapon among your evidence in the case. Finally, another Jovan uses a Legwork
    card on you which subtracts 1 die from the roll. Overall your number of dice is 6 … Your
    roll – 1, 3, 3, 4, 4 and 5 – totals 20. … Murder One … He receives 2 credits for a Murder
    One conviction, since he endorsed your case." """
    # Failed Brakes: a yellow Murder Weapon worth 3 (MW23); Fingerprints: a red Forensics
    # worth 1 (FO01); the Professional Opinion a joker (PO31). J2 is the Analytical Alien.
    state, p = in_court(
        {"M01": {"murder-weapon": "MW23", "forensics": "FO01", "professional-opinion": "PO31"}},
        jovan="J2",
    )
    state = hear(state, p)
    listener_before = state.desks[1].credits
    prosecutor_before = state.desks[p].credits
    state, endorsed = act(state, 1, Act.ENDORSE)
    assert state.court is not None
    court = dataclasses.replace(state.court, dice=(*state.court.dice, DiceMod("L05", -1, 2)))
    state = dataclasses.replace(state, court=court)
    state, events = trial.try_case(GAME.case, state, ScriptedDice([1, 3, 3, 4, 4, 5]))
    data = of(events, Ev.TRIAL)[0].data
    assert data["dice"] == 6 and data["faces"] == [1, 3, 3, 4, 4, 5] and data["total"] == 20
    assert data["verdict"] == "murder-one" and data["payout"] == 6
    assert data["thresholds"][0] == {"charge": "murder-one", "threshold": 20, "payout": 6}
    assert sorted((part["source"], part["amount"]) for part in data["parts"]) == [
        ("L05", -1),
        ("endorsement", 1),
        ("evidence", 5),  # the sum: no face-down card's value is told
        ("strength", 1),
    ]
    assert credit_events(events, p) == [(6, Reason.CONVICTION)]
    assert credit_events(endorsed + events, 1) == [
        (1, Reason.LISTENING),
        (2, Reason.ENDORSED_CONVICTION),
    ]
    assert state.desks[p].credits == prosecutor_before + 6 and state.desks[p].won == 1
    assert state.desks[1].credits == listener_before + 3


@pytest.mark.parametrize(
    ("total", "verdict", "payout"),
    [
        (20, "murder-one", 6),
        (19, "manslaughter", 4),
        (16, "manslaughter", 4),
        (15, "aggravated-assault", 2),
        (12, "aggravated-assault", 2),
        (11, "acquitted", 0),
    ],
)
def test_the_charge_is_the_highest_threshold_reached(total: int, verdict: str, payout: int) -> None:
    """ "you need to roll 20+ to achieve Murder One …, 16-19 to achieve Manslaughter, and 12-15
    to achieve Aggravated Assault." """
    assert trial.verdict_of(GAME.case.murder_by_id["M01"], total) == (verdict, payout)


def test_a_closed_cases_evidence_goes_into_the_discards_unseen() -> None:
    """ "if you do not want other players to see the Evidence cards used in the case, you may
    shuffle them into the discard pile" """
    state, p = in_court({"M01": {"forensics": "FO01", "murder-weapon": "MW19"}})
    state = hear(state, p)
    state, _ = act(state, 1, Act.RUBBER_STAMP)
    state, events = act(state, p, Act.PASS_WINDOW)
    closed = of(events, Ev.CASE_CLOSED)[0]
    assert closed.data["evidence"] == 2 and "FO01" not in str(closed.to_json())
    for seat in (None, 0, 1):
        seen = GAME.view(state, seat)["evidence_decks"]
        assert "FO01" not in seen["forensics"]["discard"] and seen["forensics"]["unseen"] == 1
    assert "FO01" in state.evidence_decks["forensics"].discard_pile


def test_a_prosecutor_holding_legwork_may_play_before_the_listener_is_named() -> None:
    """Legwork "may be played at any time" (a card played as the case is announced, before a
    Listener is named: the hearing); "proceed" goes on to the Listener."""
    state, p = in_court({"M01": {"forensics": "FO01"}})
    state = legwork(state, p, ["L01"])
    state, events = act(state, p, Act.PRESENT, murder="M01", suspect="Child")
    assert state.court is not None and state.court.stage == Stage.HEARING
    assert GAME.to_act(state) == frozenset({p}) and not of(events, Ev.VOLUNTEERS_ASKED)
    assert any(s.type == Act.PROCEED for s in GAME.legal_actions(state, p))
    state, events = act(state, p, Act.PROCEED)
    assert of(events, Ev.VOLUNTEERS_ASKED) and GAME.to_act(state) == frozenset({1, 2})


def test_the_window_asks_one_seat_at_a_time_in_initiative_order() -> None:
    """ "If several players want to use their Legwork cards at the same time ... play the cards
    in the order of Initiative for this turn." """
    state, p = in_court({"M01": {"forensics": "FO01"}})
    state = dataclasses.replace(state, order=(0, 1, 2))
    for seat in (1, 2):
        state = legwork(state, seat, ["L01"])
    state = hear(state, p)
    state, events = act(state, 1, Act.RUBBER_STAMP)
    assert of(events, Ev.WINDOW_OPENED)[0].data["seats"] == [0, 1, 2]
    for seat in (0, 1, 2):
        assert GAME.to_act(state) == frozenset({seat})
        state, events = act(state, seat, Act.PASS_WINDOW)
    assert of(events, Ev.TRIAL)
