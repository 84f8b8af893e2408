"""Card names link to their card pages with their text on hover, outside links, code and
headings, never taking part of a scenario's own card; search puts a card first for its name
or a near one."""
from scenarios.cards.linking import link_card_names
from scenarios.cards.search import card_hits, closeness


def test_a_card_name_in_text_links_its_page_with_its_text_as_title():
    html = link_card_names("<p>B activates Solemn Warning in response.</p>")
    assert '<a class="card-link" href="/cards/solemn-warning/"' in html
    assert 'title="Solemn Warning (Counter Trap): Pay 2000 LP' in html
    assert html.endswith(">Solemn Warning</a> in response.</p>")


def test_names_inside_links_code_and_headings_stay_as_they_are():
    html = ('<h2 id="x">Solemn Warning</h2><p><a href="/y">Sangan</a> '
            '<code>Sangan</code></p>')
    assert link_card_names(html) == html


def test_a_name_inside_a_longer_word_or_name_is_not_linked():
    assert "card-link" not in link_card_names("<p>Sangans and Sangan-like cards</p>")


def test_an_escaped_apostrophe_in_a_name_still_links():
    html = link_card_names("<p>Kingdom Soldier&#x27;s Pike is equipped.</p>")
    assert "/cards/kingdom-soldiers-pike/" in html


def test_a_scenarios_own_card_is_left_whole_and_never_links_a_catalogued_name_inside_it():
    html = link_card_names("<p>Sangan Deluxe attacks Sangan.</p>", ("Sangan Deluxe",))
    assert html.startswith("<p>Sangan Deluxe attacks <a ")
    assert html.count("card-link") == 1


def test_a_card_name_or_a_near_one_ranks_its_card_first():
    for query in ("Solemn Warning", "solemn warn", "solem warn", "solemn warnig"):
        assert card_hits(query)[0]["title"] == "Solemn Warning", query
    assert card_hits("sangn")[0]["title"] == "Sangan"


def test_a_query_that_names_no_card_finds_none():
    assert card_hits("damage step timing") == []
    assert closeness("chain", "Solemn Warning") == 0
