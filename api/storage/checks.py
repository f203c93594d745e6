"""The startup self-check: the settings that durability and safe concurrency depend on.

SQLite must run in WAL with ``synchronous=FULL`` (an acknowledged move survives an OS crash), or
``NORMAL`` where the operator chose it (it survives a crash of the process, not of the machine),
wait for locks instead of failing at once, enforce foreign keys, and live on a local filesystem:
WAL's shared memory does not work across a network filesystem (sqlite.org/wal.html).
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import Connection

from api.storage.records import StoreError

_SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}
_EXPECTED = {"journal_mode": "wal", "foreign_keys": 1}
_NETWORK_FILESYSTEMS = frozenset(
    {"nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "fuse.sshfs"}
)
_MOUNTS = Path("/proc/mounts")


def check_sqlite(conn: Connection, database: str, synchronous: str = "full") -> dict[str, object]:
    """Report the connection's pragmas and the file's filesystem; raise if one is unsafe.

    ``synchronous`` is the setting the store was configured with (``full`` by default).
    """
    report: dict[str, object] = {
        "backend": "sqlite",
        "sqlite_version": conn.exec_driver_sql("SELECT sqlite_version()").scalar_one(),
        "journal_mode": conn.exec_driver_sql("PRAGMA journal_mode").scalar_one(),
        "synchronous": _SYNCHRONOUS.get(conn.exec_driver_sql("PRAGMA synchronous").scalar_one()),
        "busy_timeout_ms": conn.exec_driver_sql("PRAGMA busy_timeout").scalar_one(),
        "foreign_keys": conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one(),
        "filesystem": filesystem_of(database),
    }
    expected = {**_EXPECTED, "synchronous": synchronous.upper()}
    wrong = [name for name, value in expected.items() if report[name] != value]
    timeout = report["busy_timeout_ms"]
    if not isinstance(timeout, int) or timeout <= 0:
        wrong.append("busy_timeout_ms")
    if report["filesystem"] in _NETWORK_FILESYSTEMS:
        wrong.append("filesystem")
    if wrong:
        raise StoreError(f"unsafe SQLite settings: {', '.join(wrong)}")
    return report


def check_postgresql(conn: Connection) -> dict[str, object]:
    """PostgreSQL needs nothing from us; report its version for the operator."""
    version = conn.exec_driver_sql("SHOW server_version").scalar_one()
    return {"backend": "postgresql", "server_version": version}


def filesystem_of(path: str, mounts: Path | None = None) -> str | None:
    """The type of the filesystem holding ``path`` (Linux), or None when it cannot be told."""
    try:
        lines = (mounts or _MOUNTS).read_text().splitlines()
    except OSError:
        return None
    target = os.path.realpath(path)
    best, best_type = "", None
    for line in lines:
        fields = line.split()
        if len(fields) < 3:
            continue
        mount_point = fields[1].replace("\\040", " ")
        inside = target == mount_point or target.startswith(mount_point.rstrip("/") + "/")
        if inside and len(mount_point) >= len(best):
            best, best_type = mount_point, fields[2]
    return best_type
