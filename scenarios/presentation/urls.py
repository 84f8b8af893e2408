from django.urls import path

from scenarios.decks import views as deck_views
from scenarios.verification import api

from .views import reference as reference_views
from .views import scenario_editor as edit_views
from .views import scenario_pages as views

urlpatterns = [
    path("scenarios/", views.scenario_list, name="scenarios"),
    path("scenarios/new/", edit_views.scenario_new, name="scenario-new"),
    path("scenarios/reference/", reference_views.scenario_reference, name="scenario-reference"),
    path("scenarios/schema.json", reference_views.scenario_schema, name="scenario-schema"),
    path("scenarios/reference/<slug:format_slug>/", reference_views.format_reference,
         name="scenario-reference-format"),
    path("scenarios/<slug:slug>/", views.scenario_detail, name="scenario"),
    path("scenarios/<slug:slug>/boards/<int:number>/", views.scenario_board,
         name="scenario-board"),
    path("scenarios/<slug:slug>/edit/", edit_views.scenario_edit, name="scenario-edit"),
    path("scenarios/<slug:slug>/history/", edit_views.scenario_history, name="scenario-history"),
    path("api/scenarios/", api.ScenarioList.as_view(), name="api-scenarios"),
    path("api/scenarios/reference/", reference_views.ScenarioReference.as_view(),
         name="api-scenario-reference"),
    path("api/scenarios/<slug:slug>/", api.ScenarioDetail.as_view(), name="api-scenario"),
    path("api/scenarios/<slug:slug>/replay/", api.ScenarioReplay.as_view(),
         name="api-scenario-replay"),
    path("api/scenarios/<slug:slug>/verify/", api.ScenarioVerify.as_view(),
         name="api-scenario-verify"),
    path("verification/", views.run_list, name="verification-runs"),
    path("verification/<int:pk>/", views.run_detail, name="verification-run"),
    path("rules/<slug:format_slug>/coverage/", views.rule_coverage, name="rule-coverage"),
    path("api/verification-runs/", api.VerificationRunList.as_view(),
         name="api-verification-runs"),
    path("api/verification-runs/<int:pk>/", api.VerificationRunDetail.as_view(),
         name="api-verification-run"),
    path("api/rules/<slug:format_slug>/coverage/", api.RuleCoverage.as_view(),
         name="api-rule-coverage"),
    path("api/articles/<slug:format_slug>/<slug:slug>/preview/", api.ArticlePreview.as_view(),
         name="api-article-preview"),
    path("decks/check/", deck_views.deck_check, name="deck-check"),
    path("api/decks/check/", deck_views.DeckCheckApi.as_view(), name="api-deck-check"),
]
