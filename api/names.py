"""Names people give their seats and tables: text another person reads in a shared log.

A name is normalised (Unicode NFC, every run of spaces one plain space, none at the ends) and
refused when it holds a character that would hide or disguise text: control characters,
bidirectional embeddings, overrides and isolates (U+202A-E, U+2066-9), zero-width and other
invisible format characters, line and paragraph separators. What is refused is one character
class, written once: the OpenAPI description states it as the field's ``pattern``, so a client
knows the rule before it sends a name.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import marshmallow as ma

MAX_LENGTH = 40

#: Characters no name may hold (as a regular-expression class, the same in Python and ECMA).
_HIDDEN = (
    r"\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e"
    r"\u2060-\u206f\ufeff\ufff9-\ufffb"
)
#: Allowed characters around at least one that is neither hidden nor a space.
PATTERN = rf"^[^{_HIDDEN}]*[^\s{_HIDDEN}][^{_HIDDEN}]*$"
_HIDDEN_CHARACTER = re.compile(f"[{_HIDDEN}]")
_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    """``text`` as it is stored and shown: NFC, single plain spaces, trimmed."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()


def problem(text: str) -> str | None:
    """Why ``text`` cannot be a name, or ``None`` when it can (after :func:`normalise`)."""
    hidden = _HIDDEN_CHARACTER.search(text)
    if hidden:
        code = f"U+{ord(hidden.group()):04X}"
        return f"A name may not hold control, invisible or direction-changing characters ({code})."
    if len(text) > MAX_LENGTH:  # as sent: the limit a client reads in the description
        return f"A name has at most {MAX_LENGTH} characters."
    if not normalise(text):
        return "A name needs at least one visible character."
    return None


class Name(ma.fields.String):
    """A person's name for a seat or a table: checked, then normalised."""

    def __init__(self, **kwargs: Any) -> None:
        # The rule as the description states it; _deserialize checks the name as it was sent.
        rule = {"minLength": 1, "maxLength": MAX_LENGTH, "pattern": PATTERN}
        super().__init__(metadata={**kwargs.pop("metadata", {}), **rule}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        refusal = problem(text)
        if refusal:
            raise ma.ValidationError(refusal)
        return normalise(text)
