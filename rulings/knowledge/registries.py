"""What the knowledge base asks of the apps built on it, without importing them.

Imports run one way: engine <- knowledge base <- verification <- {decks, presentation,
quizzes} <- project. A few knowledge-base features need an answer that only a higher app can
give: the page-cache stamp must change when verdicts are recorded, the article editor shows
what a draft does to the scenarios, search also lists scenarios, and saving an article checks
the parameters the deck checker reads. For each, this module keeps a list (or one slot) that
the higher app fills in its `AppConfig.ready`; the knowledge base reads it at request time.
With nothing registered (the knowledge base alone) each answer is empty, never an error.
"""
from dataclasses import dataclass
from typing import Callable

# Models whose latest row id joins the site stamp (rulings.knowledge.page_cache.site_stamp):
# recording a row (a verification run) gives every cached page a new key.
stamp_models = []

# Functions () -> (sql, params) of a scalar query whose answer joins the site stamp, for a
# state no latest row id tells: how many re-verification jobs are unfinished, say (a job that
# ends without recording a run must change the stamp too).
stamp_queries = []

# Functions (query, format_slug, limit) -> list of search hits as dicts (`kind`, `format`,
# `slug`, `title`, `anchor`, `heading`, `snippet`, `url`), listed after the article sections
# the search API answers.
search_providers = []

# Readers of a format's rule parameters besides its rules engine, each (what, specs_for):
# `what` names the reader in messages ("the {format} deck checker"), specs_for(format_slug)
# returns the engine Param specs it reads. Saving an article checks values against them.
parameter_readers = []


# Functions (query, format_slug, limit) -> search hits (dicts like the providers'), listed
# before the article sections: the card pages, first for a card's name or a near one.
search_leaders = []


@dataclass
class CardLinks:
    """Card names as links to their card pages (filled by the cards app).

    link_html(html, unlinked=()): the HTML with catalogued card names in its text linked,
    their text in a `title`; names in `unlinked` (a scenario's own cards) left as they are.
    url_of(name): the card page of a catalogued card name, or None.
    """
    link_html: Callable | None = None
    url_of: Callable | None = None


card_links = CardLinks()


@dataclass
class EditImpact:
    """The apps that replay scenarios tell the editor what an edit does to them.

    preview(article, source, anchors): the Impact of a draft (`failing`, `as_dict()`), or None.
    after_save(article, revision): what the save just did ({failing, slugs,
    questions_withdrawn, url}, or {job} while its re-verification job has not recorded it),
    or None when it touched no scenario.
    in_background(article, source, anchors, user): (Impact, None) when the impact is known,
    (None, job) while a background job works it out; the job has `pk`, `status`, `error`
    and `get_absolute_url()` (the editor's template polls `verification-job-progress`).
    """
    preview: Callable | None = None
    after_save: Callable | None = None
    in_background: Callable | None = None


edit_impact = EditImpact()


def register_stamp_model(model):
    if model not in stamp_models:
        stamp_models.append(model)


def register_stamp_query(query):
    if query not in stamp_queries:
        stamp_queries.append(query)


def register_search_provider(provider):
    if provider not in search_providers:
        search_providers.append(provider)


def register_search_leader(provider):
    if provider not in search_leaders:
        search_leaders.append(provider)


def register_card_linker(link_html, url_of):
    card_links.link_html, card_links.url_of = link_html, url_of


def link_card_names(html, unlinked=()):
    """`html` with card names linked to their pages; unchanged with no cards app."""
    return card_links.link_html(html, unlinked) if card_links.link_html else html


def card_url(name):
    """A card name's page, or None (always None with no cards app)."""
    return card_links.url_of(name) if card_links.url_of else None


def leading_search_hits(query, format_slug, limit):
    """Hits to list before the article sections (card pages), from every registered leader."""
    return [hit for leader in search_leaders for hit in leader(query, format_slug, limit)]


def register_parameter_reader(what, specs_for):
    if all(entry[0] != what for entry in parameter_readers):
        parameter_readers.append((what, specs_for))


def register_edit_impact(preview, after_save, in_background=None):
    edit_impact.preview, edit_impact.after_save = preview, after_save
    edit_impact.in_background = in_background


def extra_search_hits(query, format_slug, limit):
    """Hits from every registered search provider, in the order they registered."""
    return [hit for provider in search_providers for hit in provider(query, format_slug, limit)]


def draft_impact(article, source, anchors):
    return edit_impact.preview(article, source, anchors) if edit_impact.preview else None


def draft_impact_in_background(article, source, anchors, user=None):
    """(impact, job): the impact when known, else the job working it out; without a
    background provider, the impact computed now."""
    if edit_impact.in_background:
        return edit_impact.in_background(article, source, anchors, user)
    return draft_impact(article, source, anchors), None


def saved_impact(article, revision):
    return edit_impact.after_save(article, revision) if edit_impact.after_save else None
