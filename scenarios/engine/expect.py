"""Comparing what a scenario expects with what the engine computed."""


def differences(scenario, duel, replay_steps):
    """Every way the computed outcome differs from the scenario's `expect`, as messages."""
    expect = scenario.expect
    found = []

    def differ(field, expected, actual):
        if expected != actual:
            found.append(f"{field}: expected {expected!r}, got {actual!r}")

    if "result" in expect:
        wanted = expect["result"]
        actual = duel.result.as_dict() if duel.result else "none"
        if isinstance(wanted, dict) and isinstance(actual, dict):
            wanted = {"match": False, **wanted} if "winner" in wanted else wanted
            actual = {"match": False, **actual} if "winner" in actual else actual
        differ("result", wanted, actual)
    for player, lp in (expect.get("lp") or {}).items():
        differ(f"lp.{player}", lp, duel.players[player].lp if player in duel.players else None)
    for player, zones in (expect.get("zones") or {}).items():
        for zone, wanted in zones.items():
            ids = duel.players[player].zones.get(zone, []) if player in duel.players else []
            if isinstance(wanted, int):
                differ(f"zones.{player}.{zone} (count)", wanted, len(ids))
            else:
                differ(f"zones.{player}.{zone}", sorted(wanted), sorted(ids))
    for card_id, facts in (expect.get("cards") or {}).items():
        card = duel.cards.get(card_id)
        if card is None:
            found.append(f"cards.{card_id}: no such card")
            continue
        actual = {"zone": card.zone, "controller": card.controller,
                  "face": "up" if card.face_up else "down", "position": card.position,
                  "counters": card.counters, **duel.card_facts(card)}
        for key, wanted in facts.items():
            differ(f"cards.{card_id}.{key}", wanted, actual.get(key))
    if "resolved" in expect:
        differ("resolved", expect["resolved"], duel.resolved)
    if "negated" in expect:
        differ("negated", sorted(expect["negated"]), sorted(duel.negated))
    if "chain" in expect:
        differ("chain", expect["chain"], [link.card_id for link in duel.chain])
    if "phase" in expect:
        differ("phase", expect["phase"], duel.phase)
    if "turn" in expect:
        differ("turn", expect["turn"], duel.turn)
    if "turn_player" in expect:
        differ("turn_player", expect["turn_player"], duel.turn_player)
    found += duel.format_differences(expect)
    return found
