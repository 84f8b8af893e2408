"""Django admin for every model. Revisions are history: readable here, never edited."""
from django.contrib import admin

from .models import Article, Example, Format, Link, Revision, Section, Term


class ReadOnlyAdmin(admin.ModelAdmin):
    """Derived or historical records: shown, searchable, never changed by hand."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "order"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Article)
class ArticleAdmin(ReadOnlyAdmin):
    list_display = ["title", "format", "slug", "order", "current_revision"]
    list_filter = ["format"]
    search_fields = ["title", "slug"]


@admin.register(Revision)
class RevisionAdmin(ReadOnlyAdmin):
    list_display = ["article", "number", "title", "author", "created_at", "comment"]
    list_filter = ["article__format"]
    search_fields = ["article__slug", "title", "comment"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Term)
class TermAdmin(ReadOnlyAdmin):
    list_display = ["name", "format", "article", "anchor"]
    list_filter = ["format"]
    search_fields = ["name", "definition"]


@admin.register(Link)
class LinkAdmin(ReadOnlyAdmin):
    list_display = ["source", "target_format", "target_slug", "target_anchor", "broken"]
    list_filter = ["broken", "target_format"]


@admin.register(Section)
class SectionAdmin(ReadOnlyAdmin):
    list_display = ["article", "anchor", "heading", "level"]
    search_fields = ["heading", "text"]


@admin.register(Example)
class ExampleAdmin(ReadOnlyAdmin):
    list_display = ["article", "anchor", "title"]
    search_fields = ["anchor", "title"]

admin.site.site_header = "Judge Rulings administration"
admin.site.site_title = "Judge Rulings admin"
admin.site.index_title = "Rules, scenarios, quizzes and people"
