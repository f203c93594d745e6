"""A stored state read back: ``serial.from_json(TecState, data)``'s state, or its refusal.

Every state stored was written by ``encoding.to_json``: each record's keys in its fields' order,
every value of its field's exact type, a mapping's number keys written as ``str`` writes them.
Data in that very shape is read here by code written out once for the state's fields (as
``serial`` writes its decoders, but with the shape checked strictly in line), and the data read
is then handed to ``encoding.seed`` as the state's encoding: it equals what encoding the state
gives, key order included, and nothing changes it afterwards (the server's ``orjson.loads``
made it for this call alone; nothing here changes what it reads). So the first encoding after a
state decoded afresh (a move after another worker's) takes every part the move left alone from
what was read, as a move after one kept in the worker does.

Anything in another shape (an older field order, a missing field left to its default, a
``true`` where a number belongs, a number key written ``"01"``) goes to the generic decoder,
which reads or refuses it as it always did, and nothing is seeded: this module never refuses
anything itself, it only declines.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Union, get_args, get_origin

from rules import serial
from rules.core import JSONScalar

from . import encoding
from .state import TecState


class _Other(Exception):
    """Data not in the shape the encoder writes: the generic decoder reads it."""


def from_json(data: Mapping[str, Any]) -> TecState:
    """``state.from_json(data)``: the same state, or the same refusal; data in the encoder's
    shape read in one pass and seeded as the state's encoding (``encoding.seed``)."""
    if type(data) is dict:
        try:
            state: TecState = _decoder(TecState)(data)
        except _Other:
            pass
        else:
            encoding.seed(state, data)
            return state
    generic: TecState = serial.from_json(TecState, dict(data))
    return generic


_ONLY: dict[type, frozenset[type]] = {kind: frozenset({kind}) for kind in (str, int, bool)}
#: The types a ``JSONScalar`` is read back as itself (``serial``'s union decoder tries ``str``,
#: ``int``, ``float``, ``bool`` in turn; none of them changes a value of its own type).
_SCALAR_TYPES: frozenset[type] = frozenset({str, int, float, bool, type(None)})


def _int_keyed(values: frozenset[type], item: Callable[[Any], Any] | None) -> Callable[[Any], Any]:
    """A reader of a mapping with ``int`` keys: each key exactly as ``str(number)`` writes it
    (``serial`` reads ``"01"`` or ``" 1"`` as 1 too, but then its encoding would not be the
    data read), each value of a type of ``values`` (read by ``item`` if given)."""

    def read(data: Any) -> dict[int, Any]:
        if type(data) is not dict or not values.issuperset(map(type, data.values())):
            raise _Other
        made = {}
        for key, value in data.items():
            try:
                number = int(key)
            except (TypeError, ValueError):  # not a number: the generic decoder says why
                raise _Other from None
            if str(number) != key:
                raise _Other
            made[number] = value if item is None else item(value)
        return made

    return read


def _texts_tuple(data: Any) -> tuple[str, ...]:
    if type(data) is not list or not _ONLY[str].issuperset(map(type, data)):
        raise _Other
    return tuple(data)


def _pairs(data: Any) -> tuple[tuple[int, str], ...]:
    """``tuple[tuple[int, str], ...]``: each item a list of a number and a text."""
    if type(data) is not list:
        raise _Other
    made = []
    for pair in data:
        if type(pair) is not list or len(pair) != 2:
            raise _Other
        number, text = pair
        if type(number) is not int or type(text) is not str:
            raise _Other
        made.append((number, text))
    return tuple(made)


