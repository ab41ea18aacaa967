"""The load test's proxy (bench/load.py): nginx in front of gunicorn, as docs/deploy.md
deploys the site, when nginx is installed (on PATH or at /usr/sbin/nginx); without it the
run goes on with gunicorn alone.

nginx runs as a child of the run, never as the system's service: in a process group of its
own, with its configuration, pid file, logs and temporary files in the run's temporary
folder, on a free loopback port. Its configuration is docs/deploy.md's `location /` (the
same proxy headers) plus the rate limit of `POST /api/score/`: nginx refuses a flood of
anonymous documents for microseconds each, before a gunicorn worker spends a fraction of
a millisecond on each refusal. Its rates and bursts are the site's own (API_RATE_ADDRESS,
API_RATE_ANONYMOUS), so nginx refuses only what the site would refuse too.
"""

import contextlib
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

SYSTEM_NGINX = "/usr/sbin/nginx"
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_RATE = re.compile(r"(\d+)/(\d*)([smhd])")


def find_nginx() -> str | None:
    """nginx's executable: on PATH, else Debian's /usr/sbin/nginx; None if neither."""
    found = shutil.which("nginx")
    if found:
        return found
    return SYSTEM_NGINX if os.access(SYSTEM_NGINX, os.X_OK) else None


@dataclass(frozen=True)
class Zone:
    """An nginx `limit_req` zone standing in for one of the site's rate limits."""

    name: str
    rate: str  # nginx's form: `1r/s`, `10r/m`
    burst: int
    retry_after: int  # seconds until the zone lets the next request through


def zone(name: str, rate: str) -> Zone:
    """The nginx zone for a site rate (`10/m`, `1/s`, `100/10m`: django-ratelimit's form).

    The site counts in fixed windows, so a client may get its whole count at the end of one
    window and again at the start of the next: twice the count at once. nginx's leaky
    bucket lets through `burst` at once and then the rate; a burst of twice the count
    refuses nothing the site would let through. nginx writes a rate in whole requests a
    second or a minute; one between those is rounded up (nginx refuses less, never more).
    """
    match = _RATE.fullmatch(rate)
    if match is None:
        raise ValueError(f"not a rate: {rate!r}")
    count, period = int(match[1]), int(match[2] or 1) * _UNITS[match[3]]
    per_second = count / period
    if per_second >= 1:
        nginx_rate = f"{math.ceil(per_second)}r/s"
    else:
        nginx_rate = f"{math.ceil(count * 60 / period)}r/m"
    return Zone(name, nginx_rate, 2 * count, max(math.ceil(period / count), 1))


def config(
    folder: Path, port: int, upstream: str, address_rate: str, anonymous_rate: str, cookie: str
) -> str:
    """nginx.conf for the run: listening on loopback `port`, passing to `upstream`
    (host:port of gunicorn), everything it writes under `folder`."""
    address, everyone = zone("api_address", address_rate), zone("api_anonymous", anonymous_rate)
    # The API's own refusal, in its JSON form; nginx cannot tell in which language.
    body = (
        '{"errors": [{"field": "request", "message": "Too many requests to the scoring API '
        f'just now; try again in {address.retry_after} seconds, or sign in."}}]}}'
    )
    return f"""# The load test's nginx (bench/load_proxy.py), written for one run.
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 1024; }}

http {{
    access_log off;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;

    # The site's door (scoring/limits.py, ApiDoor) counts a POST to the API without a
    # session cookie as anonymous; these keys are empty (not counted) for anything else,
    # so signed-in clients are left to the site's per-account limit.
    # In the rig every client is 127.0.0.1, and the flood's clients say who they are in
    # X-Forwarded-For, so that is the key; on a real site it is $binary_remote_addr
    # (docs/deploy.md).
    map $request_method$cookie_{cookie} $api_address {{
        POST    $http_x_forwarded_for;
        default "";
    }}
    map $request_method$cookie_{cookie} $api_anonymous {{
        POST    anonymous;
        default "";
    }}
    limit_req_zone $api_address zone={address.name}:10m rate={address.rate};
    limit_req_zone $api_anonymous zone={everyone.name}:1m rate={everyone.rate};
    limit_req_status 429;
    limit_req_log_level info;

    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 2m;

        location / {{
            proxy_pass http://{upstream};
            include {folder}/proxy_headers.conf;
        }}

        # Limited here only: the judges' pages and saves are the site's to count.
        location = /api/score/ {{
            limit_req zone={address.name} burst={address.burst} nodelay;
            limit_req zone={everyone.name} burst={everyone.burst} nodelay;
            error_page 429 = @api_limited;
            proxy_pass http://{upstream};
            include {folder}/proxy_headers.conf;
        }}

        location @api_limited {{
            default_type application/json;
            add_header Retry-After {address.retry_after} always;
            return 429 '{body}';
        }}
    }}
}}
"""


# docs/deploy.md's proxy headers but two: nginx ends TLS on a real site, while the rig
# speaks plain HTTP on loopback and says the visitor used HTTPS, as its clients do; and
# its port is not HTTPS's own, so Host keeps the port the clients sent ($host drops it),
# as Django's CSRF check compares the Origin with it.
PROXY_HEADERS = """proxy_set_header Host $http_host;
proxy_set_header X-Forwarded-Proto https;
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
proxy_set_header X-Request-ID $request_id;
proxy_read_timeout 60s;
"""


def write_config(
    folder: Path, port: int, upstream: str, rates: tuple[str, str], cookie: str
) -> Path:
    """Write nginx.conf (and the file of proxy headers it includes) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "proxy_headers.conf").write_text(PROXY_HEADERS)
    path = folder / "nginx.conf"
    path.write_text(config(folder, port, upstream, *rates, cookie))
    return path


def check_config(nginx: str, folder: Path) -> None:
    """`nginx -t` on the written configuration; RuntimeError with nginx's words if not valid."""
    checked = subprocess.run(
        [nginx, "-t", "-q", "-p", str(folder), "-c", str(folder / "nginx.conf")],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    if checked.returncode:
        raise RuntimeError(f"nginx -t: {checked.stderr.strip()}")


def free_port() -> int:
    """A loopback port free just now (nginx binds it itself a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_nginx(
    nginx: str, folder: Path, upstream: str, rates: tuple[str, str], cookie: str
) -> tuple[subprocess.Popen, str]:
    """nginx in front of `upstream`, in a process group of its own; its base URL."""
    port = free_port()
    write_config(folder, port, upstream, rates, cookie)
    check_config(nginx, folder)
    with (folder / "nginx-stderr.log").open("ab") as out:
        process = subprocess.Popen(
            [nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx exited with {process.returncode}: {errors(folder)}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, base
        except OSError:
            time.sleep(0.1)
    stop_nginx(process)
    raise RuntimeError(f"nginx did not listen on port {port} within 10 s: {errors(folder)}")


def stop_nginx(process: subprocess.Popen) -> None:
    """QUIT (nginx's graceful stop) its process group, then KILL what stays."""
    for sig, wait in ((signal.SIGQUIT, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def errors(folder: Path) -> str:
    """The end of nginx's error log and output, to say why it failed."""
    text = ""
    for name in ("nginx-error.log", "nginx-stderr.log"):
        with contextlib.suppress(OSError):
            text += (folder / name).read_text(errors="replace")
    return text.strip()[-2000:]
