"""Site pages that are not the club's: password reset according to the mail set-up."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.selectors.password_links import password_link_tokens


def password_reset(request: HttpRequest) -> HttpResponse:
    """Django's reset by mail when a mail server is configured (EMAIL_HOST); otherwise
    no form that would claim to send a mail: the person is told to ask his club's
    organiser, who makes him a one-time password link."""
    if settings.MAIL_CONFIGURED:
        return auth_views.PasswordResetView.as_view(token_generator=password_link_tokens)(request)
    return render(request, "registration/password_reset_unavailable.html")


# Checks the links password_link and the reset mail make, with their generator: Django's
# own confirm view would use default_token_generator and refuse every one of them.
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    token_generator=password_link_tokens
)
