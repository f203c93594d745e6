"""How ``casebook serve`` runs the app: gunicorn, its settings, and workers that answer in problems.

The default workers are gevent's (``gevent``): every connection is a greenlet, so a client that
sends half a request, or opens a connection and says nothing, parks a greenlet instead of holding
a worker. With sync workers two such clients hold both workers until gunicorn's timeout and the
API stops answering. What still bounds a connection:

- the request line and headers must arrive within ``keep_alive`` seconds (gunicorn reads every
  request of a connection under that timeout), and fit the request limits below;
- after that the connection's socket times out after ``client_timeout`` seconds without progress,
  so a body that never comes, or a reader that never reads the reply, frees its greenlet;
- a worker holds at most ``worker_connections`` connections.

``sync`` stays available (``casebook serve --worker-class sync``, or ``$CASEBOOK_WORKER_CLASS``)
for comparison and for servers behind a buffering proxy.

The worker classes themselves are in ``api.workers``, imported only by the server: the rest of the
command line starts without gunicorn.
"""

from __future__ import annotations

import gc
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api import collector

#: The worker classes ``casebook serve`` offers; the first is the default.
WORKER_CLASSES = ("gevent", "sync")


@dataclass(frozen=True)
class ServeSettings:
    """Every setting of ``casebook serve``, each with the default a user gets."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 2
    worker_class: str = "gevent"
    #: Connections one gevent worker holds at most (idle and slow ones included).
    worker_connections: int = 1000
    #: Seconds a request line and headers may take to arrive, and a connection may idle between
    #: requests.
    keep_alive: int = 5
    #: Seconds a connection may make no progress while a body is read or a reply written.
    client_timeout: int = 10
    #: Seconds a sync worker may spend on one request before gunicorn restarts it; gevent
    #: workers must answer gunicorn's heartbeat within it.
    timeout: int = 30
    #: The longest request line, header field and number of header fields accepted.
    limit_request_line: int = 4094
    limit_request_field_size: int = 8190
    limit_request_fields: int = 100
    access_log: bool = False
    #: gunicorn's control socket (``gunicornc``); ``None``: one of this instance's own.
    control_socket: str | None = None

    def control_socket_path(self) -> str:
        """This instance's control socket: by default one per host and port, never shared."""
        if self.control_socket:
            return self.control_socket
        folder = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
        name = f"casebook-{self.host}-{self.port}.ctl".replace(":", "_").replace("/", "_")
        return str(Path(folder) / name)

    def worker(self) -> type[Any]:
        """The worker class these settings name (importing gunicorn only now)."""
        from api import workers

        if self.worker_class == "sync":
            return workers.SyncProblemWorker
        if self.worker_class == "gevent":
            return workers.gevent_worker(self.client_timeout)
        raise ValueError(f"worker class must be one of {', '.join(WORKER_CLASSES)}")

    def gunicorn(self) -> dict[str, Any]:
        """The settings as gunicorn names them."""
        config: dict[str, Any] = {
            "bind": f"{self.host}:{self.port}",
            "workers": self.workers,
            "worker_class": self.worker(),
            "worker_connections": self.worker_connections,
            "keepalive": self.keep_alive,
            "timeout": self.timeout,
            "limit_request_line": self.limit_request_line,
            "limit_request_field_size": self.limit_request_field_size,
            "limit_request_fields": self.limit_request_fields,
            "control_socket": self.control_socket_path(),
            "pre_fork": freeze_before_fork,
            "post_worker_init": settle_worker,
        }
        if self.access_log:  # off by default: a line per request costs throughput
            config["accesslog"] = "-"
        return config


def freeze_before_fork(server: Any, worker: Any) -> None:
    """gunicorn's ``pre_fork`` hook: everything the master holds, gunicorn's own objects and the
    worker class's imports included, is frozen right before a worker is forked, so the worker's
    collections never walk (and copy) the master's pages."""
    gc.freeze()


def settle_worker(worker: Any) -> None:
    """gunicorn's ``post_worker_init`` hook: the worker has made its app, so what it made is
    frozen too and the collector set as every game-playing process sets it (``api.collector``)."""
    collector.settle()


def run_gunicorn(settings: ServeSettings, load: Callable[[], Callable[..., Any]]) -> None:
    """Serve the WSGI app ``load`` makes (in each worker) with ``settings``, until stopped."""
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):  # type: ignore[misc]  # gunicorn ships no type hints
        def load_config(self) -> None:
            for name, value in settings.gunicorn().items():
                self.cfg.set(name, value)

        def load(self) -> Callable[..., Any]:
            return load()

    Server().run()
