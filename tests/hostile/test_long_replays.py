"""Long replays: the longest, widest scenario within the limits keeps its replay page and the
editor's Check small (boards drawn for a window of steps, the rest on demand), with every step
still in words and every board still reachable, with or without JavaScript."""
import html
import re

import pytest

from scenarios.verification import editing
from scenarios.engine import parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS
from scenarios.presentation.readable.board import board_html
from scenarios.presentation.replay_view import position_of, replay_states, shown_steps
from scenarios.presentation.readable.sentences import step_sentences
from scenarios.verification.verifier import Verifier
from tests.engine.conftest import parameters
from tests.hostile.long_scenario import PATTERNS, SLUG, long_scenario_source

PAGE_LIMIT = 2_000_000  # bytes: the page a phone downloads for one scenario


@pytest.fixture
def save(bundled_rules, editor):
    """Save a long scenario the way an editor saves one; returns its slug."""
    def saved(pattern="turns"):
        slug = SLUG if pattern == "turns" else f"{SLUG}-{pattern}"
        editing.save(long_scenario_source(slug=slug, pattern=pattern), editor,
                     comment="the longest replay")
        return slug
    return saved


@pytest.fixture
def long_scenario(save):
    return save()


@pytest.fixture(scope="module")
def engine_replays():
    """The engine's own replay of each pattern, with every step's state."""
    found = {}
    for pattern in PATTERNS:
        scenario = parse_scenario(long_scenario_source(pattern=pattern), "long.yaml", RULESETS)
        found[pattern] = replay(scenario, ruleset_for("core"), default_catalog(),
                                params=parameters("core"))
    return found


@pytest.fixture
def engine_replay(engine_replays):
    return engine_replays["turns"]


def board_of(replay, number):
    """The board a page should show after step `number` (0: before the first step)."""
    state = replay.initial_state if number == 0 else replay.steps[number - 1].state
    return board_html(state, "core", replay.duel.catalog)


def embedded_boards(body):
    """Step numbers whose item in the replay list carries a drawn board."""
    found = set()
    for item in body.split('<li class="replay-step')[1:]:
        number = re.search(r'id="step-(\d+)"', item)
        if number and "<svg" in item:
            found.add(int(number.group(1)))
    return found


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_scenarios_are_the_worst_the_limits_allow(engine_replays, pattern):
    from scenarios.engine.scenario import MAX_CARDS, MAX_STEPS

    replayed = engine_replays[pattern]
    assert MAX_STEPS - 10 <= len(replayed.scenario.steps) <= MAX_STEPS
    assert replayed.matches  # every step replayed, legal or refused as the scenario says
    assert len(replayed.steps) == len(replayed.scenario.steps)
    start = replayed.initial_state["players"]
    cards = sum(len(v) for data in start.values() for v in data.values() if isinstance(v, list))
    cards += sum(data.get("deck_count", 0) for data in start.values())
    assert cards == MAX_CARDS
    assert any(s.status == "illegal (expected)" for s in replayed.steps)
    assert max(len(data.get("hand", [])) for data in start.values()) >= 100


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_replay_page_is_small_and_keeps_every_step_in_words(client, save, engine_replays,
                                                                pattern):
    slug = save(pattern)
    replayed = engine_replays[pattern]
    response = client.get(f"/scenarios/{slug}/")
    assert response.status_code == 200
    size = len(response.content)
    assert size < PAGE_LIMIT, f"the replay page is {size:,} bytes"
    body = response.content.decode()
    for number, sentence in enumerate(step_sentences(replayed), start=1):
        assert html.escape(sentence) in body, f"step {number}: {sentence}"
        assert f'id="step-{number}"' in body
    shown = embedded_boards(body)
    assert 0 in shown and 1 in shown, "the first boards are drawn in the page"
    assert len(shown) < len(replayed.steps) // 2, "most boards are left for later"
    # Every entry (the steps, and what the duel did by itself between them) has its board
    # drawn or a link to it.
    entries = body.split('<li class="replay-step')[1:]
    drawn = sum("<svg" in entry for entry in entries)
    assert len(entries) >= len(replayed.steps) + 1
    assert body.count('class="board-later"') == len(entries) - drawn


