"""The percentages and numbers the rows print are worded once per value, format and
language (templatetags.typography's caches): the same text as Django's floatformat
gives every time, whatever language asked first."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation

from tournaments.rules import typography
from tournaments.templatetags.typography import cached_floatformat, percent

VALUES = [
    *(Decimal(n) / 8 for n in range(-801, 801, 7)),
    Decimal("0.005"),
    Decimal("-0.005"),
    Decimal("-0.00"),
    Decimal("2.50"),
    Decimal("2.5"),
    Decimal("1234.567"),
    0,
    7,
    -3,
    1746,
    True,
    12.345,
    None,
    "",
    "x",
]


@pytest.mark.parametrize("arg", [2, "-1", 0, 1])
def test_cached_numbers_read_as_floatformat_reads_them(arg):
    for _round in range(2):  # the second time from the cache
        for language in ("fr", "en", "fr"):
            with translation.override(language):
                for value in VALUES:
                    expected = floatformat(value, arg)
                    assert cached_floatformat(value, arg) == expected, (value, language)
                    assert percent(value, arg) == typography.percent(expected, language)
