from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tarot events")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Here rather than in settings or a custom backend: the app that orders names
        # by the collation (models.collation) is the one that provides it, on every
        # SQLite connection, the test databases and migrations included.
        from django.db.backends.signals import connection_created

        from .models.collation import register_sqlite_collation

        connection_created.connect(register_sqlite_collation, dispatch_uid="tarot-fr-collation")
