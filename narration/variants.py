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

import enum
import hashlib
from typing import Any

from jinja2 import Environment, nodes
from jinja2.ext import Extension
from jinja2.parser import Parser


def variant_index(keys: list[Any], count: int) -> int:
    """Which of ``count`` variants ``keys`` choose: stable across runs and processes, and the
    same for a value fresh from the rules as for it read back from storage.

    Keys of plain text and numbers (most of them: an actor and a roll, a card's id) repeat
    from move to move, so their choices are kept (:data:`CHOICES_KEPT` at most): a choice is a
    hash and a ``repr`` of the keys, an eighth of a narrated Murder, She Wrote move."""
    if _PLAIN.issuperset(map(type, keys)):
        kept = (*keys, count)
        found = _CHOICES.get(kept)
        if found is None:
            found = _index(keys, count)
            if len(_CHOICES) >= CHOICES_KEPT:
                _CHOICES.clear()  # a long-lived process starts again rather than grow
            _CHOICES[kept] = found
        return found
    return _index([_as_stored(key) for key in keys], count)


def _index(keys: list[Any], count: int) -> int:
    digest = hashlib.sha256(repr(tuple(keys)).encode()).digest()
    return int.from_bytes(digest[:4], "big") % count


#: The key types whose choices are kept: their own ``_as_stored`` (and a key's hash and
#: equality match its ``repr``, which the choice is made from).
_PLAIN = frozenset({str, int})
#: About 150 bytes a choice: at most some 150 KB a process.
CHOICES_KEPT = 1024
_CHOICES: dict[tuple[Any, ...], int] = {}


def _as_stored(value: Any) -> Any:
    """``value`` as it reads after a JSON round trip: an enum member as its plain value, a
    tuple as a list. An event told as a move is answered (its data fresh from the rules, an
    ending a ``StrEnum`` member, winners a tuple) must choose the wording it is told with when
    read back from the log or from a stored state."""
    if isinstance(value, enum.Enum):
        return _as_stored(value.value)
    if isinstance(value, list | tuple):
        return [_as_stored(item) for item in value]
    if isinstance(value, dict):
        return {key: _as_stored(item) for key, item in value.items()}
    return value


class VariantsExtension(Extension):
    """The ``variants`` tag; see the module docstring.

    The work is done once, when a template is compiled: each branch's wording is trimmed there
    (a filter block is left only where an edge of the text is not known until it is rendered),
    and the compiled template computes the chosen index once, by a filter of the extension's
    own (a filter is looked up when the template is compiled; a method called through the
    context raised and caught an ``AttributeError`` on every render), and tests it against
    each branch.
    """

    tags = {"variants"}

    def __init__(self, environment: Environment) -> None:
        super().__init__(environment)
        environment.filters[_INDEX_FILTER] = variant_index

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
        if len(branches) == 1:
            return nodes.Scope(_trimmed(branches[0], lineno), lineno=lineno)
        index = nodes.Filter(
            nodes.List(keys),
            _INDEX_FILTER,
            [nodes.Const(len(branches))],
            [],
            None,
            None,
            lineno=lineno,
        )
        chosen: list[nodes.Node] = _trimmed(branches[-1], lineno)
        for number in reversed(range(len(branches) - 1)):
            test = nodes.Compare(
                nodes.Name(_CHOSEN, "load"), [nodes.Operand("eq", nodes.Const(number))]
            )
            body = _trimmed(branches[number], lineno)
            chosen = [nodes.If(test, body, [], chosen, lineno=lineno)]
        store = nodes.Assign(nodes.Name(_CHOSEN, "store"), index, lineno=lineno)
        return nodes.Scope([store, *chosen], lineno=lineno)


#: The filter the tag's compiled code calls to choose a branch.
_INDEX_FILTER = "_variant_index"
#: The local name the chosen branch's index is kept in, inside the tag's own scope.
_CHOSEN = "_variants_chosen"


def _trimmed(body: list[nodes.Node], lineno: int) -> list[nodes.Node]:
    """``body`` with its text trimmed as the ``trim`` filter would: the written whitespace at
    either edge is cut here, and a filter block trims at render time only an edge that starts
    or ends with a value (whose own whitespace is not known before)."""
    body = list(body)
    leading = _cut_edge(body, first=True)
    trailing = _cut_edge(body, first=False)
    if leading and trailing:
        return body
    trim = nodes.Filter(None, "trim", [], [], None, None, lineno=lineno)
    return [nodes.FilterBlock(body, trim, lineno=lineno)]


def _cut_edge(body: list[nodes.Node], *, first: bool) -> bool:
    """Cut the whitespace of the written text at one edge of ``body`` (in place); True when
    that edge is then written text that is not whitespace, so nothing is left to trim there."""
    at = 0 if first else -1
    while body:
        output = body[at]
        if not isinstance(output, nodes.Output):
            return False
        parts = list(output.nodes)
        while parts:
            part = parts[at]
            if not isinstance(part, nodes.TemplateData):
                output.nodes = parts
                return False
            data = part.data.lstrip() if first else part.data.rstrip()
            if data:
                parts[at] = nodes.TemplateData(data, lineno=part.lineno)
                output.nodes = parts
                return True
            del parts[at]
        del body[at]
    return False
