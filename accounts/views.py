"""The site's own versions of Django's login and password-reset views.

* `LoginView` reads its form through the input-cleaning rule (accounts/text.py).
* `PasswordResetView` mails one address at most PASSWORD_RESET_RATE_EMAIL times and
  takes at most PASSWORD_RESET_RATE_ADDRESS requests from one client. Past the first
  limit the visitor sees the usual "check your e-mail" page and no mail goes out: the
  page never differs by address, so it tells no stranger which addresses have accounts,
  and whoever asked already has the mails sent before. Past the second the client gets a
  page in words with status 429 and Retry-After: it asked too often, whatever the address.
"""

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render

from accounts.limits import Limit, exceeded, rate_words, retry_after, wait_words
from accounts.text import CleanTextMixin

RESET_BY_CLIENT = Limit("password-reset-address", "ip", "PASSWORD_RESET_RATE_ADDRESS")


class LoginForm(CleanTextMixin, auth_forms.AuthenticationForm):
    """Django's login form; a user name with a control character is refused in words."""


class PasswordResetForm(CleanTextMixin, auth_forms.PasswordResetForm):
    """Django's password reset form under the input-cleaning rule."""


class LoginView(auth_views.LoginView):
    """Django's login, with the site's form."""

    authentication_form = LoginForm
    redirect_authenticated_user = True


def too_many_requests(request: HttpRequest, rate: str, seconds: int) -> HttpResponse:
    """The page a client sees past a rate limit: status 429, Retry-After, what and when."""
    context = {"rate": rate_words(rate), "wait": wait_words(seconds)}
    response = render(request, "registration/too_many.html", context, status=429)
    for name, value in retry_after(seconds).items():
        response[name] = value
    return response


def _email_key(email: str):
    # The address as Django's form normalises it, in any case: one inbox, one count.
    return lambda group, request: email.strip().lower()


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, limited per client and per address (see the module)."""

    form_class = PasswordResetForm

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if found := exceeded(request, RESET_BY_CLIENT):
            return too_many_requests(request, found.rate, found.retry_after)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: auth_forms.PasswordResetForm) -> HttpResponse:
        email = form.cleaned_data["email"]
        by_address = Limit("password-reset-email", _email_key(email), "PASSWORD_RESET_RATE_EMAIL")
        if exceeded(self.request, by_address):
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)
