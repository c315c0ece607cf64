"""django-tables2 tables: every list and ranking the pages show, defined in one place.

Ordering, pagination and the columns a phone hides live in the Table classes;
templates only `{% render_table %}` them. The project's DJANGO_TABLES2_TEMPLATE wraps
every table in `.table-responsive`, so a wide table scrolls sideways at 390px.

Rankings keep the order their selector computed (tie-breaks included): their
tables are not orderable. Long ones come 50 lines to a page (`configure`). A cell
with markup is a TemplateColumn (templates/tables/cells/).
"""

from __future__ import annotations

from .common import NUMBER, PHONE_HIDDEN, WIDE_ONLY, PlayerTable, StandingsTable, configure
from .history import HistoryTable
from .people import AuditTable as AuditTable
from .people import MemberTable as MemberTable
from .ranking import RankingTable, SeasonRankingTable, TeamRankingTable
from .tournament import PlayerEventsTable, RegistrationTable, SeasonTable, TournamentTable

__all__ = [
    "NUMBER",
    "PHONE_HIDDEN",
    "WIDE_ONLY",
    "HistoryTable",
    "PlayerEventsTable",
    "PlayerTable",
    "RankingTable",
    "RegistrationTable",
    "SeasonRankingTable",
    "SeasonTable",
    "StandingsTable",
    "TeamRankingTable",
    "TournamentTable",
    "configure",
]
