"""What an edit or a restore does to the scenarios, said before and after saving.

Before: the draft's preview and its impact; a save that would make scenarios fail waits for
the editor to confirm how many (a box to tick, checked on the server, so it works without
JavaScript). After: the message names how many scenarios now fail and the quiz questions
withdrawn, with a link to the verification run. The verification app does the replaying; the
knowledge base sits below it and asks through its registries (rulings/knowledge/registries.py).
"""
from django.contrib import messages
from django.template.defaultfilters import pluralize
from django.utils.html import format_html

from ..preview import preview
from ..registries import saved_impact

CONFIRM_FIELD = "confirm_failures"


def preview_into(article, source, problems, template_context):
    """Put the rendered draft (`preview`), its problems and its `impact` in the context;
    returns the Preview."""
    result = preview(article, source, problems)
    template_context["preview"], template_context["impact"] = result.html, result.impact
    return result


def unconfirmed_failures(request, article, source, problems, template_context):
    """The number of scenarios the editor must still confirm will fail (0: go ahead).

    The confirmation names the number it was given for: when it differs from what the
    save would do now (another edit came in between), the editor is asked again."""
    if article.pk is None:
        return 0
    impact = preview_into(article, source, problems, template_context).impact
    failing = len(impact.failing) if impact else 0
    if not failing or request.POST.get(CONFIRM_FIELD) == str(failing):
        return 0
    template_context["confirm_needed"] = failing
    return failing


def saved_message(request, article, revision, what):
    """`Saved revision 3 of “Life Points”.`; when scenarios now fail, how many, the quiz
    questions withdrawn and a link to the verification run that found them."""
    found = saved_impact(article, revision)
    if not found or not found["failing"]:
        messages.success(request, f"{what}.")
        return
    failing, withdrawn = found["failing"], found["questions_withdrawn"]
    messages.warning(request, format_html(
        "{}. {} scenario{} now fail{} and {} quiz question{} {} withdrawn: "
        "<a href=\"{}\">see the verification run and the failing scenarios</a>.",
        what, failing, pluralize(failing), pluralize(failing, "s,"), withdrawn,
        pluralize(withdrawn), "was" if withdrawn == 1 else "were", found["url"]))
