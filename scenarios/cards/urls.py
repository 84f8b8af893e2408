"""The card pages and the cards API."""
from django.urls import path

from . import api, views

urlpatterns = [
    path("cards/", views.card_list, name="cards"),
    path("cards/<slug:slug>/", views.card_detail, name="card"),
    path("api/cards/", api.CardList.as_view(), name="api-cards"),
    path("api/cards/<slug:slug>/", api.CardDetail.as_view(), name="api-card"),
]
