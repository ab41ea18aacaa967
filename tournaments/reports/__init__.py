"""Reports: each defined once as columns and rows (`definition`), by what it reports on
(`tournament`: standings, rounds, hands; `season`: leaderboards), and rendered as the page
table, CSV, XLSX and PDF (`rendering`)."""

from tournaments.reports.definition import Cell, Column, Kind, Report, ReportError
from tournaments.reports.season import club_report, leaderboard_report
from tournaments.reports.tournament import hands_report, round_reports, standings_report

__all__ = [
    "Cell",
    "Column",
    "Kind",
    "Report",
    "ReportError",
    "club_report",
    "hands_report",
    "leaderboard_report",
    "round_reports",
    "standings_report",
]
