"""Ability Cards: "Shuffle and deal each player 2 Ability Cards. Each player chooses one (place
it face-up near your mat) and returns the other to the box."

The chosen card lives in :attr:`TecState.abilities` (seat -> card id), face up for all.
:func:`has_ability` is how every rule asks whether an officer's card applies.
"""

from __future__ import annotations

from .state import TecState


def has_ability(state: TecState, seat: int, card_id: str) -> bool:
    """Whether officer ``seat`` chose Ability Card ``card_id`` ("A01" …) at setup."""
    return state.abilities.get(seat) == card_id
