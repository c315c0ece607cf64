from django.apps import AppConfig


class TarotClubConfig(AppConfig):
    name = "tarot_club"
    verbose_name = "Tarot club"
