from rulings.knowledge.rendering import anchors

BODY = """Intro line.

## Summon limit {#the-limit}

A rule paragraph
that ends here. {#rule-one}

- A bullet {#bullet-one}
- A plain bullet

### Heading without anchor

::: example {#example-aegis} Aegis of Gaia answers Monster Reborn
Text.
:::
"""


def test_scan_finds_headings_rules_and_examples_in_order():
    found, problems = anchors.scan(BODY)
    assert problems == []
    assert [(a.anchor, a.kind) for a in found] == [
        ("the-limit", anchors.HEADING), ("rule-one", anchors.RULE), ("bullet-one", anchors.RULE),
        ("heading-without-anchor", anchors.HEADING), ("example-aegis", anchors.EXAMPLE)]
    assert found[-1].label == "Aegis of Gaia answers Monster Reborn"
    assert found[1].line == 6


def test_duplicate_anchor_is_an_error_naming_both_lines():
    _, problems = anchors.scan("## A {#same}\n\nText {#same}\n")
    assert problems[0].line == 3 and "first used on line 1" in problems[0].message


def test_invalid_anchor_syntax_is_reported():
    _, problems = anchors.scan("Text {#Not_Valid}\n")
    assert problems[0].line == 1 and "invalid anchor" in problems[0].message


def test_example_without_id_and_unclosed_example_are_reported():
    _, problems = anchors.scan("::: example Title\ntext\n")
    messages = " ".join(p.message for p in problems)
    assert "needs an id" in messages and "never closed" in messages


def test_anchors_inside_fenced_code_are_ignored():
    found, _ = anchors.scan("```\n## Not a heading {#nope}\n```\n")
    assert found == []
