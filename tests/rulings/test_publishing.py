import pytest

from rulings.knowledge.articlefile import ArticleSource
from rulings.knowledge.models import Article, Example, Link, Term
from rulings.knowledge.problems import ContentError
from rulings.knowledge.publishing import (EditConflict, Unchanged, dependents, publish,
                                          restore)


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


def test_a_parameter_change_rerenders_only_the_articles_that_quote_it(make_article):
    own = {"cost": 500, "steps": [{"when": "draw"}], "uses": 1}
    owner = make_article("nightfall", "Costs {{ cost }}.\n", parameters=own)
    quoting = make_article("overview", "Nightfall costs {{ cost }} LP.\n")
    table = make_article("table", "Paid at the {{ steps.0.when }}.\n")
    silent = make_article("history", "Nightfall is used {{ uses }} time.\n")
    before = owner.current_revision
    after = edit(owner, "Costs {{ cost }}.\n",
                 parameters={**own, "cost": 800, "steps": [{"when": "end"}]})[0]
    assert dependents(owner, before, after) == {quoting, table}
    assert silent not in dependents(owner, before, after)
    assert "Paid at the <span" in reload(table).current_revision.html
    assert ">end</span>" in reload(table).current_revision.html


def test_a_removed_parameter_rerenders_the_articles_that_quoted_it(make_article):
    owner = make_article("nightfall", "Costs 500.\n", parameters={"cost": 500})
    quoting = make_article("overview", "Nightfall costs {{ cost }} LP.\n")
    edit(owner, "Costs 500.\n", parameters={})
    assert 'class="param-missing"' in reload(quoting).current_revision.html


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


def test_saving_the_current_source_again_makes_no_revision(make_article):
    article = make_article("nightfall", "One.\n", parameters={"cost": 500})
    with pytest.raises(Unchanged) as raised:
        edit(article, "One.\n", base_number=1)
    assert raised.value.current.number == 1
    assert reload(article).revisions.count() == 1
    edit(reload(article), "One.\n", title="Nightfall (renamed)", base_number=1)
    assert reload(article).current_revision.number == 2


def test_examples_are_updated_in_place_so_their_ids_stay(make_article):
    body = ("::: example {#example-a} First\nA.\n:::\n\n"
            "::: example {#example-b} Second\nB.\n:::\n")
    article = make_article("summon-limit", body, fmt="trh")
    ids = dict(Example.objects.values_list("anchor", "pk"))
    edit(reload(article), "::: example {#example-c} New\nC.\n:::\n\n"
                          "::: example {#example-b} Second, retitled\nB.\n:::\n")
    rows = {e.anchor: e for e in Example.objects.all()}
    assert set(rows) == {"example-b", "example-c"}
    assert rows["example-b"].pk == ids["example-b"]
    assert (rows["example-b"].title, rows["example-b"].position) == ("Second, retitled", 1)
    assert (rows["example-c"].title, rows["example-c"].position) == ("New", 0)


def test_scenarios_stay_attached_to_their_example_when_the_article_is_edited(loaded_site):
    from scenarios.verification.models import Scenario

    scenario = Scenario.objects.get(slug="poison-vs-ceasefire")
    example = scenario.example_block
    assert example is not None and example.anchor == "example-poison-vs-ceasefire"
    article = reload(example.article)
    rev = article.current_revision
    publish(article, ArticleSource(title=rev.title, summary=rev.summary, order=rev.order,
                                   body=rev.body + "\nOne more sentence.\n",
                                   parameters=rev.parameters, terms=rev.terms),
            base_number=rev.number)
    scenario.refresh_from_db()
    assert scenario.example_block_id == example.pk
    assert reload(article).current_revision.number == rev.number + 1
