"""Frozen dataclasses to JSON and back, guided by their type hints.

Game states are nested frozen dataclasses with tuples, frozensets and mappings; storing them and
replaying them needs a round trip that loses nothing. Writing ``to_json``/``from_json`` by hand
for every state type would repeat the same walk, so it is written once here. Every request
decodes a state and every move encodes one, so the walk over the type hints happens once per
type: :func:`encoder` and :func:`decoder` build a function for a type and cache it, and the hot
path is a few comprehensions with no type tests left to make.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Union, get_args, get_origin

Decoder = Callable[[Any], Any]
Encoder = Callable[[Any], Any]


def to_json(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses become objects, sets sorted lists, enums (a
    ``StrEnum`` too) their plain values."""
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encoder(type(value))(value)
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_json(item) for item in value), key=_sort_key)
    raise TypeError(f"cannot serialise {type(value).__name__}")


def from_json(kind: Any, data: Any) -> Any:
    """Rebuild a value of type ``kind`` from :func:`to_json` output."""
    return decoder(kind)(data)


@functools.cache
def encoder(kind: Any) -> Encoder:
    """A function that turns values of type ``kind`` into JSON data; built once per type.

    Its output equals :func:`to_json`'s; a type it cannot plan for (a union, ``Any``) is left to
    :func:`to_json` at run time.
    """
    if kind is str:
        return _plain_str
    if kind in (int, float, bool, type(None)):
        return _identity
    origin = get_origin(kind)
    if origin is tuple or origin is list:
        args = get_args(kind)
        if origin is list or (len(args) == 2 and args[1] is Ellipsis):
            item = encoder(args[0])
            if item is _identity:
                return list
            if item is _plain_str:
                return _texts
            return lambda value: [item(each) for each in value]
        items = tuple(encoder(arg) for arg in args)
        return lambda value: [code(each) for code, each in zip(items, value, strict=True)]
    if origin in (frozenset, set):
        item = encoder(get_args(kind)[0])
        if item is _plain_str:
            return _sorted_texts
        return lambda value: sorted((item(each) for each in value), key=_sort_key)
    if origin in (dict, Mapping):
        value_code = encoder(get_args(kind)[1])
        return lambda value: {str(key): value_code(each) for key, each in value.items()}
    if origin in (Union, types.UnionType):
        options = get_args(kind)
        if len(options) == 2 and type(None) in options:  # ``X | None``: X's own encoder
            inner = encoder(next(option for option in options if option is not type(None)))
            return lambda value: None if value is None else inner(value)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_encoder(kind)
    return to_json


def _dataclass_encoder(kind: type) -> Encoder:
    """An encoder written for the dataclass ``kind``: one dict display of its fields, a plain
    value read as it is and a text checked in line, as :func:`_fill_decoder` writes decoders."""
    hints = typing.get_type_hints(kind)
    scope: dict[str, Any] = {"to_json": to_json}
    parts = []
    for number, field in enumerate(dataclasses.fields(kind)):
        code, name = encoder(hints[field.name]), field.name
        if code is _identity:
            parts.append(f"{name!r}: value.{name}")
        elif code is _plain_str:
            parts.append(f"{name!r}: v if type(v := value.{name}) is str else to_json(v)")
        else:
            scope[f"encode_{number}"] = code
            parts.append(f"{name!r}: encode_{number}(value.{name})")
    source = f"def encode(value):\n    return {{{', '.join(parts)}}}"
    exec(source, scope)  # the source is built above from field names alone
    encode: Encoder = scope["encode"]
    return encode


