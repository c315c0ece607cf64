"""Everything stored: clubs, their people and audit trail, players, events, rounds,
tables, hands and the score ledger.

One module per subject; every model is imported here because Django looks for an
app's models in ``tournaments.models``, and so that ``from tournaments.models
import X`` keeps working wherever X now lives.
"""

from __future__ import annotations

from .audit import AuditEntry
from .careers import PlayerCareer
from .clubs import Club, Player, Season
from .duplicate import ORIENTATIONS, Board, BoardResult, Orientation, Penalty, SpecialResult
from .events import Event, Registration, Round, Seat, Table, Team
from .hands import PLAYED_HAND, EventResult, Hand, HandScore
from .page_versions import PageVersion
from .people import EventGuest, Membership, Role
from .standings import SeasonStanding
from .submissions import Submission

# simple_history attaches this model to tournaments.models.hands; named here too,
# as it was when every model lived in one module.
HistoricalHand = Hand.history.model

__all__ = [
    "ORIENTATIONS",
    "PLAYED_HAND",
    "AuditEntry",
    "Board",
    "BoardResult",
    "Club",
    "Event",
    "EventGuest",
    "EventResult",
    "Hand",
    "HandScore",
    "HistoricalHand",
    "Membership",
    "Orientation",
    "PageVersion",
    "Penalty",
    "Player",
    "PlayerCareer",
    "Registration",
    "Role",
    "Round",
    "Season",
    "SeasonStanding",
    "Seat",
    "SpecialResult",
    "Submission",
    "Table",
    "Team",
]
