import pytest

from rulings.knowledge.models import Article, Example, Format, Link, Revision, Section, Term

MODELS = [Format, Article, Revision, Term, Link, Section, Example]


@pytest.fixture
def content(make_article):
    make_article("nightfall", "## What {#what}\n\nSee [[ghost]].\n\n::: example {#example-a} A\nx\n:::\n",
                 fmt="trh", terms=[{"name": "Nightfall", "anchor": "what", "definition": "d"}])


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_admin_lists_and_shows_every_model(admin_client, content, model):
    name = model._meta.model_name
    assert admin_client.get(f"/admin/rulings/{name}/").status_code == 200
    obj = model.objects.first()
    assert admin_client.get(f"/admin/rulings/{name}/{obj.pk}/change/").status_code == 200


def test_revisions_cannot_be_changed_or_deleted_in_the_admin(admin_client, content):
    revision = Revision.objects.get()
    response = admin_client.post(f"/admin/rulings/revision/{revision.pk}/change/",
                                 {"body": "tampered"})
    assert response.status_code == 403
    assert admin_client.get(f"/admin/rulings/revision/{revision.pk}/delete/").status_code == 403
    assert Revision.objects.get().body != "tampered"
