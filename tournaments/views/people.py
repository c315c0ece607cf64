"""People pages: a club's people (add, role, remove, password link), its audit trail,
an event's guests, and the page where a player chooses his public name.

Every write goes through services.people with `by=request.user`, which checks the
acting person's role first (PermissionDenied: 403); the views check too, before
reading anything of the club.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from ..errors import NotAllowed, Refused
from ..forms.people import GuestAddForm, MemberAddForm, PublicNameForm, RoleForm
from ..models import Club, Event, EventGuest, Membership
from ..rules.names import public_name
from ..selectors import access
from ..selectors import people as selectors
from ..services import people as services
from ..tables import AuditTable, MemberTable, configure
from .organiser import club_page, organiser_action, organiser_required, with_club
from .submissions import (
    Outcome,
    View,
    replays_submission,
    respond,
    submit,
    submit_form,
    submitted_form_page,
)

INFO = messages.INFO
TEMPLATES = "tournaments/people/"


# --- the club being worked on ------------------------------------------------


def _own_club_page(view: Callable[..., HttpResponse]) -> View:
    """organiser.club_page, but a guest organiser of some event, who has no club of his
    own, gets 403 rather than an empty choice."""
    page = club_page(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        found = access.viewer(request.user)
        if not (found.federation or found.clubs):
            raise PermissionDenied
        return page(request, *args, **kwargs)

    return wrapper


# --- a club's people ----------------------------------------------------------


def _people_page(
    request: HttpRequest,
    club: Club,
    form: MemberAddForm,
    *,
    errors: dict[int, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    members = list(selectors.club_members(club))
    table = MemberTable(
        members, refusals=selectors.password_refusals(request.user, members), errors=errors
    )
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        TEMPLATES + "club_people.html",
        {"club": club, "table": table, "form": form},
        status=status,
    )


@organiser_required
@replays_submission
@_own_club_page
def club_people(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's people, and (on POST) adding one."""
    form = MemberAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():

        def write() -> Outcome:
            membership, created = services.add_member(
                by=request.user, club=club, **form.cleaned_data
            )
            name = membership.user.get_username()
            if created:
                message = _(
                    "The account %(user)s was created. Make him a password link so he can log in."
                ) % {"user": name}
            else:
                message = _("%(user)s was added to the club.") % {"user": name}
            return Outcome(redirect_url=with_club(reverse("club_people"), club), message=message)

        response = submit_form(request, form, write)
        if response is not None:
            return response
    return _people_page(request, club, form, status=400 if form.errors else 200)


def _membership_post(view: Callable[[HttpRequest, Membership], HttpResponse]) -> View:
    """A button in a person's row: an organiser's post, answered once, on a membership
    of a club he organises."""

    @organiser_action
    @wraps(view)
    def wrapper(request: HttpRequest, pk: int) -> HttpResponse:
        membership = get_object_or_404(Membership.objects.select_related("club", "user"), pk=pk)
        access.require_club(request.user, membership.club)
        return view(request, membership)

    return wrapper


@_membership_post
def member_role(request: HttpRequest, membership: Membership) -> HttpResponse:
    club = membership.club
    form = RoleForm(request.POST)
    if form.is_valid():

        def write() -> Outcome:
            role = form.cleaned_data["role"]
            services.set_role(by=request.user, membership=membership, role=role)
            return Outcome(
                redirect_url=with_club(reverse("club_people"), club),
                message=_("%(user)s is now %(role)s.")
                % {"user": membership.user.get_username(), "role": membership.get_role_display()},
            )

        response = submit_form(request, form, write)
        if response is not None:
            return response
    # The refusal stands in the person's row, beside his role.
    errors = {membership.pk: " ".join(str(e) for field in form.errors.values() for e in field)}
    return _people_page(request, club, MemberAddForm(), errors=errors, status=400)


@_membership_post
def member_remove(request: HttpRequest, membership: Membership) -> HttpResponse:
    club = membership.club

    def write() -> Outcome:
        services.remove_member(by=request.user, membership=membership)
        return Outcome(
            redirect_url=with_club(reverse("club_people"), club),
            message=_("%(user)s was removed from the club.")
            % {"user": membership.user.get_username()},
        )

    try:
        return respond(request, submit(request, write))
    except Refused as error:
        return _people_page(
            request, club, MemberAddForm(), errors={membership.pk: error.message}, status=400
        )


