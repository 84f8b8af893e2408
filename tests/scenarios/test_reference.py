"""The scenario reference (`/scenarios/reference/`, `GET /api/scenarios/reference/`) is generated
from the engine: every reason code the engine can raise is listed with its meaning, and every rule
anchor it names exists in the articles."""
import re
from pathlib import Path

import pytest
from django.utils.html import escape

from rulings.knowledge.rendering import anchors as article_anchors
from scenarios.engine.reference import reference
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.vocabulary import MEANINGS
from scenarios.presentation.reference_pages import priority
from tests.engine.reason_sites import codes_raised_in as raised_codes
from tests.engine.reason_sites import files_run_by

ROOT = Path(__file__).resolve().parent.parent.parent
ENGINE = ROOT / "scenarios" / "engine"


def article_anchor_sets():
    found = {}
    for path in (ROOT / "rulings" / "content").glob("*/*.md"):
        text = path.read_text(encoding="utf-8")
        body = text.split("\n---\n", 1)[1] if "\n---\n" in text else text
        found[f"{path.parent.name}/{path.stem}"] = {a.anchor for a in article_anchors.scan(body)[0]}
    return found


def formats_by_slug():
    return {fmt["slug"]: fmt for fmt in reference()["formats"]}


def test_every_code_raised_anywhere_in_the_engine_is_listed():
    listed = {c["code"] for fmt in reference()["formats"] for c in fmt["reason_codes"]}
    raised = set().union(*(raised_codes(p) for p in ENGINE.rglob("*.py")))
    assert raised and not raised - listed, sorted(raised - listed)


@pytest.mark.parametrize("slug", sorted(RULESETS))
def test_each_format_lists_the_codes_its_engine_code_raises(slug):
    fmt = formats_by_slug()[slug]
    listed = {c["code"]: c for c in fmt["reason_codes"]}
    raised = set().union(*(raised_codes(p) for p in files_run_by(RULESETS[slug])))
    assert not raised - set(listed), sorted(raised - set(listed))
    for code, entry in listed.items():
        assert entry["meaning"] == MEANINGS[code]
        assert entry["anchors"] or entry["core_mechanics"], code


def test_each_anchor_exists_in_the_articles():
    articles = article_anchor_sets()
    for fmt in reference()["formats"]:
        for entry in fmt["reason_codes"]:
            for anchor in entry["anchors"]:
                article, _, name = anchor.partition("#")
                assert name in articles.get(article, ()), f"{fmt['slug']} {entry['code']}: {anchor}"


def test_anchors_come_from_the_rule_passed_with_the_code():
    formats = formats_by_slug()
    core = {c["code"]: c for c in formats["core"]["reason_codes"]}
    assert core["spell_speed_too_low"]["anchors"] == ["core/chains#chaining-speed"]
    assert core["no_priority"] == {"code": "no_priority", "meaning": MEANINGS["no_priority"],
                                   "anchors": [], "core_mechanics": True}
    highlander = {c["code"]: c for c in formats["thought-ruler-highlander"]["reason_codes"]}
    # a rule handed down as a parameter's default
    assert highlander["summon_limit_reached"]["anchors"] == [
        "thought-ruler-highlander/summon-limit#no-attempt-at-limit"]
    kingdom = {c["code"]: c for c in formats["kingdom-duels"]["reason_codes"]}
    # rules kept in a table of tuples, and in tuples handed to illegal(*problem)
    assert "kingdom-duels/rule-cards#field-setup-limit" in kingdom["field_setup_limit"]["anchors"]
    assert kingdom["summoning_counters"]["anchors"] == [
        "kingdom-duels/alter-monsters#summoning-counters-required"]
    # a rule passed on by the caller of a helper
    assert len(kingdom["not_battle_royale"]["anchors"]) == 3


