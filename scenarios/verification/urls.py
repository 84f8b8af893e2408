"""The verification API: scenarios with their verdicts and replays, verifying now, the
verification runs, rule coverage, and an article edit's preview."""
from django.urls import path

from . import api

urlpatterns = [
    path("api/scenarios/", api.ScenarioList.as_view(), name="api-scenarios"),
    path("api/scenarios/<slug:slug>/", api.ScenarioDetail.as_view(), name="api-scenario"),
    path("api/scenarios/<slug:slug>/replay/", api.ScenarioReplay.as_view(),
         name="api-scenario-replay"),
    path("api/scenarios/<slug:slug>/verify/", api.ScenarioVerify.as_view(),
         name="api-scenario-verify"),
    path("api/verification-runs/", api.VerificationRunList.as_view(),
         name="api-verification-runs"),
    path("api/verification-runs/<int:pk>/", api.VerificationRunDetail.as_view(),
         name="api-verification-run"),
    path("api/rules/<slug:format_slug>/coverage/", api.RuleCoverage.as_view(),
         name="api-rule-coverage"),
    path("api/articles/<slug:format_slug>/<slug:slug>/preview/", api.ArticlePreview.as_view(),
         name="api-article-preview"),
]
