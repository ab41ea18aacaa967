"""A player's own account, linked to their player record and confirmed by e-mail.

The visitor gives an e-mail address. When exactly one player record not yet linked has it
on file, that address gets a link (a token like the password reset's, which stops working
once the record is linked or its address changes); opening it, the player chooses a user
name and a password and the account is linked. A record without the address on file is
linked by the club's director entering the address first: nobody claims a record by its
name alone. The "check your e-mail" page is the same whatever the address, and the mails
are limited per client and per address as the password reset's are (accounts/views.py).
"""

from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import send_mail
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.limits import Limit, exceeded
from accounts.roles import public
from accounts.text import CleanTextMixin
from accounts.views import _email_key, too_many_requests
from clubs.models import Player

# The password reset's rates: one more way to make the site send a mail.
SIGNUP_BY_CLIENT = Limit("signup-address", "ip", "PASSWORD_RESET_RATE_ADDRESS")


class SignupTokenGenerator(PasswordResetTokenGenerator):
    """Tokens for a player record: void once it is linked or its e-mail changes."""

    key_salt = "clubs.signup.SignupTokenGenerator"

    def _make_hash_value(self, user, timestamp: int) -> str:  # type: ignore[override]
        return f"{user.pk}{user.account_id}{user.email.lower()}{timestamp}"


tokens = SignupTokenGenerator()


class EmailForm(CleanTextMixin, forms.Form):
    # Lazy: the label is read in the visitor's language, not the one at import.
    email = forms.EmailField(label=gettext_lazy("Email"), max_length=254)


def claimable(email: str) -> Player | None:
    """The one player record not yet linked with `email` on file, or None (none, or
    several: then the club's director must tell them apart)."""
    found = list(
        Player.objects.filter(
            email__iexact=email.strip(), account__isnull=True, merged_into__isnull=True
        )[:2]
    )
    return found[0] if len(found) == 1 else None


def _send_link(request: HttpRequest, player: Player) -> None:
    uid = urlsafe_base64_encode(force_bytes(player.pk))
    link = request.build_absolute_uri(
        reverse("clubs:signup_confirm", args=[uid, tokens.make_token(player)])
    )
    body = render_to_string("clubs/signup_email.txt", {"player": player, "link": link})
    send_mail(_("Your player account"), body, None, [player.email])


@public
def signup(request: HttpRequest) -> HttpResponse:
    """Ask for the link by e-mail (limited per client, then per address)."""
    form = EmailForm(request.POST or None)
    if request.method == "POST":
        if found := exceeded(request, SIGNUP_BY_CLIENT):
            return too_many_requests(request, found.rate, found.retry_after)
        if form.is_valid():
            email = form.cleaned_data["email"]
            by_address = Limit("signup-email", _email_key(email), "PASSWORD_RESET_RATE_EMAIL")
            player = claimable(email)
            if player is not None and not exceeded(request, by_address):
                _send_link(request, player)
            return render(request, "clubs/signup_sent.html")
    return render(request, "clubs/signup.html", {"form": form})


def _player_of_link(uidb64: str, token: str) -> Player | None:
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (TypeError, ValueError, OverflowError, UnicodeDecodeError):
        return None
    player = Player.objects.filter(pk=pk, account__isnull=True).first()
    return player if player is not None and tokens.check_token(player, token) else None


@public
def signup_confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The link from the mail: choose a user name and password; the account is linked."""
    player = _player_of_link(uidb64, token)
    if player is None:
        return render(request, "clubs/signup_confirm.html", {"invalid": True})
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # Locked and read again: two tabs with one link link the record once.
            locked = Player.objects.select_for_update().get(pk=player.pk)
            if locked.account_id is not None:
                return render(request, "clubs/signup_confirm.html", {"invalid": True})
            user = form.save(commit=False)
            user.email = locked.email
            user.save()
            locked.account = user
            locked.save(update_fields=["account"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("tournaments:my_registrations")
    return render(request, "clubs/signup_confirm.html", {"form": form, "player": player})
