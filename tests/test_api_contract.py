"""The API keeps its contract: schemathesis replays generated requests against every operation
of the OpenAPI schema at /api/schema/ (in-process, over WSGI), anonymously and as an editor,
with the bundled rules and scenarios loaded. No request may get a 5xx, and every response
(errors too) must have a documented status, content type and body.

Bounded and deterministic: a few derandomized examples per operation and generation mode,
once with random path parameters (mostly 404s) and once with real ones (a bundled article,
scenario, verification run, question and a quiz of the caller's own).
"""
import re
import time

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import (content_type_conformance, not_a_server_error,
                                 response_schema_conformance, status_code_conformance)

from rulings.project.wsgi import application
from scenarios.verification.models import Scenario, VerificationRun
from scenarios.quizzes.models import Question

EXAMPLES = {GenerationMode.POSITIVE: 15, GenerationMode.NEGATIVE: 6}
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance,
          content_type_conformance]
# CPU seconds for both runs: a guard against drift, counted in CPU time so that a loaded machine
# does not fail it. Measured with 460 scenarios and the card API: the checks took 61 s of CPU
# on SQLite (on a loaded machine) and the whole test 66 s of wall-clock on PostgreSQL (quiet).
# A loaded PostgreSQL run once went past 90 s, so the budget is about twice the quiet figure.
TIME_BUDGET = 120


@pytest.fixture
def wsgi_in_test_transaction():
    """Requests made through the WSGI app share the test's connection (as Django's test client
    does): do not let request start/finish close it mid-transaction."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def generous_rates(settings):
    """The run sends hundreds of requests from one address in seconds; the rates are the
    throttle tests' business (tests/hostile), not the contract's."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "100000/minute",
                               "user": "100000/minute", "quiz_start": "100000/minute"}


@pytest.fixture
def site(generous_rates, loaded_site, editor, wsgi_in_test_transaction):
    return loaded_site


@pytest.fixture
def api_schema(site):
    return schemathesis.openapi.from_wsgi("/api/schema/", application)


