from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from clubs.demo import DEMO_FIXTURES, DEMO_PASSWORDS, dump_demo_fixture, fixture_path


class Command(BaseCommand):
    help = (
        "Rewrite fixtures/demo_*.json from the database in the form dumpdata writes "
        "(run through `make fixtures`, which uses a throwaway database)."
    )

    def handle(self, *args, **options) -> None:
        # Every row of the fixtures' models is written: a developer's own superuser in the
        # database would end up in the committed demo, so refuse instead.
        others = get_user_model().objects.exclude(username__in=DEMO_PASSWORDS)
        if others.exists():
            names = ", ".join(sorted(others.values_list("username", flat=True)))
            raise CommandError(f"The database has accounts besides the demo ones: {names}")
        for name in DEMO_FIXTURES:
            path = fixture_path(name)
            path.write_text(dump_demo_fixture(name), encoding="utf-8")
            self.stdout.write(f"Wrote {path}")
