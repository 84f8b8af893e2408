"""The question bank the bundled scenarios build, judged as a judge exam would judge it: every
published question tests its scenario's ruling, shows what a judge needs, and offers only
wrong answers a judge who misreads a rule would give."""
import re
from collections import Counter

import pytest

from scenarios.engine.vocabulary import is_refused
from scenarios.verification.models import Scenario
from scenarios.quizzes import generation
from scenarios.quizzes.bank import build_for, refresh, settle_stems, stem_of, store
from scenarios.quizzes.models import Question
from scenarios.quizzes.stems import Stem

FORMATS = ["core", "deck-masters", "thought-ruler-highlander", "tag-team-phalanx",
           "kingdom-duels"]
NUMBER = re.compile(r"^[\d,]+( [A-Z][\w ]*| cards?| monsters?| LP)?\.?$|^\d+$|^Level \d+$")


def published():
    return Question.objects.filter(active=True, status=Question.PUBLISHED).select_related(
        "scenario")


def taker_texts(question):
    yield question.shown_prompt
    yield question.shown_explanation
    yield from question.facts
    yield from question.steps
    for option in question.options:
        yield option["text"]
        yield option["explanation"]


def test_every_format_has_at_least_forty_published_questions(bank):
    counts = Counter(published().values_list("format", flat=True))
    assert all(counts[f] >= 40 for f in FORMATS), counts


def test_a_scenario_publishes_at_most_three_questions(bank):
    counts = Counter(published().values_list("scenario_id", flat=True))
    assert counts and max(counts.values()) <= generation.MAX_PUBLISHED


def test_no_two_published_questions_show_the_same_stem(bank):
    stems = Counter(stem_of(q) for q in published())
    assert stems and max(stems.values()) == 1


@pytest.mark.parametrize("format_slug", FORMATS)
def test_every_published_answer_flips_under_a_misreading_of_the_teaching_rule(bank,
                                                                             format_slug):
    """Rebuilt from the stored scenario: the right option is what the true replay answers,
    and some misreading of the scenario's teaching rule answers otherwise."""
    for row in Scenario.objects.filter(status="passed", format_slug=format_slug):
        stored = {q.key: q for q in row.questions.filter(active=True,
                                                         status=Question.PUBLISHED)}
        if not stored:
            continue
        context, drafts = build_for(row)
        for draft in drafts:
            if draft.key not in stored:
                continue
            right = draft.ask.read(context.truth)
            assert right is not None
            flips = [r for r in context.teaching.teaching_readings()
                     if (found := draft.ask.read(r.replay)) is not None and
                     found.value != right.value]
            assert flips, (row.slug, draft.key)
            assert all(r.anchor == row.rule for r in flips)
            assert stored[draft.key].teaching_rule == row.rule


def test_wrong_options_come_only_from_misreadings(bank):
    for question in published():
        sources = Counter(o["source"] for o in question.options)
        assert sources["engine"] == 1, question
        assert sources["wrong_reading"] >= generation.MIN_WRONG, question
        assert set(sources) <= {"engine", "wrong_reading", "rule"}, question
        assert all(o["rule"] for o in question.options if not o["correct"]), question
        texts = [o["text"] for o in question.options]
        assert len(texts) == len(set(texts)) and sum(o["correct"] for o in question.options) == 1


def test_options_are_answers_of_the_question_s_own_type(bank):
    for question in published():
        texts = [o["text"] for o in question.options]
        if question.kind == Question.LEGALITY:
            assert "Yes." in texts, question
            assert all(t == "Yes." or t.startswith("No: ") for t in texts), question
        else:
            assert not any(t.startswith("No: ") for t in texts), question
        if question.kind == Question.NUMERIC:
            assert all(NUMBER.match(t) for t in texts), (question, texts)


def test_no_question_asks_whether_a_priority_pass_is_allowed(bank):
    for question in published().filter(kind=Question.LEGALITY):
        assert "passes priority. Is that allowed" not in question.prompt, question


def test_no_internal_words_reach_a_taker(bank):
    for question in published():
        for text in taker_texts(question):
            assert not generation.internal_words(text), (question, text)


