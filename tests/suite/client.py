"""One client interface over the Flask test client and a real server (``casebook serve``).

The suite's players, scans and races talk to either through :class:`Transport`, so one scan
runs in-process in ``make test`` and against real sockets in ``make soak``.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Protocol

from flask.testing import FlaskClient

from tests.api.server.live import LiveServer


@dataclass(frozen=True)
class Answer:
    """What a client received: status, headers and body text (parsed when it is JSON)."""

    status: int
    headers: dict[str, str]
    text: str
    body: Any

    @property
    def everything(self) -> str:
        """The body and every header, as one text to scan."""
        return self.text + "\n" + "\n".join(f"{k}: {v}" for k, v in self.headers.items())


class Transport(Protocol):
    def __call__(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer: ...


def _parsed(text: str) -> Any:
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


class InProcess:
    """The Flask test client: no sockets, fast enough for hundreds of games in a test."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def __call__(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {"Accept": "application/json", **(headers or {})}
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        response = self.client.open(
            path, method=method, headers=sent, **({} if body is None else {"json": body})
        )
        try:
            text = response.get_data(as_text=True)
        finally:
            response.close()  # a file it streamed (the docs' assets) is closed at once
        return Answer(response.status_code, dict(response.headers), text, _parsed(text))


class OverHttp:
    """A real server: every request crosses a socket to ``casebook serve``."""

    def __init__(self, server: LiveServer, timeout: float = 30) -> None:
        self.server = server
        self.timeout = timeout

    def __call__(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {"Accept": "application/json", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        url = self.server.base + path
        req = urllib.request.Request(url, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as response:
                raw, status, got = response.read(), response.status, dict(response.headers)
        except urllib.error.HTTPError as error:
            raw, status, got = error.read(), error.code, dict(error.headers)
        text = raw.decode()
        return Answer(status, got, text, _parsed(text))
