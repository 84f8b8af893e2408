"""A verification run told in words: why it ran and which revisions it replayed, by their
articles' titles and scenarios' titles rather than the keys a run records
("kingdom-duels/setup r12", "scenario strike-a-terrain")."""
import re
from dataclasses import dataclass

from django.urls import reverse

ARTICLE_REVISION_RE = re.compile(r"^(?P<format>[\w-]+)/(?P<slug>[\w-]+) r(?P<number>\d+)$")
SCENARIO_RE = re.compile(r"^scenario (?P<slug>[\w-]+)$")


@dataclass
class RevisionLink:
    words: str
    url: str | None = None


def revision_links(runs):
    """{run pk: [RevisionLink]} for these runs, with two queries whatever their number."""
    from rulings.knowledge.models import Article

    from scenarios.verification.models import Scenario

    recorded = {run.pk: list(run.revisions or ()) for run in runs}
    articles, scenarios = set(), set()
    for texts in recorded.values():
        for text in texts:
            if (found := ARTICLE_REVISION_RE.match(str(text))):
                articles.add((found["format"], found["slug"]))
            elif (found := SCENARIO_RE.match(str(text))):
                scenarios.add(found["slug"])
    titles = {}
    if articles:
        for fmt, slug, title in Article.objects.filter(
                slug__in={slug for _, slug in articles}).values_list(
                    "format__slug", "slug", "title"):
            titles[(fmt, slug)] = title
    scenario_titles = dict(Scenario.objects.filter(slug__in=scenarios).values_list(
        "slug", "title")) if scenarios else {}
    return {pk: [_link(str(text), titles, scenario_titles) for text in texts]
            for pk, texts in recorded.items()}


def _link(text, titles, scenario_titles):
    if (found := ARTICLE_REVISION_RE.match(text)):
        key = (found["format"], found["slug"])
        if key in titles:
            return RevisionLink(f"{titles[key]}, revision {found['number']}",
                                reverse("revision", args=[key[0], key[1], int(found["number"])]))
        return RevisionLink(f"an article since removed, revision {found['number']}")
    if (found := SCENARIO_RE.match(text)):
        title = scenario_titles.get(found["slug"])
        if title:
            return RevisionLink(f"the scenario “{title}”", reverse("scenario", args=[found["slug"]]))
        return RevisionLink("a scenario since removed")
    return RevisionLink(text)


def run_reason(run, links):
    """Why a run happened, in a phrase: "Article edited: Setup, revision 12"."""
    if run.trigger == run.EDIT and links:
        edited = "Scenario edited" if links[0].words.startswith(("the scenario", "a scenario")) \
            else "Article edited"
        return f"{edited}: {links[0].words}" if len(links) == 1 else edited
    return {run.LOAD: "Rules or scenarios loaded", run.CLI: "Run from the command line",
            run.API: "Asked for through the API"}.get(run.trigger, "Edited")