def test_stems_name_the_format_and_the_moment(bank):
    for question in published():
        assert question.format == question.scenario.format_slug, question
        assert any(fact.startswith("Turn ") for fact in question.facts), question
        # The table in both layouts, wide and narrow, one of them shown by the screen's width.
        assert question.board.startswith('<div class="duel-boards"><svg')
        assert question.board.count("<svg") == 2
        assert all(s.endswith((".", "!", "?")) for s in question.steps), question


def test_the_board_shows_the_moment_asked_about(bank):
    """A ruling question stops before its pivotal step: its board is the table after the
    steps shown, not the table the scenario starts from. A question about the end shows the
    table before the pivotal step, which cannot give its answer away."""
    row = Scenario.objects.get(slug="negate-attack-solemn-judgment")
    context, drafts = build_for(row)
    for draft in drafts:
        stem = Stem(context.truth, draft.cut, context.format_name, context.labels,
                    context.catalog, moment=draft.moment)
        assert draft.board == stem.board(row.format_slug)
        assert draft.moment <= draft.cut
    asked = next(d for d in drafts if d.cut > 0)
    assert asked.board != Stem(context.truth, 0, "", context.labels).board(row.format_slug)
    for draft in drafts:
        if draft.cut == context.end:
            assert draft.moment == context.teaching.pivot - 1


def test_copies_of_a_card_are_told_apart(bank):
    row = Scenario.objects.get(slug="negate-attack-solemn-judgment")
    context, drafts = build_for(row)
    text = " ".join(s for d in drafts for s in d.steps + [d.prompt])
    assert "Negate Attack (B's first)" in text and "Negate Attack (B's second)" in text


def test_a_refused_step_is_told_only_as_the_attempt_a_question_needs(bank):
    """A step the rules refused changed nothing: the stem leaves it out, unless it is the step
    the ruling decides and the question asks what came of it; then it is told as an attempt,
    never with the reason it was refused (which might answer the question)."""
    checked = told = 0
    asked = Question.objects.filter(status=Question.PUBLISHED, active=True).values(
        "scenario_id")
    for row in Scenario.objects.filter(status="passed", pk__in=asked):
        context, drafts = build_for(row)
        pivot = context.teaching.pivot
        for draft in drafts:
            assert not any(", but cannot" in line for line in draft.steps), (row.slug, draft.key)
            for step in context.truth.steps[:draft.cut]:
                if not is_refused(step.status):
                    continue
                checked += 1
                attempt = context.attempts[step.number - 1]
                if step.number == pivot:
                    assert attempt in draft.steps, (row.slug, draft.key)
                    told += 1
                else:
                    assert attempt not in draft.steps, (row.slug, draft.key)
    assert checked and told


def test_explanations_reason_in_two_to_four_sentences(bank):
    for question in published():
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", question.explanation) if s]
        assert 2 <= len(sentences) <= 6, question.explanation
        assert question.anchors and question.anchors[0]["anchor"] == question.teaching_rule


def test_questions_are_withdrawn_when_their_scenario_fails_and_return_when_it_passes(bank):
    row = Scenario.objects.filter(questions__status=Question.PUBLISHED).first()
    Scenario.objects.filter(pk=row.pk).update(status="failed", message="lp.B: expected 1")
    refresh([row.slug])
    withdrawn = Question.objects.filter(scenario=row)
    assert withdrawn and not withdrawn.filter(active=True).exists()
    assert all("failed" in q.withdrawn_reason for q in withdrawn)
    Scenario.objects.filter(pk=row.pk).update(status="passed", message="")
    refresh([row.slug])
    assert Question.objects.filter(scenario=row, active=True).exists()


def test_an_edit_that_breaks_a_scenario_withdraws_its_questions(bank, editor):
    from rulings.knowledge.models import Article
    from rulings.knowledge.publishing import publish, source_of

    article = Article.objects.select_related("format", "current_revision").get(
        format__slug="thought-ruler-highlander", slug="nightfall")
    source = source_of(article.current_revision)
    source.parameters = {**source.parameters, "nightfall_cost": 1000}
    publish(article, source, author=editor, base_number=article.current_revision.number)
    failing = Scenario.objects.filter(format_slug="thought-ruler-highlander", status="failed")
    assert failing
    for row in failing:
        assert not row.questions.filter(active=True).exists()


