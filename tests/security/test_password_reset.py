"""'Forgotten password?' never claims to send a mail the site cannot send."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_without_mail_the_page_sends_the_person_to_his_club_organiser(client):
    User.objects.create_user("anne", email="anne@example.org", password="x-tarot-2026")
    login = client.get(reverse("login"))
    assert reverse("password_reset") in login.content.decode()
    page = client.get(reverse("password_reset"))
    assert page.status_code == 200
    assert 'id="ask-organiser"' in page.content.decode()
    assert "<form" not in page.content.decode().split('id="main"')[1]
    # Posting an address (a page cached elsewhere, a script) sends nothing either.
    client.post(reverse("password_reset"), {"email": "anne@example.org"})
    assert mail.outbox == []


@override_settings(
    MAIL_CONFIGURED=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"
)
def test_with_mail_configured_django_sends_the_reset_mail(client):
    User.objects.create_user("anne", email="anne@example.org", password="x-tarot-2026")
    page = client.get(reverse("password_reset"))
    assert 'name="email"' in page.content.decode()
    response = client.post(reverse("password_reset"), {"email": "anne@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body
