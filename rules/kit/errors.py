"""The root of the kit's errors, so a caller can catch every kit refusal at once.

Each module subclasses :class:`KitError` and raises it with a stable code such as
``"deck/empty"``; the API returns the code unchanged, the message is for a person.
"""

from __future__ import annotations

from rules.core import RuleError


class KitError(RuleError):
    """A shared mechanism refused a request; ``code`` names the cause."""

    code = "kit/invalid"
