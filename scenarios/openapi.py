"""The OpenAPI shapes of the scenario, deck checker and quiz API's hand-built bodies.

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
    scenario_cards = serializers.DictField()
    core_mechanics = serializers.CharField()
    formats = serializers.ListField(child=serializers.DictField())
    url = serializers.CharField(help_text="the reference page")


class DeckProblemSerializer(serializers.Serializer):
    rule = serializers.CharField()
    anchor = serializers.CharField(allow_null=True, help_text="format/article#anchor")
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()
    url = serializers.CharField(allow_null=True, help_text="the page of the rule")


class DeckReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    problems = DeckProblemSerializer(many=True)


# --- quizzes ----------------------------------------------------------------------------------

class QuizStartRequestSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(["practice", "exam"])
    formats = serializers.ListField(child=serializers.CharField(max_length=199), required=False,
                                    max_length=100)
    articles = serializers.ListField(child=serializers.CharField(max_length=199), required=False,
                                     max_length=100, help_text='"format/article" names')
    difficulty = serializers.IntegerField(min_value=1, max_value=3, required=False,
                                          allow_null=True)
    count = serializers.IntegerField(min_value=1, max_value=100, required=False)
    minutes = serializers.IntegerField(min_value=1, max_value=300, required=False,
                                       help_text="exams only")
    pass_mark = serializers.IntegerField(min_value=1, max_value=100, required=False)
    scenario = serializers.CharField(required=False, help_text="only this scenario's questions "
                                     "(practice only: an exam naming a scenario is a 400)")


class QuizStartedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.ChoiceField(["practice", "exam"])
    count = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    pass_mark = serializers.IntegerField()
    url = serializers.CharField(help_text="the quiz's page")
    first_question = serializers.CharField()


class QuizErrorSerializer(serializers.Serializer):
    """A refusal; a bad field is named too, as `{"<field>": ["message"], "detail": "message"}`."""

    detail = serializers.CharField()
    open_quizzes = serializers.ListField(
        child=serializers.CharField(), required=False,
        help_text="when too many quizzes are open with answers given (409): their pages, one "
                  "of which to finish first")


class OptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    text = serializers.CharField()


class ExplainedOptionSerializer(OptionSerializer):
    correct = serializers.BooleanField()
    source = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    explanation = serializers.CharField(allow_blank=True)


class RuleCitedSerializer(serializers.Serializer):
    anchor = serializers.CharField()
    summary = serializers.CharField()


KEY_FIELDS = {"required": False}
SCENARIO_HELP = "the scenario's slug; null once the scenario has been removed"
POOL_HELP = '"practice" (its key is shown after an answer) or "exam" (its key is never shown)'


class FeedbackFields(serializers.Serializer):
    """Whether the answer was right and the rules the question tests; the answer key too
    (right option, explanations, scenario) in practice only: an exam's is never shown."""

    correct = serializers.BooleanField(allow_null=True, help_text="null: not answered")
    rules = RuleCitedSerializer(many=True)
    right_option = serializers.CharField(**KEY_FIELDS)
    explanation = serializers.CharField(allow_blank=True, **KEY_FIELDS)
    options_explained = ExplainedOptionSerializer(many=True, **KEY_FIELDS)
    scenario = serializers.CharField(allow_null=True, help_text=SCENARIO_HELP, **KEY_FIELDS)


class QuestionShownSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    total = serializers.IntegerField()
    stem = serializers.CharField()
    board_svg = serializers.CharField(allow_blank=True)
    steps = serializers.ListField(child=serializers.CharField())
    kind = serializers.CharField()
    options = OptionSerializer(many=True)
    answer = serializers.CharField(allow_null=True)


class QuizQuestionSerializer(QuestionShownSerializer):
    """A question as its taker sees it; the answer-key fields only once they may be shown
    (a practice question once answered); `correct` and `rules` of a finished exam's."""

    url = serializers.CharField(help_text="the question's page")
    correct = serializers.BooleanField(allow_null=True, **KEY_FIELDS)
    right_option = serializers.CharField(**KEY_FIELDS)
    explanation = serializers.CharField(allow_blank=True, **KEY_FIELDS)
    rules = RuleCitedSerializer(many=True, **KEY_FIELDS)
    options_explained = ExplainedOptionSerializer(many=True, **KEY_FIELDS)
    scenario = serializers.CharField(allow_null=True, help_text=SCENARIO_HELP, **KEY_FIELDS)


class QuizAnswerRequestSerializer(serializers.Serializer):
    option = serializers.CharField(help_text="the key of the chosen option")


class QuizAnsweredSerializer(serializers.Serializer):
    """Practice: the answer with its feedback. Exam: `recorded` (the key comes at the end)."""

    answer = serializers.CharField()
    url = serializers.CharField(help_text="the question's page")
    recorded = serializers.BooleanField(required=False, help_text="exams only")
    correct = serializers.BooleanField(allow_null=True, **KEY_FIELDS)
    right_option = serializers.CharField(**KEY_FIELDS)
    explanation = serializers.CharField(allow_blank=True, **KEY_FIELDS)
    rules = RuleCitedSerializer(many=True, **KEY_FIELDS)
    options_explained = ExplainedOptionSerializer(many=True, **KEY_FIELDS)
    scenario = serializers.CharField(allow_null=True, help_text=SCENARIO_HELP, **KEY_FIELDS)


class ReviewedQuestionSerializer(QuestionShownSerializer, FeedbackFields):
    """A question of a finished quiz: with its answer key in practice; in an exam only
    whether the answer was right and the rules it tests."""


class QuizResultsSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.ChoiceField(["practice", "exam"])
    total = serializers.IntegerField()
    score = serializers.IntegerField()
    answered = serializers.IntegerField()
    percent = serializers.IntegerField()
    pass_mark = serializers.IntegerField()
    passed = serializers.BooleanField()
    finished = serializers.BooleanField()
    key_shown = serializers.BooleanField(help_text="false for an exam: its questions' answer "
                                                   "keys stay confidential")
    note = serializers.CharField(allow_blank=True, help_text="why the answer keys are not "
                                                             "shown (exams), else empty")
    questions = ReviewedQuestionSerializer(many=True)
    url = serializers.CharField(help_text="the results page")


class StatsOptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    text = serializers.CharField()
    correct = serializers.BooleanField()
    source = serializers.CharField()
    chosen = serializers.IntegerField(help_text="how many answers chose it")


class QuestionStatsSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    scenario = serializers.CharField(allow_null=True, help_text=SCENARIO_HELP)
    key = serializers.CharField()
    # A plain string: a second enum of "practice"/"exam" beside the quiz mode's would give the
    # schema two names for one choice set (drf-spectacular warns, and the deploy check fails).
    pool = serializers.CharField(help_text=POOL_HELP)
    prompt = serializers.CharField()
    answers = serializers.IntegerField()
    correct = serializers.IntegerField()
    success_rate = serializers.FloatField(allow_null=True)
    flagged = serializers.BooleanField()
    active = serializers.BooleanField()
    withdrawn_reason = serializers.CharField(allow_blank=True)
    options = StatsOptionSerializer(many=True)
    url = serializers.CharField(allow_null=True, help_text="the page of the scenario it is "
                                "drawn from; null once it has been removed")
