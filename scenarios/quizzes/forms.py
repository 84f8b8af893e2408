"""The form that chooses a quiz: practice by formats, articles and difficulty; an exam by
one of the blueprints editors define."""
from django import forms

from rulings.knowledge.models import Article, Format

from . import blueprints, stats
from .attempts import MAX_COUNT

PRACTICE_CHOICE = ("practice", "Practice: one question at a time, with feedback at once")
EXAM_CHOICE = ("exam", "Exam: timed, results at the end")
PRACTICE_ONLY = ("formats", "articles", "difficulty")


def difficulty_help():
    """What easy, medium and hard mean, in the numbers stats.difficulty_of uses."""
    easy, medium = round(100 * stats.EASY_FROM), round(100 * stats.MEDIUM_FROM)
    return (f"A question's difficulty is measured from how takers answer it, once it has "
            f"{stats.DIFFICULTY_MIN_ANSWERS} answers: easy when {easy}% or more answer it "
            f"right, medium from {medium}% to {easy - 1}%, hard below {medium}%. Until then it "
            f"is judged by how many rules decide the moment it asks about: easy when one rule "
            f"does, medium for two, hard for three or more.")


class ChooseQuizForm(forms.Form):
    mode = forms.ChoiceField(choices=[PRACTICE_CHOICE, EXAM_CHOICE],
                             widget=forms.RadioSelect, initial="practice")
    blueprint = forms.ChoiceField(required=False, widget=forms.RadioSelect,
                                  label="Exam blueprint")
    formats = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple,
                                        help_text="None ticked: every format.")
    articles = forms.MultipleChoiceField(
        required=False, widget=forms.SelectMultiple(attrs={"size": 6}),
        help_text="Optional: only questions decided by these articles' rules. Hold Ctrl (⌘ on "
                  "a Mac) to choose several.")
    difficulty = forms.TypedChoiceField(required=False, coerce=int, empty_value=None,
                                        widget=forms.RadioSelect, initial="",
                                        choices=[("", "Any"), (1, "Easy"), (2, "Medium"),
                                                 (3, "Hard")], help_text=difficulty_help())
    count = forms.IntegerField(min_value=1, max_value=MAX_COUNT, required=False,
                               help_text="Practice: 10 unless you say otherwise. An exam: its "
                                         "blueprint's number unless you say otherwise, shared "
                                         "out among the formats the same way.")
    scenario = forms.CharField(required=False, widget=forms.HiddenInput)
    card = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.blueprints = blueprints.listed()
        self.fields["blueprint"].choices = [(b.slug, b.name) for b in self.blueprints]
        self.fields["blueprint"].initial = self.blueprints[0].slug
        self.fields["formats"].choices = [(f.slug, f.name) for f in Format.objects.all()]
        self.fields["articles"].choices = [
            (f"{a.format.slug}/{a.slug}", f"{a.format.name}: {a.title}")
            for a in Article.objects.exclude(current_revision=None).select_related("format")]
        if self["scenario"].value() or self["card"].value():
            # A scenario's replay page is public and shows the answers (and a card page links
            # them): one scenario's or one card's questions make a practice quiz, never an
            # exam (attempts.start refuses it too).
            self.fields["mode"].choices = [PRACTICE_CHOICE]

    def clean(self):
        data = super().clean()
        if data.get("mode") == "exam":
            for name in PRACTICE_ONLY:
                if data.get(name):
                    self.add_error(name, "An exam is drawn from its blueprint: formats, "
                                         "articles and difficulty choose practice only.")
        return data

    def blueprint_rows(self):
        """(radio button, blueprint) for each blueprint, to show its description beside it."""
        return list(zip(self["blueprint"], self.blueprints))

    def practice_fields(self):
        return [self[name] for name in PRACTICE_ONLY]
