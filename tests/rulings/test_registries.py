"""The knowledge base asks the apps above it through registries they fill when the site
starts (rulings/knowledge/registries.py); with nothing registered it asks for nothing."""
from rulings.knowledge import registries
from rulings.knowledge.validation import parameter_readers
from scenarios.verification import registries as verification_registries
from scenarios.verification.models import VerificationRun


def test_the_apps_fill_the_knowledge_base_registries_when_the_site_starts():
    assert VerificationRun in registries.stamp_models
    assert [p.__name__ for p in registries.search_providers] == ["scenario_hits"]
    assert [what for what, _ in registries.parameter_readers] == ["deck checker"]
    assert registries.edit_impact.preview and registries.edit_impact.after_save


def test_with_nothing_registered_the_knowledge_base_asks_for_nothing(monkeypatch):
    monkeypatch.setattr(registries, "search_providers", [])
    monkeypatch.setattr(registries, "edit_impact", registries.EditImpact())
    assert registries.extra_search_hits("chain", None, 10) == []
    assert registries.draft_impact(None, None, set()) is None
    assert registries.saved_impact(None, None) is None


def test_a_registered_reader_names_itself_in_the_parameter_readers(monkeypatch):
    monkeypatch.setattr(registries, "parameter_readers", [])
    fmt = "thought-ruler-highlander"
    assert [who for who, _ in parameter_readers(fmt)] == [f"the {fmt} rules engine"]
    spec = parameter_readers(fmt)[0][1][0]
    registries.register_parameter_reader("deck checker", lambda slug: [spec])
    registries.register_parameter_reader("deck checker", lambda slug: [])  # once only
    assert len(registries.parameter_readers) == 1
    # A name the engine reads too is checked once, as the engine's: nothing left to the checker.
    assert [who for who, _ in parameter_readers(fmt)] == [f"the {fmt} rules engine"]


def test_a_difference_without_a_describer_is_told_by_its_key_and_values(monkeypatch):
    monkeypatch.setattr(verification_registries, "difference_describers", [])
    words = verification_registries.difference_words({"key": "lp.A", "expected": 0, "got": 500})
    assert words == {"subject": "lp.A", "expected": "0", "got": "500", "path": None}


def test_presentation_tells_differences_in_a_judges_words():
    words = verification_registries.difference_words({"key": "lp.A", "expected": 0, "got": 500})
    assert words["subject"] != "lp.A" and "500" in words["got"]


def test_a_difference_after_a_step_names_the_step_and_its_field():
    words = verification_registries.difference_words(
        {"key": "expect_after.3.lp.A", "expected": 6000, "got": 8000})
    assert words["subject"].startswith("After step 3: ") and "8000" in words["got"]
    assert words["path"] == "expect_after.3.lp.A"
