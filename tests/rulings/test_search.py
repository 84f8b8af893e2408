from rulings import search


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
