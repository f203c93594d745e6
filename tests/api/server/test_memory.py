"""What the server's processes hold: the master no case maker, a worker one once it makes a case.

Every worker shares the master's pages, so what the master imports and no request uses is memory
held for nothing (docs/performance.md, "Server memory"). The systems' case makers (z3 and the
solver models) are imported when a process first makes a case, and before the fork of the child
that makes it: a child never imports them again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from api.serving import ServeSettings, freeze_before_fork
from generator import registry as generators
from tests.api.server.live import LiveServer, python_output, request

pytestmark = pytest.mark.slow

SOLVER = "libz3"
#: The quickest built-in system to make a case of.
SYSTEM = "tiny-epic-crimes"


def maps(pid: int) -> str:
    return Path(f"/proc/{pid}/maps").read_text()


def test_the_master_holds_no_solver_and_a_worker_keeps_the_one_it_used(tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'casebook.db'}", tmp_path / "server.log")
    server.start()
    try:
        assert server.process is not None
        master = server.process.pid
        workers = [
            int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()
        ]
        systems = request(server, "GET", "/v1/systems").body["systems"]
        served = {system["id"]: system for system in systems}
        for module in generators.BUILT_IN:
            entry = served[module.rsplit(".", 1)[1].replace("_", "-")]
            assert entry["modes"] and all("options" in mode for mode in entry["modes"])
        assert not any(SOLVER in maps(pid) for pid in (master, *workers))

        reply = request(server, "POST", "/v1/cases", {"system": SYSTEM, "seed": 3})
        assert reply.status == 201, reply.body
        assert SOLVER not in maps(master)
        assert sum(SOLVER in maps(pid) for pid in workers) == 1
    finally:
        server.kill()


#: For each built-in system: what making a case imports after ``prepare`` (nothing, or a child
#: forked to make it would import it for every case).
AFTER_PREPARE = """
import sys
from api.serving import ServeSettings, freeze_before_fork
from generator import registry as generators
from rules import registry

generators.load()
assert "z3" not in sys.modules
for entry in registry.all_registrations():
    generators.prepare(entry.id)
    before = set(sys.modules)
    generators.generate(entry.id, 3, {})
    print(entry.id, sorted(name for name in set(sys.modules) - before if "." in name))
"""


def test_prepare_imports_everything_a_case_needs() -> None:
    output = python_output(AFTER_PREPARE, timeout=300)
    lines = output.splitlines()
    assert len(lines) == len(generators.BUILT_IN)
    assert all(line.endswith(" []") for line in lines), lines


#: What gevent's monkey patch, which every gevent worker applies after the fork, imports once the
#: worker class is made (the master makes it): gevent's own two private modules at most.
PATCH = """
import sys
from api.workers import gevent_worker

gevent_worker(10)
before = set(sys.modules)
from gevent import monkey

monkey.patch_all()
print(sorted(name for name in set(sys.modules) - before if not name.startswith("gevent.monkey._")))
"""


def test_the_master_imports_what_a_gevent_worker_patches_in() -> None:
    output = python_output(PATCH, timeout=60)
    assert output.strip() == "[]"


def test_gunicorn_freezes_the_master_before_each_fork() -> None:
    assert ServeSettings().gunicorn()["pre_fork"] is freeze_before_fork
