"""What the OpenAPI description states beyond marshmallow's own conversion.

The description must say exactly what the server accepts, so that a client (or schemathesis)
built from it is never refused for a request the description allows:

- the names a dictionary's keys may take (``propertyNames``, from the key field's validators:
  no empty keys in an accusation, an action's parameters or options);
- the systems this server serves (``enum`` on every field marked ``registered: system``), read
  from the registry when the description is built, plugins included;
- a game is made from a seed or a stored case, never both (``not`` on ``GameRequest``).
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask_smorest import Api

from rules import registry

#: The metadata that marks a field whose value is a registered system's id.
SYSTEM_FIELD = {"registered": "system"}
_KEY_RULES = ("pattern", "minLength", "maxLength")


def state_the_contract(api: Api, game_request: type[ma.Schema]) -> None:
    """Teach ``api``'s description the rules above; before any blueprint is registered."""
    converter = api.ma_plugin.converter
    converter.add_attribute_function(_property_names)
    converter.add_attribute_function(_registered_systems)
    api.spec.components.schema(
        "GameRequest", {"not": {"required": ["seed", "case_id"]}}, schema=game_request
    )


def _property_names(converter: Any, field: ma.fields.Field[Any], **kwargs: Any) -> dict[str, Any]:
    if not isinstance(field, ma.fields.Dict) or field.key_field is None:
        return {}
    key = converter.field2property(field.key_field)
    rules = {name: key[name] for name in _KEY_RULES if name in key}
    return {"propertyNames": rules} if rules else {}


def _registered_systems(
    converter: Any, field: ma.fields.Field[Any], **kwargs: Any
) -> dict[str, Any]:
    if field.metadata.get("registered") != SYSTEM_FIELD["registered"]:
        return {}
    return {"enum": sorted(entry.id for entry in registry.all_registrations())}
