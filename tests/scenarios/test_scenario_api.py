import re


def test_list_filters_by_format(client, loaded):
    page = client.get("/api/scenarios/?format=core").json()
    data = page["results"]
    assert page["count"] >= 25
    entry = next(s for s in data if s["slug"] == "poison-vs-ceasefire")
    assert entry == {"slug": "poison-vs-ceasefire", "format": "core",
                     "title": "Damage inside a chain ends the duel at once",
                     "article": "core/ending-the-game#zero-lp-immediate-loss",
                     "example": "core/ending-the-game#example-poison-vs-ceasefire",
                     "status": "passed", "last_status": "passed",
                     "url": "/scenarios/poison-vs-ceasefire/"}
    assert client.get("/api/scenarios/?format=nope").status_code == 400


def test_detail_has_source_and_last_verdict(client, loaded):
    data = client.get("/api/scenarios/poison-vs-ceasefire/").json()
    assert data["source"].startswith("slug: poison-vs-ceasefire")
    assert data["verdict"]["status"] == "passed"
    assert client.get("/api/scenarios/nope/").status_code == 404


def test_replay_gives_every_step_with_state_events_and_rules(client, loaded):
    data = client.get("/api/scenarios/poison-vs-ceasefire/replay/").json()
    assert data["status"] == "passed" and len(data["steps"]) == 4
    last = data["steps"][-1]
    assert last["state"]["players"]["A"]["lp"] == 0
    assert last["state"]["result"] == {"winner": "B", "reason": "lp_zero"}
    assert "core/ending-the-game#zero-lp-immediate-loss" in last["rules"]
    assert any("never resolves" in e["text"] for e in last["events"])


def test_post_verify_runs_and_records(editor_client, loaded):
    from scenarios.verification.models import Scenario
    Scenario.objects.filter(slug="final-countdown").update(status="unverified")
    data = editor_client.post("/api/scenarios/final-countdown/verify/").json()
    assert data["status"] == "passed"
    assert Scenario.objects.get(slug="final-countdown").status == "passed"


def test_pages_show_scenarios_and_the_article_lists_its_verifiers(client, loaded):
    assert "Final Countdown wins" in client.get("/scenarios/").content.decode()
    page = client.get("/scenarios/poison-vs-ceasefire/").content.decode()
    assert "Step by step" in page and "/rules/core/ending-the-game/#zero-lp-immediate-loss" in page
    article = client.get("/rules/core/ending-the-game/").content.decode()
    assert "Verified by scenarios" in article and "/scenarios/poison-vs-ceasefire/" in article


def test_phalanx_replay_shows_teams_shared_totals_and_lines(client, loaded):
    data = client.get("/api/scenarios/rule-10-front-line-falls/replay/").json()
    last = data["steps"][-1]["state"]
    assert last["teams"]["Y"] == {"players": ["C", "D"], "lp": 15000, "formation_points": 0,
                                  "front_line_closed": True}
    snake = next(c for c in last["players"]["D"]["monsters"] if c["id"] == "snake")
    assert snake["line"] == "back"
    page = client.get("/scenarios/rule-10-front-line-falls/").content.decode()
    last_board = page.rsplit('<li class="replay-step', 1)[1]
    assert "Team Y" in last_board and "LP 15000" in last_board and "FP 0" in last_board
    assert "Front Line (closed)" in last_board


def test_kingdom_duels_replay_and_page_show_terrains_and_columns(client, loaded):
    data = client.get("/api/scenarios/moved-target-causes-a-replay/replay/").json()
    last = data["steps"][-1]["state"]
    assert last["terrains"]["B"] == ["Land"] * 5
    soldier = next(c for c in last["players"]["B"]["monsters"] if c["id"] == "soldier")
    assert soldier["column"] == 2
    page = client.get("/scenarios/moved-target-causes-a-replay/").content.decode()
    assert "The table after step 1" in page
    # Card names in the sentences link to their card pages: the words are read without tags.
    words = re.sub(r"<a class=\"card-link\"[^>]*>([^<]*)</a>", r"\1", page)
    assert "A attacks Kingdom Soldier with Kingdom Wolf." in words
    assert '<a class="card-link" href="/cards/kingdom-wolf/"' in page
    assert "A passes priority." in page
    assert "{player:" not in page and "soldier (" not in page
    assert page.count(">Land</text>") >= 10


def test_kingdom_duels_team_replay_shows_the_rotation_teams_and_shared_lp(client, loaded):
    data = client.get("/api/scenarios/boss-team-commands-its-board-together/replay/").json()
    last = data["steps"][-1]["state"]
    assert last["mode"] == "boss" and last["rotation"] == ["A", "B", "A", "C"]
    assert last["teams"] == {"Boss": {"players": ["A"]},
                             "Crowd": {"players": ["B", "C"], "lp": 2000}}
    page = client.get("/scenarios/boss-team-commands-its-board-together/").content.decode()
    assert "Team LP 2000" in page and "Crowd" in page


def test_phalanx_page_shows_each_monsters_line(client, loaded):
    page = client.get("/scenarios/rule-10-front-line-falls/").content.decode()
    first_board = page.split('id="step-0"', 1)[1].split("</figure>", 1)[0]
    back_line = first_board.split("Back Line", 1)[1]
    assert "Venom Snake" in back_line
