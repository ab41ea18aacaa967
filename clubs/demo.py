"""The demo data: three clubs, 48 players, a running season and two demo accounts.

Deterministic and idempotent: every record is found by its natural key before it is
created, so loading it twice changes nothing.
"""

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from accounts.roles import DIRECTORS, JUDGES
from clubs.models import Club, Membership, Player, Season

DEMO_PASSWORDS = {
    "director": "tarock-director",
    "judge": "tarock-judge",
    "judge2": "tarock-judge2",
}

CLUBS = [
    {
        "short_name": "SPJST 88",
        "name": "SPJST Lodge 88 Tarock Club",
        "city": "Fayetteville, TX",
        "country": "US",
        "spjst_lodge": 88,
        "founded": datetime.date(1897, 5, 1),
        "first_names": [
            "Anton",
            "Frank",
            "Joe",
            "Leroy",
            "Marvin",
            "Edwin",
            "Wilbert",
            "Gladys",
            "Rosie",
            "Evelyn",
            "Alvin",
            "Delores",
            "Lumir",
            "Bernice",
            "Raymond",
            "Agnes",
        ],
        "last_names": [
            "Hajek",
            "Kubena",
            "Marek",
            "Vrana",
            "Hrncir",
            "Cernosek",
            "Janak",
            "Pavlicek",
            "Stastny",
            "Kallus",
            "Bohac",
            "Urbanek",
            "Mikeska",
            "Hruska",
            "Sebesta",
            "Rozacky",
        ],
    },
    {
        "short_name": "TK Břeclav",
        "name": "Tarokový klub Břeclav",
        "city": "Břeclav",
        "country": "CZ",
        "spjst_lodge": None,
        "founded": datetime.date(1994, 9, 1),
        "first_names": [
            "Jiří",
            "Zdeněk",
            "Petr",
            "Václav",
            "Jaroslav",
            "Miloš",
            "Ludmila",
            "Květa",
            "Bohumil",
            "Radek",
            "Šárka",
            "Oldřich",
            "Hana",
            "Stanislav",
            "Božena",
            "Luboš",
        ],
        "last_names": [
            "Dvořák",
            "Novotný",
            "Černý",
            "Procházka",
            "Kučera",
            "Veselý",
            "Horák",
            "Němec",
            "Pokorný",
            "Růžička",
            "Šťastný",
            "Marek",
            "Beneš",
            "Fiala",
            "Kříž",
            "Hájek",
        ],
    },
    {
        "short_name": "TD Ljubljana",
        "name": "Tarok društvo Ljubljana",
        "city": "Ljubljana",
        "country": "SI",
        "spjst_lodge": None,
        "founded": datetime.date(2001, 3, 15),
        "first_names": [
            "Janez",
            "Marko",
            "Luka",
            "Matej",
            "Žiga",
            "Urška",
            "Tjaša",
            "Bojan",
            "Andrej",
            "Špela",
            "Rok",
            "Nataša",
            "Primož",
            "Mojca",
            "Gašper",
            "Jože",
        ],
        "last_names": [
            "Novak",
            "Horvat",
            "Krajnc",
            "Zupančič",
            "Potočnik",
            "Kovačič",
            "Mlakar",
            "Kos",
            "Vidmar",
            "Golob",
            "Turk",
            "Kralj",
            "Božič",
            "Žagar",
            "Jerman",
            "Hribar",
        ],
    },
]


def _club(spec: dict) -> Club:
    fields = {k: spec[k] for k in ("name", "city", "country", "spjst_lodge", "founded")}
    club, _ = Club.objects.get_or_create(short_name=spec["short_name"], defaults=fields)
    return club


def _players(club: Club, spec: dict, since: datetime.date) -> None:
    pairs = zip(spec["first_names"], spec["last_names"], strict=True)
    for number, (first, last) in enumerate(pairs, start=1):
        player, _ = Player.objects.get_or_create(
            home_club=club,
            member_number=f"{number:03d}",
            defaults={"first_name": first, "last_name": last},
        )
        role = Membership.Role.DIRECTOR if number == 1 else Membership.Role.MEMBER
        Membership.objects.get_or_create(
            player=player, club=club, date_from=since, defaults={"role": role}
        )


def _account(username: str, group: str) -> None:
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"is_staff": group == DIRECTORS}
    )
    if created:
        user.set_password(DEMO_PASSWORDS[username])
        user.save()
    user.groups.add(Group.objects.get(name=group))


@transaction.atomic
def load_demo(today: datetime.date | None = None) -> None:
    """Write the demo data (skipping whatever is already there)."""
    today = today or timezone.localdate()
    since = datetime.date(today.year - 1, 1, 1)
    for spec in CLUBS:
        club = _club(spec)
        _players(club, spec, since)
    Season.objects.get_or_create(
        name=f"Federation season {today.year}",
        club=None,
        defaults={
            "start_date": datetime.date(today.year, 1, 1),
            "end_date": datetime.date(today.year, 12, 31),
        },
    )
    _account("director", DIRECTORS)
    _account("judge", JUDGES)
    _account("judge2", JUDGES)
