from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import set_language

from accounts import views as account_views
from accounts.roles import public
from clubs import views as club_views
from config.health import healthz


@public
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/favicon.ico, which browsers and feed readers ask for before reading any page's
    <link rel="icon">: the icon in static/, so a first visit logs no 404."""
    return HttpResponsePermanentRedirect(static("favicon.ico"))


urlpatterns = [
    path("", club_views.home, name="home"),
    path("", include("clubs.urls")),
    path("", include("scoring.urls")),
    path("", include("tournaments.urls")),
    path("api/v1/", include("api.urls")),
    path(
        "accounts/login/",
        public(account_views.LoginView.as_view()),
        name="login",
    ),
    path("accounts/logout/", public(auth_views.LogoutView.as_view()), name="logout"),
    # Password reset by e-mail: Django's views, the site's templates (templates/registration/);
    # the request for a mail is rate-limited (accounts/views.py).
    path(
        "accounts/password-reset/",
        public(account_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        public(auth_views.PasswordResetDoneView.as_view()),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        public(auth_views.PasswordResetConfirmView.as_view()),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        public(auth_views.PasswordResetCompleteView.as_view()),
        name="password_reset_complete",
    ),
    path("i18n/setlang/", public(set_language), name="set_language"),
    # For the proxy, load balancer or monitor (docs/deploy.md); exempt from the HTTPS redirect.
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path(settings.ADMIN_URL, admin.site.urls),
]

# An unmatched path under /api/v1/ answers JSON, as the API's schema says; others the page.
handler404 = "api.views.errors.not_found"
