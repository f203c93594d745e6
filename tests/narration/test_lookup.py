"""A template's ``a.b`` on a dict reads its key first (``narration.environment``): the answers
must be Jinja's own, methods, missing keys and non-dicts included."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import jinja2
import pytest

from narration.environment import environment

SOURCES = (
    "{{ e.type }}",
    "{{ e.items()|list|length }}",
    "{{ e.get('x', 3) }}",
    "{{ e.keys()|list|length }}",
    "{% if e.missing is defined %}defined{% else %}undefined{% endif %}",
    "{{ e.seat.name }}",
)
VALUES: tuple[Any, ...] = (
    {"type": "moved", "items": 5, "get": "shadowed", "seat": {"name": "Ann"}},
    OrderedDict(type="ordered", seat={"name": "Bo"}),
    {"type": None, "seat": {"name": None}},
)


@pytest.mark.parametrize("source", SOURCES)
def test_reading_a_dict_by_dot_answers_as_jinja_does(source: str) -> None:
    stock = jinja2.Environment(undefined=jinja2.StrictUndefined)
    for value in VALUES:
        assert environment().from_string(source).render(e=value) == stock.from_string(
            source
        ).render(e=value)


def test_a_missing_key_is_refused_as_jinja_refuses_it() -> None:
    stock = jinja2.Environment(undefined=jinja2.StrictUndefined)
    errors = []
    for env in (environment(), stock):
        with pytest.raises(jinja2.UndefinedError) as raised:
            env.from_string("{{ e.missing }}").render(e={"type": "x"})
        errors.append(str(raised.value))
    assert errors[0] == errors[1]
