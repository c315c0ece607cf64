"""A hand's oudlers and bonuses as a score sheet shows them, compactly: "2 oudlers ·
petit au bout (defence) · simple poignée (Anne) · chelem announced and made".

Read only from what the hand stores; worded when the page prints them, so players
show by the name the page gave them (public pages rename the sheet's players before
rendering: selectors.access.namer through views.names.rename).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from ..models import Hand, Player


@dataclass(frozen=True)
class HandDetail:
    """One item of a hand's details; str() words it in the active language."""

    kind: str  # "oudlers", "petit_au_bout", "poignee", "chelem", "misere"
    value: Any = None  # the count, the camp, the size or the chelem's case
    player: Player | None = None  # who showed the poignée or declared the misère

    def __str__(self) -> str:
        name = self.player.name if self.player is not None else "?"
        if self.kind == "oudlers":
            return ngettext("%(count)s oudler", "%(count)s oudlers", self.value) % {
                "count": self.value
            }
        if self.kind == "petit_au_bout":
            return _("petit au bout (%(camp)s)") % {"camp": _camp(self.value)}
        if self.kind == "poignee":
            size = pgettext("poignee", self.value) if self.value in _SIZES else self.value
            return _("%(size)s poignée (%(player)s)") % {"size": size, "player": name}
        if self.kind == "misere":
            size = pgettext("misere", self.value) if self.value in _SIZES else self.value
            return _("%(size)s misère (%(player)s)") % {"size": size, "player": name}
        return str(_CHELEMS.get(self.value, self.value))


_SIZES = ("simple", "double", "triple")

# The chelem's cases, from what the hand stores (announced, made by which camp).
_CHELEMS = {
    "announced_made": gettext_lazy("chelem announced and made"),
    "announced_failed": gettext_lazy("chelem announced, not made"),
    "made": gettext_lazy("chelem made, not announced"),
    "defence": gettext_lazy("chelem by the defence"),
}


def _camp(code: str) -> str:
    return str(Hand.Camp(code).label) if code in Hand.Camp.values else code


def _chelem_case(hand: Hand) -> str | None:
    if hand.chelem_announced:
        return "announced_made" if hand.chelem_made_by == Hand.Camp.TAKER else "announced_failed"
    if hand.chelem_made_by == Hand.Camp.TAKER:
        return "made"
    return None


def hand_details(hand: Hand, players: Mapping[int, Player]) -> list[HandDetail]:
    """The details of a played hand, in the order they are scored; none for a passed
    hand. `players` maps the ids in its poignées and misères to the sheet's players."""
    if hand.passed:
        return []
    details = [HandDetail("oudlers", hand.oudlers)]
    if hand.petit_au_bout:
        details.append(HandDetail("petit_au_bout", hand.petit_au_bout))
    for kind, entries in (("poignee", hand.poignees), ("misere", hand.miseres)):
        for entry in entries or []:
            if isinstance(entry, dict):
                player = players.get(entry.get("player"))  # type: ignore[arg-type]  # a stored id or None: get answers None
                details.append(HandDetail(kind, entry.get("size"), player))
    case = _chelem_case(hand)
    if case is not None:
        details.append(HandDetail("chelem", case))
    if hand.chelem_made_by == Hand.Camp.DEFENCE:
        details.append(HandDetail("chelem", "defence"))
    return details
