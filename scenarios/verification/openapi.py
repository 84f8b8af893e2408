"""The OpenAPI shapes of the scenario API's hand-built bodies (the deck checker's and the
quizzes' are in their apps).

Descriptions only (drf-spectacular reads them for `/api/schema/`); the views build the
dicts. The engine's own data (a replay's table states, an outcome's facts) stays a
free-form JSON object here: its keys are the scenario format's, listed by
`/api/scenarios/reference/`.
"""
from rest_framework import serializers

ANY = serializers.JSONField  # any JSON value


class DifferenceSerializer(serializers.Serializer):
    """Where the replay and the scenario's expectation disagree."""

    key = serializers.CharField()
    expected = ANY(allow_null=True)
    got = ANY(allow_null=True)
    detail = serializers.CharField(required=False)


class VerdictSerializer(serializers.Serializer):
    status = serializers.CharField(help_text="the verdict as it holds now (`stale` when it was "
                                             "computed from another source or rules)")
    stale = serializers.BooleanField()
    last_status = serializers.CharField()
    message = serializers.CharField(allow_blank=True)
    differences = DifferenceSerializer(many=True)
    outcome = serializers.DictField(allow_null=True, help_text="the engine's outcome, as data")
    ms = serializers.FloatField(allow_null=True)
    verified_at = serializers.DateTimeField(allow_null=True)


class ReplayStepSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    line = serializers.IntegerField(allow_null=True)
    action = serializers.DictField()
    status = serializers.CharField()
    reason = serializers.CharField(allow_null=True)
    events = serializers.ListField(child=serializers.DictField())
    rules = serializers.ListField(child=serializers.CharField())
    state = serializers.DictField(help_text="the table after this step")


class ReplaySerializer(serializers.Serializer):
    slug = serializers.SlugField()
    status = serializers.CharField()
    message = serializers.CharField(allow_blank=True)
    differences = DifferenceSerializer(many=True)
    result = serializers.DictField(allow_null=True)
    outcome = serializers.DictField(allow_null=True)
    rules = serializers.ListField(child=serializers.CharField())
    steps_total = serializers.IntegerField(help_text="how many steps the scenario has")
    first_step = serializers.IntegerField(help_text="the number of the first step listed")
    steps = ReplayStepSerializer(many=True, help_text="at most 20 steps, from `first_step`")
    next = serializers.CharField(allow_null=True,
                                 help_text="the address of the next steps, or null")
    url = serializers.CharField(help_text="the scenario's page")


class InvalidScenarioSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    status = serializers.ChoiceField(["invalid"])
    message = serializers.CharField()
    url = serializers.CharField(help_text="the scenario's page")


class VerifyResultSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    format = serializers.CharField()
    status = serializers.CharField()
    ms = serializers.FloatField()
    message = serializers.CharField(allow_blank=True)
    differences = DifferenceSerializer(many=True)
    run = serializers.IntegerField(help_text="the verification run that recorded it")
    url = serializers.CharField(help_text="the scenario's page")


class ContentProblemSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()


class ImpactSerializer(serializers.Serializer):
    affected = serializers.IntegerField()
    passing = serializers.IntegerField()
    failing = serializers.ListField(child=serializers.DictField())
    still_failing = serializers.ListField(child=serializers.DictField())
    fixed = serializers.ListField(child=serializers.DictField())
    questions_withdrawn = serializers.IntegerField(
        help_text="published quiz questions of the newly failing scenarios, withdrawn if the "
                  "draft is saved")


class PreviewResultSerializer(serializers.Serializer):
    """A draft rendered, its problems, and the scenarios it would change (nothing saved)."""

    html = serializers.CharField(allow_blank=True)
    errors = ContentProblemSerializer(many=True)
    warnings = ContentProblemSerializer(many=True)
    impact = ImpactSerializer(allow_null=True)
    url = serializers.CharField(help_text="the article's page")


class NotReplayableSerializer(serializers.Serializer):
    why = serializers.CharField()
    reason = serializers.CharField()


class CoverageAnchorSerializer(serializers.Serializer):
    anchor = serializers.CharField()
    article = serializers.CharField()
    kind = serializers.CharField()
    scenarios = serializers.ListField(child=serializers.CharField())
    not_replayable = NotReplayableSerializer(allow_null=True)


class CoverageSerializer(serializers.Serializer):
    format = serializers.CharField()
    total = serializers.IntegerField()
    covered = serializers.IntegerField()
    marked = serializers.IntegerField()
    anchors = CoverageAnchorSerializer(many=True)
    uncovered = serializers.ListField(child=serializers.CharField())
    url = serializers.CharField(help_text="the format's coverage page")


class ReferenceSerializer(serializers.Serializer):
    """What every format lets a scenario say, generated from the engine."""

    scenario_fields = serializers.ListField(child=ANY())
    fields = serializers.ListField(child=serializers.DictField(), help_text="each part of a "
                                   "scenario file with its fields, read from the scenario schema")
    scenario_cards = serializers.DictField()
    core_mechanics = serializers.CharField()
    formats = serializers.ListField(child=serializers.DictField(), help_text="each format's "
                                    "steps (options, and the codes that can refuse each, in "
                                    "the order the engine checks them), fields and codes")
    effect_vocabulary = serializers.ListField(
        child=serializers.DictField(), help_text="the card language: each kind of word (trigger "
        "events, conditions, continuous effects, costs, filters, flags...), each word with its "
        "meaning and an example")
    overlapping_codes = serializers.ListField(
        child=serializers.DictField(), help_text="close reason codes a judge may take for one "
        "another, group by group, each with when the engine names it")
    priority = serializers.ListField(child=serializers.DictField(), help_text="who passes "
                                     "priority in what order, per mode, on each player's turn")
    url = serializers.CharField(help_text="the reference page")