@functools.cache
def decoder(kind: Any) -> Decoder:
    """A function that rebuilds values of type ``kind``; built once per type."""
    if kind is Any:
        return _identity
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        return _union_decoder(get_args(kind))
    if origin is typing.Literal:
        return _literal_decoder(get_args(kind))
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] in _SCALARS:
                return functools.partial(_scalars, args[0])
            item = decoder(args[0])
            return lambda data: tuple(
                [item(value) for value in (data if type(data) is list else _sequence(data))]
            )
        items = tuple(decoder(arg) for arg in args)
        return lambda data: tuple(
            item(value) for item, value in zip(items, _sequence(data), strict=True)
        )
    if origin in (frozenset, set):
        item = decoder(get_args(kind)[0])
        return lambda data: frozenset(item(value) for value in _sequence(data))
    if origin is list:
        item = decoder(get_args(kind)[0])
        return lambda data: [item(value) for value in _sequence(data)]
    if origin in (dict, Mapping):
        key_kind, value_kind = get_args(kind)
        return _mapping_decoder(key_kind, value_kind)
    if isinstance(kind, type):
        if dataclasses.is_dataclass(kind):
            return _dataclass_decoder(kind)
        if issubclass(kind, enum.Enum):
            return kind
        if kind in _SCALARS:
            return functools.partial(_scalar, kind)
    raise TypeError(f"unsupported type {kind!r}")


def _dataclass_decoder(kind: type) -> Decoder:
    hints = typing.get_type_hints(kind)
    fields = {f.name: decoder(hints[f.name]) for f in dataclasses.fields(kind) if f.init}
    names = frozenset(fields)

    def checked(data: Mapping[str, Any]) -> Any:
        """Any other shape: unknown fields refused, missing ones left to their defaults."""
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"{kind.__name__} has no field {sorted(unknown)}")
        return kind(**{name: field(data[name]) for name, field in fields.items() if name in data})

    # A plain frozen dataclass (every field set by __init__, no checks of its own) given every
    # field is filled in directly: what __init__ would do, without its per-field frozen setattr.
    plain = not hasattr(kind, "__post_init__") and not hasattr(kind, "__slots__")
    if not (plain and all(f.init for f in dataclasses.fields(kind))):
        return lambda data: checked(data if type(data) is dict else _mapping(data))
    return _fill_decoder(kind, hints, fields, checked)


def _fill_decoder(
    kind: type,
    hints: Mapping[str, Any],
    fields: Mapping[str, Decoder],
    checked: Decoder,
) -> Decoder:
    """A decoder written for ``kind``: one statement per field, scalars checked in line.

    The source is generated once per type (as cattrs and attrs do), so decoding a state is a
    straight run of assignments rather than a loop of calls.
    """
    scope: dict[str, Any] = {
        "new": object.__new__,
        "kind": kind,
        "checked": checked,
        "to_mapping": _mapping,
    }
    # As many keys as fields, each found: the very fields (comparing the key sets cost about
    # a fifth of decoding a small record); any other shape goes to ``checked``.
    lines = [
        "def decode(data):",
        "    if type(data) is not dict:",
        "        data = to_mapping(data)",
        f"    if len(data) != {len(fields)}:",
        "        return checked(data)",
    ]
    if fields:
        lines += [
            "    try:",
            *(f"        v{number} = data[{name!r}]" for number, name in enumerate(fields)),
            "    except KeyError:",
            "        return checked(data)",
        ]
    for number, (name, field) in enumerate(fields.items()):
        scope[f"decode_{number}"] = field
        plain, optional = _plain_scalar(hints[name])
        if plain is not None:
            scope[f"type_{number}"] = plain
            check = f"v{number} is not None and " if optional else ""
            lines.append(f"    if {check}type(v{number}) is not type_{number}:")
            lines.append(f"        v{number} = decode_{number}(v{number})")
        else:
            lines.append(f"    v{number} = decode_{number}(v{number})")
    values = ", ".join(f"{name!r}: v{number}" for number, name in enumerate(fields))
    lines += ["    made = new(kind)", f"    made.__dict__.update({{{values}}})", "    return made"]
    exec("\n".join(lines), scope)  # the source is built above from field names alone
    decode: Decoder = scope["decode"]
    return decode


def _plain_scalar(kind: Any) -> tuple[type | None, bool]:
    """The scalar type a field's value is checked against in line (``str``, ``int`` or
    ``bool``, alone or ``| None``) and whether ``None`` is allowed; ``None``: no such type."""
    if kind in (str, int, bool):
        return kind, False
    if get_origin(kind) in (Union, types.UnionType):
        options = set(get_args(kind)) - {type(None)}
        if len(options) == 1 and len(get_args(kind)) == 2:
            (only,) = options
            if only in (str, int, bool):
                return only, True
    return None, False


