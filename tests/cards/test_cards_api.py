"""The cards API: the same data as the pages, in pages, with clear refusals."""
import pytest


def test_the_list_filters_by_name_kind_and_format(loaded_site, client):
    data = client.get("/api/cards/", {"q": "Solemn Warn"}).json()
    assert [c["slug"] for c in data["results"]] == ["solemn-warning"]
    assert data["results"][0]["scenarios"] >= 9
    rules = client.get("/api/cards/", {"kind": "rule", "format": "kingdom-duels"}).json()
    assert rules["count"] >= 10 and all(c["kind"] == "rule" for c in rules["results"])


def test_the_list_comes_in_pages(loaded_site, client):
    first = client.get("/api/cards/").json()
    assert first["count"] > 190 and len(first["results"]) == 50 and first["previous"] is None
    second = client.get(first["next"]).json()
    assert second["results"][0]["slug"] != first["results"][0]["slug"]


def test_a_card_has_its_legality_rulings_and_sections(loaded_site, client):
    data = client.get("/api/cards/solemn-warning/").json()
    assert data["name"] == "Solemn Warning" and data["def"] is None
    trh = next(row for row in data["legality"] if row["format"] == "thought-ruler-highlander")
    assert trh["status"] == "limited"
    assert trh["url"] == "/rules/thought-ruler-highlander/deck-construction/#copy-limit"
    assert {r["format"] for r in data["rulings"]} >= {"core", "thought-ruler-highlander"}
    assert all(r["ruling"] and r["status"] == "passed" for r in data["rulings"])
    assert any(s["format"] == "core" for s in data["sections"])


@pytest.mark.parametrize("url, status", [
    ("/api/cards/no-such-card/", 404), ("/api/cards/?page=99999999999999999999", 404),
    ("/api/cards/?page=0", 404), ("/api/cards/?page=abc", 404), ("/api/cards/?page=40", 404),
    ("/api/cards/?q=" + "x" * 101, 400), ("/api/cards/?format=nope", 400),
    ("/api/cards/?kind=wizard", 400)])
def test_bad_input_is_refused_clearly(loaded_site, client, url, status):
    response = client.get(url)
    assert response.status_code == status
    assert response.json()
