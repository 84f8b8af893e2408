"""The quiz API: start a quiz, read a question, answer it, finish, see the results.

Anyone may take a quiz (an anonymous visitor's attempts belong to their session);
no response carries a question's answer key before it may be shown, and an exam's
never. Starting a quiz is throttled per client (`quiz_start` in THROTTLE_RATES) and
capped per owner (attempts.MAX_OPEN_ATTEMPTS). The editors' question bank, and the
takers' reports of problems, are in editor_api.py.
"""
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from ..openapi import (QuizAnsweredSerializer, QuizAnswerRequestSerializer, QuizErrorSerializer,
                       QuizQuestionSerializer, QuizResultsSerializer, QuizStartedSerializer,
                       QuizStartRequestSerializer)
from .. import attempts


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
               description="Practice draws from the practice pool, by the formats, articles "
                           "and difficulty given. An exam draws from the exam pool, whose "
                           "answer keys are never shown, by an exam blueprint (`blueprint`, "
                           "the default one when none is named; see /api/exam-blueprints/): "
                           "its questions shared out among the formats by the blueprint's "
                           "weights, its time limit and pass mark, which `count`, `minutes` "
                           "and `pass_mark` may override; `notes` says what could not be "
                           "drawn as the blueprint asks. Starts are throttled per client "
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
                                               description="No verified question fits; or the "
                                                           "blueprint's counts cannot be met; "
                                                           "or an exam was sent formats, "
                                                           "articles or difficulty (named in "
                                                           "the body).")})
class QuizStart(QuizView):
    throttle_scope = "quiz_start"

    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        attempt = attempts.start(
            data.get("mode"), user=request.user, session_key=session_key(request),
            formats=data.get("formats"), articles=data.get("articles"),
            difficulty=data.get("difficulty"), count=data.get("count"),
            minutes=data.get("minutes"), pass_mark=data.get("pass_mark"),
            scenario=data.get("scenario"), blueprint=data.get("blueprint"),
            card=data.get("card"))
        blueprint = attempt.blueprint
        return Response({"id": str(attempt.id), "mode": attempt.mode,
                         "count": attempt.entries.count(), "deadline": attempt.deadline,
                         "pass_mark": attempt.pass_mark, "url": attempt.get_absolute_url(),
                         "first_question": f"/api/quizzes/{attempt.id}/questions/1/",
                         "blueprint": blueprint.slug if blueprint else None,
                         "notes": attempt.choice.get("notes", []) if blueprint else []},
                        status=status.HTTP_201_CREATED)


@extend_schema(summary="A question of a quiz (its answer key only once it may be shown)",
               responses={200: QuizQuestionSerializer, 404: QUIZ_NOT_FOUND})
class QuizQuestion(QuizView):
    def get(self, request, attempt_id, number):
        attempt = self.attempt(request, attempt_id)
        item = attempts.entry(attempt, number)
        return Response({**attempts.question_data(attempt, item),
                         "url": question_url(attempt, number),
                         "report": reverse("api-question-report", args=[item.question_id])})


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
