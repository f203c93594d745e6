"""Frozen dataclasses to JSON and back, guided by their type hints.

Game states are nested frozen dataclasses with tuples, frozensets and mappings; storing them and
replaying them needs a round trip that loses nothing. Writing ``to_json``/``from_json`` by hand
for every state type would repeat the same walk, so it is written once here.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


def to_json(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses become objects, sets sorted lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_json(item) for item in value), key=_sort_key)
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}")


def from_json(kind: Any, data: Any) -> Any:
    """Rebuild a value of type ``kind`` from :func:`to_json` output."""
    if kind is Any:
        return data
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_json(option, data)
            except (TypeError, ValueError, KeyError) as error:
                errors.append(error)
        raise TypeError(f"{data!r} fits none of {kind}: {errors}")
    if origin is typing.Literal:
        if data not in get_args(kind):
            raise ValueError(f"{data!r} is not one of {get_args(kind)}")
        return data
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item) for item in data)
        return tuple(from_json(arg, item) for arg, item in zip(args, data, strict=True))
    if origin in (frozenset, set):
        (item_kind,) = get_args(kind)
        return frozenset(from_json(item_kind, item) for item in data)
    if origin is list:
        (item_kind,) = get_args(kind)
        return [from_json(item_kind, item) for item in data]
    if origin in (dict, Mapping):
        key_kind, value_kind = get_args(kind)
        return {from_json(key_kind, key): from_json(value_kind, item) for key, item in data.items()}
    if isinstance(kind, type):
        if dataclasses.is_dataclass(kind):
            hints = _hints(kind)
            names = {f.name for f in dataclasses.fields(kind) if f.init}
            unknown = set(data) - names
            if unknown:
                raise ValueError(f"{kind.__name__} has no field {sorted(unknown)}")
            return kind(
                **{name: from_json(hints[name], data[name]) for name in names if name in data}
            )
        if issubclass(kind, enum.Enum):
            return kind(data)
        if kind is int and isinstance(data, str):  # JSON object keys are strings
            return int(data)
        if kind is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if kind in (str, int, bool, float) and type(data) is kind:
            return data
        if kind is type(None) and data is None:
            return None
        raise TypeError(f"expected {kind.__name__}, got {type(data).__name__}")
    raise TypeError(f"unsupported type {kind!r}")


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _sort_key(item: Any) -> tuple[str, str]:
    return (type(item).__name__, repr(item))
