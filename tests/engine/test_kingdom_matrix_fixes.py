"""Engine fixes found while filling the Kingdom Duels capability cells: each on a small table."""
import textwrap

from scenarios.engine import parse_scenario

from .conftest import run


def replayed(rule, body):
    """Replay a Kingdom Duels scenario written inline (setup and steps), checked against nothing."""
    text = textwrap.dedent(f"""\
        slug: engine-fix
        format: kingdom-duels
        rule: {rule}
        title: An engine fix
        narrative: A table.
        expect: {{}}
        """) + textwrap.dedent(body)
    return run(parse_scenario(text, "engine-fix.yaml"))


BOLT_ON_A_BORROWED_SOLDIER = """\
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A: {deck: 5, hand: [{id: bolt, card: Kingdom Bolt}]}
        B:
          deck: 5
          monsters: [{id: soldier, card: Kingdom Soldier, position: attack, owner: A}]
    steps:
      - {player: A, activate: bolt, target: soldier}
      - {player: B, pass: true}
      - {player: A, pass: true}
    """


def test_destruction_damage_goes_to_the_player_who_controlled_the_destroyed_monster():
    done = replayed("kingdom-duels/terminology#destruction-damage-amount",
                    BOLT_ON_A_BORROWED_SOLDIER)
    assert done.outcome["lp"] == {"A": 2000, "B": 1300}  # B controlled it, though A owns it
    assert "soldier" in done.outcome["zones"]["A"]["graveyard"]


WARDEN_ON_A_NORMAL_SUMMON = """\
    cards:
      - name: Probe Warden
        kind: monster
        subtype: effect
        level: 4
        atk: 1000
        def: 1000
        effects:
        - trigger: summoned
          watch: {kind: monster, side: opponent}
          mandatory: true
          resolve:
          - destroy: that_monster
          - destruction_damage: that_monster
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A: {deck: 5, hand: [{id: soldier, card: Kingdom Soldier}]}
        B: {deck: 5, monsters: [{id: warden, card: Probe Warden, position: attack}]}
    steps:
      - {player: A, summon: soldier}
      - {player: A, pass: true}
      - {player: B, pass: true}
      - {player: A, pass: true}
      - {player: B, pass: true}
    """


def test_destruction_damage_reads_the_monster_a_trigger_destroyed():
    done = replayed("kingdom-duels/terminology#destruction-damage-amount",
                    WARDEN_ON_A_NORMAL_SUMMON)
    assert done.outcome["lp"]["A"] == 1300  # half of the destroyed Soldier's 1400 ATK
    assert "soldier" in done.outcome["zones"]["A"]["graveyard"]


BOLT_ON_A_SPELLPROOF_MONSTER = """\
    cards:
      - {name: Probe Golem, kind: monster, subtype: effect, level: 4, atk: 1200, def: 1000,
         flags: ["unaffected:spell"]}
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A: {deck: 5, hand: [{id: bolt, card: Kingdom Bolt}]}
        B: {deck: 5, monsters: [{id: golem, card: Probe Golem, position: attack}]}
    steps:
      - {player: A, activate: bolt, target: golem}
      - {player: B, pass: true}
      - {player: A, pass: true}
    """


def test_a_monster_unaffected_by_spells_ignores_a_spell_outside_deck_masters():
    done = replayed("kingdom-duels/terminology#destruction-damage-amount",
                    BOLT_ON_A_SPELLPROOF_MONSTER)
    assert "golem" in done.outcome["zones"]["B"]["monsters"]
    assert done.outcome["lp"]["B"] == 2000  # not destroyed: no Destruction Damage either


BANISHED_BY_AN_EFFECT = """\
    cards:
      - name: Probe Exile
        kind: spell
        subtype: normal
        activation:
          target: {card: monster, side: opponent}
          resolve: [{banish: target}]
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A: {deck: 5, hand: [{id: exile, card: Probe Exile}]}
        B: {deck: 5, monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}
    steps:
      - {player: A, activate: exile, target: soldier}
      - {player: B, pass: true}
      - {player: A, pass: true}
    """


def test_a_card_banished_in_kingdom_duels_is_eroded():
    done = replayed("kingdom-duels/terminology#erode-replaces-banish", BANISHED_BY_AN_EFFECT)
    assert done.outcome["zones"]["B"]["eroded"] == ["soldier"]
    assert done.outcome["zones"]["B"].get("banished", []) == []
    assert "kingdom-duels/terminology#erode-replaces-banish" in done.rules
