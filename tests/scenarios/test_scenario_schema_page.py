"""The scenario schema served to editors (`/scenarios/schema.json`) is the one the engine checks
files with: any JSON Schema validator accepts every bundled scenario with it, and the reference
page and the scenario editor link it and show its fields in words."""
import html as htmllib

from jsonschema import Draft202012Validator

from scenarios.engine.reference import field_list
from scenarios.engine.yamlsource import safe_load
from tests.engine.conftest import SCENARIO_FILES


def served_schema(client):
    response = client.get("/scenarios/schema.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    return response.json()


def test_the_served_schema_is_a_draft_2020_12_schema_with_its_own_address(client, db):
    schema = served_schema(client)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "http://testserver/scenarios/schema.json"
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_any_validator_accepts_every_bundled_scenario_with_the_served_schema(client, db):
    validator = Draft202012Validator(served_schema(client))
    for path in SCENARIO_FILES:
        errors = list(validator.iter_errors(safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, f"{path.name}: {errors[0].message}"


def test_the_served_schema_refuses_what_the_engine_refuses(client, db):
    validator = Draft202012Validator(served_schema(client))
    data = safe_load(SCENARIO_FILES[0].read_text(encoding="utf-8"))
    assert validator.is_valid(data)
    for broken in ({**data, "colour": "blue"}, {**data, "steps": [{"player": "A"}]},
                   {**data, "steps": [{"player": "A", "pass": True, "end_turn": True}]},
                   {**data, "setup": {**data["setup"], "turn": {"phase": "lunch"}}}):
        assert not validator.is_valid(broken)


def test_the_reference_page_shows_every_field_in_words_and_links_the_schema(client, db):
    page = htmllib.unescape(client.get("/scenarios/reference/").content.decode())
    assert 'href="/scenarios/schema.json"' in page
    for part in field_list():
        assert part["title"] in page
        for field in part["fields"]:
            assert f'id="field-{part["part"]}-{field["name"]}"' in page
            assert field["description"] in page


def test_a_format_page_links_its_fields_to_their_words(client, db):
    page = client.get("/scenarios/reference/kingdom-duels/").content.decode()
    assert 'href="/scenarios/reference/#field-card-column"' in page
    assert 'href="/scenarios/reference/#field-player-terrains"' in page
    assert 'href="/scenarios/reference/#field-expect-charges"' in page


def test_the_scenario_editor_links_the_schema(editor_client, db):
    page = editor_client.get("/scenarios/new/").content.decode()
    assert 'href="/scenarios/schema.json"' in page


def test_the_api_serves_the_same_schema_with_its_own_address(client, db):
    response = client.get("/api/scenarios/schema.json", HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    schema = response.json()
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "http://testserver/api/scenarios/schema.json"
    assert {**schema, "$id": None} == {**served_schema(client), "$id": None}


def test_the_openapi_schema_describes_the_schema_address(client, db):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    operation = response.json()["paths"]["/api/scenarios/schema.json"]["get"]
    assert "JSON Schema" in operation["summary"]
    assert "yaml-language-server" in operation["description"]


def test_the_reference_page_says_how_to_point_an_editor_at_it(client, db):
    page = htmllib.unescape(client.get("/scenarios/reference/").content.decode())
    assert "# yaml-language-server: $schema=http://testserver/api/scenarios/schema.json" in page
    assert 'href="/api/scenarios/schema.json"' in page
