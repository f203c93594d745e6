"""Reading a case and laying out the Standard Game Setup."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import JSONScalar, Seat, SetupError, check_seats, read_envelope, rng_for
from rules.kit.deck import Deck
from rules.kit.hands import Hands, deal
from rules.kit.turns import Track

from . import abilities, coop, ghost, mobsters, solo
from .cards import EVENTS, FORCE_CARDS
from .case import CLUES, HQ, SUSPECT_LETTERS, TecCase, from_envelope
from .spec import SPEC, Mode
from .state import Officer, TecState

_BAD = "setup/bad-case"
MOBSTERS_AT_SETUP = 3
FORCES_AT_SETUP = 1


def read_case(envelope: Mapping[str, Any]) -> TecCase:
    """The case of an envelope, checked enough to play; :class:`SetupError` otherwise."""
    case = read_envelope(SPEC, envelope, from_envelope)
    letters = {suspect.letter for suspect in case.suspects}
    if letters != set(SUSPECT_LETTERS) or case.solution.murderer not in letters:
        raise SetupError("the case's suspects or murderer are not A to P", code=_BAD)
    if case.grid[2][2] != HQ or len(case.time_track) != 48:
        raise SetupError("the case's city or time track is malformed", code=_BAD)
    return case


def new_game(
    case: TecCase,
    seats: Sequence[Seat],
    mode: str,
    *,
    seed: int,
    options: Mapping[str, JSONScalar],
) -> TecState:
    """Steps 4-16 of the Standard Game Setup (the city and its tokens come with the case)."""
    check_seats(SPEC, mode, seats)
    count = solo.officer_count(mode, seats, options)  # one per seat, or solo's option
    if (count <= 2) != (case.players <= 2):
        solo_game = mode == Mode.SOLO
        raise SetupError(
            f"this case is laid out for {case.players} officers; "
            + (f"a solo game of {count} officers" if solo_game else f"a table of {count}")
            + " needs a case made for its size (the 2-player game places fewer clue tokens)",
            code="setup/case-officers" if solo_game else "setup/case-players",
        )
    rng = rng_for(seed, 0, "setup")
    bag_at_setup = coop.bag_at_setup(mode, case.mobsters, count)  # co-op removes some
    placed, bag = mobsters.place_at_setup(case, bag_at_setup, MOBSTERS_AT_SETUP, rng)
    suspect_deck = Deck.shuffled(
        (s.letter for s in case.suspects if s.letter != case.solution.murderer), rng
    )
    ghost_pile, suspect_deck = ghost.deal(mode, count, suspect_deck)  # 2-player Standard
    force_deck = Deck.shuffled((card.id for card in FORCE_CARDS), rng)
    # its own stream, so adding the event deck left every other setup draw as it was
    event_deck = Deck.shuffled((card.id for card in EVENTS), rng_for(seed, 0, "events"))
    forces, force_deck = deal(
        Hands.empty(range(count), salt=_salt(rng)), force_deck, FORCES_AT_SETUP, rng=rng
    )
    return TecState(
        seed=seed,
        step=0,
        mode=mode,
        seats=tuple(seats),
        officers=tuple(_officer() for _ in range(count)),
        # 13B: stacked in age order, youngest on top; casebook takes seat order as age order
        track=Track.start(tuple(range(count))),
        mobsters=placed,
        bag=bag,
        search_blocks=tuple(sorted(token.block for token in case.search_tokens)),
        stakeout_blocks=tuple(sorted(token.block for token in case.stakeout_tokens)),
        informant_rows=case.informant_rows,
        witness_columns=case.witness_columns,
        holding_tokens=case.holding_tokens,
        suspect_deck=suspect_deck,
        suspects=Hands.empty(range(count), salt=_salt(rng)),
        force_deck=force_deck,
        forces=forces,
        peeks=(),
        solved={},
        driven=0,
        drove=False,
        boosts={},
        event_deck=event_deck,
        events=(),
        accusations={},
        ended=None,
        winners=(),
        ghost=ghost_pile,
        # "deal each player 2 Ability Cards. Each player chooses one": owed, seat 0 first
        decisions=abilities.deal(seed, count),
    )


def _officer() -> Officer:
    return Officer(
        block=HQ,
        badge=0,
        arrested=(),
        holding=None,
        clues={clue: 0 for clue in CLUES},
        failed_searches=0,
        stakeouts=(),
        rested=False,
    )


def _salt(rng: random.Random) -> int:
    return rng.getrandbits(64)
