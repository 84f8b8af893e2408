from django.urls import path

from . import api, views

urlpatterns = [
    path("quiz/", views.choose, name="quiz"),
    path("quiz/review/", views.review_queue, name="quiz-review"),
    path("quiz/questions/", views.bank, name="quiz-bank"),
    path("quiz/<uuid:attempt_id>/", views.take, name="quiz-take"),
    path("quiz/<uuid:attempt_id>/results/", views.results, name="quiz-results"),
    path("api/quizzes/", api.QuizStart.as_view(), name="api-quizzes"),
    path("api/quizzes/<uuid:attempt_id>/questions/<int:number>/", api.QuizQuestion.as_view(),
         name="api-quiz-question"),
    path("api/quizzes/<uuid:attempt_id>/questions/<int:number>/answer/", api.QuizAnswer.as_view(),
         name="api-quiz-answer"),
    path("api/quizzes/<uuid:attempt_id>/finish/", api.QuizFinish.as_view(),
         name="api-quiz-finish"),
    path("api/quizzes/<uuid:attempt_id>/results/", api.QuizResults.as_view(),
         name="api-quiz-results"),
    path("api/questions/", api.QuestionList.as_view(), name="api-questions"),
    path("api/questions/<int:pk>/stats/", api.QuestionStats.as_view(), name="api-question-stats"),
]
