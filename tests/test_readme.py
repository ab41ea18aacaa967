"""The README's example hands give the deltas the README says they give."""

import json
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scoring import score_hand

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
ROWS = re.findall(r"^\| [^|]+ \| `(\{\"ruleset\".*?\})` \| `(\{.*?\})` \|$", README, re.MULTILINE)


def test_the_readme_has_an_example_per_contract():
    assert len(ROWS) >= 4


@pytest.mark.parametrize(("hand", "deltas"), ROWS)
def test_a_readme_example_scores_as_written(hand, deltas):
    data = json.loads(hand)
    assert score_hand(data["ruleset"], data).to_json()["deltas"] == json.loads(deltas)


COMMAND_LINE = re.search(
    r"```sh\n(  echo .*?manage\.py score_hand)\n  ```\n\n  prints\n\n  ```json\n(.*?)\n  ```",
    README,
    re.DOTALL,
)


def test_the_readme_command_line_example_prints_what_it_says_with_no_environment():
    # A fresh clone after `make run`'s install: no DEBUG, no SECRET_KEY, no settings module.
    command, printed = COMMAND_LINE.groups()
    command = command.replace(".venv/bin/python", shlex.quote(sys.executable))
    result = subprocess.run(
        ["sh", "-c", command],
        cwd=ROOT,
        env={"PATH": os.defpath},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.strip() == textwrap.dedent(printed).strip()
