"""Django admin for exam blueprints: editors define what an exam covers.

The form checks the weights and article counts as the API does (blueprints.check_*), each
error under its field; one blueprint is always the default, so saving one as the default
unsets the others, and the default cannot be deleted.
"""
from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction

from . import blueprints
from .attempts import MAX_COUNT, MAX_MINUTES
from .models import ExamBlueprint


class ExamBlueprintForm(forms.ModelForm):
    count = forms.IntegerField(min_value=1, max_value=MAX_COUNT, initial=20,
                               help_text="Questions in an exam.")
    minutes = forms.IntegerField(min_value=1, max_value=MAX_MINUTES, initial=30,
                                 help_text="The time limit.")
    pass_mark = forms.IntegerField(min_value=1, max_value=100, initial=80,
                                   help_text="Percent right needed to pass.")
    format_weights = forms.JSONField(required=False, initial=dict, help_text=(
        '{"format slug": weight}, e.g. {"core": 2, "kingdom-duels": 1}. A format left out '
        "weighs 1; weight 0 leaves it out of the exam."))
    article_counts = forms.JSONField(required=False, initial=dict, help_text=(
        '{"format/article": questions}, e.g. {"core/chains": 2}: drawn first, within the '
        "format's share."))

    class Meta:
        model = ExamBlueprint
        fields = ["name", "slug", "description", "count", "minutes", "pass_mark",
                  "format_weights", "article_counts", "is_default"]

    def clean_format_weights(self):
        return blueprints.check_weights(self.cleaned_data.get("format_weights"))

    def clean_article_counts(self):
        return blueprints.check_article_counts(self.cleaned_data.get("article_counts"))

    def clean(self):
        data = super().clean()
        checks = [lambda: blueprints.check_default(self.instance, data.get("is_default"))]
        if not {"count", "format_weights", "article_counts"} & set(self.errors):
            checks.append(lambda: blueprints.check_totals(
                data.get("count"), data.get("format_weights"), data.get("article_counts")))
        for check in checks:
            try:
                check()
            except ValidationError as error:
                for name, messages in error.message_dict.items():
                    for message in messages:
                        self.add_error(name, message)
        return data


@admin.register(ExamBlueprint)
class ExamBlueprintAdmin(admin.ModelAdmin):
    form = ExamBlueprintForm
    list_display = ["name", "slug", "count", "minutes", "pass_mark", "is_default"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "description"]

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            blueprints.settle_default(obj)

    def has_delete_permission(self, request, obj=None):
        """The default blueprint stays: make another the default first."""
        if obj is not None and obj.is_default:
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        # Deleting in bulk could take the default with it.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions
