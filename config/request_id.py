"""A request id on every log line of a request, and on its response.

`RequestIdMiddleware` takes the id a reverse proxy sent in X-Request-ID (nginx's
`$request_id`, for one) when it is a sane token, or makes a new one, and returns it in the
response's X-Request-ID header: the proxy's access log, the site's log and a user's report
("the page said error, id …") then name the same request. `RequestIdFilter`, set on the
log handler in `LOGGING`, puts the id on each log record as `request_id`; outside a
request (a management command, a worker between requests) it is "-".
"""

import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

HEADER = "X-Request-ID"
NO_REQUEST = "-"
# Letters, digits and `._:-`, at most 128 characters: enough for a UUID or nginx's 32 hex
# digits, and nothing that could break a log line (spaces, newlines, quotes) or flood it.
SANE = re.compile(r"[A-Za-z0-9._:-]{1,128}")

current_request_id: ContextVar[str] = ContextVar("request_id", default=NO_REQUEST)


def request_id_for(request: HttpRequest) -> str:
    """The id the request came with when it is a sane token, otherwise a new random one."""
    sent = request.headers.get(HEADER, "")
    if SANE.fullmatch(sent):
        return sent
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """Give each request an id for its log lines and its X-Request-ID response header.

    First in MIDDLEWARE, so the lines logged by every other middleware carry the id too.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_for(request)
        # Not reset on the way out: Django logs a 4xx answer ("Not Found: /…") after the
        # whole middleware chain has returned. `forget_request_id` clears it once the
        # response is closed.
        current_request_id.set(request_id)
        response = self.get_response(request)
        response[HEADER] = request_id
        return response


def forget_request_id(**kwargs: object) -> None:
    """Clear the id when a response is closed (the `request_finished` signal), so lines
    the worker logs between requests name none."""
    current_request_id.set(NO_REQUEST)


class RequestIdFilter(logging.Filter):
    """Put the current request's id on each record as `request_id` (a format's field)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id.get()
        return True