def test_a_rebuild_keeps_the_editors_wording_and_status(bank):
    question = published().first()
    Question.objects.filter(pk=question.pk).update(
        prompt_wording="Reworded by an editor?", status=Question.RETIRED)
    row = question.scenario
    store(row, *build_for(row))
    question.refresh_from_db()
    assert question.prompt_wording == "Reworded by an editor?"
    assert question.status == Question.RETIRED


def test_a_rebuild_keeps_the_difficulty_measured_from_answers(bank):
    from django.utils import timezone

    from scenarios.quizzes.models import Attempt, AttemptQuestion
    from scenarios.quizzes.stats import HARD, shown_difficulty

    question = published().filter(depth=1).first()
    wrong = next(o["key"] for o in question.options if not o["correct"])
    for _ in range(20):
        attempt = Attempt.objects.create(mode=Attempt.PRACTICE, session_key="s")
        AttemptQuestion.objects.create(attempt=attempt, question=question, number=1,
                                       answer=wrong, correct=False,
                                       answered_at=timezone.now())
    assert shown_difficulty(question.depth, (0, 0)) != HARD
    row = question.scenario
    store(row, *build_for(row))
    question.refresh_from_db()
    assert question.difficulty == HARD


def test_a_published_question_whose_answer_changes_goes_back_to_draft_saying_why(bank):
    question = published().first()
    right = next(n for n, o in enumerate(question.options) if o["correct"])
    wrong = (right + 1) % len(question.options)
    options = [dict(o, correct=(n == wrong)) for n, o in enumerate(question.options)]
    Question.objects.filter(pk=question.pk).update(options=options)
    row = question.scenario
    store(row, *build_for(row))
    question.refresh_from_db()
    assert question.status == Question.DRAFT
    assert "The replay now answers" in question.change_note
    assert question.events.filter(action="back to draft").exists()


def right_text(question):
    return next(o["text"] for o in question.options if o["correct"])


def copy_stem(source, target):
    Question.objects.filter(pk=target.pk).update(
        format=source.format, prompt=source.prompt, prompt_wording=source.prompt_wording,
        facts=source.facts,
        steps=source.steps, board=source.board)


def test_two_published_questions_with_one_stem_and_different_answers_go_to_draft(bank):
    first = published().first()
    second = next(q for q in published() if right_text(q) != right_text(first))
    copy_stem(first, second)
    settle_stems()
    for question in (first, second):
        question.refresh_from_db()
        assert question.status == Question.DRAFT and "lacks a fact" in question.draft_reason


def test_of_two_published_questions_asking_the_same_the_older_stays(bank):
    questions = list(published())
    first, second = next((a, b) for a in questions for b in questions
                         if a.pk < b.pk and right_text(a) == right_text(b))
    copy_stem(first, second)
    settle_stems()
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == Question.PUBLISHED
    assert second.status == Question.DRAFT and f"Question {first.pk}" in second.draft_reason


def test_no_stem_states_a_summon_limit_a_judge_works_out(bank):
    """The limit follows from the Life Points shown; a stem that printed it would answer the
    question (the board and facts give the summons counted so far only)."""
    questions = list(published().filter(format="thought-ruler-highlander"))
    assert questions
    for question in questions:
        assert not re.search(r"summons \d+ of \d+", question.board), question
        counted = [f for f in question.facts if "Summon Limit" in f]
        assert all(not re.search(r"\d+ of \d+", f) for f in counted), (question, counted)


def test_a_summon_limit_is_asked_just_before_the_step_it_decides(bank):
    asked = list(published().filter(key__startswith="limit:"))
    assert len(asked) >= 3
    for question in asked:
        right = next(o["text"] for o in question.options if o["correct"])
        number = int(right.split()[0])
        assert "how many monsters in all" in question.prompt
        assert f"the limit is {number}" in question.explanation, question.explanation
        assert re.search(r"has [\d,]+ LP, [\d,]+ or more", question.explanation), question


def test_the_table_s_moment_is_named_by_the_step_that_follows_it(bank):
    """Steps are told unnumbered (and refused ones mostly left out), so a stem names the
    moment its table shows by what happens next, never by a step number."""
    named = 0
    for question in published():
        for fact in question.facts:
            if fact.startswith("The table shows"):
                assert not re.search(r"\bstep \d", fact), fact
                named += "just before this: " in fact
        assert not re.search(r"\bstep \d", question.explanation), question.explanation
    assert named
