"""The editors' question API: the bank filtered and paged with item statistics, one question
read and changed (status, wording), its statistics; and the takers' report of a problem.

Reading and changing questions is for editors. Reporting is for anyone a question was put to
in one of their quizzes (as a signed-in user or an anonymous session): to anyone else the
question does not exist (404), and the answer says nothing about the question, so reporting
an exam question reveals nothing of its key. Reports are throttled per client (`report` in
THROTTLE_RATES).
"""
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.knowledge.api.openapi import BAD_REQUEST, FORBIDDEN, FORMAT_FILTER, NOT_FOUND, ErrorSerializer
from rulings.knowledge.permissions import is_editor

from .. import curation
from ..openapi import (EditorQuestionDetailSerializer, EditorQuestionSerializer,
                       QuestionChangeSerializer, QuestionReportedSerializer,
                       QuestionReportRequestSerializer, QuestionStatsSerializer)
from ..models import Question
from ..stats import DIFFICULTY_WORDS, ItemStats, flagged_ids, item_stats, question_stats

PAGE_SIZE = 50
# Withdrawn questions first, then drafts, published and retired ones (status in that order).
BANK_ORDER = ("active", "status", "format", "scenario__slug", "key", "pk")
YES, NO = ("true", "1", "yes"), ("false", "0", "no")
# The fields a list row needs: the board's SVG and the scenario's text stay in the database.
LIST_DEFERRED = ("board", "scenario__source", "scenario__narrative", "scenario__trace",
                 "scenario__expected", "scenario__outcome", "scenario__differences",
                 "scenario__params_read")


class IsEditor(BasePermission):
    def has_permission(self, request, view):
        return is_editor(request.user)


def question_data(question, stats):
    """A question as the editors' API shows it (`stats` is its ItemStats)."""
    return {
        "id": question.pk, "scenario": question.scenario_slug, "key": question.key,
        "teaching_rule": question.teaching_rule, "kind": question.kind,
        "format": question.format, "article": question.article, "status": question.status,
        "draft_reason": question.draft_reason, "change_note": question.change_note,
        "pool": question.pool, "active": question.active,
        "withdrawn_reason": question.withdrawn_reason, "depth": question.depth,
        "difficulty": DIFFICULTY_WORDS[stats.difficulty(question.depth)],
        "stem": {"prompt": question.shown_prompt, "steps": list(question.steps),
                 "facts": list(question.facts)},
        "options": [{"key": o["key"], "text": o["text"], "correct": o["correct"],
                     "source": o["source"], "rule": o.get("rule") or "",
                     "explanation": o.get("explanation") or ""} for o in question.options],
        "explanation": question.shown_explanation,
        "prompt_wording": question.prompt_wording,
        "explanation_wording": question.explanation_wording,
        "stats": {"answers": stats.answers, "facility": stats.facility,
                  "discrimination": stats.discrimination, "exams": stats.exams,
                  "option_counts": dict(stats.option_counts), "flags": stats.flags},
        "page": reverse("quiz-question", args=[question.pk]),
        "url": question.scenario.get_absolute_url() if question.scenario_id else None,
    }


def _name(user):
    return user.get_username() if user is not None else None


def detail_data(question):
    """One question with its statistics, history and reports (four queries)."""
    stats = item_stats([question]).get(question.pk, ItemStats())
    reports = _reports(question)
    return {**question_data(question, stats),
            "generated_prompt": question.prompt, "generated_explanation": question.explanation,
            "history": [{"at": e.at, "user": _name(e.user), "action": e.action,
                         "detail": e.detail} for e in question.events.select_related("user")],
            "reports": [{"id": r.pk, "text": r.text, "reporter": _name(r.user),
                         "created_at": r.created_at, "handled_at": r.handled_at,
                         "handled_by": _name(r.handled_by), "response": r.response}
                        for r in reports]}


def _reports(question):
    """A question's reports, open ones first (newest first among each)."""
    rows = list(question.reports.select_related("user", "handled_by").order_by("-created_at"))
    return [r for r in rows if r.handled_at is None] + [r for r in rows if r.handled_at]


class QuestionRows(EditorQuestionSerializer):
    """Writes each question as question_data does, with the page's statistics."""

    def to_representation(self, instance):
        return question_data(instance, self.context["stats"].get(instance.pk, ItemStats()))


class QuestionPages(PageNumberPagination):
    page_size = PAGE_SIZE


KINDS = [k for k, _ in Question.KINDS]
STATUSES = [s for s, _ in Question.STATUSES]


def clean_filters(params):
    """The bank's filters from a query string: ({name: value}, {name: [error]}). Format and
    article are names (an unknown one matches nothing); kind, status and flagged are checked."""
    filters, errors = {}, {}
    for name in ("format", "article"):
        if params.get(name):
            filters[name] = str(params[name])[:200]
    for name, choices in (("kind", KINDS), ("status", STATUSES)):
        value = params.get(name)
        if value in (None, ""):
            continue
        if value in choices:
            filters[name] = value
        else:
            errors[name] = [f"{name} must be one of {', '.join(choices)}."]
    flagged = str(params.get("flagged") or "").lower()
    if flagged in YES + NO:
        filters["flagged"] = flagged in YES
    elif flagged:
        errors["flagged"] = ["flagged must be true or false."]
    return filters, errors


