"""The collector as the processes that play games set it (``api.collector``): what start-up
made is frozen, the youngest generation collected every 10,000 allocations; set by gunicorn's
workers once their app is made and by ``casebook play`` before its game."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from api import collector
from api.serving import ServeSettings, settle_worker
from tests.api.commands.helpers import run_cli


@pytest.fixture
def collector_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_settling_freezes_what_is_alive_and_collects_the_young_less_often(
    collector_restored: None,
) -> None:
    frozen_before = gc.get_freeze_count()
    _, middle, oldest = gc.get_threshold()
    collector.settle()
    assert gc.get_freeze_count() > frozen_before
    assert gc.get_threshold() == (collector.YOUNG_THRESHOLD, middle, oldest)


def test_a_cycle_made_after_settling_is_still_collected(collector_restored: None) -> None:
    collector.settle()
    cycle: list[Any] = []
    cycle.append(cycle)
    del cycle
    assert gc.collect() >= 1


def test_each_gunicorn_worker_settles_once_its_app_is_made() -> None:
    assert ServeSettings().gunicorn()["post_worker_init"] is settle_worker


def test_casebook_play_settles_before_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(collector, "settle", lambda: calls.append("settle"))
    monkeypatch.setattr("api.commands.play.run", lambda *args, **kwargs: calls.append("run"))
    result = run_cli("play", "tiny-epic-crimes")
    assert result.exit_code == 0, result.output
    assert calls == ["settle", "run"]
