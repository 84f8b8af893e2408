"""The form that chooses a quiz."""
from django import forms

from rulings.models import Article, Format

from .attempts import DEFAULT_MINUTES, DEFAULT_PASS_MARK, MAX_COUNT, MAX_MINUTES


PRACTICE_CHOICE = ("practice", "Practice: one question at a time, with feedback at once")
EXAM_CHOICE = ("exam", "Exam: timed, results at the end")


class ChooseQuizForm(forms.Form):
    mode = forms.ChoiceField(choices=[PRACTICE_CHOICE, EXAM_CHOICE],
                             widget=forms.RadioSelect, initial="practice")
    formats = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple,
                                        help_text="None ticked: every format.")
    articles = forms.MultipleChoiceField(required=False, help_text="Optional: only questions "
                                         "decided by these articles' rules.")
    difficulty = forms.TypedChoiceField(required=False, coerce=int, empty_value=None,
                                        choices=[("", "Any"), (1, "Easy"), (2, "Medium"),
                                                 (3, "Hard")])
    count = forms.IntegerField(min_value=1, max_value=MAX_COUNT, required=False,
                               help_text="Default: 10 in practice, 20 in an exam.")
    minutes = forms.IntegerField(min_value=1, max_value=MAX_MINUTES, required=False,
                                 help_text=f"Exams only; default {DEFAULT_MINUTES}.")
    pass_mark = forms.IntegerField(min_value=1, max_value=100, required=False,
                                   help_text=f"Percent; default {DEFAULT_PASS_MARK}.")
    scenario = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["formats"].choices = [(f.slug, f.name) for f in Format.objects.all()]
        self.fields["articles"].choices = [
            (f"{a.format.slug}/{a.slug}", f"{a.format.name}: {a.title}")
            for a in Article.objects.exclude(current_revision=None).select_related("format")]
        if self["scenario"].value():
            # A scenario's replay page is public and shows the answers: one scenario's
            # questions make a practice quiz, never an exam (attempts.start refuses it too).
            self.fields["mode"].choices = [PRACTICE_CHOICE]
