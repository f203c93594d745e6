"""The bot Jovan, from the rulebook's passages, on the sample city (every colour's cards of a
type name one item of that colour, so an item tells its colour there) and on a variant of it
where one item is printed in two colours."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.core import Action, random_pick
from rules.loop import run_bots
from rules.murder_city import bot_listen, bot_trade, views
from rules.murder_city.bot_read import Reading
from rules.murder_city.case import City
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import SPEC, Act, Stage
from rules.murder_city.state import Case, McState
from tests.rules.murder_city import helpers
from tests.rules.murder_city.cards_fixture import (
    CITY,
    card_of,
    credits,
    holding,
    in_court,
    limits,
    on_turn,
    start,
    with_cases,
)

RED_EW = card_of("eyewitness", "red")
RED_FO = card_of("forensics", "red")
RED_IN = card_of("interrogation", "red")
BLUE_EW = card_of("eyewitness", "blue")
BLUE_FO = card_of("forensics", "blue")
# M02 is red and needs an eyewitness, a forensics and an interrogation card.
MURDER = "M02"


def item(card: str, city: City = CITY) -> str:
    return city.evidence_by_id[card].item


def heard(state: McState, story: tuple[tuple[str, str], ...], *, listener: int = 1) -> McState:
    """Seat 0's case M02 told to ``listener``, who must now decide."""
    state = in_court(state, 0, MURDER, Stage.LISTENING, listener=listener)
    assert state.court is not None
    return dataclasses.replace(state, court=dataclasses.replace(state.court, story=story))


def decide(state: McState, seat: int, city: City = CITY) -> Action:
    view = SYSTEM.view(city, state, seat)
    return SYSTEM.bot_choose(view, SYSTEM.legal_actions(city, state, seat), random.Random(0))


def test_the_listener_challenges_the_card_whose_item_the_murders_colour_never_names() -> None:
    """ "He then chooses one of these cards in the hope that its colour does not match your
    Murder card." A blue forensics item told on a red murder cannot be genuine (a joker is told
    with an item of the murder's colour)."""
    state = with_cases(start(), 0, Case(MURDER, {"eyewitness": RED_EW, "forensics": BLUE_FO}))
    story = (("eyewitness", item(RED_EW)), ("forensics", item(BLUE_FO)))
    action = decide(heard(state, story), 1)
    assert action == Action(Act.CHALLENGE, {"evidence": "forensics"})


def test_the_listener_endorses_a_strong_case_told_in_the_murders_colour() -> None:
    """ "Endorsing a case: ... He believes the charge is built very convincingly": three cards
    whose items only the murder's colour (or a joker) names, on a murder whose lowest charge
    three cards' dice reach nearly always."""
    ports = {"eyewitness": RED_EW, "forensics": RED_FO, "interrogation": RED_IN}
    state = with_cases(start(), 0, Case(MURDER, ports))
    story = tuple((kind, item(card)) for kind, card in ports.items())
    assert decide(heard(state, story), 1).type == Act.ENDORSE


def test_the_listener_rubber_stamps_a_thin_case_it_cannot_fault() -> None:
    """ "Allow the case to proceed to trial without checks and without his support": one
    genuine-looking card is too weak a case to endorse, and nothing in it to challenge."""
    state = with_cases(start(), 0, Case(MURDER, {"eyewitness": RED_EW}))
    action = decide(heard(state, (("eyewitness", item(RED_EW)),)), 1)
    assert action.type == Act.RUBBER_STAMP


def shared_city() -> tuple[City, str]:
    """The sample city with one blue eyewitness card printed with the red eyewitness item: the
    item no longer proves a colour. Returns the city and that blue card."""
    shared = BLUE_EW
    evidence = tuple(
        dataclasses.replace(card, item=item(RED_EW)) if card.id == shared else card
        for card in CITY.evidence
    )
    return dataclasses.replace(CITY, evidence=evidence), shared


def test_an_item_two_colours_name_is_doubtful_and_the_cards_seen_settle_it() -> None:
    """ "An item may exist in more than one colour, so naming it in a story does not prove a
    colour" (docs/murder-city.md): the chance lies strictly between none and certainty; once
    the Listener holds the only off-colour card naming it, the told card must be genuine."""
    city, shared = shared_city()
    public = views.public_city(city)
    doubtful = bot_listen.off_colour_chance(public, "red", "eyewitness", item(RED_EW), set())
    assert 0.0 < doubtful < 1.0
    settled = bot_listen.off_colour_chance(public, "red", "eyewitness", item(RED_EW), {shared})
    assert settled == 0.0
    assert bot_listen.off_colour_chance(public, "red", "eyewitness", item(BLUE_FO), set()) == 0.0


def test_a_listener_holding_the_off_colour_twin_does_not_challenge_it() -> None:
    """The same case twice: a Listener that holds the blue card naming the red item knows the
    told card is genuine; the chance it gives is lower than a Listener's that holds nothing."""
    city, shared = shared_city()
    state = with_cases(start(), 0, Case(MURDER, {"eyewitness": RED_EW}))
    state = heard(state, (("eyewitness", item(RED_EW)),))
    blind = bot_listen.suspicions(SYSTEM.view(city, holding(state, 1, evidence=()), 1))
    knowing = bot_listen.suspicions(SYSTEM.view(city, holding(state, 1, evidence=(shared,)), 1))
    assert knowing["eyewitness"] == 0.0 < blind["eyewitness"]


