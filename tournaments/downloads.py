"""Files the site hands out: an HTTP response with the file's name and content type, and a
report in the format asked for."""

from collections.abc import Sequence

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from tournaments.reports import Report
from tournaments.reports.rendering import report_csv, report_pdf, reports_xlsx

CSV = "text/csv; charset=utf-8"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"
REPORT_FORMATS = ("csv", "xlsx", "pdf")


def download(content: bytes | str, content_type: str, filename: str) -> HttpResponse:
    """A response the browser saves as `filename` rather than shows."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def report_download(
    report: Report,
    fmt: str,
    *,
    more_sheets: Sequence[Report] = (),
    formats: Sequence[str] = REPORT_FORMATS,
) -> HttpResponse:
    """`report` as `fmt` (csv, xlsx or pdf), named after it; `more_sheets` follow it in the
    workbook. A format the report is not offered in is a 404."""
    if fmt not in formats:
        raise Http404(_("Unknown format"))
    name = f"{report.filename}.{fmt}"
    if fmt == "csv":
        return download(report_csv(report), CSV, name)
    if fmt == "xlsx":
        return download(reports_xlsx([report, *more_sheets]), XLSX, name)
    return download(report_pdf(report, settings.PAPER_SIZE), PDF, name)
