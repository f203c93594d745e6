"""A world a seat of a cooperative or solo game cannot tell from the real one.

Written from the rulebook's Cooperative Game Mode, not from the view. "Throw all secrecy out
the window": every officer's Suspect Cards lie face up ("placed face-up for all players to
see"), solved evidence is "shared", Force Cards are shown ("players can publicly share what
cards they have"), and whatever one officer saw (a failed stakeout's number, a peeked Search
Token) the team knows. A seat at the table (in solo, the one person) still cannot know:
- the Murderer's Card, among the suspects nobody on the team holds whose evidences match every
  solved evidence (the game's end reveals it, so it stays put then);
- the order of the Suspect deck and of the Force deck;
- the faces of Search Tokens and the numbers of Stakeout Tokens nobody on the team has seen;
- the other seats' sealed votes on the team's accusation, until the reveal.
A spectator is not at the table: it knows what a spectator of the standard game knows
(``resample.py``). The seed stays, so later dice fall the same in both worlds.
"""

from __future__ import annotations

import dataclasses
import random

from rules.tiny_epic_crimes.case import SearchToken, Solution, StakeoutToken, TecCase
from rules.tiny_epic_crimes.spec import TEAM_MODES
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.resample import resample as resample_standard


def resample(
    case: TecCase, state: TecState, seat: int | None, rng: random.Random
) -> tuple[TecCase, TecState]:
    if state.mode not in TEAM_MODES or seat is None:
        return resample_standard(case, state, seat, rng)
    case, state = _murderer_and_suspect_deck(case, state, rng)
    state = _force_deck(state, rng)
    state = _votes(case, state, seat, rng)
    return _tokens(case, state, rng), state


def _murderer_and_suspect_deck(
    case: TecCase, state: TecState, rng: random.Random
) -> tuple[TecCase, TecState]:
    pool = list(state.suspect_deck.draw_pile)
    murderer = case.solution.murderer
    if state.ended is None:
        truth = case.suspect(murderer)
        known = {evidence: truth.trait(evidence) for evidence in state.solved}
        fits = [
            letter
            for letter in sorted([murderer, *pool])
            if all(case.suspect(letter).trait(e) == v for e, v in known.items())
        ]
        new = rng.choice(fits)
        if new != murderer:
            pool[pool.index(new)] = murderer
            murderer = new
    rng.shuffle(pool)
    deck = dataclasses.replace(state.suspect_deck, draw_pile=tuple(pool))
    case = dataclasses.replace(case, solution=Solution(murderer))
    return case, dataclasses.replace(state, suspect_deck=deck)


def _force_deck(state: TecState, rng: random.Random) -> TecState:
    pile = list(state.force_deck.draw_pile)
    rng.shuffle(pile)
    return dataclasses.replace(
        state, force_deck=dataclasses.replace(state.force_deck, draw_pile=tuple(pile))
    )


def _votes(case: TecCase, state: TecState, seat: int, rng: random.Random) -> TecState:
    if state.ended is not None:
        return state
    letters = [suspect.letter for suspect in case.suspects]
    votes = {
        voter: (letter if voter == seat else rng.choice(letters))
        for voter, letter in state.accusations.items()
    }
    return dataclasses.replace(state, accusations=votes)


def _tokens(case: TecCase, state: TecState, rng: random.Random) -> TecCase:
    seen_searches = {block for _, block in state.search_peeks}
    down = set(state.search_blocks) - seen_searches
    faces = [t.success for t in case.search_tokens if t.block in down]
    rng.shuffle(faces)
    searches = tuple(
        SearchToken(t.block, faces.pop()) if t.block in down else t for t in case.search_tokens
    )
    seen = {block for _, block in state.peeks}
    hidden = set(state.stakeout_blocks) - seen
    numbers = [t.value for t in case.stakeout_tokens if t.block in hidden]
    rng.shuffle(numbers)
    stakeouts = tuple(
        StakeoutToken(t.block, numbers.pop()) if t.block in hidden else t
        for t in case.stakeout_tokens
    )
    return dataclasses.replace(case, search_tokens=searches, stakeout_tokens=stakeouts)
