"""What a seat may do and what it asks to do (rules/actions.py): one-of and subset parameters,
several specs of one type, and the random client that must only ever pick legal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.actions import (
    Action,
    ActionSpec,
    JSONScalar,
    Param,
    Subset,
    allows,
    check_action,
    random_action,
    random_pick,
)
from rules.errors import InvalidActionError

CARDS = Subset(("ace", "king", "queen", "jack"), 2, 3)


def refusal(legal: list[ActionSpec], action: Action) -> str:
    with pytest.raises(InvalidActionError) as raised:
        check_action(legal, action)
    assert raised.value.message
    assert raised.value.status == 422
    return raised.value.code


# ------------------------------------------------------------------ subsets


@pytest.mark.parametrize(
    "value",
    [
        ["ace", "king"],
        ["jack", "ace"],  # any order
        ["ace", "king", "queen"],
        ("queen", "jack"),  # a tuple is a list too (actions built in Python)
    ],
)
def test_a_subset_allows_distinct_choices_between_min_and_max(value: Any) -> None:
    assert CARDS.allows(value) and allows(CARDS, value)


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (["ace"], "too few"),
        ([], "too few"),
        (["ace", "king", "queen", "jack"], "too many"),
        (["ace", "ace"], "a duplicate"),
        (["ace", "king", "ace"], "a duplicate within the size"),
        (["ace", "joker"], "not a choice"),
        ("ace", "a string, not a list"),
        ("ace,king", "a string, not a list"),
        (None, "nothing"),
        ({"ace": True, "king": True}, "a mapping"),
        ([["ace", "king"]], "a nested list"),
    ],
)
def test_a_subset_refuses_anything_else(value: Any, why: str) -> None:
    assert not CARDS.allows(value), why
    spec = ActionSpec("discard", {"cards": CARDS})
    assert refusal([spec], Action("discard", {"cards": value})) == "action/bad-subset"


def test_choices_are_compared_with_their_types() -> None:
    """JSON tells ``1`` from ``true`` and ``1.0`` from ``"1"``; so must a legal check."""
    numbers = Subset((1, 2, 3), 1, 2)
    assert numbers.allows([1, 2])
    for value in ([True], [1, True], [1.0], ["1"], [1, 2.0]):
        assert not numbers.allows(value), value
    flags = Subset((True, False), 1, 1)
    assert flags.allows([True]) and not flags.allows([1]) and not flags.allows([0])
    mixed = Subset((1, True), 2, 2)  # distinct choices that Python calls equal
    assert mixed.allows([1, True]) and mixed.allows([True, 1])
    assert not mixed.allows([1, 1]) and not mixed.allows([True, True])
    one: Param = (0, 1)
    assert allows(one, 1) and not allows(one, True) and not allows(one, False)
    assert not allows(one, 1.0)


def test_an_open_subset_takes_up_to_every_choice_and_reports_its_bounds() -> None:
    anything = Subset(("a", "b", "c"), 0)
    assert anything.most == 3
    assert anything.allows([]) and anything.allows(["c", "b", "a"])
    assert not anything.allows(["a", "b", "c", "a"])
    assert anything.to_json() == {"kind": "subset", "choices": ["a", "b", "c"], "min": 0, "max": 3}
    spec = ActionSpec("keep", {"cards": anything, "pile": ("left", "right")})
    assert spec.choices("cards") == ("a", "b", "c")
    assert spec.choices("pile") == ("left", "right")


def test_a_subset_never_claims_more_than_its_choices() -> None:
    """``max`` beyond the number of choices cannot be met with distinct ones; the spec says
    the real bound, and the random client never asks for the impossible."""
    short = Subset(("a", "b"), 1, 5)
    assert short.most == 2
    assert short.to_json()["max"] == 2
    rng = random.Random(0)
    for _ in range(50):
        assert short.allows(random_pick(short, rng))


def test_a_subset_action_missing_or_with_extra_params_is_refused_by_name() -> None:
    spec = ActionSpec("discard", {"cards": CARDS, "face": ("up", "down")})
    assert refusal([spec], Action("discard", {"face": "up"})) == "action/missing-param"
    extra = Action("discard", {"cards": ["ace", "king"], "face": "up", "why": "x"})
    assert refusal([spec], extra) == "action/unknown-param"
    assert refusal([spec], Action("discard", {"cards": ["ace", "king"], "face": "sideways"})) == (
        "action/bad-choice"
    )
    assert check_action([spec], Action("discard", {"cards": ["ace", "king"], "face": "up"})) is spec


# ------------------------------------------------------------------ several specs of one type

#: A card and the ports its colour allows: two forms of the one action type.
PLAY = [
    ActionSpec("play", {"card": ("red-1", "red-2"), "port": ("north", "east")}),
    ActionSpec("play", {"card": ("blue-7",), "port": ("south",)}),
    ActionSpec("pass"),
]


@pytest.mark.parametrize(
    "params",
    [
        {"card": "red-1", "port": "north"},
        {"card": "red-2", "port": "east"},
        {"card": "blue-7", "port": "south"},
    ],
)
def test_a_pick_built_from_one_spec_is_legal(params: dict[str, JSONScalar]) -> None:
    admitted = check_action(PLAY, Action("play", params))
    assert admitted.admits(Action("play", params))
    assert params["card"] in admitted.choices("card")


@pytest.mark.parametrize(
    "params",
    [{"card": "red-1", "port": "south"}, {"card": "blue-7", "port": "north"}],
)
def test_mixing_the_choices_of_two_specs_is_a_bad_combination(
    params: dict[str, JSONScalar],
) -> None:
    assert refusal(PLAY, Action("play", params)) == "action/bad-combination"


def test_a_value_no_form_offers_is_a_bad_choice_not_a_bad_combination() -> None:
    assert refusal(PLAY, Action("play", {"card": "green-3", "port": "north"})) == (
        "action/bad-choice"
    )


def test_forms_with_different_params_are_explained_by_the_form_the_action_matches() -> None:
    """Drive-then-act: one form takes a destination, another a target; each is explained
    against its own parameters."""
    forms = [
        ActionSpec("act", {"drive_to": ("A1", "B2")}),
        ActionSpec("act", {"target": ("suspect-3",)}),
    ]
    assert refusal(forms, Action("act", {"target": "suspect-9"})) == "action/bad-choice"
    assert check_action(forms, Action("act", {"target": "suspect-3"})) is forms[1]


def test_several_specs_still_name_a_missing_or_unknown_param() -> None:
    assert refusal(PLAY, Action("play", {"card": "red-1"})) == "action/missing-param"
    extra = Action("play", {"card": "red-1", "port": "north", "speed": 2})
    assert refusal(PLAY, extra) == "action/unknown-param"
    assert refusal(PLAY, Action("fly")) == "action/not-allowed"
    with pytest.raises(InvalidActionError, match="you may: pass, play"):
        check_action(PLAY, Action("fly"))
    with pytest.raises(InvalidActionError, match="you may: nothing"):
        check_action([], Action("pass"))


def test_a_spec_admits_only_its_own_picks() -> None:
    red, blue, _ = PLAY
    assert red.admits(Action("play", {"card": "red-2", "port": "north"}))
    assert not blue.admits(Action("play", {"card": "red-2", "port": "north"}))
    assert not red.admits(Action("pass"))
    assert not red.admits(Action("play", {"card": "red-2"}))


# ------------------------------------------------------------------ the random client

_SCALARS = st.one_of(
    st.integers(-3, 3),
    st.booleans(),
    st.text("abc", max_size=2),
    st.floats(-2, 2, allow_nan=False).filter(lambda value: value != 0),  # 0.0 == -0.0
    st.none(),
)
#: Distinct choices as JSON tells them apart: ``1`` and ``True`` are two choices.
_CHOICES = st.lists(_SCALARS, min_size=1, max_size=5, unique_by=lambda v: (type(v), v))


@st.composite
def _params(draw: st.DrawFn) -> Param:
    choices = tuple(draw(_CHOICES))
    if not draw(st.booleans()):
        return choices
    low = draw(st.integers(0, len(choices)))
    high = draw(st.one_of(st.none(), st.integers(low, len(choices) + 2)))
    return Subset(choices, low, high)


_SPECS = st.lists(
    st.builds(
        ActionSpec,
        st.sampled_from(["move", "vote", "play", "pass"]),  # types repeat: several specs
        st.dictionaries(st.sampled_from(["to", "cards", "port", "x"]), _params(), max_size=3),
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=300, deadline=None)
@given(legal=_SPECS, seed=st.integers(0, 2**32))
def test_a_random_action_is_always_legal(legal: list[ActionSpec], seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        action = random_action(legal, rng)
        check_action(legal, action)  # never raises
        check_action(legal, Action.from_json(action.to_json()))  # nor once sent as JSON


def test_random_subsets_take_every_allowed_size() -> None:
    rng = random.Random(3)
    picks = [random_pick(CARDS, rng) for _ in range(200)]
    assert {len(pick) for pick in picks if isinstance(pick, list)} == {2, 3}
    assert all(isinstance(pick, list) and CARDS.allows(pick) for pick in picks)
