"""`make load` keeps working: CI runs it on PostgreSQL in its short mode (skipped on
SQLite). The run itself checks the database against the answers and exits non-zero on a
server error, a lost or a duplicated hand; here we also check that it stops the gunicorn
it started, and drops its database, when it ends and when it is interrupted. Timings are
printed by the run, never checked here; the abuse phase's verdict on them (and on the
flooded API's answers) is checked on made-up figures, on any database."""

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import httpx
import psycopg
import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from bench import load_pages, load_phones, load_proxy, load_report, load_server, load_site
from bench.load_abuse import Flood, answer, failures, flood, request_bytes
from tournaments.feedback import OUTCOME_HEADER, REFUSAL_HEADER

LOAD = Path(__file__).resolve().parent.parent / "bench" / "load.py"


def postgres_only(test):
    """The runs themselves: gunicorn against a PostgreSQL database of their own."""
    test = pytest.mark.postgres(test)
    return pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the load test serves PostgreSQL only"
    )(test)


def _start(**popen) -> subprocess.Popen:
    env = {**os.environ, "PG_URL": os.environ["DATABASE_URL"]}
    return subprocess.Popen(
        [sys.executable, str(LOAD), "--short"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **popen,
    )


def _as_a_background_job() -> None:
    # What a shell without job control does to a command it starts with `&`, and what a
    # CI runner may pass on: SIGINT ignored.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _finish(process: subprocess.Popen, timeout: float = 240) -> str:
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        # SIGTERM unwinds the run like Ctrl-C: it stops its gunicorn and drops its database.
        process.terminate()
        output, _ = process.communicate(timeout=60)
        pytest.fail(f"the load run took over {timeout} s:\n{output}")
    return output


def _gone(output: str) -> None:
    """The run's process groups (gunicorn's, and nginx's if it ran) are gone and its
    database dropped."""
    groups = [int(group) for group in re.findall(r"process group (\d+)", output)]
    assert groups, output
    for group in groups:
        with pytest.raises(ProcessLookupError):
            os.killpg(group, 0)
    database = re.search(r"database (tarock_load_\w+)", output)[1]
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
        dbname="postgres",
    ) as admin:
        assert not admin.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [database]
        ).fetchone()


@postgres_only
def test_a_short_load_run_stores_every_acknowledged_hand_once():
    output = _finish(_start())
    for pace in ("realistic", "flat out", "abuse"):
        assert f"\n{pace} (36 phones at 32 tables" in output
    assert re.search(r"answers: \d+ 2xx, \d+ 3xx, 0 4xx, 0 5xx, 0 no answer", output)
    # The stack is named, nginx in front wherever it is installed.
    stack = "nginx → gunicorn" if load_proxy.find_nginx() else "gunicorn alone"
    assert f"load: the stack: {stack}" in output
    assert re.search(r"refused by nginx: \d+, by the site: \d+; scored by the site: \d+", output)
    assert re.search(r"flood: 10 anonymous clients, 50 hands a document, .*\d+ 200", output)
    assert re.search(r"\d+ refused, \d+ scored \(\d+ hands\)\n.*process's own CPU", output)
    assert re.search(r"gunicorn's: \d+\.\d s \(\d\.\d\d of a core\)", output)
    assert re.search(r"the flood's cost to gunicorn: -?\d\.\d\d of a core more", output)
    assert re.search(
        r"the judges' p95 ≤ 100 ms while 10 clients flood the API: \d+ ms \(p50 \d+ ms\)", output
    )
    assert "0 lost, 0 duplicated" in output
    # The judges' latency under the flood depends on the machine (a busy one fails it);
    # nothing else may fail.
    if "OK: 0 server errors" not in output:
        failed = output[output.index("FAILED:") :].split("\n")[1:]
        problems = [line.strip() for line in failed if line.startswith("  ")]
        assert problems and all("the judges' p95" in line for line in problems), output
    _gone(output)


def _flood(**answers: int) -> Flood:
    return Flood(clients=10, hands=50, answers=Counter(answers), seconds=5.0)


