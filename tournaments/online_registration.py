"""What the pages say of online registration (tournaments.services.signup): the places
left, the waiting list and the visitor's own registration; shared by the tournament's
page and the player's own list."""

from django.db.models import Count, OuterRef, Q, Subquery

from clubs.models import Player
from tournaments import services
from tournaments.models import Registration, Tournament


def own_player(user) -> Player | None:
    """The player record linked to the signed-in account, if any."""
    return Player.objects.filter(account=user).first() if user.is_authenticated else None


def waiting_ahead() -> Subquery:
    """A registration's place on its tournament's waiting list (1 = next to move up)."""
    return Subquery(
        Registration.objects.filter(
            tournament=OuterRef("tournament"),
            waiting__isnull=False,
            waiting__lte=OuterRef("waiting"),
        )
        .values("tournament")
        .annotate(n=Count("pk"))
        .values("n")
    )


def online_summary(tournament: Tournament, user) -> dict:
    """What the tournament's page says of online registration: places left, how many
    wait, and the visitor's own registration (two or three queries, whatever the count)."""
    counts = tournament.registrations.aggregate(
        placed=Count("pk", filter=Q(waiting__isnull=True, last_round__isnull=True)),
        waiting=Count("pk", filter=Q(waiting__isnull=False)),
    )
    player = own_player(user)
    mine = None
    if player is not None:
        mine = (
            tournament.registrations.filter(player=player, last_round__isnull=True)
            .annotate(position=waiting_ahead())
            .first()
        )
    left = None
    if tournament.capacity is not None:
        left = max(tournament.capacity - counts["placed"], 0)
    return {
        "online_open": services.open_for_online(tournament),
        "places_left": left,
        "waiting_count": counts["waiting"],
        "own_player": player,
        "own_registration": mine,
    }
