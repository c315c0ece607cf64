"""Whether a tournament's next round may be seated (pure: no Django).

One rule for the service that seats the round (which refuses) and for the
organiser's page (which offers the button or says why not).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NextRound:
    number: int  # the number the next round gets
    all_seated: bool  # every planned round is seated already
    open_round: int | None  # the number of the last round while it is not locked

    @property
    def can_generate(self) -> bool:
        return not self.all_seated and self.open_round is None


def next_round(*, last_number: int | None, last_locked: bool, rounds_planned: int) -> NextRound:
    """The next round after round `last_number` (None: no round yet) of `rounds_planned`."""
    number = (last_number or 0) + 1
    return NextRound(
        number=number,
        all_seated=number > rounds_planned,
        open_round=last_number if last_number is not None and not last_locked else None,
    )
