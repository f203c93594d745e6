"""Response schemas compiled once into plain functions, for the endpoints served most often.

``Schema.dump`` walks its fields through marshmallow's generic machinery on every request: for a
game's view it cost more than writing the JSON. :func:`compile_dump` reads a schema's fields once
and returns a function that does what ``dump`` does for these field kinds (a missing key is left
out, ``None`` stays ``None``, a string field is ``str()``, an integer ``int()``, a dictionary a
copy); a schema using anything else is refused when compiled, never dumped differently.
``tests/api/test_quick_path.py`` checks the compiled functions against ``dump`` on played games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import marshmallow as ma
from marshmallow import fields
from marshmallow.utils import ensure_text_type

from api.schemas import NarratedEventSchema

Dump = Callable[[Any], Any]


def compile_dump(schema: type[ma.Schema] | ma.Schema) -> Callable[[Mapping[str, Any]], Any]:
    """A function equal to ``schema().dump`` on mappings, made once."""
    instance = schema() if isinstance(schema, type) else schema
    if instance.many or instance.only or instance.exclude:
        raise TypeError(f"{type(instance).__name__}: only plain schemas are compiled")
    keeps_original = _hooks(instance)
    parts: list[tuple[str, str, Dump]] = []
    for name, field in instance.dump_fields.items():
        if field.attribute is not None or "." in name or hasattr(dict, name):
            raise TypeError(f"{type(instance).__name__}.{name}: a key marshmallow reads otherwise")
        if field.dump_default is not ma.missing:
            raise TypeError(f"{type(instance).__name__}.{name}: a dump default")
        parts.append((name, field.data_key if field.data_key is not None else name, _value(field)))

    def dump(obj: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, key, convert in parts:
            if name in obj:
                value = obj[name]
                out[key] = None if value is None else convert(value)
        return {**obj, **out} if keeps_original else out

    return dump


def _hooks(instance: ma.Schema) -> bool:
    """Whether the schema merges the original back (``NarratedEventSchema._keep_data``: the
    one hook compiled); any other hook is refused."""
    hooks = [(kind, hook) for kind, found in instance._hooks.items() for hook in found]
    if not hooks:
        return False
    if len(hooks) == 1:
        kind, (name, many, options) = hooks[0]
        merges = getattr(type(instance), name, None) is getattr(NarratedEventSchema, name)
        if kind == "post_dump" and not many and options == {"pass_original": True} and merges:
            return True
    raise TypeError(f"{type(instance).__name__}: hooks {hooks} are not compiled")


def _value(field: fields.Field[Any]) -> Dump:
    """How one field turns a value that is not ``None`` into its dumped form."""
    if type(field) in (fields.String, fields.Str):
        return ensure_text_type
    if isinstance(field, fields.Integer) and not field.as_string:
        return int
    if type(field) is fields.Float and not field.as_string:
        return float
    if type(field) is fields.Raw:
        return _same
    if isinstance(field, fields.List):
        inner = _value(field.inner)
        return lambda value: [None if each is None else inner(each) for each in value]
    if isinstance(field, fields.Nested) and not field.many:
        if field.only or field.exclude:
            raise TypeError(f"{field!r}: a nested selection")
        return compile_dump(field.schema)
    if type(field) is fields.Dict:
        return _mapping(field)
    raise TypeError(f"{type(field).__name__}: not compiled")


def _mapping(field: fields.Dict) -> Dump:
    if field.key_field is None and field.value_field is None:
        return dict
    keys = _value(field.key_field) if field.key_field is not None else _same
    values = _value(field.value_field) if field.value_field is not None else _same

    def convert(value: Mapping[Any, Any]) -> dict[Any, Any]:
        return {
            (None if k is None else keys(k)): (None if v is None else values(v))
            for k, v in value.items()
        }

    return convert


def _same(value: Any) -> Any:
    return value