def test_steps_fields_and_expectations_come_from_the_declarations():
    for slug, fmt in formats_by_slug().items():
        ruleset = RULESETS[slug]
        assert {s["verb"] for s in fmt["steps"]} == set(ruleset.STEP_VERBS)
        assert set(fmt["setup_fields"]) == set(ruleset.SETUP_FIELDS)
        assert set(fmt["card_fields"]) == set(ruleset.CARD_FIELDS)
        assert set(fmt["player_fields"]) == set(ruleset.PLAYER_FIELDS)
        assert fmt["expect_keys"] == list(ruleset.EXPECT_KEYS)
        assert fmt["card_facts"] == list(ruleset.CARD_FACTS)
    core = {s["verb"]: s for s in formats_by_slug()["core"]["steps"]}
    assert {k: core["attack"][k] for k in ("verb", "value", "options")} == {
        "verb": "attack", "value": "a card id", "options": ["target"]}
    assert "tributes" in core["summon"]["options"]
    assert core["pass"]["value"] == "true"
    assert core["pass_turns"]["value"] == "a number of turns (1 to 10000)"
    kingdom = {s["verb"]: s for s in formats_by_slug()["kingdom-duels"]["steps"]}
    assert "to" in kingdom["strike"]["options"]


def test_scenario_cards_are_described():
    cards = reference()["scenario_cards"]
    assert "cards" in reference()["scenario_fields"]
    assert {"name", "kind", "atk", "race", "effects"} <= set(cards["fields"])
    assert cards["max_cards"] == 20 and cards["max_name_length"] == 100
    assert "damage" in cards["primitives"]


def test_the_api_answers_with_the_reference(client, db):
    response = client.get("/api/scenarios/reference/")
    assert response.status_code == 200
    assert response.json() == {**reference(), "priority": priority(),
                               "url": "/scenarios/reference/"}


