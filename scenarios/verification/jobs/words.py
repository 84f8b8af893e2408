"""A job's state in words, as the verification page, the job's page and its JSON say it."""


def job_state(job):
    """`queued`, `running: 40 of 170 scenarios replayed`, `done after 2 attempts`,
    `failed after 3 attempts`, and whether it was retried."""
    retried = f" (attempt {job.attempts} of {job.max_attempts})" if job.attempts > 1 else ""
    if job.status == job.QUEUED:
        if job.attempts:
            return f"queued again: attempt {job.attempts} of {job.max_attempts} stopped"
        return "queued"
    if job.status == job.RUNNING:
        if job.kind == job.QUESTIONS:
            return (f"running: rebuilding the quiz questions of {job.total} scenarios"
                    + retried)
        if job.kind == job.REVERIFY and job.total and job.done >= job.total:
            return "running: recording the verdicts" + retried
        total = job.total or "?"
        return f"running: {job.done} of {total} scenarios replayed" + retried
    if job.status == job.DONE:
        return "done" + (f" after {job.attempts} attempts" if job.attempts > 1 else "")
    return f"failed after {job.attempts} attempt{'s' if job.attempts != 1 else ''}"


def job_data(job):
    """The job as JSON: what the edit form's script polls."""
    return {"id": job.pk, "kind": job.kind, "label": job.label, "status": job.status,
            "state": job_state(job), "done": job.done, "total": job.total,
            "attempts": job.attempts, "max_attempts": job.max_attempts, "error": job.error,
            "url": job.get_absolute_url(),
            "run": job.run.get_absolute_url() if job.run_id else None}
