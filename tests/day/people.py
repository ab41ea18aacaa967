"""The day's people and their phones: each phone is one Django test `Client` (one browser,
one session), held by whoever is logged in on it now, if anyone.

A personal phone stays with its owner; a shared phone is logged into and out of by
several judges in turn; a link phone holds a table's private judge link and no account.
Every answer the site gives any of them must be below 500.
"""

from django.test import Client


class Phone:
    """A browser at the venue: who is logged in on it, and which tables' links it opened."""

    def __init__(self, name: str, user=None) -> None:
        self.name = name
        self.client = Client()
        self.user = None
        # Table id → the private link this browser opened there (its session keeps them).
        self.links: dict[int, str] = {}
        if user is not None:
            self.login(user)

    def __repr__(self) -> str:
        who = self.user.get_username() if self.user else "nobody"
        return f"<Phone {self.name} ({who})>"

    def login(self, user) -> None:
        self.client.force_login(user)
        self.user = user

    def logout(self) -> None:
        """Log out through the site, as the menu's button does; the session goes with it."""
        self.post("/accounts/logout/")
        self.user = None
        self.links.clear()

    def get(self, url: str, **extra):
        return self._answered(self.client.get(url, **extra), "GET", url)

    def holds_link(self, table) -> bool:
        """Whether this browser opened the table's current link."""
        return bool(table.judge_token) and self.links.get(table.pk) == table.judge_token

    def post(self, url: str, data: dict | None = None, **extra):
        return self._answered(self.client.post(url, data or {}, **extra), "POST", url)

    def _answered(self, response, method: str, url: str):
        # The test client raises a view's exception itself; an answer of 500 or more
        # that a view returned is as bad.
        assert response.status_code < 500, f"{self.name}: {method} {url} → {response.status_code}"
        return response
