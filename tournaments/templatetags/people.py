"""{% guests_section event as section %}: what an event's "Guests" section shows, for
the manage pages that include it (their views need not know about guests);
{% guest_add_form form as add_form %} and {% role_form membership error as form %}: the
forms those sections print, where the page did not hand one over."""

from __future__ import annotations

from typing import Any

from django import template

from ..forms.people import GuestAddForm, RoleForm
from ..models import Event, Membership
from ..selectors import people
from ..selectors.people import GuestsSection

register = template.Library()


@register.simple_tag(takes_context=True)
def guests_section(context: dict[str, Any], event: Event) -> GuestsSection:
    return people.guests_section(context["request"].user, event)


@register.simple_tag(takes_context=True)
def own_player(context: dict[str, Any]) -> Any:
    """The player the signed-in user is (for the link to his public-name page)."""
    return people.player_of(context["request"].user)


@register.simple_tag
def guest_add_form(form: GuestAddForm | None = None) -> GuestAddForm:
    """The page's add form when it answers a post (its values and errors), else a new one."""
    return form if isinstance(form, GuestAddForm) else GuestAddForm()


@register.simple_tag
def role_form(membership: Membership, error: str = "") -> RoleForm:
    """A person's role form in his row: his role chosen, marked invalid beside `error`."""
    form = RoleForm(initial={"role": membership.role}, auto_id=f"%s-{membership.pk}")
    if error:
        widget = form.fields["role"].widget
        widget.attrs = {**widget.attrs, "class": f"{widget.attrs['class']} is-invalid"}
    return form
