"""The deck checker's form: a format that has a checker, and the decklist text."""
from django import forms

from rulings.knowledge.models import Format

from .checker import CHECKERS, MAX_DECKLIST_CHARS

DECKLIST_PLACEHOLDER = """Deck Master: Cave Dragon
Main Deck:
1 Gemini Elf
1x Sangan
Mystical Space Typhoon
Extra Deck:
1 Decode Talker"""


def format_choices():
    """The formats with a deck checker, named as the site names them when they are loaded."""
    names = dict(Format.objects.filter(slug__in=CHECKERS).values_list("slug", "name"))
    return [(slug, names.get(slug) or slug.replace("-", " ").title()) for slug in CHECKERS]


class DeckCheckForm(forms.Form):
    format = forms.ChoiceField(label="Format")
    decklist = forms.CharField(
        label="Decklist", max_length=MAX_DECKLIST_CHARS, strip=False,
        widget=forms.Textarea(attrs={"rows": 24, "cols": 80, "placeholder": DECKLIST_PLACEHOLDER,
                                     "spellcheck": "false"}),
        help_text="One card a line: “3 Card Name”, “3x Card Name” or “Card Name” (one copy). "
                  "Section lines “Main Deck:”, “Extra Deck:”, “Side Deck:”; cards before any "
                  "section are Main Deck. “Deck Master: Card Name” declares the Deck Master, "
                  "which is one more card of the deck. Lines starting with # are comments.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()
