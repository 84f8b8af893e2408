import pytest
from django.db import connection

from rulings.knowledge import search


def test_negated_summons_finds_the_highlander_section_first(bundled_rules):
    first = search.search("negated summons")[0]
    assert (first.format_slug, first.article_slug, first.anchor) == (
        "thought-ruler-highlander", "summon-limit", "negated-summons")
    assert first.url == "/rules/thought-ruler-highlander/summon-limit/#negated-summons"


def test_summon_limit_finds_the_summon_limit_article_first(bundled_rules):
    first = search.search("summon limit")[0]
    assert (first.format_slug, first.article_slug) == ("thought-ruler-highlander", "summon-limit")


def test_heading_match_outranks_a_passing_mention(make_article):
    make_article("mentions", "## Other {#other}\n\nA long text that mentions ramparts once among "
                 "many other words about lines and teams and turns.\n")
    make_article("main", "## Ramparts {#ramparts}\n\nWhat they are.\n")
    hits = search.search("ramparts")
    assert (hits[0].article_slug, hits[0].anchor) == ("main", "ramparts")


def test_words_are_stemmed(make_article):
    make_article("rules", "## Counting {#counting}\n\nEach summoned monster counts.\n")
    assert search.search("summon")[0].anchor == "counting"


def test_snippet_marks_matches_and_escapes_html(make_article):
    make_article("escaping", "## S {#s}\n\nThe `<b>` tag and Nightfall together.\n")
    snippet = search.search("nightfall")[0].snippet
    assert "<mark>Nightfall</mark>" in snippet and "&lt;b&gt;" in snippet


def test_query_syntax_characters_are_harmless(make_article):
    make_article("x", "Plain text here.\n")
    for query in ['"', "AND OR NOT", "text*", "(", "NEAR(a b)", "col:text", "^"]:
        search.search(query)  # must not raise


def test_format_filter_and_empty_query(make_article):
    make_article("a", "Shared word.\n", fmt="one")
    make_article("b", "Shared word.\n", fmt="two")
    assert {h.format_slug for h in search.search("shared", format_slug="two")} == {"two"}
    assert search.search("   ") == []


def test_search_page_shows_ranked_results(client, bundled_rules):
    page = client.get("/search/", {"q": "negated summons"}).content.decode()
    first = page.index('class="hit-title"')
    assert page[first:first + 200].count("summon-limit/#negated-summons") == 1
    assert "<mark>" in page


def test_a_glossary_alias_finds_its_term(make_article):
    make_article("leader", "## The leader {#leader}\n\nEach player leads with a Deck Master.\n",
                 terms=[{"name": "Deck Master", "aliases": ["DM"], "anchor": "leader",
                         "definition": "The monster that leads."}])
    make_article("other", "## Other {#other}\n\nNothing about leaders here.\n")
    hits = search.search("DM")
    assert [(h.article_slug, h.anchor) for h in hits][:1] == [("leader", "leader")]
    assert "<mark>" in hits[0].snippet
    assert search.search("dm leads")[0].anchor == "leader"


def test_bundled_dm_finds_deck_master_rules(bundled_rules):
    hits = search.search("DM")
    assert hits and all("deck master" in (h.heading + h.title + h.snippet).lower()
                        for h in hits[:5])


def test_control_characters_in_a_query_are_harmless(make_article):
    make_article("x", "Plain text here.\n")
    assert search.search("plain\x00text")[0].article_slug == "x"


def test_api_search_lists_sections_then_scenarios(client, make_article):
    from scenarios.verification.models import Scenario

    make_article("nightfall", "## Cost {#cost}\n\nPay for Nightfall.\n", fmt="trh")
    Scenario.objects.create(slug="nightfall-story", format_slug="trh", title="Nightfall at dusk",
                            narrative="A player flips Nightfall face-down.", rule="trh/nightfall",
                            source="", path="x.yaml")
    data = client.get("/api/search/", {"q": "nightfall"}).json()
    assert [(d["kind"], d["slug"]) for d in data][-1] == ("scenario", "nightfall-story")
    assert data[0]["kind"] == "section" and data[-1]["url"] == "/scenarios/nightfall-story/"
    assert "<mark>Nightfall</mark>" in data[-1]["snippet"]


postgresql_only = pytest.mark.skipif(connection.vendor != "postgresql",
                                     reason="PostgreSQL's own full-text search")


@postgresql_only
def test_postgresql_sections_carry_a_weighted_gin_indexed_vector(make_article):
    article = make_article("rules", "## Ramparts {#ramparts}\n\nWalls stand.\n", title="Keep")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'rulings_section' "
                       "AND indexname = 'rulings_section_search_vector_gin'")
        assert "gin (search_vector)" in cursor.fetchone()[0]
        cursor.execute("SELECT search_vector::text FROM rulings_section "
                       "WHERE article_id = %s AND anchor = 'ramparts'", [article.pk])
        vector = cursor.fetchone()[0]
    assert "'rampart':1A" in vector and "'keep':2B" in vector and "'wall':3C" in vector


@postgresql_only
def test_postgresql_takes_websearch_syntax(make_article):
    make_article("one", "## One {#one}\n\nThe summons were negated.\n")
    make_article("two", "## Two {#two}\n\nNegated effects, and summons stay.\n")
    assert {h.anchor for h in search.search("negated summons")} == {"one", "two"}
    assert {h.anchor for h in search.search('"summons were negated"')} == {"one"}
    assert {h.anchor for h in search.search("negated -effects")} == {"one"}
    assert {h.anchor for h in search.search("walls or effects")} == {"two"}
