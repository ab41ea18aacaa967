"""Slovenian dates as Slovenians write them: "26. 11. 2026" and "26. 11. 2026, 9:53".

Django's own Slovenian formats write the month's name in the nominative ("26. november
2026. 09:53", "01. januar"), which reads wrong after a day; its catalogue has no genitive
("novembra") to use instead, so dates here are the numeric form every Slovenian form and
letter uses. The rest (input formats, separators) is Django's.
"""

from django.conf.locale.sl.formats import *  # noqa: F403

DATE_FORMAT = "j. n. Y"
DATETIME_FORMAT = "j. n. Y, G:i"
MONTH_DAY_FORMAT = "j. n."
SHORT_DATE_FORMAT = "j. n. Y"
SHORT_DATETIME_FORMAT = "j. n. Y, G:i"
TIME_FORMAT = "G:i"
