"""The OpenAPI shapes of the quiz API's hand-built bodies (drf-spectacular reads them for
`/api/schema/`; the views build the dicts)."""
from rest_framework import serializers


PRACTICE_ONLY = "practice only: an exam is drawn by its blueprint (sent with an exam, a 422)"


class QuizStartRequestSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(["practice", "exam"])
    blueprint = serializers.CharField(required=False, help_text="exams only: the slug of the "
                                      "exam blueprint to draw from (see /api/exam-blueprints/); "
                                      "the default one when left out")
    formats = serializers.ListField(child=serializers.CharField(max_length=199), required=False,
                                    max_length=100, help_text=PRACTICE_ONLY)
    articles = serializers.ListField(child=serializers.CharField(max_length=199), required=False,
                                     max_length=100,
                                     help_text=f'"format/article" names; {PRACTICE_ONLY}')
    difficulty = serializers.IntegerField(min_value=1, max_value=3, required=False,
                                          allow_null=True, help_text=PRACTICE_ONLY)
    count = serializers.IntegerField(min_value=1, max_value=100, required=False,
                                     help_text="practice: 10 by default; an exam: the "
                                               "blueprint's count by default, shared out by "
                                               "its weights all the same")
    minutes = serializers.IntegerField(min_value=1, max_value=300, required=False,
                                       help_text="exams only: the blueprint's by default")
    pass_mark = serializers.IntegerField(min_value=1, max_value=100, required=False,
                                         help_text="percent; an exam's is its blueprint's by "
                                                   "default")
    scenario = serializers.CharField(required=False, help_text="only this scenario's questions "
                                     "(practice only: an exam naming a scenario is a 400)")
    card = serializers.CharField(required=False, help_text="a catalogued card's name: only the "
                                 "questions of the scenarios that use it (practice only: an "
                                 "exam naming a card is a 400)")


class QuizStartedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.ChoiceField(["practice", "exam"])
    count = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    pass_mark = serializers.IntegerField()
    url = serializers.CharField(help_text="the quiz's page")
    first_question = serializers.CharField()
    blueprint = serializers.CharField(allow_null=True, help_text="the slug of the exam "
                                      "blueprint drawn from; null for practice")
    notes = serializers.ListField(child=serializers.CharField(), help_text="what the exam could "
                                  "not draw as its blueprint asks (a format with fewer "
                                  "questions than its share), in words; empty for practice")


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
    format = serializers.CharField(allow_blank=True, help_text="the slug of the question's "
                                   "format")
    format_name = serializers.CharField(allow_blank=True, help_text="the format's name")
    facts = serializers.ListField(child=serializers.CharField(), help_text="what the stem "
                                  "states before the steps (turn, phase, LP ...), as sentences")
    board_svg = serializers.CharField(
        allow_blank=True, help_text="the table at the start, as HTML: a `div.duel-boards` holding "
        "the same board as two inline SVGs, `svg.board-wide` for a wide screen and "
        "`svg.board-narrow` for a phone")
    steps = serializers.ListField(child=serializers.CharField())
    kind = serializers.CharField()
    options = OptionSerializer(many=True)
    answer = serializers.CharField(allow_null=True)


