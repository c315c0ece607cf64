"""French: "26 novembre 2026", "26 novembre 2026 14:05" (tarot_club.formats); the first
of the month reads "1er" where a page prints a date through the long_date filter
(tournaments.templatetags.typography)."""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = DATE_FORMAT
DATETIME_FORMAT = "j F Y H:i"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
