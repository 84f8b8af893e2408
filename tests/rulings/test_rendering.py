import pytest

from rulings.knowledge.rendering import ArticleEntry, RenderContext, TermEntry, render


def context(**overrides):
    values = dict(
        format_slug="trh", article_slug="summon-limit",
        parameters={"nightfall_cost": 500, "starting_lp": 15000,
                    "table": [{"opponent_lp_at_least": 4000, "limit": 2},
                              {"opponent_lp_at_least": 0, "limit": 4}],
                    "forbidden": ["Pot of Greed", "Maliss <Q> Hearts Crypter"]},
        index={("trh", "nightfall"): ArticleEntry("Nightfall", {"cost": "The cost", "pay": ""}),
               ("trh", "summon-limit"): ArticleEntry("The summon limit", {"the-limit": "The limit"}),
               ("core", "chains"): ArticleEntry("Chains", {})},
        terms=[])
    values.update(overrides)
    return RenderContext(**values)


def term(name, *aliases, article=("trh", "nightfall"), anchor="cost"):
    return TermEntry(key=f"trh:{name.lower()}", name=name, url=f"/rules/trh/x/#{anchor}",
                     definition=f"{name} means something.", article_key=article, anchor=anchor,
                     names=(name, *aliases))


def test_trailing_anchor_becomes_the_id_and_gets_a_copyable_link():
    html = render("## Negated summons {#negated-summons}\n\nA rule. {#rule-a}\n", context()).html
    assert '<h2 id="negated-summons">' in html
    assert '<p id="rule-a">A rule.' in html
    assert '<a class="anchor-link" href="#rule-a"' in html
    assert "{#" not in html


def test_bullets_take_their_own_anchor_even_with_a_sub_list():
    html = render("- First {#first}\n    - Inner {#inner}\n- Second {#second}\n", context()).html
    assert '<li id="first">' in html and '<li id="inner">' in html and '<li id="second">' in html


def test_example_block_is_a_marked_aside_with_its_id():
    html = render("::: example {#example-forced-back} Forced Back\nThe summon is *negated*.\n:::\n",
                  context()).html
    assert '<aside class="example" data-example="example-forced-back" id="example-forced-back">' in html
    assert '<span class="example-label">Example</span> Forced Back</p>' in html
    assert "<p>The summon is <em>negated</em>.</p>\n</aside>" in html


def test_parameter_renders_its_value_once_written():
    html = render("Pay {{ nightfall_cost }} LP; start at {{starting_lp}}.\n", context()).html
    assert ">500</span> LP" in html and ">15,000</span>" in html
    assert 'title="Life Points paid for Nightfall: 500"' in html  # named in words


def test_dotted_parameter_reaches_into_tables():
    html = render("At {{ table.0.opponent_lp_at_least }} the limit is {{ table.0.limit }}.\n",
                  context()).html
    assert ">4,000</span>" in html and ">2</span>" in html


def test_list_of_mappings_on_its_own_line_renders_a_table():
    html = render("{{ table }}\n", context()).html
    assert "<table>" in html and "<th>Opponent LP at least</th>" in html and "<td>4,000</td>" in html


def test_list_parameter_renders_bullets_with_names_escaped():
    html = render("{{ forbidden }}\n", context()).html
    assert "<li>Pot of Greed</li>" in html
    assert "Maliss &lt;Q&gt; Hearts Crypter" in html


def test_unknown_parameter_renders_visibly_and_never_raises():
    html = render("Costs {{ no_such_thing }}.\n", context()).html
    assert 'class="param-missing"' in html and "{{ no_such_thing }}" in html


def test_cross_link_shows_target_title_by_default():
    html = render("See [[nightfall]].\n", context()).html
    assert '<a class="xref" href="/rules/trh/nightfall/"' in html and ">Nightfall</a>" in html


def test_cross_link_to_an_anchor_in_another_format_with_text():
    rendered = render("See [[core/chains|the chain rules]] and [[nightfall#cost]].\n", context())
    assert 'href="/rules/core/chains/"' in rendered.html and ">the chain rules</a>" in rendered.html
    assert 'href="/rules/trh/nightfall/#cost"' in rendered.html and ">The cost</a>" in rendered.html
    assert [link.broken for link, _ in rendered.links] == [False, False]


def test_same_article_anchor_link():
    html = render("Back to [[#the-limit]].\n", context()).html
    assert 'href="/rules/trh/summon-limit/#the-limit"' in html


@pytest.mark.parametrize("target", ["missing-article", "nightfall#no-such-anchor", "nope/thing",
                                    "javascript:alert(1)"])
def test_broken_links_render_visibly_and_are_reported(target):
    rendered = render(f"See [[{target}]].\n", context())
    assert 'class="broken-link"' in rendered.html
    assert "javascript:" not in rendered.html.split("title=")[0]
    link, line = rendered.links[0]
    assert link.broken and line == 1


def test_glossary_term_is_linked_on_first_use_in_each_section_only():
    body = "## One {#one}\n\nNightfall here, Nightfall again.\n\n## Two {#two}\n\nNightfall once more.\n"
    html = render(body, context(terms=[term("Nightfall")])).html
    assert html.count('class="term"') == 2
    assert 'title="Nightfall: Nightfall means something."' in html