def test_the_abuse_phase_passes_when_the_judges_stay_fast_and_the_api_answers():
    assert failures(42.0, _flood(**{"200": 120, "429": 4000}), 100.0) == []
    assert failures(100.0, _flood(**{"200": 50}), 100.0) == []  # the target itself is met


@pytest.mark.parametrize(
    ("p95", "answers", "problem"),
    [
        (101.0, {"200": 10, "429": 10}, "the judges' p95 is 101 ms, over 100 ms"),
        (float("nan"), {"200": 10}, "the judges' p95 is nan ms"),
        (20.0, {"200": 10, "502": 3}, "the API answered the flood 3 server errors"),
        (20.0, {"200": 10, "no answer": 2}, "2 flood requests got no answer"),
    ],
)
def test_the_abuse_phase_fails_on_slow_judges_or_a_broken_api(p95, answers, problem):
    (found,) = failures(p95, _flood(**answers), 100.0)
    assert problem in found


def test_the_abuse_phase_fails_on_a_429_without_retry_after_or_no_report():
    flood = _flood(**{"429": 5})
    flood.without_retry_after = 5
    assert failures(20.0, flood, 100.0) == ["abuse: 5 answers 429 without Retry-After"]
    assert failures(20.0, None, 100.0) == ["abuse: the flood did not report"]


def test_the_flood_report_travels_as_one_line_of_json():
    flood = _flood(**{"200": 7, "429": 93})
    flood.without_retry_after = 1
    assert Flood.from_json(flood.to_json()) == flood
    assert "\n" not in flood.to_json()
    assert "93 refused, 7 scored (350 hands)" in flood.summary()


def test_a_flooding_client_sends_one_whole_request_encoded_once():
    body = b'[{"ruleset": "spjst"}]'
    request = request_bytes("http://127.0.0.1:8123", "203.0.113.4", body)
    head, _, sent = request.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0] == "POST /api/score/ HTTP/1.1"
    assert {"Host: 127.0.0.1:8123", "X-Forwarded-For: 203.0.113.4"} <= set(lines)
    assert f"Content-Length: {len(body)}" in lines and "Connection: close" in lines
    assert sent == body


