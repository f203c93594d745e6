"""The server ``make run`` starts: available while clients stall, and problems for bad requests.

Real sockets against ``casebook serve``. The negative control serves the same way with sync
workers, which two stalled clients take down: the test of availability can fail.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.serving import ServeSettings
from tests.api.server.live import LiveServer, request

pytestmark = pytest.mark.slow

#: Clients that open a connection and stall, a third each way (see ``stalled_clients``).
STALLED = 300
#: How long a request from a well-behaved client may take while the others stall.
PROMPT_S = 3.0


@contextlib.contextmanager
def serving(folder: Path, *args: str) -> Iterator[LiveServer]:
    """``casebook serve`` with ``args`` on a SQLite file in ``folder``: serving is the same on
    every database."""
    folder.mkdir(exist_ok=True)
    live = LiveServer(f"sqlite:///{folder / 'casebook.db'}", folder / "server.log", args=args)
    live.start()
    try:
        yield live
    finally:
        live.kill()


@contextlib.contextmanager
def stalled_clients(server: LiveServer, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections that never finish: half a header, a missing body, or silence."""
    stalls = (
        b"GET /v1/health HTTP/1.1\r\nHost: casebook\r\n",
        b"POST /v1/cases HTTP/1.1\r\nHost: casebook\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{",
        b"",
    )
    sockets: list[socket.socket] = []
    try:
        for number in range(count):
            client = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            client.sendall(stalls[number % len(stalls)])
            sockets.append(client)
        yield sockets
    finally:
        for client in sockets:
            client.close()


def answers_promptly(server: LiveServer) -> bool:
    started = time.monotonic()
    try:
        reply = request(server, "GET", "/v1/health", timeout=PROMPT_S)
    except OSError:  # timed out
        return False
    return reply.status == 200 and time.monotonic() - started < PROMPT_S


def exchange(server: LiveServer, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``raw`` as it is; the status line's code, the headers and the body of the answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
        client.sendall(raw)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            length = [
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ]
            if length and len(body) >= length[0]:
                break
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, value in (x.split(":", 1) for x in lines)}
    return int(status_line.split()[1]), headers, body


def test_the_api_answers_while_hundreds_of_clients_stall(tmp_path: Path) -> None:
    # Timeouts longer than the test, so that every stalled client stays stalled throughout.
    with serving(tmp_path, "--keep-alive", "60", "--client-timeout", "60") as live:
        with stalled_clients(live, STALLED):
            assert all(answers_promptly(live) for _ in range(10))
            reply = request(live, "POST", "/v1/cases", {"system": "toy-culprit", "seed": 3})
            assert reply.status == 201, reply.body


def test_negative_control_two_stalled_clients_hold_both_sync_workers(tmp_path: Path) -> None:
    with serving(tmp_path, "--worker-class", "sync") as live:
        assert answers_promptly(live)
        with stalled_clients(live, 2):
            assert not answers_promptly(live)


def test_a_stalled_request_is_cut_off_after_its_timeouts(tmp_path: Path) -> None:
    with serving(tmp_path, "--keep-alive", "1", "--client-timeout", "1") as live:
        with stalled_clients(live, 3) as (half_headers, missing_body, silent):
            for client in (half_headers, missing_body, silent):
                client.settimeout(5)
            assert half_headers.recv(1024) == b""  # closed once the headers were late
            assert silent.recv(1024) == b""
            answer = missing_body.recv(65536)
            assert answer.startswith(b"HTTP/1.1 408 ")
            problem = json.loads(answer.partition(b"\r\n\r\n")[2])
            assert problem["code"] == "request/incomplete"


LIMITS = ServeSettings()


#: Requests gunicorn refuses before the app sees them: what is sent, the status and the code.
UNREADABLE = {
    "request line": (
        b"GET /v1/" + b"a" * LIMITS.limit_request_line + b" HTTP/1.1\r\nHost: c\r\n\r\n",
        414,
        "request/line-too-long",
    ),
    "header size": (
        b"GET /v1/health HTTP/1.1\r\nHost: c\r\nX-Big: "
        + b"b" * LIMITS.limit_request_field_size
        + b"\r\n\r\n",
        431,
        "request/headers-too-large",
    ),
    "header count": (
        b"GET /v1/health HTTP/1.1\r\nHost: c\r\n"
        + b"".join(b"X-%d: 1\r\n" % n for n in range(LIMITS.limit_request_fields + 1))
        + b"\r\n",
        431,
        "request/headers-too-large",
    ),
    "header name": (
        b"GET /v1/health HTTP/1.1\r\nHost: c\r\nBad\x01Name: y\r\n\r\n",
        400,
        "request/malformed",
    ),
    "header value": (
        b"GET /v1/health HTTP/1.1\r\nHost: c\r\nX-A: a\x00b\r\n\r\n",
        400,
        "request/malformed",
    ),
    "no request": (b"NOT A REQUEST\r\n\r\n", 400, "request/malformed"),
}


def test_requests_the_server_cannot_read_get_problems(tmp_path: Path) -> None:
    with serving(tmp_path) as live:
        for name, (raw, status, code) in UNREADABLE.items():
            got, headers, body = exchange(live, raw)
            assert (got, headers["content-type"]) == (status, "application/problem+json"), name
            problem = json.loads(body)
            assert (problem["status"], problem["code"]) == (status, code), name
            assert problem["detail"].startswith("The request could not be read"), name
        assert answers_promptly(live)


def test_each_instance_has_its_own_control_socket(tmp_path: Path) -> None:
    with serving(tmp_path / "one") as one, serving(tmp_path / "two") as two:
        paths = [Path(ServeSettings(port=live.port).control_socket_path()) for live in (one, two)]
        assert paths[0] != paths[1]
        deadline = time.monotonic() + 10  # gunicorn opens it once its workers are up
        while not all(path.is_socket() for path in paths) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(path.is_socket() for path in paths)
        assert answers_promptly(one) and answers_promptly(two)
