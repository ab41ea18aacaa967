"""The demo data: three clubs, 48 players, a running season and four demo accounts.

The static rows — clubs, players, memberships and the accounts with their hashed passwords
and groups — are Django fixtures in the top-level `fixtures/` folder (see its README.md).
Only what must be relative to today is built here: the federation season of the current
year. Loading is idempotent: the fixtures use natural keys (club short name, home club and
member number, username, group name), so a second load updates the same rows instead of
adding new ones, and the season is found by its name before it is created.
"""

import datetime
import io

from django.conf import settings
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from clubs.models import Season

# Each fixture and the models it holds, loaded in this order: the accounts' groups come
# from the clubs migrations, the memberships refer to the players and clubs before them.
DEMO_FIXTURES = {
    "demo_clubs": ("clubs.club", "clubs.player", "clubs.membership"),
    "demo_accounts": ("auth.user", "clubs.clubrole"),
}

# The passwords whose hashes are in fixtures/demo_accounts.json, as README.md's table
# lists them; tests/test_fixtures.py checks that all three agree. `director` is the
# federation; `director2` directs TD Ljubljana only (its club role is in the fixture).
DEMO_PASSWORDS = {
    "director": "tarock-director",
    "judge": "tarock-judge",
    "judge2": "tarock-judge2",
    "director2": "tarock-director2",
}


@transaction.atomic
def load_demo(today: datetime.date | None = None) -> None:
    """Load the demo fixtures, then create this year's federation season if it is missing."""
    today = today or timezone.localdate()
    call_command("loaddata", *DEMO_FIXTURES, verbosity=0)
    Season.objects.get_or_create(
        name=f"Federation season {today.year}",
        club=None,
        defaults={
            "start_date": datetime.date(today.year, 1, 1),
            "end_date": datetime.date(today.year, 12, 31),
        },
    )


def dump_demo_fixture(name: str) -> str:
    """The rows of fixture `name`'s models in the database, as `dumpdata` writes them.

    Every row of those models is written, so this is meant for a database holding only the
    demo (`make fixtures` builds a throwaway one); tests/test_fixtures.py compares it with
    the committed file after loading that file into an empty test database.
    """
    out = io.StringIO()
    call_command(
        "dumpdata",
        *DEMO_FIXTURES[name],
        natural_foreign=True,
        natural_primary=True,
        indent=2,
        stdout=out,
    )
    return out.getvalue()


def fixture_path(name: str):
    """Where fixture `name` lives: the first of settings.FIXTURE_DIRS, the top-level folder."""
    return settings.FIXTURE_DIRS[0] / f"{name}.json"
