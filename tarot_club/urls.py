from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from tarot_club import offline, views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    # One address in every language: the engine has no words (js/engine.js loads it).
    path("engine/scoring.zip", views.scoring_bundle, name="scoring_bundle"),
    # At the root, in no language: the offline worker's scope is the whole site.
    path("sw.js", offline.service_worker, name="service_worker"),
]
urlpatterns += i18n_patterns(
    path("admin/", admin.site.urls),
    # Before Django's own: the reset page depends on whether mail is configured.
    path("accounts/password_reset/", views.password_reset, name="password_reset"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("tournaments.urls")),
    prefix_default_language=False,
)
