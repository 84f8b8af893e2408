"""Hostile rule content: a bad article, format.yaml or editor field is refused alone, with
file, line and field, and never aborts a load or stores an exploded value."""
import pytest

from rulings.knowledge.articlefile import parse_article, parse_format_file, parse_yaml_field
from rulings.knowledge.loading import load_content
from rulings.knowledge.models import Article, Format

ALIAS_BOMB = ("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
              "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
              "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
              "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n")


def deep(n):
    return "[" * n + "]" * n


def _errors(report):
    return [str(p) for p in report.errors]


def test_a_non_utf8_article_is_skipped_and_the_rest_loads(db, content_copy):
    (content_copy / "core" / "draws.md").write_bytes(b"---\ntitle: Draws\n---\nbad \xff byte\n")
    report = load_content(content_copy)
    assert any("draws.md:4" in m and "UTF-8" in m for m in _errors(report)), _errors(report)
    assert "core/draws" in report.skipped
    assert Article.objects.filter(format__slug="core").count() == 3


def test_a_format_file_with_a_text_order_is_skipped_and_the_rest_loads(db, content_copy):
    path = content_copy / "core" / "format.yaml"
    path.write_text(path.read_text().replace("order:", "order: abc\nx_order:", 1)
                    .replace("x_order:", "#", 1))
    report = load_content(content_copy)
    assert any("format.yaml" in m and "order" in m for m in _errors(report)), _errors(report)
    assert not Format.objects.filter(slug="core").exists()
    assert Format.objects.filter(slug="kingdom-duels").exists()


def test_a_huge_format_order_is_refused(db):
    meta, problems = parse_format_file("name: X\norder: 1000000000000000000000000000000\n")
    assert meta is None and "out of range" in problems[0].message


def test_a_directory_named_like_an_article_is_skipped(db, content_copy):
    (content_copy / "core" / "x.md").mkdir()
    report = load_content(content_copy)
    assert any("x.md" in m for m in _errors(report)), _errors(report)
    assert Article.objects.filter(format__slug="core").count() == 4


def test_a_parameter_nested_5000_deep_is_skipped_and_the_rest_loads(db, content_copy):
    (content_copy / "core" / "draws.md").write_text(
        f"---\ntitle: Draws\nparameters:\n  deep: {deep(5000)}\n---\nbody\n")
    report = load_content(content_copy)
    assert any("draws.md:4" in m and "nested" in m for m in _errors(report)), _errors(report)
    assert "core/draws" in report.skipped
    assert Article.objects.filter(format__slug="core").count() == 3


@pytest.mark.parametrize("text, words", [
    (ALIAS_BOMB, "aliases"),
    (f"deep: {deep(5000)}", "nested"),
    (f"deep: {deep(100_000)}", "nested"),
    ("n: 100000000000000000000000000000", "out of range"),
    ("n: .inf", "finite"),
    ("s: " + "x" * 300_000, "longer"),
])
def test_editor_yaml_fields_have_limits(text, words):
    value, problems = parse_yaml_field(text, "parameters")
    assert value is None and words in problems[0].message and problems[0].field == "parameters"


def test_front_matter_has_the_same_limits():
    source, problems = parse_article(f"---\ntitle: T\nterms: {deep(100)}\n---\nbody\n")
    assert source is None and "nested" in problems[0].message


def test_the_editor_refuses_an_alias_bomb_in_parameters(editor_client, bundled_rules):
    from rulings.knowledge.models import Article
    article = Article.objects.get(slug="nightfall")
    url = f"/rules/{article.format.slug}/{article.slug}/edit/"
    page = editor_client.get(url)
    assert page.status_code == 200
    form = page.context["form"]
    data = {name: form.initial.get(name, "") for name in form.fields}
    data.update(parameters=ALIAS_BOMB, comment="bomb")
    response = editor_client.post(url, data)
    article.refresh_from_db()
    assert article.current_revision.number == 1
    assert response.status_code == 200 and "YAML aliases (*name) are not allowed" in response.content.decode()
