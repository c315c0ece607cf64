"""The front-end packages' files (htmx, Bootstrap, Pyodide: found in
frontend/node_modules at the versions frontend/package.json pins, collected and
compressed for production, served by whitenoise with the right types, a missing one a
system check error), and what the browser fetches to run the scoring engine offline
(docs/OFFLINE_ENGINE.md): the scoring package as a zip with its ETag, and
'wasm-unsafe-eval' in the engine worker's own policy only, on no page.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

import scoring
from tarot_club.csp_engine import WORKER_POLICY
from tarot_club.staticfinders import NpmPackageFinder
from tarot_club.views import BUNDLE_MODULES
from tests.factories import logged_in

PYODIDE = settings.NPM_STATIC_FILES["vendor/pyodide"]
FRONTEND = Path(settings.BASE_DIR) / "frontend"
# What the templates ask for (base.html), at the paths they had as committed copies.
PAGE_FILES = (
    "vendor/htmx/htmx.min.js",
    "vendor/htmx/LICENSE",
    "vendor/bootstrap/bootstrap.min.css",
    "vendor/bootstrap/bootstrap.bundle.min.js",
    "vendor/bootstrap/LICENSE",
)


def test_the_front_end_packages_are_installed_at_their_pins():
    """Not a skip: without them every page lacks its CSS and htmx (npm ci in frontend/)."""
    assert NpmPackageFinder().check() == []
    pins = json.loads((FRONTEND / "package.json").read_text())["dependencies"]
    assert {"htmx.org", "bootstrap", "pyodide"} <= set(pins)
    for package, version in pins.items():
        installed = json.loads((FRONTEND / "node_modules" / package / "package.json").read_text())
        assert installed["version"] == version, f"{package}: run npm ci in frontend/"


def test_a_missing_package_is_a_system_check_error(tmp_path):
    with override_settings(
        NPM_STATIC_FILES={"vendor/htmx": (tmp_path / "htmx.org", ["dist/htmx.min.js"])}
    ):
        finder = NpmPackageFinder()
        errors = finder.check()
        assert [error.id for error in errors] == ["tarot_club.E001"]
        assert str(tmp_path / "htmx.org" / "dist" / "htmx.min.js") in errors[0].msg
        assert "npm ci" in errors[0].hint
        assert not finder.find("vendor/htmx/htmx.min.js")
        assert list(finder.list([])) == []


def test_only_the_named_files_of_each_package_are_static_files():
    for prefix, (directory, names) in settings.NPM_STATIC_FILES.items():
        found = sorted(
            path
            for finder in finders.get_finders()
            for path, storage in finder.list([])
            if getattr(storage, "prefix", "") == prefix
        )
        assert found == sorted(Path(name).name for name in names), prefix
        for name in names:
            located = finders.find(f"{prefix}/{Path(name).name}", find_all=True)
            # Found in the package only: no committed copy shadows it.
            assert located == [str(Path(directory) / name)]
    for path in PAGE_FILES:
        assert finders.find(path), path
    assert finders.find("vendor/pyodide/pyodide.asm.wasm")
    # The packages' other files (package.json, types, sources, other builds) are not served.
    assert not finders.find("vendor/pyodide/package.json")
    assert not finders.find("vendor/pyodide/pyodide.mjs.map")
    assert not finders.find("vendor/htmx/htmx.js")
    assert not finders.find("vendor/bootstrap/bootstrap.css")
    assert not finders.find("vendor/bootstrap/package.json")


@pytest.mark.slow
def test_collected_compressed_and_served_by_whitenoise(tmp_path, db):
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES=storages, WHITENOISE_USE_FINDERS=False, DEBUG=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        for name in PYODIDE[1]:
            assert (tmp_path / "vendor" / "pyodide" / name).is_file(), name
        for path in PAGE_FILES:
            assert (tmp_path / path).is_file(), path
            assert staticfiles_storage.stored_name(path) != path  # hashed for the pages
        # Bootstrap's files end by naming their source map: collected too, and the
        # comment names its hashed copy (without it collectstatic fails).
        css = staticfiles_storage.stored_name("vendor/bootstrap/bootstrap.min.css")
        map_name = staticfiles_storage.stored_name("vendor/bootstrap/bootstrap.min.css.map")
        tail = (tmp_path / css).read_bytes()[-80:]
        assert f"sourceMappingURL={Path(map_name).name} */".encode() in tail
        assert (tmp_path / "vendor" / "pyodide" / "pyodide.asm.wasm.gz").is_file()
        client = Client()  # a new handler: whitenoise reads the new STATIC_ROOT
        wasm = client.get("/static/vendor/pyodide/pyodide.asm.wasm", HTTP_ACCEPT_ENCODING="gzip")
        assert wasm.status_code == 200
        assert wasm["Content-Type"] == "application/wasm"
        assert wasm["Content-Encoding"] == "gzip"
        module = client.get("/static/vendor/pyodide/pyodide.mjs")
        assert module.status_code == 200
        assert module["Content-Type"].startswith("text/javascript")
        # The worker's own policy, under its name and its hashed name; no other file's.
        hashed = staticfiles_storage.stored_name("js/engine-worker.js")
        assert hashed != "js/engine-worker.js"
        for url in ("/static/js/engine-worker.js", f"/static/{hashed}"):
            worker = client.get(url)
            assert worker.status_code == 200, url
            assert worker["Content-Security-Policy"] == WORKER_POLICY
        assert "Content-Security-Policy" not in module
        for path, mime in (
            ("vendor/htmx/htmx.min.js", "text/javascript"),
            ("vendor/bootstrap/bootstrap.bundle.min.js", "text/javascript"),
            ("vendor/bootstrap/bootstrap.min.css", "text/css"),
        ):
            served = client.get(
                f"/static/{staticfiles_storage.stored_name(path)}", HTTP_ACCEPT_ENCODING="gzip"
            )
            assert served.status_code == 200, path
            assert served["Content-Type"].startswith(mime), path
            assert served["Content-Encoding"] == "gzip", path


def test_the_scoring_bundle_is_the_installed_package(client):
    response = client.get(reverse("scoring_bundle"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    package = Path(scoring.__file__).parent
    expected = {f"scoring/{path.relative_to(package).as_posix()}" for path in package.rglob("*.py")}
    assert expected <= set(names)
    assert "tournaments/rules/hand_entry.py" in names
    assert "tournaments/rules/__init__.py" in names and "tournaments/__init__.py" in names
    # The duplicate board's checks too (its named taker, its cards: rules/board_entry.py).
    assert "tournaments/rules/board_entry.py" in names
    assert "tournaments/rules/boards.py" in names
    assert BUNDLE_MODULES == (
        "scoring",
        "tournaments.rules.hand_entry",
        "tournaments.rules.board_entry",
        "tournaments.rules.boards",
    )
    # Nothing else of the app (its models, Django) reaches the browser.
    assert all(
        name.startswith(("scoring/", "tournaments/rules/", "tournaments/__init__"))
        for name in names
    )
    assert (
        zipfile.ZipFile(io.BytesIO(response.content)).read("scoring/engine.py")
        == (package / "engine.py").read_bytes()
    )
    again = client.get(reverse("scoring_bundle"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == response["ETag"]


def test_no_page_allows_wasm_the_hand_form_neither(scorekeeper, table4):
    """The engine's WebAssembly runs in its worker, under the worker's own policy."""
    client = logged_in(scorekeeper)
    form = client.get(reverse("hand_new", args=[table4.pk]))
    assert form.status_code == 200
    assert b'id="hand-engine-data"' in form.content
    assert (
        form["Content-Security-Policy"]
        == client.get(reverse("my_tables"))["Content-Security-Policy"]
    )
    assert "wasm" not in form["Content-Security-Policy"]
    directives = [part.split() for part in form["Content-Security-Policy"].split(";")]
    assert ["script-src", "'self'"] in directives


@pytest.mark.slow
def test_the_offline_worker_keeps_the_engines_files_under_the_names_it_asks_for(tmp_path, db):
    """As deployed (collectstatic, hashed names, DEBUG off): Pyodide asks for its files
    under their plain names (the folder the page names, data-index), so the worker keeps
    them under those, once; it kept the hashed copies, the engine never started offline
    and a phone downloaded each file twice."""
    from tarot_club import offline

    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES=storages, WHITENOISE_USE_FINDERS=False, DEBUG=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        offline._release.cache_clear()
        kept = offline.precache()
        engine = [url for url in kept if "/vendor/pyodide/" in url]
        assert sorted(engine) == sorted(f"/static/vendor/pyodide/{name}" for name in PYODIDE[1])
        # Everything else under its hashed name, as the pages ask for it.
        assert staticfiles_storage.url("js/engine-worker.js") in kept
        assert "/static/js/engine-worker.js" not in kept
        client = Client()  # a new handler: whitenoise reads the new STATIC_ROOT
        for url in kept:
            if url.startswith("/static/"):
                assert client.get(url).status_code == 200, url
        # What the phone downloads at the install: each file once.
        total = sum((tmp_path / url.removeprefix("/static/")).stat().st_size for url in kept
                    if url.startswith("/static/"))  # fmt: skip
        pyodide = sum(
            (tmp_path / "vendor" / "pyodide" / name).stat().st_size for name in PYODIDE[1]
        )
        assert pyodide < total < 2 * pyodide
