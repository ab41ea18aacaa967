"""A report rendered: the page's django-tables2 table, CSV, XLSX and PDF.

Each rendering reads the report's one definition (`Report.columns` and `Report.rows`);
none lists columns of its own.
"""

from collections.abc import Sequence

import django_tables2 as tables

from scoring.templatetags.scoring_tags import signed
from tournaments import printing
from tournaments.exports import SheetData, csv_text, xlsx_bytes
from tournaments.printed_words import print_words
from tournaments.reports.definition import Column, Kind, Report

NUMBER = {"class": "num"}


def report_csv(report: Report) -> str:
    """The report as CSV: the headers, the rows, and the note as a last row of one cell."""
    return csv_text(report.headers, report.rows, report.note)


def report_sheet(report: Report) -> SheetData:
    """The report as one worksheet of a workbook."""
    return SheetData(str(report.name), report.headers, report.rows, report.note)


def reports_xlsx(reports: Sequence[Report]) -> bytes:
    """A workbook with a worksheet per report, in order."""
    return xlsx_bytes([report_sheet(report) for report in reports])


def report_pdf(report: Report, paper: printing.Paper) -> bytes:
    """The report as a ranked table in PDF; the numeric columns right-aligned."""
    doc = printing.TableDoc(
        report.title,
        report.subtitle,
        report.headers,
        tuple(tuple(row) for row in report.rows),
        report.numeric,
        words=print_words(),
    )
    return printing.table_pdf(doc, paper)


class SignedColumn(tables.Column):
    """Chips with their sign (+3, −3), right-aligned, its header too."""

    attrs = {"td": NUMBER, "th": NUMBER}

    def render(self, value):
        return signed(value)


def page_column(column: Column) -> tables.Column:
    """The django-tables2 column for a report column: numbers right-aligned in their
    cells, chips signed."""
    if column.kind is Kind.CHIPS:
        return SignedColumn(verbose_name=column.label)
    if column.kind.numeric:
        return tables.Column(verbose_name=column.label, attrs={"td": NUMBER})
    return tables.Column(verbose_name=column.label)


class ReportTable(tables.Table):
    """A report on a page; its columns come from the report (`page_table`)."""

    class Meta:
        orderable = True


def page_table(report: Report) -> ReportTable:
    """The report as a sortable django-tables2 table, classed `table <report key>`."""
    return ReportTable(
        report.records(),
        extra_columns=[(column.key, page_column(column)) for column in report.columns],
        sequence=[column.key for column in report.columns],
        attrs={"class": f"table {report.key}"},
        empty_text=report.empty_text,
    )
