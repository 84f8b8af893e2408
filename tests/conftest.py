import shutil

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User

from rulings.articlefile import ArticleSource
from rulings.loading import load_content
from rulings.models import Article, Format
from rulings.publishing import publish


@pytest.fixture
def editor(db):
    user = User.objects.create_user("edna", password="a-long-test-password")
    user.groups.add(Group.objects.get(name=settings.EDITORS_GROUP))
    return user


@pytest.fixture
def reader(db):
    return User.objects.create_user("rita", password="a-long-test-password")


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture
def reader_client(client, reader):
    client.force_login(reader)
    return client


@pytest.fixture
def make_format(db):
    def make(slug="testing", name="Testing", order=1):
        return Format.objects.get_or_create(slug=slug, defaults={"name": name, "order": order})[0]
    return make


@pytest.fixture
def make_article(make_format):
    """Publish an article through the same path an editor's save takes."""
    def make(slug, body, title=None, fmt="testing", parameters=None, terms=None, author=None):
        format_obj = make_format(fmt, fmt.title())
        article = Article.objects.filter(format=format_obj, slug=slug).first() or Article(
            format=format_obj, slug=slug, title=title or slug)
        source = ArticleSource(title=title or slug.replace("-", " ").title(), body=body,
                               parameters=parameters or {}, terms=terms or [])
        publish(article, source, author=author)
        return Article.objects.select_related("current_revision", "format").get(pk=article.pk)
    return make


@pytest.fixture
def bundled_rules(db):
    """The real bundled content, loaded the way `load_rules` loads it."""
    report = load_content(settings.RULES_CONTENT_DIR)
    assert not report.errors, [str(p) for p in report.errors]
    return report


@pytest.fixture
def content_copy(tmp_path):
    """A writable copy of the bundled content folder."""
    target = tmp_path / "content"
    shutil.copytree(settings.RULES_CONTENT_DIR, target)
    return target