def investigating(state: McState, hand: tuple[str, ...], *cases: Case) -> McState:
    state = on_turn(with_cases(state, 0, *cases), 0)
    state = limits(state, 0, draws_left=0, hardship="legwork", murder_taken=True)
    return credits(holding(state, 0, evidence=hand), 0, 3)


def test_genuine_evidence_is_attached_before_off_colour_evidence() -> None:
    """ "You may place them from your hand face down next to a Murder card of the same colour,
    which means the evidence ... fits it." Holding a blue and a red eyewitness card for a red
    murder, the bot attaches the red one."""
    state = investigating(start(), (BLUE_EW, RED_EW), Case(MURDER))
    action = decide(state, 0)
    assert action == Action(Act.ATTACH, {"card": RED_EW, "murder": MURDER})


def test_no_bluff_with_an_item_the_story_would_give_away() -> None:
    """ "If the colours do not match, you must prepare a smooth account of the murder": a blue
    forensics item cannot be told smoothly on a red murder, so with its hand within the limit
    the bot keeps the card rather than attach it."""
    state = investigating(start(), (BLUE_FO,), Case(MURDER, {"eyewitness": RED_EW}))
    action = decide(state, 0)
    assert action.type != Act.ATTACH


def test_draws_come_from_a_deck_an_open_port_needs() -> None:
    """ "Each Murder card describes the type of evidence needed for a charge": with an empty
    hand and one port open (interrogation), the bot draws interrogation, unless that is its
    Weakness' deck and another deck is free."""
    state = investigating(start(), (), Case(MURDER, {"eyewitness": RED_EW, "forensics": RED_FO}))
    state = limits(state, 0, draws_left=2)
    action = decide(state, 0)
    assert action == Action(Act.DRAW_EVIDENCE, {"deck": "interrogation"})


def test_the_three_card_case_goes_to_court() -> None:
    """ "A Murder card with 3 Evidence cards attached to it must be presented to the court." """
    full = {"eyewitness": RED_EW, "forensics": RED_FO, "interrogation": RED_IN}
    state = with_cases(start(), 0, Case(MURDER, full), Case("M01", {"forensics": BLUE_FO}))
    state = dataclasses.replace(state, phase="court", order=(0, 1, 2), at=0, court=None)
    state = holding(state, 0, legwork=())
    action = decide(state, 0)
    assert action.type == Act.PRESENT and action.params["murder"] == MURDER


@pytest.mark.parametrize(("count", "people"), [(2, (0,)), (3, (1,)), (5, (0, 3))])
def test_bots_play_whole_games_beside_people(count: int, people: tuple[int, ...]) -> None:
    """ "2-5 Jovans, any mix of people and bots" (issue 10): the people's seats here play a
    random legal move; the bots never break a rule (``run_bots`` raises if they do) and the
    game reaches its end within the step cap."""
    state = start(count)
    bots = frozenset(range(count)) - set(people)
    rng = random.Random(count)
    for step in range(SPEC.step_limit):
        if SYSTEM.result(CITY, state) is not None:
            break
        state, _steps = run_bots(SYSTEM, CITY, state, bots=bots, seed=count, steps_so_far=step)
        waiting = sorted(SYSTEM.to_act(CITY, state))
        if not waiting:
            continue
        person = waiting[0]
        spec = rng.choice(SYSTEM.legal_actions(CITY, state, person))
        action = Action(spec.type, {n: random_pick(p, rng) for n, p in spec.params.items()})
        state, _ = SYSTEM.apply(CITY, state, person, action)
    assert SYSTEM.result(CITY, state) is not None


def test_a_bot_sells_a_card_it_cannot_use_to_a_seat_whose_port_it_fits() -> None:
    """ "Evidence cards may be sold or traded with other residents of the city": a bot whose red
    forensics card fits none of its open ports offers it, for credits, to the seat whose red
    murder card has its forensics port open; that seat's bot accepts (``trade.bot_answer``)."""
    state = investigating(start(), (RED_FO,), Case("M01", {"forensics": BLUE_FO}))
    state = with_cases(state, 1, Case(MURDER, {"eyewitness": RED_EW}))
    state = credits(state, 1, 5)
    read = Reading(SYSTEM.view(CITY, state, 0))
    specs = [s for s in SYSTEM.legal_actions(CITY, state, 0) if s.type == Act.OFFER_TRADE]
    offer = None
    for seed in range(20):  # the bot offers three times in ten when it could
        offer = bot_trade.offer(read, specs, random.Random(seed))
        if offer is not None:
            break
    assert offer is not None and offer.params["partner"] == 1
    assert offer.params["give_evidence"] == [RED_FO] and offer.params["take_credits"] == 2
    state, _ = SYSTEM.apply(CITY, state, 0, offer)
    answer = decide(state, 1)
    assert answer.type == Act.ANSWER_OFFER and answer.params["accept"] is True


@pytest.mark.parametrize("count", [2, 5])
def test_bots_choose_their_jovans_and_play_the_longest_contracts(count: int) -> None:
    """ "These cards may be dealt at random, or each player may choose the Jovan they like";
    "You may play longer if all players agree": bots choose a Jovan and play ten turns."""
    state = helpers.start(count, seed=3, jovans="chosen", turns=10)
    final, _ = run_bots(SYSTEM, CITY, state, bots=frozenset(range(count)), seed=3, steps_so_far=0)
    outcome = SYSTEM.result(CITY, final)
    assert outcome is not None and final.turn == 10
    assert sorted(desk.jovan for desk in final.desks) == sorted({d.jovan for d in final.desks})
