from rulings.knowledge.articlefile import ArticleSource
from rulings.knowledge.validation import FormatContext, check_article


def source(body, **kwargs):
    return ArticleSource(title="Article", body=body, **kwargs)


def test_unknown_parameter_is_an_error_with_its_body_line():
    problems = check_article(source("Fine.\n\nCosts {{ nightfall_cost }}.\n"), "a",
                             FormatContext("trh"))
    assert [(p.field, p.line, p.is_error) for p in problems] == [("body", 3, True)]
    assert "nightfall_cost" in problems[0].message


def test_parameters_of_other_articles_in_the_format_may_be_used():
    context = FormatContext("trh", parameters={"nightfall_cost": 500},
                            parameter_owners={"nightfall_cost": "nightfall"})
    assert check_article(source("Costs {{ nightfall_cost }}.\n"), "a", context) == []


def test_a_parameter_name_defined_by_another_article_is_a_duplicate():
    context = FormatContext("trh", parameters={"cost": 1}, parameter_owners={"cost": "other"})
    problems = check_article(source("x\n", parameters={"cost": 2}), "mine", context)
    assert problems[0].field == "parameters" and "'other'" in problems[0].message


def test_redefining_your_own_parameter_is_fine():
    context = FormatContext("trh", parameters={"cost": 1}, parameter_owners={"cost": "mine"})
    assert check_article(source("{{ cost }}\n", parameters={"cost": 2}), "mine", context) == []


def test_term_must_point_at_an_anchor_of_its_article():
    terms = [{"name": "Nightfall", "anchor": "missing", "definition": "d"}]
    problems = check_article(source("## Here {#here}\n", terms=terms), "a", FormatContext("trh"))
    assert problems[0].field == "terms[1].anchor"


def test_glossary_term_already_defined_elsewhere_is_a_duplicate():
    terms = [{"name": "Nightfall", "anchor": "here", "definition": "d"}]
    context = FormatContext("trh", term_owners={"nightfall": "nightfall"})
    problems = check_article(source("## Here {#here}\n", terms=terms), "a", context)
    assert problems[0].field == "terms[1].name" and "'nightfall'" in problems[0].message


def test_broken_link_is_a_warning_not_an_error():
    problems = check_article(source("Intro.\n\nSee [[nowhere]].\n"), "a", FormatContext("trh"))
    assert [(p.line, p.is_error) for p in problems] == [(3, False)]


def test_link_to_an_anchor_in_the_same_source_resolves():
    assert check_article(source("## A {#a}\n\nSee [[#a]].\n"), "self", FormatContext("trh")) == []


def test_duplicate_anchor_blocks_the_save():
    problems = check_article(source("## A {#a}\n\nText {#a}\n"), "x", FormatContext("trh"))
    assert problems[0].is_error and problems[0].line == 3


def test_an_anchor_lost_in_rendering_is_a_warning_and_links_to_it_are_broken():
    # Two anchored lines in one bullet: the renderer keeps one item, so '#lost' never renders.
    body = "## A {#a}\n\n- Lost. {#lost}\n  Kept. {#kept}\n\nSee [[#lost]] and [[#kept]].\n"
    problems = check_article(source(body), "self", FormatContext("trh"))
    assert [(p.line, p.is_error) for p in problems] == [(3, False), (6, False)]
    assert "'#lost' does not render" in problems[0].message
    assert "no anchor '#lost'" in problems[1].message


def test_link_to_a_missing_anchor_of_another_article_is_broken():
    from rulings.knowledge.rendering.links import ArticleEntry
    context = FormatContext("trh", index={("trh", "other"): ArticleEntry("Other", {"there": ""})})
    problems = check_article(source("See [[other#there]] and [[other#gone]].\n"), "a", context)
    assert [(p.line, p.is_error) for p in problems] == [(1, False)]
    assert "no anchor '#gone' in 'trh/other'" in problems[0].message