class QuizQuestionSerializer(QuestionShownSerializer):
    """A question as its taker sees it; the answer-key fields only once they may be shown
    (a practice question once answered); `correct` and `rules` of a finished exam's."""

    url = serializers.CharField(help_text="the question's page")
    report = serializers.CharField(help_text="where to POST `{text}` to report a problem with "
                                             "this question")
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
    whether the answer was right and the rules it tests (but a variant made for that exam
    alone shows its right option and explanation)."""

    key_shown = serializers.BooleanField(help_text="whether its answer key is shown: always in "
                                                   "practice; in an exam for a variant only")


class BreakdownFormatSerializer(serializers.Serializer):
    format = serializers.CharField(allow_blank=True)
    name = serializers.CharField()
    right = serializers.IntegerField()
    asked = serializers.IntegerField()


class BreakdownArticleSerializer(serializers.Serializer):
    article = serializers.CharField(allow_null=True, help_text='"format/article" that the '
                                    "questions teach; null for those not tied to one")
    title = serializers.CharField()
    right = serializers.IntegerField()
    asked = serializers.IntegerField()


class MissedQuestionSerializer(serializers.Serializer):
    """A question not answered right: why (practice, or an exam's variant), or else the rules
    it tests (an exam question's key stays confidential)."""

    number = serializers.IntegerField()
    format = serializers.CharField(allow_blank=True)
    format_name = serializers.CharField(allow_blank=True)
    stem = serializers.CharField()
    answer = serializers.CharField(allow_null=True, help_text="the key chosen; null: not "
                                   "answered")
    answer_text = serializers.CharField(allow_null=True)
    rules = RuleCitedSerializer(many=True)
    key_shown = serializers.BooleanField()
    right_option = serializers.CharField(allow_null=True, **KEY_FIELDS)
    right_option_text = serializers.CharField(allow_null=True, **KEY_FIELDS)
    explanation = serializers.CharField(allow_blank=True, **KEY_FIELDS)


class BlueprintNamedSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class QuizResultsSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.ChoiceField(["practice", "exam"])
    total = serializers.IntegerField()
    score = serializers.IntegerField()
    answered = serializers.IntegerField()
    percent = serializers.IntegerField()
    pass_mark = serializers.IntegerField()
    passed = serializers.BooleanField()
    summary = serializers.CharField(help_text='as the history reads it: "8 of 10, passed", '
                                    '"5 of 10, not passed", "practice: 7 of 10 right"')
    finished = serializers.BooleanField()
    time_taken = serializers.IntegerField(help_text="seconds from the start to the finish (the "
                                          "time limit at most)")
    time_taken_text = serializers.CharField(help_text='in words: "23 minutes 10 seconds"')
    blueprint = BlueprintNamedSerializer(allow_null=True, help_text="the exam blueprint drawn "
                                         "from; null for practice")
    notes = serializers.ListField(child=serializers.CharField(), help_text="what the exam could "
                                  "not draw as its blueprint asks, in words")
    by_format = BreakdownFormatSerializer(many=True, help_text="right and asked per format")
    by_article = BreakdownArticleSerializer(many=True, help_text="right and asked per article")
    key_shown = serializers.BooleanField(help_text="false for an exam: its questions' answer "
                                                   "keys stay confidential")
    note = serializers.CharField(allow_blank=True, help_text="why the answer keys are not "
                                                             "shown (exams), else empty")
    missed = MissedQuestionSerializer(many=True, help_text="each question not answered right")
    questions = ReviewedQuestionSerializer(many=True)
    url = serializers.CharField(help_text="the results page")


STATUS_HELP = ('"draft" (not asked; `draft_reason` says why), "published" (asked) or "retired" '
               '(asked no more)')
FLAG_HELP = ('what an editor should look at: "negative-discrimination" (takers who do worse on '
             'the rest of the exam get it right more often), "too-easy" (facility above 95%), '
             '"too-hard" (facility below 20%); facility flags need 20 answers')


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
    success_rate = serializers.FloatField(allow_null=True, help_text="the facility, under its "
                                          "older name")
    facility = serializers.FloatField(allow_null=True, help_text="the share of answers that "
                                      "were right; null before any answer")
    discrimination = serializers.FloatField(
        allow_null=True, help_text="Pearson's correlation, over finished exams, between this "
        "question's score and the rest of the exam's; null with fewer than 5 such exams")
    exams = serializers.IntegerField(help_text="finished exams that asked it")
    flags = serializers.ListField(child=serializers.CharField(), help_text=FLAG_HELP)
    flagged = serializers.BooleanField()
    difficulty = serializers.CharField(help_text='"easy", "medium" or "hard" as takers see it')
    status = serializers.CharField(help_text=STATUS_HELP)
    active = serializers.BooleanField()
    withdrawn_reason = serializers.CharField(allow_blank=True)
    options = StatsOptionSerializer(many=True)
    url = serializers.CharField(allow_null=True, help_text="the page of the scenario it is "
                                "drawn from; null once it has been removed")


# --- the editors' question bank ---------------------------------------------------------------

class ItemStatsSerializer(serializers.Serializer):
    """How a question fares, as Moodle's quiz statistics measure it."""

    answers = serializers.IntegerField(help_text="answers given to it, in any quiz")
    facility = serializers.FloatField(allow_null=True, help_text="the share of answers that "
                                      "were right; null before any answer")
    discrimination = serializers.FloatField(
        allow_null=True, help_text="Pearson's correlation, over finished exams, between this "
        "question's score and the rest of the exam's; null with fewer than 5 such exams")
    exams = serializers.IntegerField(help_text="finished exams that asked it")
    option_counts = serializers.DictField(child=serializers.IntegerField(),
                                          help_text="times each option (by key) was chosen")
    flags = serializers.ListField(child=serializers.CharField(), help_text=FLAG_HELP)


class QuestionStemSerializer(serializers.Serializer):
    prompt = serializers.CharField(help_text="as takers see it: the editor's wording if any")
    steps = serializers.ListField(child=serializers.CharField(),
                                  help_text="what happened before the asked moment")
    facts = serializers.ListField(child=serializers.CharField(),
                                  help_text="what the stem states: format, turn, LP ...")


class EditorQuestionSerializer(serializers.Serializer):
    """A question of the bank, for editors: everything it asks and shows, and how it fares."""

    id = serializers.IntegerField()
    scenario = serializers.CharField(allow_null=True, help_text=SCENARIO_HELP)
    key = serializers.CharField(help_text="what it asks, stable across regenerations")
    teaching_rule = serializers.CharField(allow_blank=True,
                                          help_text="the rule it teaches: format/article#anchor")
    kind = serializers.CharField()
    format = serializers.CharField(allow_blank=True)
    article = serializers.CharField(allow_blank=True, help_text='"format/article" of the '
                                                                "teaching rule")
    status = serializers.CharField(help_text=STATUS_HELP)
    draft_reason = serializers.CharField(allow_blank=True)
    change_note = serializers.CharField(allow_blank=True, help_text="what changed under it "
                                        "when it went back to draft")
    pool = serializers.CharField(help_text=POOL_HELP)
    active = serializers.BooleanField(help_text="false while its scenario fails, is stale or "
                                                "is gone")
    withdrawn_reason = serializers.CharField(allow_blank=True)
    depth = serializers.IntegerField(help_text="how many rules decide the asked moment")
    difficulty = serializers.CharField(help_text='"easy", "medium" or "hard": measured once it '
                                       "has 20 answers, from its depth before")
    stem = QuestionStemSerializer()
    options = ExplainedOptionSerializer(many=True)
    explanation = serializers.CharField(allow_blank=True, help_text="as takers see it")
    prompt_wording = serializers.CharField(allow_blank=True, help_text="the editor's wording "
                                           "of the question; blank: the generated one")
    explanation_wording = serializers.CharField(allow_blank=True, help_text="the editor's "
                                                "wording of the explanation; blank: generated")
    stats = ItemStatsSerializer()
    page = serializers.CharField(help_text="the question's page in the editors' bank")
    url = serializers.CharField(allow_null=True, help_text="the page of the scenario it is "
                                "drawn from; null once it has been removed")


class QuestionEventSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    user = serializers.CharField(allow_null=True, help_text="who; null: the site itself or an "
                                 "anonymous taker")
    action = serializers.CharField()
    detail = serializers.CharField(allow_blank=True)


class EditorReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    text = serializers.CharField()
    reporter = serializers.CharField(allow_null=True, help_text="null: an anonymous taker")
    created_at = serializers.DateTimeField()
    handled_at = serializers.DateTimeField(allow_null=True)
    handled_by = serializers.CharField(allow_null=True)
    response = serializers.CharField(allow_blank=True)


class EditorQuestionDetailSerializer(EditorQuestionSerializer):
    """One question with its history (newest first) and its reports (open ones first)."""

    generated_prompt = serializers.CharField(help_text="the generator's wording")
    generated_explanation = serializers.CharField(allow_blank=True)
    history = QuestionEventSerializer(many=True)
    reports = EditorReportSerializer(many=True)


class QuestionChangeSerializer(serializers.Serializer):
    """What an editor may change; a field left out stays as it is."""

    # A plain string (checked by the view): an enum here would be a second "status" enum in
    # the schema beside the scenarios' (drf-spectacular warns, and the deploy check fails).
    status = serializers.CharField(required=False, help_text=STATUS_HELP)
    prompt_wording = serializers.CharField(allow_blank=True, required=False, max_length=2000,
                                           trim_whitespace=False,
                                           help_text="blank: back to the generated wording")
    explanation_wording = serializers.CharField(allow_blank=True, required=False,
                                                max_length=5000, trim_whitespace=False,
                                                help_text="blank: back to the generated wording")
    note = serializers.CharField(allow_blank=True, required=False, max_length=1000,
                                 help_text="why the status changes, for the history")


class QuestionReportRequestSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=2000, help_text="what is wrong with the question")


class QuestionReportedSerializer(serializers.Serializer):
    """The report as recorded; it says nothing about the question itself."""

    id = serializers.IntegerField()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    handled = serializers.BooleanField()
    response = serializers.CharField(allow_blank=True, help_text="the editors' answer, once "
                                     "handled")
