from django.urls import path

from . import views

urlpatterns = [
    path("decks/check/", views.deck_check, name="deck-check"),
    path("api/decks/check/", views.DeckCheckApi.as_view(), name="api-deck-check"),
]
