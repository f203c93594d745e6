"""The direction of imports between the four packages (docs/architecture.md).

``rules/`` is the standard library only; nothing imports ``api/``; ``generator/`` and
``narration/`` do not import each other. Read from the source with ``ast``, so a forbidden
import anywhere in a module (even inside a function) is caught.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "generator", "narration", "api")
#: What each package may import from the project.
ALLOWED = {
    "rules": {"rules"},
    "generator": {"rules", "generator"},
    "narration": {"rules", "narration"},
    "api": {"rules", "generator", "narration", "api"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _violations(package: str, paths: list[Path]) -> set[str]:
    return {
        f"{path.name} imports {name}"
        for path in paths
        for name in _imports(path)
        if name in PACKAGES and name not in ALLOWED[package]
    }


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_imports_only_the_layers_below_it(package: str) -> None:
    wrong = _violations(package, _modules(package))
    assert not wrong, sorted(wrong)


def test_rules_imports_the_standard_library_only() -> None:
    outside = {
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _modules("rules")
        for name in _imports(path)
        if name not in sys.stdlib_module_names and name != "rules" and name != "__future__"
    }
    assert not outside, sorted(outside)


def test_the_check_catches_an_import_hidden_in_a_function(tmp_path: Path) -> None:
    module = tmp_path / "sneaky.py"
    module.write_text("def later():\n    from api.service import Service\n    import narration\n")
    assert _violations("generator", [module]) == {
        "sneaky.py imports api",
        "sneaky.py imports narration",
    }
