from rulings.knowledge.articlefile import ArticleSource, dump_article, parse_article

VALID = """---
title: The summon limit
order: 60
summary: How many monsters a player may summon.
parameters:
  nightfall_cost: 500
terms:
- name: Summon Limit
  anchor: the-limit
  definition: The most monsters a player may summon in a turn.
---
## The limit {#the-limit}
Body text.
"""


def test_parse_reads_front_matter_and_keeps_body_exactly():
    source, problems = parse_article(VALID)
    assert problems == []
    assert source.title == "The summon limit"
    assert source.order == 60
    assert source.parameters == {"nightfall_cost": 500}
    assert source.terms[0]["anchor"] == "the-limit"
    assert source.body == "## The limit {#the-limit}\nBody text.\n"
    assert source.body_line == 12


def test_dump_then_parse_gives_the_same_source():
    source, _ = parse_article(VALID)
    again, _ = parse_article(dump_article(source))
    assert again.content() == source.content()


def test_canonical_text_survives_a_round_trip_byte_for_byte():
    source = ArticleSource(title="T", body="Body\n", order=10, summary="S",
                           parameters={"table": [{"a": 1, "b": "x"}]})
    text = dump_article(source)
    assert dump_article(parse_article(text)[0]) == text


def test_missing_opening_delimiter_names_line_one():
    source, problems = parse_article("title: x\n---\nbody")
    assert source is None
    assert problems[0].line == 1 and problems[0].field == "front matter"


def test_unclosed_front_matter_is_reported():
    _, problems = parse_article("---\ntitle: x\nbody text\n")
    assert "never closed" in problems[0].message


def test_malformed_yaml_reports_the_file_line_of_the_error():
    _, problems = parse_article("---\ntitle: ok\norder: 10\nsummary: [unclosed\n---\nbody\n")
    assert problems[0].field == "front matter"
    assert problems[0].line in (4, 5)
    assert "invalid YAML" in problems[0].message


def test_unknown_front_matter_key_is_named_with_its_line():
    _, problems = parse_article("---\ntitle: x\nauthor: me\n---\nbody\n")
    assert [(p.field, p.line) for p in problems] == [("author", 3)]


def test_title_is_required_and_order_must_be_a_whole_number():
    _, problems = parse_article("---\norder: ten\n---\nbody\n")
    assert {p.field for p in problems} == {"title", "order"}


def test_terms_need_name_anchor_and_definition():
    _, problems = parse_article("---\ntitle: x\nterms:\n- name: Foo\n---\nbody\n")
    assert {p.field for p in problems} == {"terms[1].anchor", "terms[1].definition"}


def test_parameter_names_must_be_snake_case():
    _, problems = parse_article("---\ntitle: x\nparameters:\n  Bad-Name: 1\n---\nbody\n")
    assert problems[0].field == "parameters" and "Bad-Name" in problems[0].message
