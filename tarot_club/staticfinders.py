"""Static files taken from front-end packages of the npm registry (frontend/).

`scripts/install.sh` runs `npm ci` in frontend/, which puts the packages that
frontend/package-lock.json pins into frontend/node_modules/. This finder serves a few
named files of each, under a static prefix of their own (settings.NPM_STATIC_FILES):
collectstatic copies them into STATIC_ROOT (whitenoise compresses and serves them in
production), and runserver and the test live server find them here. Only the files
named are served: a package's tests, types and source maps stay out, and so out of
the service worker's cache. A package not installed (no npm on the machine) serves
nothing, and the pages that use it work without it (docs/OFFLINE_ENGINE.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage


class NpmPackageFinder(BaseFinder):
    """settings.NPM_STATIC_FILES: {static prefix: (package directory, [file names])}."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.packages: list[tuple[str, Path, tuple[str, ...]]] = [
            (prefix.strip("/"), Path(directory), tuple(names))
            for prefix, (directory, names) in settings.NPM_STATIC_FILES.items()
        ]

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> str | list[str]:
        # Django 5.2 still passes the older `all` keyword to third-party finders.
        find_all = find_all or kwargs.get("all", False)
        found: list[str] = []
        for prefix, directory, names in self.packages:
            head, _, name = path.replace("\\", "/").rpartition("/")
            if head == prefix and name in names and (directory / name).is_file():
                if not find_all:
                    return str(directory / name)
                found.append(str(directory / name))
        return found

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        for prefix, directory, names in self.packages:
            if not directory.is_dir():
                continue
            storage = FileSystemStorage(location=str(directory))
            storage.prefix = prefix  # type: ignore[attr-defined]  # read by collectstatic
            for name in names:
                if (directory / name).is_file():
                    yield name, storage