def test_term_aliases_match_case_insensitively():
    html = render("Pay the nightfall fee.\n", context(terms=[term("Nightfall", "NF")])).html
    assert '<a class="term"' in html and ">nightfall</a>" in html


def test_terms_are_not_linked_in_headings_code_or_links():
    body = "## Nightfall {#h}\n\n`Nightfall` and [[nightfall|Nightfall]].\n"
    html = render(body, context(terms=[term("Nightfall")])).html
    assert 'class="term"' not in html


def test_term_is_not_linked_inside_the_section_that_defines_it():
    body = "## Cost {#cost}\n\nNightfall costs LP.\n\n## Later {#later}\n\nNightfall again.\n"
    terms = [term("Nightfall", article=("trh", "summon-limit"), anchor="cost")]
    html = render(body, context(terms=terms)).html
    assert html.count('class="term"') == 1
    assert html.index('class="term"') > html.index('id="later"')


def test_sections_are_collected_for_contents_and_search():
    rendered = render("Intro.\n\n## First {#first}\n\nText one.\n\n### Sub {#sub}\n\nText two.\n",
                      context())
    assert [(s["anchor"], s["level"]) for s in rendered.sections] == [("", 1), ("first", 2), ("sub", 3)]
    assert rendered.sections[1]["text"] == "Text one."
    assert "¶" not in rendered.sections[2]["text"]


def test_section_text_is_what_a_reader_sees_including_example_blocks():
    body = ("## Tokens {#tokens}\n\nTokens never count. {#never}\n\n"
            "::: example {#example-two} Two monsters at once\nA Pendulum Summon.\n:::\n")
    section = render(body, context()).sections[-1]
    assert section["text"] == "Tokens never count. Example Two monsters at once A Pendulum Summon."


def _ids(html):
    import re
    return re.findall(r'\sid="([^"]*)"', html)


def test_sub_items_indented_under_an_ordered_item_take_their_own_anchors():
    # Three spaces line a sub-item up with the text of "2. ": python-markdown alone wants four.
    body = ("Steps: {#steps}\n\n1. First. {#step-1}\n2. Second. {#step-2}\n"
            "   - Detail of two. {#detail}\n3. Third. {#step-3}\n  - Two spaces also nest. {#two}\n")
    html = render(body, context()).html
    assert "{#" not in html and "- Detail" not in html
    assert _ids(html) == ["steps", "step-1", "step-2", "detail", "step-3", "two"]
    assert '<li id="step-2">Second.<a class="anchor-link" href="#step-2"' in html
    assert html.count("<ol>") == 1 and html.count("<ul>") == 2


def test_a_list_straight_after_a_paragraph_is_a_list():
    html = render("The options: {#options}\n- One. {#one}\n- Two. {#two}\n", context()).html
    assert '<p id="options">The options:' in html
    assert '<ul>\n<li id="one">One.' in html and '<li id="two">Two.' in html


def test_each_anchored_line_of_a_paragraph_is_its_own_rule():
    html = render("First rule. {#first}\nSecond rule. {#second}\n", context()).html
    assert _ids(html) == ["first", "second"] and "{#" not in html


def test_a_later_paragraph_of_a_nested_item_and_the_next_item():
    body = "1. One {#one}\n  - Sub {#sub}\n\n     More of sub. {#more}\n2. Two {#two}\n"
    html = render(body, context()).html
    assert _ids(html) == ["one", "sub", "more", "two"] and "{#" not in html
    assert html.count("<ol>") == 1


def test_list_layout_leaves_code_and_plain_text_alone():
    html = render("```\n- not {#a}\n   - list\n```\n\nIn 1999. a year, not a list.\nText\n2. also text\n",
                  context()).html
    assert "- not {#a}\n   - list" in html and "<li>" not in html


def test_rendered_ids_are_the_anchors_a_link_can_land_on():
    from rulings.knowledge.rendering import rendered_ids
    ids = rendered_ids("## Head {#head}\n\n1. Step {#step}\n   - Sub {#sub}\n")
    assert {"head", "step", "sub"} <= ids


def test_a_counted_word_after_a_parameter_agrees_with_its_value():
    html = render("At most {{ once }} time(s), or {{ twice }} time(s).\n",
                  context(parameters={"once": 1, "twice": 2})).html
    assert "</span> time," in html and "</span> times." in html
    assert "(s)" not in html


def test_a_share_before_of_is_written_in_words():
    html = render("Damage equal to {{ share }} of the ATK; {{ share }} is the fraction.\n",
                  context(parameters={"share": 0.5})).html
    assert ">half</span> of the ATK" in html
    assert ">0.5</span> is the fraction" in html


def test_a_link_after_a_determiner_drops_the_titles_own_the():
    entry = ArticleEntry("The Deck Master Position", {})
    html = render("In a [[deck-master-position]]; see [[deck-master-position]].\n",
                  context(index={("trh", "deck-master-position"): entry})).html
    assert ">Deck Master Position</a>;" in html
    assert "see <a" in html and ">The Deck Master Position</a>." in html
