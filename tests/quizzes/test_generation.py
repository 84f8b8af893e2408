"""Questions come from verified scenarios, and every option is backed by a replay."""
import pytest

from scenarios.engine import replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import ruleset_for
from scenarios.models import Scenario
from scenarios.parameters import parameters_for
from scenarios.quizzes import generation
from scenarios.quizzes.bank import build_for
from scenarios.quizzes.models import Question
from scenarios.verification import parsed


def test_every_passing_scenario_yields_at_least_one_question(bank):
    passing = set(Scenario.objects.filter(status="passed").values_list("slug", flat=True))
    asked = set(Question.objects.filter(active=True).values_list("scenario__slug", flat=True))
    assert passing and passing <= asked, sorted(passing - asked)


def test_most_questions_have_three_engine_computed_wrong_options(bank):
    questions = list(Question.objects.filter(active=True))
    rich = [q for q in questions if q.engine_wrong_options >= 3]
    assert len(rich) >= 0.8 * len(questions), f"{len(rich)} of {len(questions)}"


def test_no_question_repeats_an_option_and_exactly_one_is_right(bank):
    for question in Question.objects.filter(active=True):
        texts = [o["text"] for o in question.options]
        assert len(texts) == len(set(texts)), question
        assert sum(o["correct"] for o in question.options) == 1, question
        assert len(texts) >= 2 and [o["key"] for o in question.options] == list("abcde")[
            :len(texts)]


@pytest.mark.parametrize("format_slug", ["core", "deck-masters", "thought-ruler-highlander",
                                         "tag-team-phalanx", "kingdom-duels"])
def test_every_option_is_backed_by_a_replay(bank, format_slug):
    """Rebuilt from the stored scenario: the right option is what the true replay computes;
    each wrong-reading option is what the replay under a wrong reading of the rule it names
    computes (or that reading's refusal of an earlier step); each computed option is a
    value the same scenario computes elsewhere. The stored questions match."""
    for row in Scenario.objects.filter(status="passed", format_slug=format_slug):
        context, drafts = build_for(row)
        stored = {q.key: q for q in row.questions.filter(active=True)}
        assert set(stored) == {d.key for d in drafts}, row.slug
        for draft in drafts:
            probe = draft.probe
            assert [(o["text"], o["correct"]) for o in stored[draft.key].options] == [
                (o.text, o.correct) for o in draft.options]
            pool = {text for _, text, _ in probe.pool()}
            for option in draft.options:
                if option.correct:
                    assert probe.read(context.truth)[1] == option.text
                elif option.source == "wrong_reading":
                    answers = set()
                    for reading in context.readings:
                        if reading.rule.anchor != option.rule:
                            continue
                        refused = context.refusal_before(reading.replay, draft.cut)
                        found = context.refusal_option(refused) if refused else None
                        text = found.text if found else (probe.read(reading.replay) or
                                                         (None, None))[1]
                        answers.add(text)
                    assert option.text in answers, (row.slug, draft.key, option.text)
                else:
                    assert option.source == "computed" and option.text in pool


def test_the_right_option_is_the_true_outcome(bank):
    for row in Scenario.objects.filter(status="passed")[:60]:
        for question in row.questions.filter(active=True, kind="numeric",
                                             key__startswith="lp:"):
            player = question.key.split(":")[1]
            scenario = parsed(row.source, row.path)
            truth = replay(scenario, ruleset_for(row.format_slug), default_catalog(),
                           params=parameters_for(row.format_slug))
            state = truth.initial_state if question.cut == 0 else truth.steps[question.cut - 1].state
            right = next(o for o in question.options if o["correct"])
            assert right["text"] == f"{state['players'][player]['lp']} LP"


def test_difficulty_grows_with_steps_and_rules(bank):
    easy = min(Question.objects.all(), key=lambda q: q.difficulty).difficulty
    hard = max(Question.objects.all(), key=lambda q: q.difficulty).difficulty
    assert easy == 1 and hard == 3
    assert generation.difficulty.__doc__


def test_stems_are_sentences_and_pictures_not_data(bank):
    for question in Question.objects.filter(active=True)[:300]:
        assert question.board.startswith("<svg")
        for sentence in question.steps:
            assert "{" not in sentence and "_" not in sentence and sentence.endswith(".")


def test_questions_are_withdrawn_when_their_scenario_fails_and_return_when_it_passes(bank):
    from scenarios.quizzes.bank import refresh

    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    Scenario.objects.filter(pk=row.pk).update(status="failed", message="lp.B: expected 1")
    refresh([row.slug])
    withdrawn = Question.objects.filter(scenario=row)
    assert withdrawn and not withdrawn.filter(active=True).exists()
    assert all("failed" in q.withdrawn_reason for q in withdrawn)
    Scenario.objects.filter(pk=row.pk).update(status="passed", message="")
    refresh([row.slug])
    assert Question.objects.filter(scenario=row, active=True).exists()


def test_an_edit_that_breaks_a_scenario_withdraws_its_questions(bank, editor):
    from rulings.models import Article
    from rulings.publishing import publish, source_of

    article = Article.objects.select_related("format", "current_revision").get(
        format__slug="thought-ruler-highlander", slug="nightfall")
    source = source_of(article.current_revision)
    source.parameters = {**source.parameters, "nightfall_cost": 1000}
    publish(article, source, author=editor, base_number=article.current_revision.number)
    failing = Scenario.objects.filter(format_slug="thought-ruler-highlander", status="failed")
    assert failing
    for row in failing:
        assert not row.questions.filter(active=True).exists()
