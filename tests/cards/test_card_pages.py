"""The card pages over the bundled site: every catalogued card used by a bundled scenario lists
that scenario, the pages cost a constant number of queries, bad input never fails."""
from collections import defaultdict
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scenarios.cards.entries import catalog_entries
from scenarios.engine.card_uses import catalog_cards_used
from scenarios.engine.cards import default_catalog
from scenarios.engine.scenario import load_scenario
from scenarios.verification.models import Scenario, ScenarioCard

DATA = Path(settings.BASE_DIR) / "scenarios" / "data"


def uses_in_files():
    """{card name: slugs of the bundled scenario files that name it}, read from the files."""
    found = defaultdict(set)
    for path in sorted(DATA.rglob("*.yaml")):
        if path.name.startswith("_"):
            continue
        scenario = load_scenario(path)
        for name in catalog_cards_used(scenario, default_catalog()):
            found[name].add(scenario.slug)
    return found


def test_every_catalogued_card_used_by_a_bundled_scenario_lists_it_on_its_page(
        loaded_site, client):
    wanted = uses_in_files()
    stored = set(Scenario.objects.values_list("slug", flat=True))
    assert len(wanted) > 150
    slugs = {e.name: e.slug for e in catalog_entries()}
    missing = []
    for name, scenario_slugs in sorted(wanted.items()):
        page = client.get(reverse("card", args=[slugs[name]])).content.decode()
        for slug in sorted(scenario_slugs & stored):
            if f'href="/scenarios/{slug}/"' not in page:
                missing.append(f"{name}: {slug}")
    assert not missing, missing[:20]


def test_a_card_page_says_what_the_card_is_where_it_is_legal_and_its_rulings(loaded_site, client):
    page = client.get(reverse("card", args=["solemn-warning"])).content.decode()
    assert "Counter Trap" in page and "Pay 2000 LP" in page
    assert 'href="/rules/thought-ruler-highlander/deck-construction/#copy-limit"' in page
    assert 'id="rulings-core"' in page and 'id="rulings-thought-ruler-highlander"' in page
    assert "status-passed" in page and "Step through the replay" in page
    assert 'href="/rules/core/chains/#' in page  # a section naming it
    assert 'href="/quiz/?card=Solemn+Warning"' in page


def test_a_scenarios_own_card_gets_no_page_nor_a_link_and_stays_on_its_scenario_page(
        loaded_site, client):
    own = "Kingdom Denial"  # defined in negated-summon-spares-the-idle-warning's `cards:`
    assert own not in default_catalog()
    assert own not in {e.name for e in catalog_entries()}
    assert not ScenarioCard.objects.filter(name=own).exists()
    assert client.get("/cards/kingdom-denial/").status_code == 404
    page = client.get("/scenarios/negated-summon-spares-the-idle-warning/").content.decode()
    assert "Cards defined for this scenario" in page and own in page
    assert "/cards/kingdom-denial/" not in page


def queries_for(client, url):
    client.get(url)  # the index and the stamp are warm, as for every request after the first
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def cards_used_by(count_wanted):
    counts = defaultdict(int)
    for name in ScenarioCard.objects.values_list("name", flat=True):
        counts[name] += 1
    return next(n for n, c in sorted(counts.items(), key=lambda item: item[1]) if
                c >= count_wanted)


def test_a_card_page_costs_the_same_queries_for_1_scenario_as_for_40(loaded_site, reader_client):
    slugs = {e.name: e.slug for e in catalog_entries()}
    once, often = cards_used_by(1), cards_used_by(40)
    assert ScenarioCard.objects.filter(name=once).count() == 1
    assert ScenarioCard.objects.filter(name=often).count() >= 40
    few = queries_for(reader_client, reverse("card", args=[slugs[once]]))
    many = queries_for(reader_client, reverse("card", args=[slugs[often]]))
    assert few == many
    few_api = queries_for(reader_client, reverse("api-card", args=[slugs[once]]))
    assert few_api == queries_for(reader_client, reverse("api-card", args=[slugs[often]]))


def test_anonymous_readers_get_a_card_page_from_the_page_cache(loaded_site, client):
    url = reverse("card", args=["sangan"])
    first = client.get(url).content
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url).content
    assert again == first
    assert len(queries) == 1  # the site stamp only


def test_the_card_list_searches_filters_and_pages(loaded_site, client):
    page = client.get("/cards/", {"q": "solemn warn"}).content.decode()
    assert 'href="/cards/solemn-warning/"' in page and "1 card." in page
    page = client.get("/cards/", {"kind": "rule"}).content.decode()
    assert "Kingdom Golden Eye Symbol" in page and "Sangan" not in page
    page = client.get("/cards/", {"format": "deck-masters", "kind": "deck-master"}).content.decode()
    assert "Blast Juggler" in page and "Solemn Warning" not in page
    page = client.get("/cards/", {"type": "Counter"}).content.decode()
    assert "Solemn Warning" in page and "Sangan" not in page
    first = client.get("/cards/").content.decode()
    assert "page 1 of" in first and 'rel="next"' in first


@pytest.mark.parametrize("query", [
    {"page": "99999999999999999999"}, {"page": "-3"}, {"page": "abc"},
    {"q": "x" * 5000}, {"format": "nope"}, {"kind": "\x00"}, {"type": "y" * 999}])
def test_bad_list_input_is_clamped_never_an_error(loaded_site, client, query):
    assert client.get("/cards/", query).status_code == 200


def test_search_lists_a_card_page_first_for_a_near_name(loaded_site, client):
    page = client.get("/search/", {"q": "solemn warn"}).content.decode()
    first = page.index('class="hit-title"')
    assert page[first:first + 80].find("/cards/solemn-warning/") != -1
    data = client.get("/api/search/", {"q": "solemn warn"}).json()
    assert (data[0]["kind"], data[0]["slug"]) == ("card", "solemn-warning")


def test_card_names_link_in_articles_and_replays_and_on_the_board(loaded_site, client):
    article = client.get("/rules/core/chains/").content.decode()
    assert 'class="card-link" href="/cards/solemn-warning/"' in article
    replay = client.get("/scenarios/solemn-warning-negates-the-deck-master-summon/")
    replay = replay.content.decode()
    assert 'class="card-link" href="/cards/gamma-the-magnet-warrior/"' in replay
    assert 'data-card-url="/cards/solemn-warning/"' in replay


def test_the_card_index_is_built_again_after_a_new_verification_run(loaded_site, client):
    cache.clear()
    assert client.get("/cards/sangan/").status_code == 200
