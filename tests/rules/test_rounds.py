"""Whether the next round may be seated (tournaments.rules.rounds): one rule for the
service that seats it and the organiser's page that offers it."""

from tournaments.rules.rounds import next_round


def test_round_one_may_be_seated_when_there_is_no_round_yet():
    upcoming = next_round(last_number=None, last_locked=False, rounds_planned=3)
    assert (upcoming.number, upcoming.can_generate) == (1, True)


def test_the_next_round_waits_for_the_last_one_to_lock():
    upcoming = next_round(last_number=2, last_locked=False, rounds_planned=3)
    assert upcoming.open_round == 2 and not upcoming.all_seated
    assert not upcoming.can_generate


def test_the_next_round_follows_a_locked_one():
    upcoming = next_round(last_number=2, last_locked=True, rounds_planned=3)
    assert (upcoming.number, upcoming.can_generate) == (3, True)


def test_no_round_after_the_last_planned_one_even_while_it_is_open():
    for locked in (True, False):
        upcoming = next_round(last_number=3, last_locked=locked, rounds_planned=3)
        assert upcoming.all_seated and not upcoming.can_generate
