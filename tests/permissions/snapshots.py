"""Every row the site stores, in a comparable form: a refused write must leave it as it was."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib.auth.models import User


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table the services write (the app's models, their history
    and many-to-many tables, and the accounts), in a comparable form."""
    models = [*apps.get_app_config("tournaments").get_models(include_auto_created=True), User]
    skip = {"Submission"}  # one-time keys of posted forms: no service here writes them
    return {
        model._meta.label: sorted(model.objects.order_by().values_list(), key=repr)
        for model in models
        if model.__name__ not in skip
    }
