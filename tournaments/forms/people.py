"""Forms of the people pages: a club's people, an event's guests, a player's public
name. The checks that need the database (an account already in the club, the last
organiser) are the services' (services.people) and come back as Refused."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import Player, Role
from ..rules.names import NameStyle, public_name
from .organiser import ServiceErrorMixin
from .typed import field_of

USERNAME_MAX = 150  # django.contrib.auth's User.username


def _username_field() -> forms.CharField:
    return forms.CharField(
        label=_("User name"),
        max_length=USERNAME_MAX,
        validators=[UnicodeUsernameValidator()],
        help_text=_("Letters, digits and @ . + - _ only."),
    )


class MemberAddForm(ServiceErrorMixin, forms.Form):
    username = _username_field()
    first_name = forms.CharField(
        label=_("First name"),
        max_length=150,
        required=False,
        help_text=_("For a new account only."),
    )
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.SCOREKEEPER)


class RoleForm(ServiceErrorMixin, forms.Form):
    """One person's role, in his row of the club's people (one form a row: its ids
    carry the membership, `role-<pk>`)."""

    role = forms.ChoiceField(
        label=_("Role"),
        choices=Role.choices,
        widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
    )


class GuestAddForm(ServiceErrorMixin, forms.Form):
    username = _username_field()
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.SCOREKEEPER)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its fields' ids name the section they stand in (the event's "Guests").
        kwargs.setdefault("auto_id", "guest-%s")
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("The account of a person of another club.")


class PublicNameForm(ServiceErrorMixin, forms.Form):
    """Each choice shows what the player's own name becomes under it."""

    public_name_style = forms.ChoiceField(
        label=_("How your name appears on public pages"), widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = dict(Player._meta.get_field("public_name_style").choices or ())
        field_of(self, "public_name_style", forms.ChoiceField).choices = [
            (
                style.value,
                gettext("%(style)s: %(example)s")
                % {
                    "style": str(labels[style.value]).capitalize(),
                    "example": public_name(player.name, style.value),
                },
            )
            for style in NameStyle
        ]
