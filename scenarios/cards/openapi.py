"""The OpenAPI shapes of the cards API's answers (drf-spectacular reads them for
`/api/schema/`); the views return plain dicts of these shapes."""
from rest_framework import serializers

from scenarios.formats.card_legality import STATUSES


class CardNoteSerializer(serializers.Serializer):
    words = serializers.CharField()
    anchor = serializers.CharField(allow_null=True, help_text="format/article#anchor")


class CardLegalitySerializer(serializers.Serializer):
    format = serializers.CharField(help_text="the format's slug")
    status = serializers.ChoiceField(list(STATUSES))
    words = serializers.CharField(help_text="the status in words")
    anchor = serializers.CharField(allow_null=True,
                                   help_text="the rule that decides it: format/article#anchor")
    url = serializers.CharField(allow_null=True, help_text="the page of that rule")
    notes = CardNoteSerializer(many=True, help_text="Deck Master eligibility and Ability, "
                                                    "Hierarchy, a Rule Card's role...")


class CardSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField(help_text="monster, spell, trap, rule (Kingdom Duels) or "
                                           "terrain (a Kingdom Duels Terrain Marker)")
    subtype = serializers.CharField()
    type_line = serializers.CharField()
    kinds = serializers.ListField(child=serializers.CharField(),
                                  help_text="the kinds the `kind` filter matches")
    attribute = serializers.CharField(allow_null=True)
    type = serializers.CharField(allow_null=True, help_text="a monster's Type")
    level = serializers.IntegerField(allow_null=True)
    atk = serializers.IntegerField(allow_null=True)
    # "def" is a Python keyword: the field is declared under another name and renamed below.
    def_ = serializers.IntegerField(allow_null=True)
    scale = serializers.IntegerField(allow_null=True)
    hierarchy = serializers.IntegerField()
    materials = serializers.ListField(child=serializers.CharField())
    favours = serializers.ListField(child=serializers.CharField())
    text = serializers.CharField(allow_blank=True)
    note = serializers.CharField(allow_blank=True)
    formats = serializers.ListField(child=serializers.CharField(),
                                    help_text="formats whose catalog holds the card")
    scenarios = serializers.IntegerField(help_text="stored scenarios that use the card")
    url = serializers.CharField()

    def get_fields(self):
        fields = super().get_fields()
        fields["def"] = fields.pop("def_")
        return fields


class CardPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = CardSerializer(many=True)


class CardRulingSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    format = serializers.CharField()
    ruling = serializers.CharField(help_text="the outcome in one sentence")
    status = serializers.CharField(help_text="the verdict as it holds now (`stale` when the "
                                             "rules or the engine changed since)")
    rule = serializers.CharField(help_text="the rule the scenario teaches")
    url = serializers.CharField(help_text="the step-through replay")


class CardSectionSerializer(serializers.Serializer):
    format = serializers.CharField()
    article = serializers.CharField()
    title = serializers.CharField()
    anchor = serializers.CharField(allow_blank=True)
    heading = serializers.CharField()
    url = serializers.CharField()


class CardDetailSerializer(CardSerializer):
    legality = CardLegalitySerializer(many=True)
    rulings = CardRulingSerializer(many=True)
    sections = CardSectionSerializer(many=True)
    practice_url = serializers.CharField(help_text="the quiz page set to practise this card")