@pytest.mark.parametrize(
    ("raw", "status", "retry"),
    [
        (b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\n\r\n{}", "429", True),
        (b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: 2\r\n\r\n{}", "429", False),
        (b"HTTP/1.1 200 OK\r\nretry-after: 1\r\n\r\n[]", "200", True),
        (b"", "no answer", False),  # closed without a word
        (b"garbage\r\n\r\n", "no answer", False),
    ],
)
def test_a_flooding_client_reads_the_status_and_retry_after_of_a_raw_answer(raw, status, retry):
    assert answer(raw) == (status, retry)


def test_the_flood_closes_its_side_once_sent_and_counts_the_answers():
    # A server that reads each request to the end of the stream (which comes only if the
    # client closed its side after sending) and refuses it, as the door does.
    bodies = []

    async def refuse(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        bodies.append((await reader.read()).partition(b"\r\n\r\n")[2])
        writer.write(b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3\r\n\r\n{}")
        writer.close()

    async def run() -> Flood:
        server = await asyncio.start_server(refuse, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await flood(f"http://127.0.0.1:{port}", 0.3, hands=2, clients=2)

    result = asyncio.run(run())
    assert result.requests == len(bodies) > 0
    assert result.answers == Counter({"429": result.requests})
    assert result.without_retry_after == 0
    assert len(json.loads(bodies[0])) == 2 and len(set(bodies)) == 1


def test_the_run_fails_on_the_abuse_phase_and_only_there():
    slow = load_phones.Stats(load_phones.ABUSE)
    slow.latencies["page"] = [500.0] * 20
    slow.outcomes["saved"] = 1
    slow.flood = _flood(**{"200": 1})
    assert any("the judges' p95 is 500 ms" in line for line in load_report.failures(slow))
    realistic = load_phones.Stats(load_phones.REALISTIC)
    realistic.latencies["page"] = [500.0] * 20
    realistic.outcomes["saved"] = 1
    assert load_report.failures(realistic) == []  # printed there, not enforced


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_a_process_groups_cpu_is_read_from_proc():
    spent = load_server.group_cpu(os.getpgrp())  # this test's own group: pytest at least
    assert spent > 0
    assert load_server.group_cpu(os.getpgrp()) >= spent


def test_the_floods_cost_is_gunicorns_cpu_beyond_the_realistic_pace():
    realistic = load_phones.Stats(load_phones.REALISTIC, seconds=20.0, server_cpu=10.0)
    abuse = load_phones.Stats(load_phones.ABUSE, seconds=10.0, server_cpu=8.0)
    abuse.flood = _flood(**{"429": 3000})
    # 0.8 of a core against 0.5: 0.3 more, 3 s over 3,000 requests.
    assert load_report.flood_cost([realistic, abuse]) == (
        "the flood's cost to gunicorn: 0.30 of a core more than at the realistic pace alone, "
        "1.00 ms of CPU a flood request"
    )
    assert load_report.flood_cost([abuse]) is None


@postgres_only
@pytest.mark.parametrize("started", ["in the foreground", "as a background job"])
def test_an_interrupted_load_run_stops_its_gunicorn_and_drops_its_database(started):
    background = started == "as a background job"
    process = _start(preexec_fn=_as_a_background_job if background else None)
    lines = []
    for line in process.stdout:
        lines.append(line)
        if "the stack:" in line:  # gunicorn (and nginx) serving, the phones starting
            process.send_signal(signal.SIGINT)
            break
    output = "".join(lines) + _finish(process)
    assert process.returncode == 130, output
    assert "interrupted" in output
    _gone(output)


def _answer(response) -> httpx.Response:
    """Django's answer as the load test's phone receives it, cookies included."""
    headers = [*response.items()]
    headers += [("set-cookie", morsel.OutputString()) for morsel in response.cookies.values()]
    return httpx.Response(response.status_code, headers=headers, content=response.content)


@pytest.mark.django_db
def test_a_phone_counts_the_form_sent_back_after_another_phones_save_as_refused():
    # At a table with two phones, a hand saved on a form built before the other phone's
    # save comes back filled in on the table's new version with a new submission id, as a
    # saved hand's blank form does; counted "saved", it was a hand acknowledged and lost.
    (table,) = load_site.build(1)[1]
    link = reverse("tournaments:judge_link", args=[table.token])
    page = reverse("tournaments:table", args=[table.pk])
    action = reverse("tournaments:hand_add", args=[table.pk])
    first, second = Client(), Client()
    forms = []
    for phone in (first, second):
        phone.get(link)
        forms.append(load_pages.hand_form_fields(phone.get(page).content.decode(), action))
    rng = random.Random(1)
    saved_body = {**forms[0], **load_pages.povinost(rng)}
    saved = first.post(action, saved_body, headers={"HX-Request": "true"})
    stale_body = {**forms[1], **load_pages.povinost(rng)}
    stale = second.post(action, stale_body, headers={"HX-Request": "true"})
    assert stale[OUTCOME_HEADER] == "conflict"
    assert load_pages.hand_form_fields(stale.content.decode(), action)["version"] == str(
        int(forms[1]["version"]) + 1
    )
    stats = load_phones.Stats(load_phones.REALISTIC)
    links = {table.pk: (link, page, action)}
    run = load_phones.Run(
        "http://testserver", links, load_site.Ledger(), load_pages.Messages(), Path("-")
    )

    async def outcome(answer, body: dict[str, str]) -> tuple[str, dict | None]:
        phone = load_phones.Phone(run, table.pk, "table 1", 1, javascript=True)
        phone.client = httpx.AsyncClient(
            base_url=run.base, transport=httpx.MockTransport(lambda _request: _answer(answer))
        )
        try:
            return await phone._save(stats, body)
        finally:
            await phone.close()

    outcome_saved, fresh = asyncio.run(outcome(saved, saved_body))
    assert outcome_saved == "saved" and fresh["version"] == str(int(forms[0]["version"]) + 1)
    assert asyncio.run(outcome(stale, stale_body)) == ("refused", None)
    assert [text[:29] for text in stats.refusals] == ["Another device changed this t"]
    assert (load_pages.OUTCOME_HEADER, load_pages.REFUSAL_HEADER) == (
        OUTCOME_HEADER,
        REFUSAL_HEADER,
    )
