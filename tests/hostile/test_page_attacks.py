"""Every page of the site, read with hostile ids and query strings, by every role:
never an error, and reading never writes. Plus the login form, which writes (django-axes
records each attempt)."""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

from django.urls import URLPattern, reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import PASSWORD
from tournaments import (
    urls_organiser,
    urls_public,
    urls_scorekeeping,
    urls_stats,
    urls_tournament,
)

from .conftest import HOSTILE, ROLES, fingerprint, hostile_values, post

PAGES: list[tuple[str, int]] = [
    (pattern.name, len(pattern.pattern.converters))
    for module in (urls_public, urls_scorekeeping, urls_organiser, urls_tournament, urls_stats)
    for pattern in module.urlpatterns
    if isinstance(pattern, URLPattern) and pattern.name
]
QUERY_NAMES = ["club", "q", "status", "sort", "page", "per_page", "round", "next", "format"]
QUERY_VALUES = hostile_values()


@HOSTILE
@given(data=st.data())
def test_every_page_answers_hostile_ids_and_queries_without_error_or_write(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    name, arity = data.draw(st.sampled_from(PAGES), label="page")
    known = [
        *world.ids("table"),
        *world.ids("hand"),
        *world.ids("event"),
        *world.ids("player"),
        *world.ids("round"),
        *world.ids("season"),
        1,
        2,
        2**63,
    ]
    args = [data.draw(st.sampled_from(known), label="id") for _ in range(arity)]
    query = data.draw(st.dictionaries(st.sampled_from(QUERY_NAMES), QUERY_VALUES, max_size=3))
    before = fingerprint()

    response = clients[role].get(reverse(name, args=args) + "?" + urlencode(query))

    assert response.status_code < 500
    assert fingerprint() == before


LOGIN_FIELDS = st.fixed_dictionaries(
    {
        "username": st.one_of(
            st.sampled_from(["marqueur", "orga", "MARQUEUR", "nobody"]), hostile_values()
        ),
        "password": st.one_of(st.sampled_from([PASSWORD, "wrong"]), hostile_values()),
        "next": st.one_of(
            st.sampled_from(
                ["/score/", "https://evil.example/", "//evil.example/", "/\\evil.example", ""]
            ),
            hostile_values(),
        ),
    }
)


@HOSTILE
@given(fields=LOGIN_FIELDS)
def test_login_form_answers_hostile_input_and_never_redirects_off_site(world, clients, fields):
    before = fingerprint()
    response = post(clients["anonymous"], reverse("login"), fields)

    # 200: the form again; 302: logged in; 429: django-axes locked the username out.
    assert response.status_code in (200, 302, 429)
    if response.status_code == 302:
        target = urlsplit(response.url)
        assert not target.netloc and not target.scheme, response.url
        assert not target.path.startswith(("//", "/\\")), response.url
        clients["anonymous"].logout()
    assert fingerprint() == before
