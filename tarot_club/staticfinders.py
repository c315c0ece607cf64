"""Static files taken from front-end packages of the npm registry (frontend/).

`scripts/install.sh` runs `npm ci` in frontend/, which puts the packages that
frontend/package-lock.json pins (htmx, Bootstrap, Pyodide) into frontend/node_modules/.
This finder serves a few named files of each, under a static prefix of their own
(settings.NPM_STATIC_FILES): collectstatic copies them into STATIC_ROOT (whitenoise
compresses and serves them in production), and runserver and the test live server find
them here. Only the files named are served, under their base name (the package's
`dist/css/bootstrap.min.css` is `vendor/bootstrap/bootstrap.min.css`): a package's
tests, types and sources stay out, and so out of the service worker's cache.

Every page needs Bootstrap and htmx, so a file missing (npm ci not run, or run before
package-lock.json changed) is a system check error (staticfiles checks: runserver,
collectstatic and `manage.py check` stop on it) rather than pages without their CSS.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.checks import CheckMessage, Error
from django.core.files.storage import FileSystemStorage


def _shown(path: Path) -> str:
    """A path as the person fixing it reads it: relative to the project when inside."""
    try:
        return str(path.relative_to(settings.BASE_DIR))
    except ValueError:
        return str(path)


class NpmPackageFinder(BaseFinder):
    """settings.NPM_STATIC_FILES: {static prefix: (package directory, [paths in it])}."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (prefix, {served name: file in the package})
        self.packages: list[tuple[str, dict[str, Path]]] = [
            (prefix.strip("/"), {Path(name).name: Path(directory) / name for name in names})
            for prefix, (directory, names) in settings.NPM_STATIC_FILES.items()
        ]

    def check(self, **kwargs: Any) -> list[CheckMessage]:
        missing = [
            _shown(source)
            for _prefix, files in self.packages
            for source in files.values()
            if not source.is_file()
        ]
        if not missing:
            return []
        return [
            Error(
                f"Front-end files missing ({len(missing)}): {', '.join(missing)}. "
                "Without them the pages have no CSS and no htmx.",
                hint="Install the front-end packages: `cd frontend && npm ci` "
                "(scripts/install.sh does it; it needs npm).",
                obj="settings.NPM_STATIC_FILES",
                id="tarot_club.E001",
            )
        ]

    # Django's finders answer [] for a path they do not have, as this one does, where
    # django-stubs' overloads say None.
    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> str | list[str]:  # type: ignore[override]  # answers [] as Django's
        # Django 5.2 still passes the older `all` keyword to third-party finders.
        find_all = find_all or kwargs.get("all", False)
        found: list[str] = []
        head, _, name = path.replace("\\", "/").rpartition("/")
        for prefix, files in self.packages:
            source = files.get(name) if head == prefix else None
            if source is not None and source.is_file():
                if not find_all:
                    return str(source)
                found.append(str(source))
        return found

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        for prefix, files in self.packages:
            for name, source in files.items():
                if not source.is_file():
                    continue
                # One storage per file: a package's files sit in several of its folders.
                storage = FileSystemStorage(location=str(source.parent))
                storage.prefix = prefix  # type: ignore[attr-defined]  # read by collectstatic
                yield name, storage
