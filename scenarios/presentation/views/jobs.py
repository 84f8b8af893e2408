"""A background job's page, and its progress as JSON (what the edit form's script polls).

Re-verification jobs are public, as the runs they record are; a draft's impact job belongs
to an unsaved edit, so only editors see it.
"""
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render

from scenarios.verification.job_models import VerificationJob
from scenarios.verification.jobs.words import job_data, job_state

from .scenario_pages import can_edit

# Seconds between reloads of an unfinished job's page (no script needed).
REFRESH_SECONDS = 2


def _job(request, pk):
    job = get_object_or_404(VerificationJob.objects.select_related("run", "user"), pk=pk)
    if job.kind == VerificationJob.IMPACT and not can_edit(request):
        raise Http404("No such job.")
    return job


def job_detail(request, pk):
    job = _job(request, pk)
    response = render(request, "scenarios/job.html", {"job": job, "state": job_state(job)})
    if job.is_active:
        response["Refresh"] = str(REFRESH_SECONDS)
    return response


def job_progress(request, pk):
    response = JsonResponse(job_data(_job(request, pk)))
    response["Cache-Control"] = "no-store"
    return response


def jobs_for_list(request, finished=10):
    """The jobs the verification page lists: every unfinished one, then the latest finished."""
    jobs = VerificationJob.objects.select_related("run", "user")
    if not can_edit(request):
        jobs = jobs.filter(kind=VerificationJob.REVERIFY)
    active = list(jobs.filter(status__in=VerificationJob.ACTIVE).order_by("pk"))
    done = list(jobs.exclude(status__in=VerificationJob.ACTIVE)[:finished])
    return active, done
