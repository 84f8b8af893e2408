"""The API keeps its contract: schemathesis replays generated requests against every operation
of the OpenAPI schema at /api/schema/ (in-process, over WSGI), anonymously and as an editor,
with the bundled rules and scenarios loaded. No request may get a 5xx, and every response
(errors too) must have a documented status, content type and body.

Bounded and deterministic: a few derandomized examples per operation and generation mode,
once with random path parameters (mostly 404s) and once with real ones (a bundled article,
scenario, verification run, question and a quiz of the caller's own).
"""
import base64
import re
import time

import pytest
import schemathesis
from django.core import signals
from django.core.management import call_command
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from schemathesis import GenerationMode
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import (content_type_conformance, not_a_server_error,
                                 response_schema_conformance, status_code_conformance)

from rulings.wsgi import application
from scenarios.models import Scenario, VerificationRun
from scenarios.quizzes.models import Question

PASSWORD = "a-long-test-password"
EXAMPLES = {GenerationMode.POSITIVE: 6, GenerationMode.NEGATIVE: 4}
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance,
          content_type_conformance]
TIMINGS = {}
TIME_BUDGET = 600  # seconds, for both runs together


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
def fast_passwords(settings):
    """HTTP Basic checks the password on every request: a fast hasher keeps the run short."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def site(fast_passwords, bundled_rules, editor, wsgi_in_test_transaction):
    call_command("load_scenarios", verbosity=0)
    return bundled_rules


@pytest.fixture
def api_schema(site):
    return schemathesis.openapi.from_wsgi("/api/schema/", application)


def basic_auth(user):
    token = base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


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
    return response.json()["id"], cookies


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


def path_parameters(operation, real):
    names = re.findall(r"{(\w+)}", operation.path)
    found = {}
    for name in names:
        if name == "slug" and operation.path.startswith("/api/scenarios/"):
            found[name] = real["scenario_slug"]
        elif name == "id" and operation.path.startswith("/api/questions/"):
            found[name] = real["question_id"]
        else:
            found[name] = real[name]
    return found


def exercise(schema, headers, cookies, real, deadline):
    """Run every operation; return the failures found, as readable text."""
    failures = []
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode, examples in EXAMPLES.items():
            variants = [{}, path_parameters(operation, real)] if "{" in operation.path else [{}]
            for fixed in variants:
                strategy = operation.as_strategy(generation_mode=mode, path_parameters=fixed)

                @hypothesis_settings(max_examples=examples, derandomize=True, database=None,
                                     deadline=None, phases=[Phase.explicit, Phase.generate],
                                     suppress_health_check=list(HealthCheck))
                @given(case=strategy)
                def check(case):
                    case.call_and_validate(headers=headers, cookies=cookies, checks=CHECKS)

                started = time.monotonic()
                try:
                    check()
                except Unsatisfiable:
                    pass  # nothing in this operation can be made invalid
                except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 - all reported below
                    failures.append(f"{operation.label} [{mode.value}, "
                                    f"{'real' if fixed else 'random'} path]:\n{error}")
                TIMINGS[bool(headers), operation.label, mode.value, bool(fixed)] = time.monotonic() - started
                if time.monotonic() > deadline:
                    failures.append(f"time budget of {TIME_BUDGET}s exceeded at {operation.label}")
                    return failures
    return failures


@pytest.mark.django_db
def test_every_operation_keeps_the_contract(api_schema, editor):
    deadline = time.monotonic() + TIME_BUDGET
    failures = []
    for who, headers in (("anonymous", {}), ("editor", basic_auth(editor))):
        real, cookies = real_parameters(api_schema, headers)
        failures += [f"as {who}: {f}" for f in exercise(api_schema, headers, cookies, real,
                                                        deadline)]
    assert not failures, "\n\n".join(failures)


def teardown_module():
    for key, seconds in sorted(TIMINGS.items(), key=lambda kv: -kv[1])[:25]:
        print(f"{seconds:6.2f}s {key}")
