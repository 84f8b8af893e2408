"""Every API endpoint answers bad input with a 4xx JSON error, never a 500 or an HTML page.

The endpoints are read from the URL conf, so a new one is covered the day it is added.
"""
import json
import uuid

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

DEEP = "[" * 5000 + "]" * 5000
BIG = 10 ** 30
INT_FIELDS = ("order", "base_revision", "number", "count", "question", "answer", "option",
              "pk", "id", "size", "questions", "minutes", "pass_mark", "difficulty", "page")


def api_routes(patterns=None, prefix=""):
    """(route, pattern) for every URL under /api/."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from api_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and route.startswith("api/"):
            yield route


ROUTES = sorted(set(api_routes()))
FILL = {"<slug:format_slug>": "thought-ruler-highlander", "<slug:slug>": "nightfall",
        "<uuid:attempt_id>": str(uuid.UUID(int=1)), "<int:number>": "1", "<int:pk>": "1"}


def url_of(route):
    for key, value in FILL.items():
        route = route.replace(key, value)
    return "/" + route


BODIES = {
    "deep": DEEP,
    "deep-in-a-field": '{"format": "core", "decklist": ' + DEEP + ', "title": ' + DEEP + "}",
    "big-numbers": json.dumps({**{k: BIG for k in INT_FIELDS}, "format": "core",
                               "decklist": "Sangan", "title": "T", "markdown": "x",
                               "slug": "new-one"}),
    "wrong-types": json.dumps({k: [1, {"a": None}] for k in
                               (*INT_FIELDS, "format", "decklist", "title", "markdown",
                                "parameters", "terms", "summary", "comment", "slug")}),
    "list": "[1, 2, 3]",
    "string": '"x"',
    "null": "null",
    "not-json": "{'x': ",
    "nan": '{"order": NaN, "base_revision": Infinity}',
    "huge": json.dumps({"format": "thought-ruler-highlander", "decklist": "Sangan\n" * 150_000}),
}


def test_the_url_conf_has_the_endpoints_this_test_drives():
    assert len(ROUTES) >= 20, ROUTES
    assert "api/decks/check/" in ROUTES and "api/articles/" in ROUTES
    for route in ROUTES:
        assert "<" not in url_of(route), f"add a value for {route} to FILL"


@pytest.fixture
def site(loaded_site):
    return loaded_site


def answer_is_a_json_4xx(response, what):
    assert response.status_code < 500, f"{what}: {response.status_code}"
    if response.status_code >= 400 and what.split()[1] not in ("api/docs/", "api/schema/"):
        # (the Swagger UI page is HTML; the schema answers in its own OpenAPI YAML)
        assert response["Content-Type"].startswith("application/json"), \
            f"{what}: {response.status_code} {response['Content-Type']} {response.content[:200]!r}"


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_bad_bodies_get_a_json_4xx(site, client, editor, method):
    client.force_login(editor)
    for route in ROUTES:
        for name, body in BODIES.items():
            response = getattr(client, method)(url_of(route), body,
                                               content_type="application/json")
            answer_is_a_json_4xx(response, f"{method.upper()} {route} with {name}")


def test_bad_query_strings_get_a_json_4xx(site, client, editor):
    client.force_login(editor)
    for route, query in ((r, q) for r in ROUTES for q in ("?page=100000000000000000000000000000", "?page=-1", "?format=%00",
                  "?q=" + "x" * 5000, "?format=" + "[" * 3000, "?page=abc&format=x&q=%ff")):
        answer_is_a_json_4xx(client.get(url_of(route) + query), f"GET {route}{query}")


def test_a_deck_check_nested_5000_deep_is_a_400_naming_the_problem(db, client):
    response = client.post("/api/decks/check/", DEEP, content_type="application/json")
    assert response.status_code == 400 and "nested" in response.json()["detail"]


def test_a_5_mb_decklist_is_a_json_413(db, client):
    body = json.dumps({"format": "thought-ruler-highlander", "decklist": "x" * 5_000_000})
    response = client.post("/api/decks/check/", body, content_type="application/json")
    assert response.status_code == 413 and "detail" in response.json()


def test_an_order_of_10_to_the_30_is_a_400_naming_the_field(bundled_rules, editor_client):
    article = editor_client.get("/api/articles/thought-ruler-highlander/nightfall/").json()
    response = editor_client.patch(
        "/api/articles/thought-ruler-highlander/nightfall/",
        json.dumps({"order": BIG, "base_revision": article["revision"]}),
        content_type="application/json")
    assert response.status_code == 400 and "order" in response.json()


def test_parameters_past_the_yaml_limits_are_refused_by_the_api(bundled_rules, editor_client):
    article = editor_client.get("/api/articles/thought-ruler-highlander/nightfall/").json()
    parameters = dict(article["parameters"], huge=[0] * 30_000)
    response = editor_client.patch(
        "/api/articles/thought-ruler-highlander/nightfall/",
        json.dumps({"parameters": parameters, "base_revision": article["revision"]}),
        content_type="application/json")
    assert response.status_code == 400 and "more than 20000 values" in response.content.decode()
