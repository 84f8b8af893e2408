"""The quiz API: start a quiz, read a question, answer it, finish, see the results.

Anyone may take a quiz (an anonymous visitor's attempts belong to their session);
no response carries a question's answer key before it may be shown, and an exam's
never. Starting a quiz is throttled per client (`quiz_start` in THROTTLE_RATES) and
capped per owner (attempts.MAX_OPEN_ATTEMPTS). The question bank with its statistics
is for editors.
"""
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.api.openapi import FORBIDDEN, FORMAT_FILTER, NOT_FOUND
from rulings.permissions import is_editor

from ..openapi import (POOL_HELP, QuestionStatsSerializer, QuizAnsweredSerializer,
                       QuizAnswerRequestSerializer, QuizErrorSerializer, QuizQuestionSerializer,
                       QuizResultsSerializer, QuizStartedSerializer, QuizStartRequestSerializer)
from . import attempts
from .models import Question
from .stats import question_stats, success_rates


def session_key(request):
    """The visitor's session key, creating the session: only starting a quiz needs one."""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def error_response(error):
    body = {"detail": error.message}
    if error.field:
        body = {error.field: [error.message], "detail": error.message}
    if error.open_attempts:
        body["open_quizzes"] = [a.get_absolute_url() for a in error.open_attempts]
    return Response(body, status=error.status)


class QuizView(APIView):
    permission_classes = [AllowAny]

    def handle_exception(self, exc):
        if isinstance(exc, attempts.QuizError):
            return error_response(exc)
        return super().handle_exception(exc)

    def attempt(self, request, attempt_id):
        """The caller's attempt; a caller without a session has none (and gets no session)."""
        return attempts.load(attempt_id, request.user, request.session.session_key or "")


QUIZ_BAD_REQUEST = OpenApiResponse(QuizErrorSerializer, description="A field is wrong (named "
                                   "in the body as well as in `detail`).")
QUIZ_NOT_FOUND = OpenApiResponse(QuizErrorSerializer, description="No such quiz (or question) "
                                 "of yours.")


def question_url(attempt, number):
    return f"{attempt.get_absolute_url()}?n={number}"


@extend_schema(summary="Start a quiz: practice (feedback at once) or exam (score at the end)",
               description="Practice draws from the practice pool, an exam from the exam pool, "
                           "whose answer keys are never shown. Starts are throttled per client "
                           "(429); each person or anonymous session may hold at most "
                           f"{attempts.MAX_OPEN_ATTEMPTS} open quizzes: a new one drops the "
                           "oldest open quiz with no answer given, or is refused (409) when "
                           "every open one holds answers.",
               request=QuizStartRequestSerializer,
               responses={201: QuizStartedSerializer, 400: QUIZ_BAD_REQUEST,
                          409: OpenApiResponse(QuizErrorSerializer,
                                               description="Too many open quizzes with answers "
                                                           "given: finish one of those listed "
                                                           "in `open_quizzes` first."),
                          422: OpenApiResponse(QuizErrorSerializer,
                                               description="No verified question fits.")})
class QuizStart(QuizView):
    throttle_scope = "quiz_start"

    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        attempt = attempts.start(
            data.get("mode"), user=request.user, session_key=session_key(request),
            formats=data.get("formats"), articles=data.get("articles"),
            difficulty=data.get("difficulty"), count=data.get("count"),
            minutes=data.get("minutes"), pass_mark=data.get("pass_mark"),
            scenario=data.get("scenario"))
        return Response({"id": str(attempt.id), "mode": attempt.mode,
                         "count": attempt.entries.count(), "deadline": attempt.deadline,
                         "pass_mark": attempt.pass_mark, "url": attempt.get_absolute_url(),
                         "first_question": f"/api/quizzes/{attempt.id}/questions/1/"},
                        status=status.HTTP_201_CREATED)


@extend_schema(summary="A question of a quiz (its answer key only once it may be shown)",
               responses={200: QuizQuestionSerializer, 404: QUIZ_NOT_FOUND})
class QuizQuestion(QuizView):
    def get(self, request, attempt_id, number):
        attempt = self.attempt(request, attempt_id)
        return Response({**attempts.question_data(attempt, attempts.entry(attempt, number)),
                         "url": question_url(attempt, number)})


