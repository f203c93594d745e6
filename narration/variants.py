"""``{% variants key %}…{% or %}…{% endvariants %}``: wordings written as plain prose.

A template often says one thing in several ways, so that a long game does not read like a
form. Each way is written as an ordinary sentence between ``{% or %}`` tags; the keys after
``variants`` choose one, by a hash, so the same event is always told the same way and a replay
reads the same. Each branch is trimmed, so the tags may sit on lines of their own::

    {% variants event.character %}
      {{ witness }} saw nothing out of the ordinary all evening.
    {% or %}
      "I'm afraid I noticed nothing," says {{ witness }}.
    {% endvariants %}
"""

from __future__ import annotations

import hashlib
from typing import Any

from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser


def variant_index(keys: list[Any], count: int) -> int:
    """Which of ``count`` variants ``keys`` choose: stable across runs and processes."""
    digest = hashlib.sha256(repr(tuple(keys)).encode()).digest()
    return int.from_bytes(digest[:4], "big") % count


class VariantsExtension(Extension):
    """The ``variants`` tag; see the module docstring."""

    tags = {"variants"}

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        keys = [parser.parse_expression()]
        while parser.stream.skip_if("comma"):
            keys.append(parser.parse_expression())
        branches: list[list[nodes.Node]] = []
        while True:
            branches.append(parser.parse_statements(("name:or", "name:endvariants")))
            if next(parser.stream).value == "endvariants":
                break
        index = self.call_method(
            "_index", [nodes.List(keys), nodes.Const(len(branches))], lineno=lineno
        )
        chosen: nodes.Node | None = None
        for number in reversed(range(len(branches))):
            body = [_trimmed(branches[number], lineno)]
            if chosen is None:
                chosen = nodes.Scope(body, lineno=lineno)
                continue
            test = nodes.Compare(index, [nodes.Operand("eq", nodes.Const(number))])
            chosen = nodes.If(test, body, [], [chosen], lineno=lineno)
        assert chosen is not None
        return chosen

    def _index(self, keys: list[Any], count: int) -> int:
        return variant_index(keys, count)


def _trimmed(body: list[nodes.Node], lineno: int) -> nodes.Node:
    trim = nodes.Filter(None, "trim", [], [], None, None, lineno=lineno)
    return nodes.FilterBlock(body, trim, lineno=lineno)