def token_auth(user):
    from rest_framework.authtoken.models import Token

    return {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def start_quiz(schema, headers):
    """A quiz of this caller's own: (its id, the session cookies it belongs to)."""
    operation = schema["/api/quizzes/"]["POST"]
    case = operation.Case(body={"mode": "practice", "count": 3}, media_type="application/json")
    response = case.call(headers=headers)
    assert response.status_code == 201, response.text
    cookies = {}
    for value in response.headers.get("set-cookie", []) or []:
        name, _, rest = value.partition("=")
        cookies[name.strip()] = rest.split(";", 1)[0]
    quiz_id = response.json()["id"]
    # Answered, so that the generated starts that follow (past the cap of open quizzes)
    # never drop it to make room: only quizzes with nothing answered are dropped.
    answer = schema["/api/quizzes/{attempt_id}/questions/{number}/answer/"]["POST"].Case(
        path_parameters={"attempt_id": quiz_id, "number": 1}, body={"option": "a"},
        media_type="application/json")
    assert answer.call(headers=headers, cookies=cookies).status_code == 200
    return quiz_id, cookies


def real_parameters(schema, headers):
    article = "chains"
    run = VerificationRun.objects.order_by("pk").first()
    attempt_id, cookies = start_quiz(schema, headers)
    return {
        "format_slug": "core", "slug": article,
        "scenario_slug": Scenario.objects.order_by("slug").first().slug,
        "id": run.pk if run else 1, "question_id": Question.objects.order_by("pk").first().pk,
        "attempt_id": attempt_id, "number": 1,
    }, cookies


# Bodies that reach the success paths random data rarely finds (a save, a create, an answer),
# so that their documented 200/201/409 bodies are checked too.
FIXED_BODIES = {
    "POST /api/articles/": {"format": "core", "slug": "contract-test", "title": "Contract test",
                            "markdown": "Some text.\n"},
    "PATCH /api/articles/{format_slug}/{slug}/": {"base_revision": 1, "summary": "Changed."},
    "PUT /api/articles/{format_slug}/{slug}/": {
        "base_revision": 1, "title": "Stale", "summary": "", "order": 1, "markdown": "Text.\n",
        "parameters": {}, "terms": []},
    "POST /api/quizzes/{attempt_id}/questions/{number}/answer/": {"option": "a"},
}


def in_order(operations):
    """Finishing a quiz, then its results, come last: answering it is still open before."""
    return sorted(operations, key=lambda op: ("/finish/" in op.path) + 2 * ("/results/" in op.path))


def path_parameters(operation, real):
    names = re.findall(r"{(\w+)}", operation.path)
    found = {}
    for name in names:
        if name == "slug" and operation.path.startswith("/api/scenarios/"):
            found[name] = real["scenario_slug"]
        elif name == "slug" and operation.path.startswith("/api/exam-blueprints/"):
            found[name] = "every-format"
        elif name == "slug" and operation.path.startswith("/api/cards/"):
            found[name] = "solemn-warning"
        elif name == "id" and operation.path.startswith("/api/questions/"):
            found[name] = real["question_id"]
        else:
            found[name] = real[name]
    return found


def exercise(schema, headers, cookies, real, deadline, statuses):
    """Run every operation; return the failures found, as readable text (and note in
    `statuses` the status codes each operation answered)."""
    failures = []
    for operation in in_order(result.ok() for result in schema.get_all_operations()):
        for mode, examples in EXAMPLES.items():
            variants = [{}, path_parameters(operation, real)] if "{" in operation.path else [{}]
            variants = [({"path_parameters": fixed}, fixed) for fixed in variants]
            if mode == GenerationMode.POSITIVE and operation.label in FIXED_BODIES:
                variants.append(({"path_parameters": variants[-1][1],
                                  "body": FIXED_BODIES[operation.label],
                                  "media_type": "application/json"}, variants[-1][1]))
            for given_parts, fixed in variants:
                strategy = operation.as_strategy(generation_mode=mode, **given_parts)

                @hypothesis_settings(max_examples=examples, derandomize=True, database=None,
                                     deadline=None, phases=[Phase.explicit, Phase.generate],
                                     suppress_health_check=list(HealthCheck))
                @given(case=strategy)
                def check(case):
                    response = case.call_and_validate(headers=headers, cookies=cookies,
                                                      checks=CHECKS)
                    statuses.setdefault(operation.label, set()).add(response.status_code)

                try:
                    check()
                except Unsatisfiable:
                    pass  # nothing in this operation can be made invalid
                except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 - all reported below
                    failures.append(f"{operation.label} [{mode.value}, "
                                    f"{'real' if fixed else 'random'} path]:\n{error}")
                if time.process_time() > deadline:
                    failures.append(f"time budget of {TIME_BUDGET}s exceeded at {operation.label}")
                    return failures
    return failures


@pytest.mark.django_db
def test_every_operation_keeps_the_contract(api_schema, editor):
    deadline = time.process_time() + TIME_BUDGET
    failures = []
    for who, headers in (("anonymous", {}), ("editor", token_auth(editor))):
        real, cookies = real_parameters(api_schema, headers)
        statuses = {}
        failures += [f"as {who}: {f}" for f in exercise(api_schema, headers, cookies, real,
                                                        deadline, statuses)]
    assert not failures, "\n\n".join(failures)
    # The run reached past the 404s: as an editor, every read answered a 200 at least once.
    unread = [label for label, codes in statuses.items()
              if label.startswith("GET ") and 200 not in codes]
    assert not unread, unread


def test_schema_is_served_to_anyone(client, db):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/articles/{format_slug}/{slug}/" in schema["paths"]
    listed = schema["paths"]["/api/articles/"]["get"]["responses"]["200"]["content"]
    page = listed["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert set(schema["components"]["schemas"][page]["properties"]) == {
        "count", "next", "previous", "results"}


def test_docs_render_without_inline_script(client, db):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S | re.I)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert "script-src 'self'" in response["Content-Security-Policy"]
    # Every script is the site's own: Swagger UI from the sidecar's static files, and the
    # page's setup script from the view itself, which answers.
    for attrs, _ in scripts:
        src = re.search(r'src="([^"]+)"', attrs)[1].replace("&amp;", "&")
        assert src.startswith("/"), src
        if not src.startswith("/static/"):
            assert client.get(src).status_code == 200, src

