"""A replayed state laid out as a table top, for the scenario pages.

The engine's snapshot lists each player's zones; a reader wants to see the
Monster Zones in order with the Terrain under each (Kingdom Duels), which line
a monster stands in (Tag Team Phalanx), and the zones that hold cards.
"""

SHOWN_ZONES = (("spell_trap", "Spell & Trap"), ("field_zone", "Field"),
               ("rule_zone", "Rule Zone"), ("deck_master", "Deck Master"),
               ("extra_monster_zone", "Extra Monster Zone"), ("graveyard", "Graveyard"),
               ("banished", "Banished"), ("eroded", "Eroded"), ("attached", "Attached"))


def card_label(entry):
    """`wolf (Kingdom Wolf), attack, face-down, front line`."""
    parts = [f"{entry['id']} ({entry['card']})"]
    if entry.get("position"):
        parts.append(entry["position"])
    if entry.get("face") == "down":
        parts.append("face-down")
    if entry.get("line"):
        parts.append(f"{entry['line']} line")
    for link in ("equipped_to", "attached_to"):
        if entry.get(link):
            parts.append(f"{link.replace('_', ' ')} {entry[link]}")
    parts += [f"{name} {count}" for name, count in sorted(entry.get("counters", {}).items())]
    return ", ".join(parts)


def monster_slots(player, terrains):
    """The Monster Zones: one slot per Terrain where the format has them, else one per monster."""
    monsters = player.get("monsters", [])
    if not terrains:
        return [{"terrain": None, "card": card_label(m)} for m in monsters]
    by_column = {m.get("column"): m for m in monsters}
    return [{"terrain": terrain, "card": card_label(by_column[n]) if n in by_column else None}
            for n, terrain in enumerate(terrains)]


def board(state):
    """Each player's side after a step, in Rotation order."""
    terrains = state.get("terrains", {})
    sides = []
    for name, player in state["players"].items():
        zones = [(label, [card_label(c) for c in player[zone]])
                 for zone, label in SHOWN_ZONES if player.get(zone)]
        sides.append({"name": name, "lp": player["lp"],
                      "monsters": monster_slots(player, terrains.get(name)),
                      "zones": zones, "hand": len(player.get("hand", [])),
                      "deck": player.get("deck_count", 0)})
    return sides
