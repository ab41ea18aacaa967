"""`manage.py score_hand`: any bad input is one line "path: reason" and status 1."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HAND = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "declarer_points": 59}


def _run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    # As a user runs it: no settings module, no DEBUG, no SECRET_KEY in the environment.
    env = {"PATH": os.defpath}
    return subprocess.run(
        [sys.executable, "manage.py", "score_hand", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        timeout=30,
    )


def _refused(result: subprocess.CompletedProcess, where: str) -> str:
    err = result.stderr.decode()
    assert result.returncode == 1
    assert result.stdout == b""
    assert "Traceback" not in err
    assert err.count("\n") == 1
    assert err.startswith(f"CommandError: {where}: ")
    return err


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\x00\x01\x02\xff\xfe binary", "document: not UTF-8 text"),
        ('{"ruleset": "spjst", "contract": "povinná"}'.encode("latin-1"), "not UTF-8 text"),
        (json.dumps(HAND).encode("utf-16"), "not UTF-8 text"),
        (b"[" * 5000 + b"]" * 5000, "nested deeper than 32 levels"),
        (
            b'{"ruleset": "cz_three", "contract": "prvni", "declarer": 2,'
            b' "house_rules": {"renonc_value": 1E-999999}}',
            "house_rules.renonc_value: must be a number with at most 12 significant digits",
        ),
        (b'{"ruleset": "spjst", "ruleset": "spjst"}', "ruleset: is given twice"),
        (b" " * (300 * 1024), "document: larger than 256 KB"),
    ],
)
def test_a_bad_file_is_one_line_naming_the_file(tmp_path, content, reason):
    path = tmp_path / "hand.json"
    path.write_bytes(content)
    err = _refused(_run(str(path)), str(path))
    assert reason in err


def test_bad_standard_input_is_named_stdin():
    err = _refused(_run(stdin=b"\xff"), "<stdin>")
    assert "not UTF-8 text" in err
    err = _refused(_run("-", stdin=b'{"ruleset": "skat"}'), "<stdin>")
    assert "ruleset: unknown ruleset 'skat'" in err


def test_a_missing_file_is_named(tmp_path):
    missing = tmp_path / "nope.json"
    err = _refused(_run(str(missing)), str(missing))
    assert "cannot read (No such file or directory)" in err


def test_a_good_hand_scores_with_no_environment():
    result = _run("--indent", "0", stdin=json.dumps(HAND).encode())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deltas"] == {"1": 9, "2": -3, "3": -3, "4": -3}
