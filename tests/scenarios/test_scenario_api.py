def test_list_filters_by_format(client, loaded):
    data = client.get("/api/scenarios/?format=core").json()
    assert len(data) >= 25
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
    from scenarios.models import Scenario
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
    assert "Y (C, D): 15000 LP, 0 FP, Front Line closed" in page


def test_kingdom_duels_replay_and_page_show_terrains_and_columns(client, loaded):
    data = client.get("/api/scenarios/moved-target-causes-a-replay/replay/").json()
    last = data["steps"][-1]["state"]
    assert last["terrains"]["B"] == ["Land"] * 5
    soldier = next(c for c in last["players"]["B"]["monsters"] if c["id"] == "soldier")
    assert soldier["column"] == 2
    page = client.get("/scenarios/moved-target-causes-a-replay/").content.decode()
    assert "Board after this step" in page
    assert "<code>{player: A, attack: wolf, target: soldier}</code>" in page
    assert "<code>{player: A, pass: true}</code>" in page
    assert '<span class="terrain">Land</span>: soldier (Kingdom Soldier), attack' in page


def test_kingdom_duels_team_replay_shows_the_rotation_teams_and_shared_lp(client, loaded):
    data = client.get("/api/scenarios/boss-team-commands-its-board-together/replay/").json()
    last = data["steps"][-1]["state"]
    assert last["mode"] == "boss" and last["rotation"] == ["A", "B", "A", "C"]
    assert last["teams"] == {"Boss": {"players": ["A"]},
                             "Crowd": {"players": ["B", "C"], "lp": 2000}}
    page = client.get("/scenarios/boss-team-commands-its-board-together/").content.decode()
    assert "Crowd (B, C): 2000 LP" in page


def test_phalanx_page_shows_each_monsters_line(client, loaded):
    page = client.get("/scenarios/rule-10-front-line-falls/").content.decode()
    assert "snake (" in page and "back line" in page
