"""The load test's nginx (bench/load_proxy.py): its configuration is valid, and in front of
a tiny local HTTP server it refuses a flood of `POST /api/score/` with 429 and Retry-After
while other paths, and signed-in clients, pass. Skipped where nginx is not installed."""

import asyncio
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench import load_proxy
from bench.load_abuse import flood

NGINX = load_proxy.find_nginx()
needs_nginx = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")


@pytest.mark.parametrize(
    ("rate", "nginx_rate", "burst", "retry"),
    [("10/m", "10r/m", 20, 6), ("1/s", "1r/s", 2, 1), ("100/10m", "10r/m", 200, 6)],
)
def test_a_site_rate_becomes_a_zone_refusing_nothing_the_site_lets_through(
    rate, nginx_rate, burst, retry
):
    assert load_proxy.zone("z", rate) == load_proxy.Zone("z", nginx_rate, burst, retry)


class _Answer(http.server.BaseHTTPRequestHandler):
    """200 to anything, with the X-Forwarded-For it was given, as a body."""

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        body = (self.headers.get("X-Forwarded-For") or "").encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[str]:
    """nginx, run as the load test runs it, in front of a tiny HTTP server: its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    upstream = f"127.0.0.1:{server.server_address[1]}"
    process, base = load_proxy.start_nginx(
        NGINX, tmp_path / "nginx", upstream, ("10/m", "1/s"), "sessionid"
    )
    try:
        yield base
    finally:
        load_proxy.stop_nginx(process)
        server.shutdown()
    assert process.poll() is not None


@needs_nginx
def test_the_written_configuration_is_valid(tmp_path):
    folder = tmp_path / "nginx"
    load_proxy.write_config(folder, load_proxy.free_port(), "127.0.0.1:9", ("10/m", "1/s"), "s")
    load_proxy.check_config(NGINX, folder)  # raises with nginx's words if not


@needs_nginx
def test_nginx_refuses_an_api_flood_with_retry_after_and_lets_the_rest_pass(proxied):
    with httpx.Client(base_url=proxied, trust_env=False, timeout=10) as client:
        flooded = [
            client.post("/api/score/", content=b"[]", headers={"X-Forwarded-For": "203.0.113.9"})
            for _ in range(10)
        ]
        refused = [answer for answer in flooded if answer.status_code == 429]
        # The anonymous zone lets a burst of 2 through at once; the rest are refused.
        assert 1 <= len(flooded) - len(refused) <= 3
        assert all(answer.headers["Retry-After"] == "6" for answer in refused)
        assert "Too many requests" in refused[0].json()["errors"][0]["message"]
        # Pages, and a signed-in client's documents, are the site's to count.
        for _ in range(5):
            assert client.get("/tables/1/").status_code == 200
        client.cookies.set("sessionid", "x")
        for _ in range(5):
            assert client.post("/api/score/", content=b"[]").status_code == 200
        client.cookies.clear()
        # nginx appends the address it heard from, as docs/deploy.md's proxy does.
        assert client.get("/", headers={"X-Forwarded-For": "203.0.113.9"}).text == (
            "203.0.113.9, 127.0.0.1"
        )


@needs_nginx
def test_the_load_tests_flood_through_nginx_is_answered_every_time(proxied):
    got = asyncio.run(flood(proxied, 1.0, 1, clients=3, proxied=True))
    assert got.answers["429"] and got.answers["200"], got.answers
    assert not got.answers["no answer"] and not got.without_retry_after
