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

# Functions (query, format_slug, limit) -> list of search hits as dicts (`kind`, `format`,
# `slug`, `title`, `anchor`, `heading`, `snippet`, `url`), listed after the article sections
# the search API answers.
search_providers = []

# Readers of a format's rule parameters besides its rules engine, each (what, specs_for):
# `what` names the reader in messages ("the {format} deck checker"), specs_for(format_slug)
# returns the engine Param specs it reads. Saving an article checks values against them.
parameter_readers = []


@dataclass
class EditImpact:
    """The apps that replay scenarios tell the editor what an edit does to them.

    preview(article, source, anchors): the Impact of a draft (`failing`, `as_dict()`), or None.
    after_save(article, revision): what the save just did ({failing, slugs,
    questions_withdrawn, url}), or None when it touched no scenario.
    """
    preview: Callable | None = None
    after_save: Callable | None = None


edit_impact = EditImpact()


def register_stamp_model(model):
    if model not in stamp_models:
        stamp_models.append(model)


def register_search_provider(provider):
    if provider not in search_providers:
        search_providers.append(provider)


def register_parameter_reader(what, specs_for):
    if all(entry[0] != what for entry in parameter_readers):
        parameter_readers.append((what, specs_for))


def register_edit_impact(preview, after_save):
    edit_impact.preview, edit_impact.after_save = preview, after_save


def extra_search_hits(query, format_slug, limit):
    """Hits from every registered search provider, in the order they registered."""
    return [hit for provider in search_providers for hit in provider(query, format_slug, limit)]


def draft_impact(article, source, anchors):
    return edit_impact.preview(article, source, anchors) if edit_impact.preview else None


def saved_impact(article, revision):
    return edit_impact.after_save(article, revision) if edit_impact.after_save else None
