"""What the verification app gives the knowledge base through its registries
(rulings/knowledge/registries.py), registered in ScenariosConfig.ready.

The impact functions import the replaying code only when called, so commands that never
edit an article (`check`, `migrate`) do not load the engine.
"""


def draft_impact(article, source, anchors):
    """What a draft of `article` does to the scenarios that depend on it (an Impact)."""
    from .impact import preview_impact

    return preview_impact(article, source, anchors)


def saved_impact(article, revision):
    """What saving `revision` did to the scenarios, read from the run the save recorded."""
    from .impact import after_save

    return after_save(article, revision)


def draft_impact_in_background(article, source, anchors, user=None):
    """(Impact, None) when the draft's impact is known, else (None, the job working it out)."""
    from .jobs.drafts import draft_impact as in_background

    return in_background(article, source, anchors, user)


def register():
    from rulings.knowledge import registries

    from .jobs.pending import stamp_query
    from .models import VerificationRun
    from .scenario_search import scenario_hits

    registries.register_stamp_model(VerificationRun)
    registries.register_stamp_query(stamp_query)
    registries.register_search_provider(scenario_hits)
    registries.register_edit_impact(draft_impact, saved_impact, draft_impact_in_background)
