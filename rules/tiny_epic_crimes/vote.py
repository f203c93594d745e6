"""The team's one accusation: "A single suspect is chosen by the team, and the Murderer is then
revealed: if correct, all players win! If incorrect, then all players lose."

A table of people and bots cannot talk it over, so casebook has every seat cast a sealed vote
(the kit's :class:`Commitments`: who has voted is public, what only once all have); the
suspect with the most votes is the team's choice, and a tie goes to the Detective's vote (the
Detective, seat 0, is on every co-op team; among at most four votes a tie always includes it).
In solo the one seat's vote is the team's.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Event, Outcome, winners_first
from rules.kit.simultaneous import Commitments

from .case import TecCase
from .spec import Ending, Ev
from .state import TecState, evolve

DETECTIVE_SEAT = 0


def ballots(state: TecState) -> Commitments:
    """The sealed votes: one expected of every seat."""
    expected = Commitments.open(range(len(state.seats)))
    return Commitments(expected=expected.expected, choices=dict(state.accusations))


def team_choice(state: TecState) -> str:
    """The suspect the team accuses, once every seat has voted."""
    votes = {seat: str(letter) for seat, letter in ballots(state).reveal().items()}
    counts = Counter(votes.values())
    most = max(counts.values())
    tied = sorted(letter for letter, count in counts.items() if count == most)
    detective = votes.get(DETECTIVE_SEAT)
    return detective if detective in tied and len(tied) > 1 else tied[0]


def outcome(case: TecCase, state: TecState) -> Outcome:
    """Everyone wins or everyone loses."""
    truth = case.solution.murderer
    chosen = team_choice(state)
    seats = len(state.seats)
    everyone = tuple(range(seats))
    winners = everyone if chosen == truth else ()
    return Outcome(
        ending=Ending.SOLVED if winners else Ending.UNSOLVED,
        winners=winners,
        standings=winners_first(seats, winners, losers=() if winners else everyone),
        solution={"murderer": truth},
    )


def close(case: TecCase, state: TecState) -> tuple[TecState, list[Event]]:
    """Every vote is in: reveal them, name the team's suspect, and end the game."""
    result = outcome(case, state)
    state = evolve(state, ended=result.ending, winners=result.winners)
    revealed = {str(s): letter for s, letter in sorted(state.accusations.items())}
    truth = case.solution.murderer
    return state, [
        Event(Ev.ACCUSATIONS_REVEALED, data={"accusations": revealed, "murderer": truth}),
        Event(Ev.TEAM_ACCUSED, data={"suspect": team_choice(state), "murderer": truth}),
        Event(Ev.GAME_ENDED, data=result.to_json()),
    ]
