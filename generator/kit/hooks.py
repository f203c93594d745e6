"""What a system's registration hands the registry, written once for every system.

- :func:`checked_verifier`: the verifier hook, which turns away an envelope of another system or
  schema version before the system's own verifier reads it;
- :func:`envelope_maker`: the ``envelope(seed, options)`` a system's package offers tools and
  tests, the case as the registry wraps it;
- :func:`card_glossary`: the cards' names and rules texts for narration.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from generator import registry as generators

Verifier = Callable[[Mapping[str, Any]], list[tuple[str, str]]]


class EnvelopeMaker(Protocol):
    def __call__(self, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]: ...


#: What a glossary adds to a card's id to key its rules text (``"E03:text"``).
TEXT_SUFFIX = ":text"


def checked_verifier(system_id: str, schema_version: int, verify_envelope: Verifier) -> Verifier:
    """The verifier hook of ``system_id``: an envelope naming another system or another schema
    version is one problem (a field left out passes), as the system's ``verify_envelope`` would
    be reading a sheet it does not know; any other is what ``verify_envelope`` finds."""

    def verify(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
        """What the independent verifier finds wrong with ``envelope`` (nothing for a fair
        case)."""
        if envelope.get("system", system_id) != system_id:
            return [("envelope/system", f"a case of {envelope.get('system')!r}, not {system_id}")]
        if envelope.get("schema_version", schema_version) != schema_version:
            version = envelope.get("schema_version")
            return [("envelope/schema-version", f"schema version {version!r}")]
        return verify_envelope(envelope)

    return verify


def envelope_maker(system_id: str) -> EnvelopeMaker:
    """``envelope(seed, options=None)``: the whole envelope of ``system_id``'s case, as the
    registry wraps it (for tools and tests)."""

    def envelope(seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return generators.generate(system_id, seed, options)

    return envelope


class Card(Protocol):
    """A card narration names and reads aloud."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...


def card_glossary(cards: Iterable[Card]) -> dict[str, str]:
    """Every card's name by its id and its rules text by the id and :data:`TEXT_SUFFIX`: every
    game deals the same cards, so narration names them and reads them aloud without a case."""
    return {
        key: value
        for card in cards
        for key, value in ((card.id, card.name), (card.id + TEXT_SUFFIX, card.text))
    }
