"""Loaded by pytest (`-p tarot_club.pytest_defaults` in pyproject.toml) before settings.

Tests run with the development defaults (a throwaway SECRET_KEY, plain static
files) without anyone exporting DEBUG=1; Django's test runner still turns
DEBUG off while tests run. A value already in the environment wins.
"""

import os

os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("SECURE_COOKIES", "0")
