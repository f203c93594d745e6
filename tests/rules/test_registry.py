"""One registration per system (rules/registry.py): register, look up, override for a while."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from generator import registry as generators
from rules import registry
from rules.errors import CasebookError, UnknownSystemError
from tests.toy.system import SPEC, SYSTEM, ToyCulprit, generate_case

ID = "registry-test"


class Other(ToyCulprit):
    SPEC = dataclasses.replace(SPEC, id=ID, name="Registry Test")


@pytest.fixture
def other() -> Iterator[registry.Registration]:
    entry = registry.register(registry.Registration(system=Other(), generate=generate_case))
    yield entry
    registry.unregister(ID)


def test_a_registration_is_found_by_its_system_s_id(other: registry.Registration) -> None:
    assert other.id == ID
    assert registry.is_registered(ID)
    assert registry.registration(ID) is other
    assert registry.get(ID) is other.system
    assert ID in [entry.id for entry in registry.all_registrations()]
    ids = [entry.id for entry in registry.all_registrations()]
    assert ids == sorted(ids)
    assert [system.SPEC.id for system in registry.all_systems()] == ids


def test_registering_again_replaces_and_unregistering_forgets(
    other: registry.Registration,
) -> None:
    again = registry.register(dataclasses.replace(other, fairness="now proved"))
    assert registry.registration(ID) is again and again.fairness == "now proved"
    registry.unregister(ID)
    assert not registry.is_registered(ID)
    registry.unregister(ID)  # forgetting twice is harmless


def test_an_unknown_system_is_refused_with_the_known_ones_named(
    other: registry.Registration,
) -> None:
    with pytest.raises(UnknownSystemError) as raised:
        registry.get("no-such-game")
    error = raised.value
    assert isinstance(error, CasebookError)
    assert (error.code, error.status) == ("system/unknown", 422)
    assert ID in error.message and "no-such-game" in error.message
    assert [pointer for pointer, _ in error.fields] == ["/system"]


def test_override_swaps_a_part_for_a_while_and_restores_it(
    other: registry.Registration,
) -> None:
    def fixed(seed: int, options: Any) -> dict[str, Any]:
        return {"public": {"suspects": ["Zed"]}, "solution": {"culprit": "Zed"}}

    with registry.override(ID, generate=fixed) as changed:
        assert registry.registration(ID) is changed
        assert changed.generate is fixed and changed.system is other.system
        assert generators.generate(ID, 1)["public"] == {"suspects": ["Zed"]}
    assert registry.registration(ID) is other
    assert generators.generate(ID, 1)["public"]["suspects"] == ["Ada", "Bram", "Cleo", "Dov"]


def test_override_restores_even_when_the_block_fails(other: registry.Registration) -> None:
    with pytest.raises(RuntimeError), registry.override(ID, system=SYSTEM, fairness="x"):
        assert registry.get(ID) is SYSTEM
        raise RuntimeError("the test inside failed")
    assert registry.registration(ID) is other


def test_override_of_an_unknown_system_is_refused() -> None:
    with pytest.raises(UnknownSystemError), registry.override("no-such-game", fairness="x"):
        pass  # pragma: no cover


def test_the_built_in_systems_register_themselves_on_load() -> None:
    generators.load()
    entry = registry.registration("murdered-by-midnight")
    assert entry.generate is not None and entry.verify is not None
    assert generators.has_generator("murdered-by-midnight")
    assert generators.has_verifier("murdered-by-midnight")
    assert not generators.has_verifier("no-such-game")
