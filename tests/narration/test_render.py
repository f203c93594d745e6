"""The render's short ways (``narration.environment``, ``narration.events``): a plain call made
at once, a context filled in by hand, a glossary merged once a glossary object. Each must answer
as Jinja's own way and as a fresh merge would."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jinja2
import pytest

from generator import registry as generators
from narration.environment import environment, render
from narration.events import with_fixed_names
from rules import registry

generators.load()

SOURCES = (
    "{{ e.get('x', 3) }} {{ e.get('type') }}",
    "{% macro m(a, b='b') %}{{ a }}{{ b }}{% endmacro %}{{ m(1) }} {{ m(2, b=3) }}",
    "{% macro m(a) %}<{{ a }}>{% endmacro %}"
    "{% for x in [1, 2] %}{{ m(x) }}{{ loop.index }}{% endfor %}",
    "{% macro m() %}{{ caller() }}!{% endmacro %}{% call m() %}inside{% endcall %}",
    "{{ ', '.join(['a', 'b']) }} {{ 'x-y'.replace('-', ' ') }} {{ dict(a=1).items() | list }}",
    "{{ range(3) | list }} {% set ns = namespace(n=1) %}{{ ns.n }}",
    "{{ exhausted() is undefined }}",
    "{{ [3, 1] | first }} {{ [1, 2] | join(', ') }} {{ 'ab' | list }} {{ [1, 2] | sum }}",
    "{{ e | map('upper') | list }} {{ [{'a': 1}] | map(attribute='a') | join }}",
    "{{ [1, 2, 3] | select('odd') | list }} {{ [1, 2, 3] | reject('odd') | list }}",
    "{{ [{'a': 1}, {'a': 0}] | selectattr('a') | list }} {{ [1, 1, 2] | unique | list }}",
    "{{ [{'a': 1}, {'a': 0}] | rejectattr('a') | list }} {{ [1, 2, 3] | slice(2) | list }}",
    "{% for k, v in [{'a': 1}, {'a': 1}] | groupby('a') %}{{ k }}{{ v | length }}{% endfor %}",
    "{{ pass_context() }} {{ pass_environment() is not none }}",
)


def _values() -> dict[str, Any]:
    stopped: Iterator[int] = iter(())
    return {
        "e": {"type": "moved", "x": 1},
        "exhausted": stopped.__next__,  # a built-in method that raises StopIteration
        "pass_context": jinja2.pass_context(lambda context: context["e"]["type"]),
        "pass_environment": jinja2.pass_environment(lambda env: env),
    }


@pytest.mark.parametrize("source", SOURCES)
def test_a_render_answers_as_jinja_renders(source: str) -> None:
    stock = jinja2.Environment(undefined=jinja2.StrictUndefined).from_string(source)
    assert render(environment().from_string(source), _values()) == stock.render(_values())


def test_a_glossary_is_merged_once_and_a_new_one_afresh() -> None:
    system_id = "tiny-epic-crimes"
    fixed = registry.registration(system_id).glossary
    first = {"B1": "Bakery"}
    merged = with_fixed_names(system_id, first)
    assert merged == {**fixed, **first}
    assert with_fixed_names(system_id, first) is merged
    second = {"B1": "Barracks"}
    assert with_fixed_names(system_id, second) == {**fixed, **second}
    assert with_fixed_names(system_id, None) == dict(fixed)


@pytest.mark.parametrize("seat", [0, 2, 3, -1])
def test_a_seat_is_named_as_the_list_of_its_names_names_it(seat: int) -> None:
    """``seat | seat_name`` is ``[seat] | seat_names | first``: a name, or "Seat N" past them."""
    values = {"names": ["Ann", "Bo", "Cy"], "seat": seat}
    one = render(environment().from_string("{{ seat | seat_name }}"), values)
    listed = render(environment().from_string("{{ [seat] | seat_names | first }}"), values)
    assert one == listed
    assert one == (["Ann", "Bo", "Cy"][seat] if 0 <= seat < 3 else f"Seat {seat + 1}")
