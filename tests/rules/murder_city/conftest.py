"""Fixtures of the Murder City rules tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.murder_city import hooks


@pytest.fixture
def no_cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The engine alone: no card effect, setback or trade hook is found, so a test of a rule
    of the rulebook is not changed by a card (the hooks are tested with the cards)."""
    for name in hooks.HOOKS:
        monkeypatch.setattr(hooks, f"_{name}", None)
    yield