@extend_schema(summary="Answer a question (the first answer stands in practice)",
               request=QuizAnswerRequestSerializer,
               responses={200: QuizAnsweredSerializer, 400: QUIZ_BAD_REQUEST,
                          404: QUIZ_NOT_FOUND,
                          409: OpenApiResponse(QuizErrorSerializer,
                                               description="The quiz is finished or past its "
                                                           "time limit.")})
class QuizAnswer(QuizView):
    def post(self, request, attempt_id, number):
        attempt = self.attempt(request, attempt_id)
        option = request.data.get("option") if isinstance(request.data, dict) else None
        if not isinstance(option, str):
            raise attempts.QuizError("option is required: the key of the chosen option",
                                     field="option")
        item = attempts.answer(attempt, number, option)
        attempt.refresh_from_db()
        url = question_url(attempt, number)
        if attempt.mode == attempt.PRACTICE:
            return Response({"answer": item.answer, **attempts.feedback(item), "url": url})
        return Response({"recorded": True, "answer": item.answer, "url": url})


def results_data(attempt):
    return {**attempts.results(attempt), "url": reverse("quiz-results", args=[attempt.id])}


@extend_schema(summary="Finish a quiz and score it (finishing again changes nothing)",
               request=None, responses={200: QuizResultsSerializer, 404: QUIZ_NOT_FOUND})
class QuizFinish(QuizView):
    def post(self, request, attempt_id):
        attempt = attempts.finish(self.attempt(request, attempt_id))
        return Response(results_data(attempt))


@extend_schema(summary="A finished quiz's score and every question (a practice quiz's with its "
                       "answer key; an exam's with whether each answer was right)",
               responses={200: QuizResultsSerializer, 404: QUIZ_NOT_FOUND,
                          409: OpenApiResponse(QuizErrorSerializer,
                                               description="The quiz is not finished yet.")})
class QuizResults(QuizView):
    def get(self, request, attempt_id):
        return Response(results_data(self.attempt(request, attempt_id)))


class IsEditor(BasePermission):
    def has_permission(self, request, view):
        return is_editor(request.user)


class QuestionSerializer(serializers.ModelSerializer):
    scenario = serializers.SerializerMethodField(help_text="null once the scenario has been "
                                                           "removed")
    answers = serializers.SerializerMethodField()
    success_rate = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField(help_text="the page of the scenario it is drawn "
                                                      "from; null once it has been removed")
    pool = serializers.CharField(read_only=True, help_text=POOL_HELP)  # see openapi.POOL_HELP

    class Meta:
        model = Question
        fields = ["id", "scenario", "key", "kind", "prompt", "difficulty", "formats", "articles",
                  "pool", "active", "withdrawn_reason", "options", "answers", "success_rate",
                  "url"]

    @extend_schema_field({"type": "string", "nullable": True})
    def get_scenario(self, question):
        return question.scenario_slug

    @extend_schema_field({"type": "string", "nullable": True})
    def get_url(self, question):
        return question.scenario.get_absolute_url() if question.scenario_id else None

    @extend_schema_field(OpenApiTypes.INT)
    def get_answers(self, question):
        return self.context["rates"].get(question.pk, (0, 0))[0]

    @extend_schema_field({"type": "number", "format": "double", "nullable": True})
    def get_success_rate(self, question):
        answers, right = self.context["rates"].get(question.pk, (0, 0))
        return round(right / answers, 3) if answers else None


class QuestionPages(PageNumberPagination):
    page_size = 50


@extend_schema(summary="The question bank with success rates (editors)",
               parameters=[FORMAT_FILTER],
               responses={200: QuestionSerializer, 403: FORBIDDEN, 404: NOT_FOUND})
class QuestionList(generics.ListAPIView):
    """The question bank for editors, withdrawn questions included (with their reason)."""

    permission_classes = [IsEditor]
    serializer_class = QuestionSerializer
    pagination_class = QuestionPages

    def get_queryset(self):
        rows = Question.objects.select_related("scenario")
        fmt = self.request.query_params.get("format")
        return rows.filter(scenario__format_slug=fmt) if fmt else rows

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["rates"] = success_rates(self.get_queryset())
        return context


@extend_schema(summary="How a question fares: answers per option (editors)",
               responses={200: QuestionStatsSerializer, 403: FORBIDDEN, 404: NOT_FOUND})
class QuestionStats(APIView):
    permission_classes = [IsEditor]

    def get(self, request, pk):
        question = get_object_or_404(Question.objects.select_related("scenario"), pk=pk)
        return Response({**question_stats(question),
                         "url": question.scenario.get_absolute_url()
                         if question.scenario_id else None})
