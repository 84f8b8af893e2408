"""The glossary page: a filter box (a form the server answers, that a script runs as you type)
and no trivial plurals among a term's other names."""
import re

from rulings.knowledge.glossary import is_trivial_plural, shown_aliases

TERMS = [
    {"name": "Ability", "aliases": ["Abilities", "Deck Master Ability"], "anchor": "ability",
     "definition": "A power the Deck Master lends its player."},
    {"name": "Formation Points", "aliases": ["Formation Point", "FP"], "anchor": "fp",
     "definition": "Points a team spends to move between the lines."},
    {"name": "Chain", "aliases": ["chains"], "anchor": "chain",
     "definition": "Effects stacked in response to each other."},
]


def glossary_page(client, make_article, query=None):
    make_article("abilities", "## A {#ability}\n\n## F {#fp}\n\n## C {#chain}\n", fmt="dm",
                 terms=TERMS)
    return client.get("/glossary/", {"q": query} if query else {}).content.decode()


def test_trivial_plurals_are_a_name_plus_s_es_or_ies():
    assert is_trivial_plural("Chains", "chain") and is_trivial_plural("passes", "Pass")
    assert is_trivial_plural("Abilities", "Ability")
    assert not is_trivial_plural("Deck Master Ability", "Ability")
    assert not is_trivial_plural("Hide", "Hidden")


def test_an_alias_that_is_a_plural_or_singular_of_another_name_is_left_out():
    assert shown_aliases("Ability", ["Abilities", "Deck Master Ability"]) == [
        "Deck Master Ability"]
    assert shown_aliases("Formation Points", ["Formation Point", "FP"]) == ["FP"]
    # of two aliases that differ by a plural, the singular stays
    assert shown_aliases("Frontrow", ["Monster Zone", "Monster Zones"]) == ["Monster Zone"]


def test_the_glossary_page_leaves_out_trivial_plurals(client, make_article):
    # what a reader sees: the filter's data attributes hold every name, for the filter
    page = re.sub(r' data-text="[^"]*"', "", glossary_page(client, make_article))
    assert "also: Deck Master Ability" in page and "Abilities" not in page
    assert "also: FP" in page and "Formation Point," not in page
    assert "chains" not in page.replace("Chains", "")


def test_the_glossary_has_a_labelled_filter_box_and_its_script(client, make_article):
    page = glossary_page(client, make_article)
    assert '<label for="glossary-q">Filter the terms</label>' in page
    assert re.search(r'<input type="search" id="glossary-q" name="q"', page)
    assert 'src="/static/rulings/glossary.js"' in page
    assert page.count('class="glossary-entry"') == 3


def test_the_filter_works_without_a_script(client, make_article):
    page = glossary_page(client, make_article, "move lines")
    assert page.count('class="glossary-entry"') == 1 and "Formation Points" in page
    assert "1 term match “move lines”" in page and 'href="/glossary/">Show every term' in page


def test_a_filter_matching_nothing_says_so(client, make_article):
    page = glossary_page(client, make_article, "zebra")
    assert "No term matches “zebra”" in page and 'class="glossary-entry"' not in page


def test_the_filter_finds_a_term_by_an_alias_left_off_the_page(client, make_article):
    page = glossary_page(client, make_article, "abilities")
    assert page.count('class="glossary-entry"') == 1 and ">Ability</a>" in page
