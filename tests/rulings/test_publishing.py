import pytest

from rulings.articlefile import ArticleSource
from rulings.models import Article, Example, Link, Term
from rulings.problems import ContentError
from rulings.publishing import EditConflict, publish, restore


def edit(article, body, **kwargs):
    rev = article.current_revision
    source = ArticleSource(title=kwargs.pop("title", rev.title), body=body,
                           parameters=kwargs.pop("parameters", rev.parameters),
                           terms=kwargs.pop("terms", rev.terms))
    return publish(article, source, **kwargs)


def reload(article):
    return Article.objects.select_related("current_revision").get(pk=article.pk)


def test_every_save_is_a_new_revision_and_old_ones_stay_untouched(make_article, editor):
    article = make_article("nightfall", "First text.\n")
    edit(article, "Second text.\n", author=editor, comment="reword")
    article = reload(article)
    assert list(article.revisions.values_list("number", "body")) == [
        (2, "Second text.\n"), (1, "First text.\n")]
    assert article.current_revision.author == editor
    assert article.current_revision.comment == "reword"


def test_rendered_html_is_stored_with_the_revision(make_article):
    article = make_article("nightfall", "## Cost {#cost}\n\nPay **now**. {#pay}\n")
    assert '<p id="pay">Pay <strong>now</strong>.' in article.current_revision.html


def test_links_record_backlinks_and_broken_targets(make_article):
    target = make_article("nightfall", "## Cost {#cost}\n")
    source = make_article("overview", "See [[nightfall#cost]] and [[missing]].\n")
    links = list(Link.objects.filter(source=source).order_by("target_slug"))
    assert [(l.target_slug, l.broken, l.target_id) for l in links] == [
        ("missing", True, None), ("nightfall", False, target.pk)]


def test_creating_the_missing_target_repairs_the_link(make_article):
    source = make_article("overview", "See [[later]].\n")
    assert 'class="broken-link"' in source.current_revision.html
    make_article("later", "Now it exists.\n", title="Later Article")
    source = reload(source)
    assert 'class="broken-link"' not in source.current_revision.html
    assert ">Later Article</a>" in source.current_revision.html
    assert not Link.objects.get(source=source).broken


def test_renaming_a_target_updates_the_text_of_links_to_it(make_article):
    target = make_article("nightfall", "Body.\n", title="Nightfall")
    source = make_article("overview", "See [[nightfall]].\n")
    edit(target, "Body.\n", title="Nightfall, the rule")
    assert ">Nightfall, the rule</a>" in reload(source).current_revision.html


def test_changing_a_parameter_rerenders_articles_that_show_it(make_article):
    owner = make_article("nightfall", "Costs {{ cost }}.\n", parameters={"cost": 500})
    other = make_article("overview", "Nightfall costs {{ cost }} LP.\n")
    assert ">500</span>" in other.current_revision.html
    edit(owner, "Costs {{ cost }}.\n", parameters={"cost": 800})
    assert ">800</span>" in reload(other).current_revision.html


def test_glossary_terms_follow_the_current_revision(make_article):
    terms = [{"name": "Nightfall", "anchor": "what", "definition": "A flip rule."}]
    article = make_article("nightfall", "## What {#what}\n", terms=terms)
    other = make_article("overview", "Use Nightfall wisely.\n")
    assert Term.objects.get().name == "Nightfall"
    assert 'class="term"' in other.current_revision.html
    edit(article, "## What {#what}\n", terms=[])
    assert not Term.objects.exists()
    assert 'class="term"' not in reload(other).current_revision.html


def test_examples_are_recorded_with_their_citable_ids(make_article):
    make_article("summon-limit", "::: example {#example-aegis} Aegis of Gaia\nText.\n:::\n",
                 fmt="trh")
    example = Example.objects.get()
    assert example.citation == "trh/summon-limit#example-aegis"
    assert example.title == "Aegis of Gaia"


def test_saving_on_an_old_base_revision_is_refused(make_article):
    article = make_article("nightfall", "One.\n")
    edit(article, "Two.\n")
    with pytest.raises(EditConflict) as raised:
        edit(reload(article), "Three.\n", base_number=1)
    assert raised.value.current.number == 2
    assert reload(article).current_revision.body == "Two.\n"


def test_invalid_content_is_refused_and_the_previous_revision_stays(make_article):
    article = make_article("nightfall", "One.\n")
    with pytest.raises(ContentError) as raised:
        edit(article, "Costs {{ missing }}.\n")
    assert raised.value.problems[0].field == "body"
    assert reload(article).current_revision.number == 1


def test_restore_makes_an_old_revision_current_as_a_new_one(make_article, editor):
    article = make_article("nightfall", "One.\n")
    edit(article, "Two.\n")
    revision, _ = restore(reload(article), 1, author=editor)
    assert (revision.number, revision.body, revision.comment) == (3, "One.\n", "Restored revision 1")
