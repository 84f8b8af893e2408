"""What an edit or a restore does to the scenarios, said before and after saving.

Before: the draft's preview and its impact; a save that would make scenarios fail waits for
the editor to confirm how many (a box to tick, checked on the server, so it works without
JavaScript). The impact is worked out by a background job of the verification app, never in
the request: until it is known, Preview shows the check's progress and Save is held as a
state of the form ("Checking which scenarios this edit changes…", nothing saved), which the
page's script submits again when the check is done (without JavaScript, the editor presses
the button again). After: the message names how many scenarios now fail and the quiz
questions withdrawn, with a link to the verification run, or, while the save's
re-verification job runs, a link to its progress. The verification app does the replaying;
the knowledge base sits below it and asks through its registries
(rulings/knowledge/registries.py).
"""
from django.contrib import messages
from django.template.defaultfilters import pluralize
from django.utils.html import format_html

from ..preview import preview, rendered
from ..registries import saved_impact

CONFIRM_FIELD = "confirm_failures"
# What unconfirmed_failures answers while the draft's impact is still being worked out.
WAITING = -1


def preview_into(request, article, source, problems, template_context, render=True):
    """Put the rendered draft (`preview`), its problems and its `impact` in the context, or,
    while its job works the impact out, that job (`impact_job`); returns the Preview."""
    result = preview(article, source, problems, background=True, user=request.user,
                     render=render)
    template_context["preview"], template_context["impact"] = result.html, result.impact
    template_context["impact_job"] = result.impact_job if result.impact is None else None
    return result


def unconfirmed_failures(request, article, source, problems, template_context):
    """The number of scenarios the editor must still confirm will fail (0: go ahead), or
    WAITING while the impact is not known yet: either way, nothing is saved now.

    The confirmation names the number it was given for: when it differs from what the
    save would do now (another edit came in between), the editor is asked again."""
    if article.pk is None:
        return 0
    result = preview_into(request, article, source, problems, template_context, render=False)
    impact = result.impact
    if impact is None and result.impact_job is not None:
        template_context["impact_waiting"] = True
        failing = WAITING
    else:
        failing = len(impact.failing) if impact else 0
        if not failing or request.POST.get(CONFIRM_FIELD) == str(failing):
            return 0
        template_context["confirm_needed"] = failing
    # Held: the form shows the draft rendered too, as Preview does.
    template_context["preview"] = rendered(article, source)
    return failing


def saved_message(request, article, revision, what):
    """`Saved revision 3 of “Life Points”.`; when scenarios now fail, how many, the quiz
    questions withdrawn and a link to the verification run that found them."""
    found = saved_impact(article, revision)
    if found and "job" in found:
        job = found["job"]
        messages.success(request, format_html(
            "{}. Its {} affected scenario{} {} being re-verified in the background: "
            "<a href=\"{}\">follow the progress</a>.", what, job.total, pluralize(job.total),
            "is" if job.total == 1 else "are", job.get_absolute_url()))
        return
    if not found or not found["failing"]:
        messages.success(request, f"{what}.")
        return
    failing, withdrawn = found["failing"], found["questions_withdrawn"]
    messages.warning(request, format_html(
        "{}. {} scenario{} now fail{} and {} quiz question{} {} withdrawn: "
        "<a href=\"{}\">see the verification run and the failing scenarios</a>.",
        what, failing, pluralize(failing), pluralize(failing, "s,"), withdrawn,
        pluralize(withdrawn), "was" if withdrawn == 1 else "were", found["url"]))
