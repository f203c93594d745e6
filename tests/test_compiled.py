"""The rules' compiled modules (``make compiled``, tools/compile_rules.py): what is compiled is
what runs, and a build older than its source is refused rather than run stale."""

from __future__ import annotations

import importlib
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from rules.compiled import refuse_stale, stale_modules
from tools import compile_rules
from tools.compile_rules import COMPILED, ROOT

SUFFIX = EXTENSION_SUFFIXES[0]  # this interpreter's own, as the build names them


def _package(tmp_path: Path, *files: str) -> str:
    for name in ("__init__.py", *files):
        (tmp_path / name).write_text("")
    return str(tmp_path / "__init__.py")


def _age(path: Path, seconds: float) -> None:
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then))


def test_a_package_with_nothing_compiled_has_nothing_stale(tmp_path: Path) -> None:
    assert stale_modules(_package(tmp_path, "play.py", "views.py")) == []


def test_a_build_newer_than_its_source_is_fresh(tmp_path: Path) -> None:
    init = _package(tmp_path, "play.py", f"play{SUFFIX}")
    _age(tmp_path / "play.py", 60)
    assert stale_modules(init) == []
    refuse_stale(init, "pkg")  # does not raise


def test_a_build_older_than_its_source_is_refused_with_the_command_that_rebuilds_it(
    tmp_path: Path,
) -> None:
    init = _package(tmp_path, "play.py", f"play{SUFFIX}", "views.py", f"views{SUFFIX}")
    _age(tmp_path / f"views{SUFFIX}", 60)  # views.py edited since the build
    assert stale_modules(init) == ["views.py"]
    with pytest.raises(
        ImportError, match=r"pkg: compiled from older sources than views\.py: .*make compiled"
    ):
        refuse_stale(init, "pkg")


def test_an_extension_without_a_source_is_not_judged(tmp_path: Path) -> None:
    init = _package(tmp_path, f"native{SUFFIX}")
    _age(tmp_path / f"native{SUFFIX}", 60)
    assert stale_modules(init) == []


def test_every_module_named_for_compiling_is_a_source_of_its_package() -> None:
    for package, modules in COMPILED.items():
        folder = ROOT / package.replace(".", "/")
        missing = [m for m in modules if not (folder / f"{m}.py").is_file()]
        assert not missing, f"{package}: no source for {missing}"


@pytest.mark.parametrize(
    ("package", "module"),
    [
        *(("rules.murder_city", m) for m in ("state", "stored", "case", "spec", "game")),
        *(
            (f"rules.{package}", m)
            for package in ("murdered_by_midnight", "tiny_epic_crimes", "murder_she_wrote")
            for m in ("state", "case", "spec", "game")
        ),
        # classes stored or decoded by ``rules.serial``, whose ``__dict__`` is set or copied,
        # and one that is a dict
        ("rules.murdered_by_midnight", "session"),
        ("rules.tiny_epic_crimes", "cards"),
        ("rules.tiny_epic_crimes", "evolved"),
        ("rules.murder_she_wrote", "routes"),
        ("rules.murder_she_wrote", "bot_view"),
    ],
)
def test_stored_classes_and_the_subclassed_system_stay_interpreted(
    package: str, module: str
) -> None:
    # Their classes are stored, decoded by their type hints, or subclassed (tools/compile_rules.py).
    assert module not in COMPILED.get(package, ())


@pytest.mark.parametrize(
    "name", [f"{package}.{module}" for package, modules in COMPILED.items() for module in modules]
)
def test_make_test_runs_the_compiled_modules(name: str) -> None:
    # `make test` builds them first; run bare, pytest needs `make compiled` for these to pass.
    path = importlib.import_module(name).__file__ or ""
    assert path.endswith(SUFFIX), f"{name} runs from {path}: run `make compiled`"


@pytest.mark.parametrize("package", sorted(COMPILED))
def test_a_package_with_compiled_modules_refuses_a_stale_build_when_imported(package: str) -> None:
    init = (ROOT / package.replace(".", "/") / "__init__.py").read_text()
    assert "refuse_stale(__file__, __name__)" in init


def test_the_makefile_rebuilds_when_a_source_of_any_compiled_package_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    makefile = (ROOT / "Makefile").read_text()
    line = next(x for x in makefile.splitlines() if x.startswith("COMPILED_PACKAGES :="))
    assert line.split(":=")[1].strip() == "$(shell $(PYTHON) tools/compile_rules.py --packages)"
    compile_rules.main(["--packages"])  # what that prints
    assert set(capsys.readouterr().out.split()) == {p.replace(".", "/") for p in COMPILED}


def test_a_build_dates_what_it_leaves_as_of_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # build_ext copies an extension it did not rebuild (a source whose C did not change) with
    # the time it was first built, which rules.compiled would take for a stale build.
    package = tmp_path / "pkg"
    package.mkdir()
    init = _package(package, "play.py", f"play{SUFFIX}")
    (tmp_path / f"pkg__mypyc{SUFFIX}").write_text("")
    _age(package / f"play{SUFFIX}", 3600)
    started = (package / "play.py").stat().st_mtime + 1
    monkeypatch.setattr(compile_rules, "ROOT", tmp_path)
    monkeypatch.setattr(compile_rules, "COMPILED", {"pkg": ("play",)})
    compile_rules.date_built(started)
    assert stale_modules(init) == []
    assert (tmp_path / f"pkg__mypyc{SUFFIX}").stat().st_mtime == started