def test_a_board_outside_the_window_is_fetched_and_is_the_engines(client, long_scenario,
                                                                  engine_replay):
    page = client.get(f"/scenarios/{SLUG}/").content.decode()
    far = len(engine_replay.steps) - 3
    assert far not in embedded_boards(page)
    # Without JavaScript: a plain link to the page with that step's board drawn.
    assert f'href="?step={far}#step-{far}"' in page
    # With it: the one board, on demand, at the step's place in the list (what the duel did by
    # itself between steps has a place and a board of its own).
    states = replay_states(engine_replay)
    position = position_of(shown_steps(engine_replay, "core", {}), far)
    assert f'data-board="/scenarios/{SLUG}/boards/{position}/"' in page
    response = client.get(f"/scenarios/{SLUG}/boards/{position}/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert response.content.decode() == board_of(engine_replay, far)
    assert client.get(f"/scenarios/{SLUG}/boards/{len(states)}/").status_code == 404


def test_the_step_link_draws_that_window(client, long_scenario, engine_replay):
    far = len(engine_replay.steps) - 3
    response = client.get(f"/scenarios/{SLUG}/?step={far}")
    assert response.status_code == 200 and len(response.content) < PAGE_LIMIT
    body = response.content.decode()
    assert far in embedded_boards(body)
    assert board_of(engine_replay, far) in body


def test_boards_come_from_one_replay_per_source_and_site_state(client, long_scenario,
                                                               monkeypatch):
    replays = []
    original = Verifier.verify_source

    def counting(self, *args, **kwargs):
        replays.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Verifier, "verify_source", counting)
    client.get(f"/scenarios/{SLUG}/")
    for number in (100, 200, 300, 101, 100):
        assert client.get(f"/scenarios/{SLUG}/boards/{number}/").status_code == 200
    assert client.get(f"/scenarios/{SLUG}/?step=250").status_code == 200
    assert len(replays) == 1


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_editors_check_of_the_longest_draft_is_small(editor_client, bundled_rules,
                                                         engine_replays, pattern):
    replayed = engine_replays[pattern]
    source = long_scenario_source(slug="hostile-long-replay-draft", pattern=pattern)
    response = editor_client.post("/scenarios/new/", {"source": source, "check": "1"})
    assert response.status_code == 200
    size = len(response.content)
    assert size < PAGE_LIMIT, f"the editor's Check is {size:,} bytes"
    body = response.content.decode()
    for sentence in step_sentences(replayed):
        assert html.escape(sentence) in body
    shown = embedded_boards(body)
    last = len(replayed.steps)
    assert {0, 1, last} <= shown and len(shown) < last // 2
    entries = body.split('<li class="replay-step')[1:]
    assert body.count("is not drawn in a check") == \
        len(entries) - sum("<svg" in entry for entry in entries)
    assert f"too many to draw every table in a check: the tables after {last + 1 - len(shown)}" \
        in body


def test_the_replay_api_answers_twenty_steps_at_a_time(client, long_scenario, engine_replay):
    first = client.get(f"/api/scenarios/{long_scenario}/replay/")
    assert first.status_code == 200 and len(first.content) < PAGE_LIMIT
    data = first.json()
    total = len(engine_replay.steps)
    assert data["steps_total"] == total and data["first_step"] == 1
    assert [s["number"] for s in data["steps"]] == list(range(1, 21))
    assert data["steps"][0]["state"] == engine_replay.steps[0].state
    last_from = total - (total - 1) % 20
    last = client.get(f"/api/scenarios/{long_scenario}/replay/?from={last_from}").json()
    assert last["steps"][-1]["number"] == total and last["next"] is None
    assert data["next"].endswith("?from=21")


@pytest.mark.parametrize("asked", ["abc", "0", "-3", "123456"])
def test_a_bad_first_step_is_a_400_naming_it(client, long_scenario, asked):
    response = client.get(f"/api/scenarios/{long_scenario}/replay/?from={asked}")
    assert response.status_code == 400 and "from" in response.json()
