"""The legwork and hardship catalogue: the rulebook's deck sizes, original texts, and effects
that are data covering every mechanism the rulebook names for these cards."""

from __future__ import annotations

import pytest

from rules.kit.effects import EffectError
from rules.murder_city import cards
from rules.murder_city.cards import (
    CHECKS,
    HARDSHIPS,
    LEGWORK,
    OPS,
    SETBACKS,
    HardshipCard,
    LegworkCard,
    check,
    hardship_deck,
    legwork_deck,
    op,
    ops_in,
    validate,
    walk,
)

ALL_LEGWORK = (*LEGWORK, *SETBACKS)
EVERY: tuple[LegworkCard | HardshipCard, ...] = (*ALL_LEGWORK, *HARDSHIPS)


def test_the_rulebooks_deck_sizes() -> None:
    # "50 Legwork Cards ... Among the Legwork Cards are the Setback Cards." "25 Hardship Cards."
    assert len(legwork_deck()) == 50 and len(hardship_deck()) == 25
    setbacks = [card for card in legwork_deck() if cards.is_setback(card)]
    assert 8 <= len(setbacks) <= 12  # among them, not most of them
    assert len({card.id for card in EVERY}) == len({card.name for card in EVERY}) == len(EVERY)
    assert all(card.text.strip() and card.copies >= 1 for card in EVERY)


def test_every_effect_is_valid_data_and_every_word_is_used() -> None:
    # cards as data: each effect validates; no op or check of the vocabulary is dead
    used: set[str] = set()
    for card in EVERY:
        validate(card.effect)
        used |= ops_in(card.effect)
        used |= {str(part["check"]) for part in walk(card.effect) if "check" in part}
    assert used == set(OPS) | set(CHECKS)


@pytest.mark.parametrize(
    "bad",
    [
        op("teleport"),
        op("trial_dice"),
        op("trial_dice", delta=0),
        op("pay", payer="holder", payee="moon", amount=1),
        op("pay", payer="holder", payee="bank", amount=0),
        op("forbid", what="breathing"),
        op("forbid", what="listener-pay"),
        op("if", test=check("raining"), then=op("extra_case")),
    ],
)
def test_a_bad_effect_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(EffectError):
        validate(bad)


def test_the_mechanisms_the_rulebook_names_are_all_on_cards() -> None:
    # "extra dice may be added to or subtracted from the roll"; "a Legwork or Hardship card
    # prevents you from presenting a particular case"; "Such an 'unnecessary' Evidence card may
    # be removed from a Murder card through the effects of Legwork"; "the Legwork card Bribe,
    # your case goes straight to the trial roll"; "Payments required when a Legwork card is
    # used on you"; "You may discard only 1 card per turn, unless a Legwork card allows";
    # "unless a Legwork card allows you to present more cases"; "a Legwork, Setback or Hardship
    # card forces you to discard a Murder card"
    effects = {card.id: card.effect for card in EVERY}
    needed = {
        "trial_dice",
        "turn_dice",
        "seat_dice",
        "no_attaching",
        "block_case",
        "remove_evidence",
        "swap_evidence",
        "plant_evidence",
        "skip_listener",
        "pay",
        "draw_evidence",
        "draw_legwork",
        "peek_evidence",
        "lift_discard_limit",
        "extra_case",
        "lose_murder",
        "discard_evidence",
        "no_listening",
    }
    present = set().union(*(ops_in(effect) for effect in effects.values()))
    assert needed <= present
    dice = [walk(e) for e in effects.values()]
    deltas = {part["delta"] for parts in dice for part in parts if "delta" in part}
    assert any(d > 0 for d in deltas) and any(d < 0 for d in deltas)
    payees = {part["payee"] for parts in dice for part in parts if "payee" in part}
    assert {"bank", "holder", "left"} <= payees  # to the bank and to a seat


def test_setbacks_are_drawn_and_legwork_is_played_at_a_timing() -> None:
    # "When a Setback card is drawn from the Legwork deck, the player does not keep it."
    assert all(card.timing == "drawn" and card.target == "none" for card in SETBACKS)
    assert all(card.timing != "drawn" and not card.setback for card in LEGWORK)
    # "The effects of the card apply to all players and may be instantaneous or last for the
    # current turn."
    assert {card.lasts for card in SETBACKS} == {"instant", "turn"}
    # "Hardship cards may have an instantaneous or a lasting effect."
    assert {card.lasts for card in HARDSHIPS} == {"instant", "turn", "case"}


def test_no_published_name() -> None:
    # all game text is original: the rulebook's own example names no card here
    names = {card.name.lower() for card in EVERY}
    assert "bribe" not in names