def _mapping_decoder(key_kind: Any, value_kind: Any) -> Decoder:
    """A mapping's decoder; JSON keys are text, so with ``str`` keys (and scalar values) whose
    types are already right, checked in one pass, the mapping is copied without a call each."""
    key, value = _key_decoder(key_kind), decoder(value_kind)

    def decode(data: Any) -> dict[Any, Any]:
        return {key(k): value(v) for k, v in _mapping(data).items()}

    if key_kind is not str:
        return decode
    texts = _ONLY[str]
    if value_kind in _ONLY:
        values = _ONLY[value_kind]

        def plain(data: Any) -> dict[Any, Any]:
            if (
                type(data) is dict
                and texts.issuperset(map(type, data))
                and values.issuperset(map(type, data.values()))
            ):
                return dict(data)
            return decode(data)

        return plain

    def keyed(data: Any) -> dict[Any, Any]:
        if type(data) is dict and texts.issuperset(map(type, data)):
            return {k: value(v) for k, v in data.items()}
        return decode(data)

    return keyed


def _union_decoder(options: tuple[Any, ...]) -> Decoder:
    optional = type(None) in options
    choices = [decoder(option) for option in options if option is not type(None)]

    def decode(data: Any) -> Any:
        if data is None and optional:
            return None
        errors = []
        for choice in choices:
            try:
                return choice(data)
            except (TypeError, ValueError, KeyError) as error:
                errors.append(error)
        raise TypeError(f"{data!r} fits none of {options}: {errors}")

    return decode


def _literal_decoder(values: tuple[Any, ...]) -> Decoder:
    def decode(data: Any) -> Any:
        if data not in values:
            raise ValueError(f"{data!r} is not one of {values}")
        return data

    return decode


def _key_decoder(kind: Any) -> Decoder:
    """Mapping keys: JSON object keys are strings, so an ``int`` key comes back from text."""
    if kind is int:
        return lambda data: int(data) if isinstance(data, str) else _scalar(int, data)
    return decoder(kind)


_SCALARS = (str, int, bool, float, type(None))


#: For each scalar type, the set of it alone: ``_ONLY[str].issuperset(map(type, items))``
#: checks that every item is exactly a ``str`` in one pass without a Python call per item.
_ONLY = {kind: frozenset({kind}) for kind in _SCALARS}


def _scalars(kind: type, data: Any) -> tuple[Any, ...]:
    """A tuple of scalars of one type: the items are checked in one pass, copied at once."""
    items = data if type(data) is list else _sequence(data)
    if _ONLY[kind].issuperset(map(type, items)):
        return tuple(items)
    return tuple([_scalar(kind, item) for item in items])


def _scalar(kind: type, data: Any) -> Any:
    if type(data) is kind:
        return data
    if kind is float and type(data) is int:
        return float(data)
    raise TypeError(f"expected {kind.__name__}, got {type(data).__name__}")


def _identity(data: Any) -> Any:
    return data


def _plain_str(value: Any) -> Any:
    """A ``str`` field's value as plain text (a ``StrEnum`` member is stored as its value)."""
    return value if type(value) is str else to_json(value)


def _texts(value: Any) -> list[Any]:
    """A sequence of texts: checked in one pass and copied at once when every item is a plain
    ``str`` (a Murder City state holds about 260 card ids, a call each before)."""
    if _ONLY[str].issuperset(map(type, value)):
        return list(value)
    return [_plain_str(each) for each in value]


def _sorted_texts(value: Any) -> list[Any]:
    """A set of texts in :func:`_sort_key`'s order (for plain texts, their ``repr``'s)."""
    if _ONLY[str].issuperset(map(type, value)):
        return sorted(value, key=repr)
    return sorted((_plain_str(each) for each in value), key=_sort_key)


def _sequence(data: Any) -> list[Any] | tuple[Any, ...]:
    if not isinstance(data, list | tuple):
        raise TypeError(f"expected a list, got {type(data).__name__}")
    return data


def _mapping(data: Any) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise TypeError(f"expected an object, got {type(data).__name__}")
    return data


def _sort_key(item: Any) -> tuple[str, str]:
    return (type(item).__name__, repr(item))