def test_the_index_links_a_page_per_format_and_lists_shared_codes_once(client, bundled_rules):
    response = client.get("/scenarios/reference/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<table" not in html  # definition lists only: readable on a narrow phone
    data = reference()
    for fmt in data["formats"]:
        assert f'href="/scenarios/reference/{fmt["slug"]}/"' in html
    shared = set.intersection(*({c["code"] for c in f["reason_codes"]} for f in data["formats"]))
    assert "spell_speed_too_low" in shared
    for code in shared:
        assert html.count(f'id="shared-{code}"') == 1
    assert "core mechanics" in html


@pytest.mark.parametrize("slug", sorted(RULESETS))
def test_each_format_page_lists_its_own_codes_and_not_the_shared_ones(client, bundled_rules,
                                                                      slug):
    data = reference()
    shared = set.intersection(*({c["code"] for c in f["reason_codes"]} for f in data["formats"]))
    fmt = formats_by_slug()[slug]
    response = client.get(f"/scenarios/reference/{slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    for verb in (s["verb"] for s in fmt["steps"]):
        assert f'id="step-{verb}"' in html
    for entry in fmt["reason_codes"]:
        if entry["code"] not in shared:
            assert f'id="{slug}-{entry["code"]}"' in html
            code = entry["code"]
            assert html.count(f'<dt id="{slug}-{code}"><code>{code}</code></dt>') == 1
        else:  # its meaning is on the index, not here
            meaning = entry["meaning"]
            assert escape(meaning[0].upper() + meaning[1:]) + "." not in html


def test_a_format_page_gives_an_example_for_each_step_kind(client, bundled_rules):
    html = client.get("/scenarios/reference/kingdom-duels/").content.decode()
    steps = formats_by_slug()["kingdom-duels"]["steps"]
    examples = html.count('class="step-example"')
    missing = html.count("No bundled scenario uses this step yet")
    assert examples + missing == len(steps) and examples >= len(steps) - 1
    assert "- {player: A, attack: soldier, target: wolf}" in html


def test_rule_links_are_titled_by_the_rules_summary_not_its_anchor(client, bundled_rules):
    html = client.get("/scenarios/reference/thought-ruler-highlander/").content.decode()
    link = re.search(r'<a href="/rules/thought-ruler-highlander/summon-limit/#no-attempt-at-limit">'
                     r'([^<]+)</a>', html)
    assert link, "the summon-limit rule is linked"
    title = link.group(1)
    assert "#" not in title and "/" not in title and "summon-limit" not in title
    assert len(title.split()) > 4  # a sentence
    index = client.get("/scenarios/reference/").content.decode()
    assert 'href="/rules/core/chains/#chaining-speed">' in index
    assert ">core/chains#chaining-speed<" not in index


def test_an_unknown_format_has_no_reference_page(client, db):
    response = client.get("/scenarios/reference/no-such-format/")
    assert response.status_code == 404 and "Page not found" in response.content.decode()


def test_the_scenario_list_links_the_reference(client, db):
    assert 'href="/scenarios/reference/"' in client.get("/scenarios/").content.decode()


def test_a_scenario_page_shows_its_own_cards(client, loaded):
    html = client.get("/scenarios/inline-2000-atk-attacks-1900-atk/").content.decode()
    assert "Cards defined for this scenario" in html
    assert "Monster with 2000 ATK" in html and "Monster with 1900 ATK" in html
    assert "a card defined for this scenario" in html
    assert "A card defined for this scenario" in html  # on the board, in the card's text


def test_the_index_shows_refusals_the_card_language_and_priority_in_folding_parts(client, db):
    html = client.get("/scenarios/reference/").content.decode()
    for section in ("refusals", "card-language", "priority"):
        assert f'<section id="{section}">' in html and f'href="#{section}"' in html
    assert "<code>illegal: true</code>" in html
    for kind in reference()["effect_vocabulary"]:
        assert f'<details class="reference-part" id="words-{kind["kind"]}">' in html
        for word in kind["words"]:
            assert f"<code>{escape(word['word'])}</code>" in html
    assert "A → C → B → D" in html  # teams of two take turns passing
    assert "<table" not in html


def test_a_format_page_lists_the_codes_that_refuse_each_step_in_order(client, bundled_rules):
    html = client.get("/scenarios/reference/core/").content.decode()
    attack = next(s for s in formats_by_slug()["core"]["steps"] if s["verb"] == "attack")
    listed = re.search(r'id="step-attack".*?<ol class="refusal-order">(.*?)</ol>', html, re.S)
    assert listed, "the attack step lists its refusals"
    assert re.findall(r"<code>(\w+)</code>", listed.group(1)) == attack["refused_with"]
    assert 'href="/scenarios/reference/#shared-wrong_phase"' in listed.group(1)
    kingdom = client.get("/scenarios/reference/kingdom-duels/").content.decode()
    assert "Kingdom Duels Boss Duel" in kingdom and 'id="priority"' in kingdom
    assert "A duel of two" in html and "Kingdom Duels" not in html.split('id="priority"')[1]


def test_the_reference_s_new_parts_read_as_a_judge_writes(client, bundled_rules):
    from tests.judge_words import problems

    index = client.get("/scenarios/reference/").content.decode()
    parts = [re.search(rf'<section id="{name}">.*?</section>', index, re.S).group(0)
             for name in ("refusals", "card-language", "priority")]
    for address in ("/scenarios/reference/core/", "/scenarios/reference/kingdom-duels/"):
        page = client.get(address).content.decode()
        parts += [re.search(r'<section id="steps">.*?</section>', page, re.S).group(0),
                  re.search(r'<section id="priority">.*?</section>', page, re.S).group(0)]
    found = [problem for part in parts for problem in problems(part)]
    assert found == [], "\n".join(f"{what}: {context}" for what, context in found)


def test_the_index_says_which_overlapping_codes_apply_when_and_the_kingdom_card_terms(client, db):
    html = client.get("/scenarios/reference/").content.decode()
    refusals = re.search(r'<section id="refusals">.*?</section>', html, re.S).group(0)
    for group in reference()["overlapping_codes"]:
        assert escape(group["title"]) in refusals
        for entry in group["codes"]:
            assert f"<dt><code>{entry['code']}</code></dt>" in refusals
    cards = re.search(r'<section id="scenario-cards">.*?</section>', html, re.S).group(0)
    assert "<code>summon_with: ritual_spell</code> (required)" in cards
    assert "<code>rule: keyword</code>" in cards