@_membership_post
def member_password(request: HttpRequest, membership: Membership) -> HttpResponse:
    """Make a one-time password link and show it to the organiser, in this answer
    only: the link is a secret, so the stored answer to this post (a repeated tap,
    a reload) does not hold it, and says to make another one instead."""
    club, person = membership.club, membership.user
    made: list[str] = []

    def write() -> Outcome:
        made.append(services.password_link(by=request.user, club=club, person=person))
        return Outcome(
            redirect_url=with_club(reverse("club_people"), club),
            message=_(
                "A password link for %(user)s was made from this form. If you did not"
                " see it, make another one."
            )
            % {"user": person.get_username()},
            level=INFO,
        )

    try:
        outcome = submit(request, write)
    except NotAllowed as refusal:
        # Said in his row of the people page, where the button would have been.
        return _people_page(
            request, club, MemberAddForm(), errors={membership.pk: refusal.message}, status=403
        )
    if outcome.replayed or not made:
        return respond(request, outcome)
    response = render(
        request,
        TEMPLATES + "password_link.html",
        {
            "club": club,
            "person": person,
            "link": request.build_absolute_uri(made[0]),
            "days": max(1, settings.PASSWORD_RESET_TIMEOUT // 86400),
        },
    )
    add_never_cache_headers(response)
    return response


# --- the audit trail ----------------------------------------------------------


@organiser_required
@_own_club_page
def club_audit(request: HttpRequest, club: Club) -> HttpResponse:
    table = AuditTable(selectors.club_audit(club))
    configure(table, request)  # pages of the table's own size (tables.common.PER_PAGE)
    return render(request, TEMPLATES + "club_audit.html", {"club": club, "table": table})


# --- an event's guests --------------------------------------------------------


def manage_url(event: Event) -> str:
    return event.get_manage_url()


@organiser_required
@replays_submission
def event_guests(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's guests on a page of their own (the manage pages show the same
    section); a POST adds one. Its club's organisers only, not its guest organisers."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_club(request.user, event.club_id)
    form = GuestAddForm(request.POST or None)

    def write() -> Outcome:
        guest = services.add_guest(by=request.user, event=event, **form.cleaned_data)
        return Outcome(
            redirect_url=manage_url(event),
            message=_("%(user)s is a guest %(role)s of this event.")
            % {"user": guest.user.get_username(), "role": guest.get_role_display()},
        )

    context: dict[str, Any] = {"event": event, "manage_url": manage_url(event)}
    return submitted_form_page(request, form, write, TEMPLATES + "event_guests.html", context)


@organiser_action
def guest_remove(request: HttpRequest, pk: int) -> HttpResponse:
    guest = get_object_or_404(EventGuest.objects.select_related("event", "user"), pk=pk)
    event = guest.event
    access.require_club(request.user, event.club_id)

    def write() -> Outcome:
        services.remove_guest(by=request.user, guest=guest)
        return Outcome(
            redirect_url=manage_url(event),
            message=_("%(user)s is no longer a guest of this event.")
            % {"user": guest.user.get_username()},
        )

    return respond(request, submit(request, write))


# --- a player's public name ---------------------------------------------------


@login_required
@replays_submission
def my_public_name(request: HttpRequest) -> HttpResponse:
    player = selectors.player_of(request.user)
    if player is None:
        raise Http404
    form = PublicNameForm(
        request.POST or None, player=player, initial={"public_name_style": player.public_name_style}
    )

    def write() -> Outcome:
        services.set_public_name(
            by=request.user, player=player, style=form.cleaned_data["public_name_style"]
        )
        return Outcome(
            redirect_url=reverse("my_public_name"),
            message=_("Your public name is saved: %(name)s.")
            % {"name": public_name(player.name, player.public_name_style)},
        )

    return submitted_form_page(
        request, form, write, TEMPLATES + "public_name.html", {"player": player}
    )