@functools.cache
def _decoder(kind: Any) -> Callable[[Any], Any]:
    """A strict reader of a record of ``kind`` (a frozen dataclass): its keys in field order,
    every value of its field's exact type; :class:`_Other` on anything else."""
    hints = typing.get_type_hints(kind)
    fields = dataclasses.fields(kind)
    names = tuple(field.name for field in fields)
    # ``serial`` fills a plain record's ``__dict__``; a record with checks of its own (the
    # kit's ``Track``) has them run, as its ``__init__`` would (and refuses what they refuse)
    plain = not hasattr(kind, "__post_init__") and not hasattr(kind, "__slots__")
    scope: dict[str, Any] = {"Other": _Other, "new": object.__new__, "kind": kind}
    scope["NAMES"], scope["ONLY_STR"] = names, _ONLY[str]
    lines = [
        "def decode(data):",
        "    if type(data) is not dict or tuple(data) != NAMES:",
        "        raise Other",
        f"    ({', '.join(f'v{n}' for n in range(len(names)))},) = data.values()",
    ]
    for number, name in enumerate(names):
        lines += _field_lines(hints[name], f"v{number}", number, scope)
    values = ", ".join(f"{name!r}: v{number}" for number, name in enumerate(names))
    lines += ["    made = new(kind)", f"    made.__dict__.update({{{values}}})"]
    if not plain:  # what its ``__init__`` runs after setting the fields: its own checks
        lines += [
            "    try:",
            "        made.__post_init__()",
            "    except Exception:",  # they refused it: the generic decoder says how
            "        raise Other",
        ]
    lines.append("    return made")
    exec("\n".join(lines), scope)  # the source is built above from field names alone
    decode: Callable[[Any], Any] = scope["decode"]
    return decode


def _field_lines(kind: Any, var: str, number: int, scope: dict[str, Any]) -> list[str]:
    """The lines that check ``var`` (a value read for a field of type ``kind``) and set it to
    the decoded value, raising ``Other`` on any value ``serial`` would read otherwise."""
    if kind in (str, int, bool):
        scope[f"type_{number}"] = kind
        return [f"    if type({var}) is not type_{number}:", "        raise Other"]
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        (inner,) = (arg for arg in args if arg is not type(None))
        if inner in (str, int, bool):
            scope[f"type_{number}"] = inner
            return [
                f"    if {var} is not None and type({var}) is not type_{number}:",
                "        raise Other",
            ]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        if item in (str, int):
            scope[f"only_{number}"] = _ONLY[item]
            return [
                f"    if type({var}) is not list"
                f" or not only_{number}.issuperset(map(type, {var})):",
                "        raise Other",
                f"    {var} = tuple({var})",
            ]
        if item == tuple[int, str]:
            scope[f"pairs_{number}"] = _pairs
            return [f"    {var} = pairs_{number}({var})"]
        if isinstance(item, type) and dataclasses.is_dataclass(item):
            scope[f"item_{number}"] = _decoder(item)
            return [
                f"    if type({var}) is not list:",
                "        raise Other",
                f"    {var} = tuple([item_{number}(each) for each in {var}])",
            ]
    if origin in (dict, Mapping):
        key, value = args
        values: frozenset[type]
        if value in (str, int):
            values = _ONLY[value]
        elif value == JSONScalar:
            values = _SCALAR_TYPES
        elif value == tuple[str, ...]:
            values = frozenset({list})  # each read by ``_texts_tuple``
        else:
            raise TypeError(f"no strict reader for {kind!r}")
        item = _texts_tuple if value == tuple[str, ...] else None
        if key is str and item is None:
            scope[f"values_{number}"] = values
            return [
                f"    if type({var}) is not dict or not values_{number}.issuperset("
                f"map(type, {var}.values())) or not ONLY_STR.issuperset(map(type, {var})):",
                "        raise Other",
                f"    {var} = dict({var})",
            ]
        if key is int:
            scope[f"int_keyed_{number}"] = _int_keyed(values, item)
            return [f"    {var} = int_keyed_{number}({var})"]
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        scope[f"record_{number}"] = _decoder(kind)
        return [f"    {var} = record_{number}({var})"]
    raise TypeError(f"no strict reader for {kind!r}")
