import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulings.knowledge.loading import export_content, load_content
from rulings.knowledge.models import Article, Format, Link, Revision

FORMATS = {"core", "deck-masters", "thought-ruler-highlander", "tag-team-phalanx", "kingdom-duels"}


def test_bundled_rules_load_every_format_without_errors(bundled_rules):
    assert set(Format.objects.values_list("slug", flat=True)) == FORMATS
    assert not bundled_rules.skipped
    for fmt in Format.objects.all():
        assert fmt.articles.exclude(current_revision=None).count() >= 4, fmt.slug
    assert Article.objects.filter(current_revision__html="").count() == 0


def test_bundled_rules_have_no_broken_links(bundled_rules):
    assert list(Link.objects.filter(broken=True).values_list("source__slug", "problem")) == []


def test_second_load_changes_nothing(bundled_rules, settings):
    revisions = Revision.objects.count()
    report = load_content(settings.RULES_CONTENT_DIR)
    assert report.created == [] and report.updated == []
    assert len(report.unchanged) == Article.objects.count()
    assert Revision.objects.count() == revisions


def test_changed_file_becomes_a_new_revision(db, content_copy):
    load_content(content_copy)
    path = content_copy / "thought-ruler-highlander" / "nightfall.md"
    path.write_text(path.read_text() + "\nAn added sentence. {#added-sentence}\n")
    report = load_content(content_copy)
    assert report.updated == ["thought-ruler-highlander/nightfall (revision 2)"]
    article = Article.objects.get(slug="nightfall")
    assert article.current_revision.number == 2
    assert 'id="added-sentence"' in article.current_revision.html
    assert article.revisions.get(number=1).body != article.current_revision.body


def test_export_reproduces_the_bundled_files_exactly(bundled_rules, settings, tmp_path):
    export_content(tmp_path)
    bundled = settings.RULES_CONTENT_DIR
    originals = sorted(p.relative_to(bundled) for p in bundled.rglob("*")
                       if p.is_file() and p.name != "README.md")
    exported = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert exported == originals
    for relative in originals:
        assert (tmp_path / relative).read_bytes() == (bundled / relative).read_bytes(), relative


def test_load_command_prints_what_changed(db, content_copy, capsys):
    call_command("load_rules", "--dir", str(content_copy))
    first = capsys.readouterr().out
    assert "created  thought-ruler-highlander/summon-limit (revision 1)" in first
    call_command("load_rules", "--dir", str(content_copy))
    assert "0 created, 0 updated" in capsys.readouterr().out


def _break(content_copy, format_slug, slug, text):
    (content_copy / format_slug / f"{slug}.md").write_text(text)


@pytest.mark.parametrize("text, where", [
    ("---\ntitle: Broken\nsummary: [oops\n---\nbody\n", "nightfall.md:3: front matter: invalid YAML"),
    ("---\ntitle: Broken\n---\nCosts {{ no_such_parameter }}.\n", "nightfall.md:4: body: unknown parameter"),
    ("---\ntitle: Broken\n---\n## A {#same}\n\nText {#same}\n", "nightfall.md:6: body: duplicate anchor"),
    ("---\ntitle: Broken\nparameters:\n  main_deck_size: 40\n---\nx\n",
     "nightfall.md:3: parameters: parameter 'main_deck_size' is already defined"),
    ("no front matter at all\n", "nightfall.md:1: front matter:"),
])
def test_bad_file_is_reported_with_file_line_and_field_and_the_rest_loads(
        db, content_copy, text, where):
    load_content(content_copy)
    before = Article.objects.get(slug="nightfall").current_revision.number
    _break(content_copy, "thought-ruler-highlander", "nightfall", text)
    report = load_content(content_copy)
    messages = [str(p) for p in report.errors]
    assert any(where in m for m in messages), messages
    assert report.skipped == ["thought-ruler-highlander/nightfall"]
    assert Article.objects.get(slug="nightfall").current_revision.number == before
    assert Article.objects.filter(format__slug="kingdom-duels").count() > 10


def test_bad_file_on_first_load_fails_alone(db, content_copy):
    _break(content_copy, "core", "draws", "---\ntitle: [\n---\n")
    report = load_content(content_copy)
    assert report.skipped == ["core/draws"]
    assert not Article.objects.filter(slug="draws").exists()
    assert Article.objects.filter(format__slug="core").count() == 3


def test_file_name_that_is_not_a_slug_is_refused(db, content_copy):
    (content_copy / "core" / "Bad_Name.md").write_text("---\ntitle: X\n---\nbody\n")
    report = load_content(content_copy)
    assert any("Bad_Name.md" in str(p) and "file name" in str(p) for p in report.errors)


def test_load_command_exits_with_an_error_but_keeps_the_good_files(db, content_copy, capsys):
    _break(content_copy, "core", "draws", "---\ntitle: [\n---\n")
    with pytest.raises(CommandError, match="1 error"):
        call_command("load_rules", "--dir", str(content_copy))
    captured = capsys.readouterr()
    assert "core/draws.md:2: front matter: invalid YAML" in captured.err
    assert Article.objects.filter(slug="chains").exists()


def test_link_to_nothing_loads_with_a_warning_and_is_listed(db, content_copy, editor_client):
    client = editor_client
    path = content_copy / "core" / "draws.md"
    path.write_text(path.read_text() + "\nSee [[no-such-article]].\n")
    report = load_content(content_copy)
    warnings = [str(p) for p in report.problems if not p.is_error]
    assert any("core/draws.md:" in w and "no article 'core/no-such-article'" in w for w in warnings)
    assert Article.objects.filter(slug="draws").exists()
    page = client.get("/maintenance/links/").content.decode()
    assert "no-such-article" in page


def test_articles_missing_from_the_files_are_kept_and_reported(db, content_copy, capsys):
    load_content(content_copy)
    (content_copy / "core" / "draws.md").unlink()
    call_command("load_rules", "--dir", str(content_copy))
    assert "kept     core/draws (in the database, not in the files" in capsys.readouterr().out
    assert Article.objects.filter(slug="draws").exists()


def test_link_to_a_missing_anchor_is_broken_shown_and_listed(db, content_copy, editor_client):
    path = content_copy / "core" / "draws.md"
    path.write_text(path.read_text() + "\nSee [[chains#no-such-anchor]].\n")
    report = load_content(content_copy)
    warnings = [str(p) for p in report.problems if not p.is_error]
    assert any("no anchor '#no-such-anchor' in 'core/chains'" in w for w in warnings)
    html = Article.objects.get(format__slug="core", slug="draws").current_revision.html
    assert 'class="broken-link"' in html
    page = editor_client.get("/maintenance/links/").content.decode()
    assert "no-such-anchor" in page


def test_every_anchor_written_in_the_bundled_rules_renders(bundled_rules):
    import re
    from rulings.knowledge.rendering import anchors
    for article in Article.objects.select_related("current_revision", "format"):
        revision = article.current_revision
        ids = set(re.findall(r'\sid="([^"]*)"', revision.html))
        written = {a.anchor for a in anchors.scan(revision.body)[0]}
        assert written <= ids, (article.format.slug, article.slug, sorted(written - ids))
        assert not re.search(r"\{#[a-z0-9-]+\}", re.sub(r"<[^>]+>", "", revision.html)), article.slug
