"""Every page reads as a judge writes: every article, every replay (every step), every coverage
and verification page, and every quiz question with its explanation, rendered from the bundled
content, say nothing a generator gives away (tests/judge_words.py)."""
import pytest
from django.core.management import call_command

from rulings.knowledge.models import Article, Format
from scenarios.verification.models import Scenario, VerificationRun
from scenarios.quizzes.models import Question
from tests.judge_words import problems


def page_addresses():
    addresses = ["/", "/glossary/", "/scenarios/", "/verification/", "/quiz/"]
    for article in Article.objects.select_related("format"):
        addresses += [article.get_absolute_url(), article.get_absolute_url() + "history/"]
    for fmt in Format.objects.all():
        addresses += [fmt.get_absolute_url(), f"/rules/{fmt.slug}/coverage/"]
    addresses += [scenario.get_absolute_url() for scenario in Scenario.objects.all()]
    addresses += [run.get_absolute_url() for run in VerificationRun.objects.all()]
    addresses += [f"/quiz/questions/{pk}/" for pk in Question.objects.values_list("pk", flat=True)]
    return addresses


@pytest.mark.django_db
def test_every_page_reads_as_a_judge_writes(bundled_rules, editor_client):
    call_command("load_scenarios", verbosity=0)
    addresses = page_addresses()
    assert Question.objects.exists() and len(addresses) > 1000
    found = []
    for address in addresses:
        response = editor_client.get(address)
        assert response.status_code == 200, address
        found += [f"{address}: {what}: …{context}…"
                  for what, context in problems(response.content.decode())]
    assert not found, f"{len(found)} phrases a judge would not write:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("text, what", [
    ("<p>It moves to a The Deck Master Position.</p>", "a doubled article"),
    ("<p>A summons it from its The Deck Master Position.</p>", "a doubled article"),
    ("<p>A has 2 summon(s) counted this turn.</p>", "a count written with (s)"),
    ("<p>Rule parameter: standard_duel_players</p>", "a snake_case identifier"),
    ("<td>expected {'match': False}</td>", "a Python repr"),
    ("<td>lp.A differs</td>", "a dotted key"),
    ("<p>like any other monster.; After that</p>", "stray punctuation"),
    ('<svg><g><title>Its battle effect is not modelled.</title></g></svg>',
     "a note that the engine does not model something"),
    ("<p>Team {team} wins</p>", "an unfilled template marker"),
    ('<span title="Rule parameter: deck_masters_per_duel">1</span>', "a snake_case identifier"),
])
def test_the_check_finds_each_kind_of_generated_phrase(text, what):
    assert what in [found for found, _ in problems(text)]


def test_the_check_passes_sentences_a_judge_writes():
    page = ("<p>Chain Link 1, activated by A</p><p>An illustrative card.</p>"
            "<p>A has 1 summon counted this turn; B has 2 Idle Warnings.</p>"
            "<pre>lp: {A: 8000}\nexpect_illegal: true</pre>"
            '<span title="Starting Life Points: 2,000">2,000</span>')
    assert problems(page) == []
