"""The scenario pages: every scenario, one replayed step by step, the editor, the scenario
reference, the verification runs and the rule coverage page."""
from django.urls import path

from .views import jobs as job_views
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
    # Before the verification app's api/scenarios/<slug>/, which would take "reference".
    path("api/scenarios/reference/", reference_views.ScenarioReference.as_view(),
         name="api-scenario-reference"),
    path("api/scenarios/schema.json", reference_views.ScenarioSchemaApi.as_view(),
         name="api-scenario-schema"),
    path("verification/", views.run_list, name="verification-runs"),
    path("verification/<int:pk>/", views.run_detail, name="verification-run"),
    path("verification/jobs/<int:pk>/", job_views.job_detail, name="verification-job"),
    path("verification/jobs/<int:pk>/progress/", job_views.job_progress,
         name="verification-job-progress"),
    path("rules/<slug:format_slug>/coverage/", views.rule_coverage, name="rule-coverage"),
]
