"""The ``variants`` tag: plain sentences as alternatives, one chosen stably by its keys."""

from __future__ import annotations

import enum
from typing import Any

import jinja2
import pytest

from narration.variants import VariantsExtension, variant_index

TEMPLATE = """
{% variants who %}
  {{ who }} saw nothing.
{% or %}
  "Nothing at all," says {{ who }}.
{% or %}
  {{ who }} shrugs.
{% endvariants %}
"""


def _env() -> jinja2.Environment:
    return jinja2.Environment(
        extensions=[VariantsExtension],
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def test_one_trimmed_branch_is_rendered_and_the_same_keys_give_the_same_branch() -> None:
    template = _env().from_string(TEMPLATE)
    options = {"Ada saw nothing.", '"Nothing at all," says Ada.', "Ada shrugs."}
    first = template.render(who="Ada").strip()
    assert first in options
    assert all(template.render(who="Ada").strip() == first for _ in range(5))


def test_different_keys_reach_every_branch() -> None:
    template = _env().from_string(TEMPLATE)
    seen = {template.render(who=f"P{n}").strip().replace(f"P{n}", "X") for n in range(60)}
    assert seen == {"X saw nothing.", '"Nothing at all," says X.', "X shrugs."}


def test_the_branch_follows_the_index_function() -> None:
    template = _env().from_string(TEMPLATE)
    for n in range(20):
        expected = [f"P{n} saw nothing.", f'"Nothing at all," says P{n}.', f"P{n} shrugs."]
        assert template.render(who=f"P{n}").strip() == expected[variant_index([f"P{n}"], 3)]


def test_several_keys_and_a_single_branch() -> None:
    env = _env()
    one = env.from_string("{% variants a, b %}only {{ a }}{{ b }}{% endvariants %}")
    assert one.render(a=1, b=2) == "only 12"


def test_an_unclosed_tag_is_a_template_error() -> None:
    with pytest.raises(jinja2.TemplateSyntaxError):
        _env().from_string("{% variants x %}one{% or %}two")


class Ending(enum.StrEnum):
    SOLVED = "solved"


def test_a_value_fresh_from_the_rules_chooses_as_it_does_read_back_from_storage() -> None:
    """A move's answer tells its events from the rules' own values (an enum member, a tuple);
    the log and a stored state give them back as JSON gives them (text, a list): the same
    wording either way."""
    for count in (2, 3, 5):
        fresh = variant_index([Ending.SOLVED, (4, 1), {"seats": (0,)}], count)
        assert fresh == variant_index(["solved", [4, 1], {"seats": [0]}], count)


def test_kept_choices_are_the_choices_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Choices for plain keys are kept, and a kept choice is the one the hash makes, also once
    the store has filled and started again; a key of another type is never kept."""
    from narration import variants

    monkeypatch.setattr(variants, "CHOICES_KEPT", 50)
    monkeypatch.setattr(variants, "_CHOICES", {})
    for _ in range(2):
        for n in range(120):
            keys: list[Any] = [f"P{n}", n, "roll"]
            expected = variants._index(keys, 3)
            assert variant_index(keys, 3) == expected
            assert variant_index(list(keys), 3) == expected
        assert 0 < len(variants._CHOICES) <= 50
    assert variant_index([("P1", 2)], 5) == variants._index([["P1", 2]], 5)
    assert not any(type(k[0]) is not str for k in variants._CHOICES)
