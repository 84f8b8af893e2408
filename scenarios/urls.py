from django.urls import path

from . import api, deck_views, views

urlpatterns = [
    path("scenarios/", views.scenario_list, name="scenarios"),
    path("scenarios/<slug:slug>/", views.scenario_detail, name="scenario"),
    path("api/scenarios/", api.ScenarioList.as_view(), name="api-scenarios"),
    path("api/scenarios/<slug:slug>/", api.ScenarioDetail.as_view(), name="api-scenario"),
    path("api/scenarios/<slug:slug>/replay/", api.ScenarioReplay.as_view(),
         name="api-scenario-replay"),
    path("api/scenarios/<slug:slug>/verify/", api.ScenarioVerify.as_view(),
         name="api-scenario-verify"),
    path("decks/check/", deck_views.deck_check, name="deck-check"),
    path("api/decks/check/", deck_views.DeckCheckApi.as_view(), name="api-deck-check"),
]