def filtered(filters, rows=None):
    """The questions the cleaned filters keep; `flagged` costs two queries, whatever the
    number of questions (stats.flagged_ids)."""
    rows = Question.objects.all() if rows is None else rows
    for name in ("format", "article", "kind", "status"):
        if name in filters:
            rows = rows.filter(**{name: filters[name]})
    if "flagged" in filters:
        ids = flagged_ids(rows)
        rows = rows.filter(pk__in=ids) if filters["flagged"] else rows.exclude(pk__in=ids)
    return rows


FILTERS = [
    FORMAT_FILTER,
    OpenApiParameter("article", OpenApiTypes.STR, OpenApiParameter.QUERY,
                     description='The teaching rule\'s article, as "format/article".'),
    OpenApiParameter("kind", OpenApiTypes.STR, OpenApiParameter.QUERY,
                     enum=KINDS, description="What it asks."),
    OpenApiParameter("status", OpenApiTypes.STR, OpenApiParameter.QUERY, enum=STATUSES),
    OpenApiParameter("flagged", OpenApiTypes.BOOL, OpenApiParameter.QUERY,
                     description="true: only questions whose statistics are flagged; false: "
                                 "only the others."),
]


@extend_schema(summary="The question bank with item statistics (editors)",
               description="Every question, drafts, retired and withdrawn ones included, 50 to "
                           "a page, with its facility, discrimination and option counts.",
               parameters=FILTERS,
               responses={200: EditorQuestionSerializer, 400: BAD_REQUEST, 403: FORBIDDEN,
                          404: NOT_FOUND})
class QuestionList(generics.ListAPIView):
    permission_classes = [IsEditor]
    serializer_class = QuestionRows
    pagination_class = QuestionPages

    def get_queryset(self):
        filters, errors = clean_filters(self.request.query_params)
        if errors:
            raise ValidationError(errors)
        rows = Question.objects.select_related("scenario").defer(*LIST_DEFERRED)
        return filtered(filters, rows).order_by(*BANK_ORDER)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        rows = QuestionRows(page, many=True, context={"stats": item_stats(page)})
        return self.get_paginated_response(rows.data)


@transaction.atomic
def change(question, data, user):
    """Apply a PATCH's fields through curation (each change a history line), all or none;
    CurationError names a field it refuses."""
    if "prompt_wording" in data or "explanation_wording" in data:
        curation.checked_wording(question, data.get("prompt_wording"),
                                 data.get("explanation_wording"))
    if "status" in data:
        curation.set_status(question, data["status"], user, data.get("note", ""))
    if "prompt_wording" in data or "explanation_wording" in data:
        curation.reword(question, user, data.get("prompt_wording"),
                        data.get("explanation_wording"))


QUESTION_NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such question.")


class QuestionDetail(APIView):
    """One question for editors; PATCH changes its status or an editor's wording."""

    permission_classes = [IsEditor]

    def question(self, pk):
        return get_object_or_404(Question.objects.select_related("scenario"), pk=pk)

    @extend_schema(summary="A question with its statistics, reports and history (editors)",
                   responses={200: EditorQuestionDetailSerializer, 403: FORBIDDEN,
                              404: QUESTION_NOT_FOUND})
    def get(self, request, pk):
        return Response(detail_data(self.question(pk)))

    @extend_schema(summary="Publish, retire or send back to draft a question, or reword it "
                           "(editors)",
                   description="Each change is a line of the question's history. Publishing "
                               "a question whose scenario is gone, or that has no wrong "
                               "option, is refused (400 naming `status`).",
                   request=QuestionChangeSerializer,
                   responses={200: EditorQuestionDetailSerializer, 400: BAD_REQUEST,
                              403: FORBIDDEN, 404: QUESTION_NOT_FOUND})
    def patch(self, request, pk):
        question = self.question(pk)
        body = QuestionChangeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            change(question, body.validated_data, request.user)
        except curation.CurationError as error:
            if error.status == 404:
                raise NotFound(error.message) from None
            raise ValidationError({error.field or "detail": [error.message]}) from None
        return Response(detail_data(self.question(pk)))


@extend_schema(summary="How a question fares: answers per option, facility, discrimination "
                       "(editors)",
               responses={200: QuestionStatsSerializer, 403: FORBIDDEN, 404: NOT_FOUND})
class QuestionStats(APIView):
    permission_classes = [IsEditor]

    def get(self, request, pk):
        question = get_object_or_404(Question.objects.select_related("scenario"), pk=pk)
        return Response({**question_stats(question),
                         "url": question.scenario.get_absolute_url()
                         if question.scenario_id else None})


@extend_schema(summary="Report a problem with a question you were asked",
               description="For anyone a question was put to in one of their quizzes (signed "
                           "in, or in the anonymous session that took the quiz): the report "
                           "goes to the editors' queue, and their response is shown beside "
                           "the question. To anyone else the question does not exist (404). "
                           "Reports are throttled per client (429).",
               request=QuestionReportRequestSerializer,
               responses={201: QuestionReportedSerializer, 400: BAD_REQUEST,
                          404: QUESTION_NOT_FOUND})
class QuestionReport(APIView):
    permission_classes = [AllowAny]
    throttle_scope = "report"

    def post(self, request, pk):
        if not curation.shown_to(pk, request.user, request.session.session_key or ""):
            raise NotFound("No such question.")
        body = QuestionReportRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            made = curation.report(Question(pk=pk), body.validated_data["text"],
                                   user=request.user,
                                   session_key=request.session.session_key or "")
        except curation.CurationError as error:
            raise ValidationError({error.field or "detail": [error.message]}) from None
        return Response({"id": made.pk, "text": made.text, "created_at": made.created_at,
                         "handled": False, "response": ""}, status=status.HTTP_201_CREATED)
