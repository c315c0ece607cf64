"""Logging filters for the settings' LOGGING."""

from __future__ import annotations

import logging


class ForbiddenWithoutTraceback(logging.Filter):
    """Keeps 403 records (django.request, django.security.*) but drops their traceback.

    Django logs a PermissionDenied or a CSRF failure at WARNING with exc_info: in the
    journal each refused request took thirty lines. The status line stays.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        forbidden = getattr(record, "status_code", None) == 403 or record.name.startswith(
            "django.security"
        )
        if forbidden and record.levelno < logging.ERROR:
            record.exc_info = None
            record.exc_text = None
        return True
