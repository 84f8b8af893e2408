from django.urls import path

from .api import blueprints as blueprint_api
from .api import questions as editor_api
from .api import quiz_api as api
from .views import bank_pages as bank_views
from .views import quiz_pages as views

urlpatterns = [
    path("quiz/", views.choose, name="quiz"),
    path("quiz/review/", views.review_queue, name="quiz-review"),
    path("quiz/questions/", bank_views.bank, name="quiz-bank"),
    path("quiz/questions/<int:pk>/", bank_views.question_page, name="quiz-question"),
    path("quiz/reports/", bank_views.reports_queue, name="quiz-reports"),
    path("quiz/<uuid:attempt_id>/", views.take, name="quiz-take"),
    path("quiz/<uuid:attempt_id>/results/", views.results, name="quiz-results"),
    path("quiz/<uuid:attempt_id>/questions/<int:number>/report/", bank_views.report_question,
         name="quiz-report"),
    path("api/quizzes/", api.QuizStart.as_view(), name="api-quizzes"),
    path("api/exam-blueprints/", blueprint_api.BlueprintList.as_view(),
         name="api-exam-blueprints"),
    path("api/exam-blueprints/<slug:slug>/", blueprint_api.BlueprintDetail.as_view(),
         name="api-exam-blueprint"),
    path("api/quizzes/<uuid:attempt_id>/questions/<int:number>/", api.QuizQuestion.as_view(),
         name="api-quiz-question"),
    path("api/quizzes/<uuid:attempt_id>/questions/<int:number>/answer/", api.QuizAnswer.as_view(),
         name="api-quiz-answer"),
    path("api/quizzes/<uuid:attempt_id>/finish/", api.QuizFinish.as_view(),
         name="api-quiz-finish"),
    path("api/quizzes/<uuid:attempt_id>/results/", api.QuizResults.as_view(),
         name="api-quiz-results"),
    path("api/questions/", editor_api.QuestionList.as_view(), name="api-questions"),
    path("api/questions/<int:pk>/", editor_api.QuestionDetail.as_view(), name="api-question"),
    path("api/questions/<int:pk>/stats/", editor_api.QuestionStats.as_view(),
         name="api-question-stats"),
    path("api/questions/<int:pk>/report/", editor_api.QuestionReport.as_view(),
         name="api-question-report"),
]
