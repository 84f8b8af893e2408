"""The engine fixes of issue 21, section 2: each rule replayed on a small table of its own."""
import textwrap

from scenarios.engine import parse_scenario

from .conftest import run


def replayed(format_slug, rule, body):
    """Replay a scenario written inline (setup and steps), checked against nothing."""
    text = textwrap.dedent(f"""\
        slug: engine-fix
        format: {format_slug}
        rule: {rule}
        title: An engine fix
        narrative: A table.
        expect: {{}}
        """) + textwrap.dedent(body)
    return run(parse_scenario(text, "engine-fix.yaml"))


def test_an_idle_player_already_warned_loses_instead_of_a_second_warning():
    done = replayed("kingdom-duels", "kingdom-duels/idleness#second-warning-loses", """\
        setup:
          turn: {number: 7, player: A, phase: main2}
          players:
            A: {deck: 5, idle_warnings: 1}
            B: {deck: 5, monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}
        steps:
          - {player: A, end_turn: true}
        """)
    assert done.result["winner"] == "B" and done.result["reason"] == "idleness"
    assert done.outcome["warnings"]["A"] == 1  # the second warning is never given
    assert not any(e.get("count") == 2 for s in done.steps for e in s.events)


def test_a_first_idle_warning_is_still_given():
    done = replayed("kingdom-duels", "kingdom-duels/idleness#idle-warning-end-phase", """\
        setup:
          turn: {number: 7, player: A, phase: main2}
          players:
            A: {deck: 5}
            B: {deck: 5, monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}
        steps:
          - {player: A, end_turn: true}
        """)
    assert done.result is None and done.outcome["warnings"]["A"] == 1


SUMMON_WINDOW = """\
    setup:
      turn: {number: 4, player: A, phase: main1}
      players:
        A: {lp: 8000, deck: 5, hand: [{id: snake, card: Venom Snake}]}
        B:
          lp: 8000
          deck: 5
          spell_trap: [{id: warning, card: Solemn Warning, face: down, set_turn: 3}]
    steps:
    """


def summon_window(*steps):
    return replayed("core", "core/chains#priority-after-a-summon",
                    textwrap.dedent(SUMMON_WINDOW) + "".join(f"  - {s}\n" for s in steps))


def test_the_opponent_cannot_negate_a_summon_before_the_turn_player_passes():
    done = summon_window("{player: A, summon: snake}", "{player: B, activate: warning}")
    assert done.steps[-1].reason == "no_priority"


def test_the_turn_players_pass_leaves_the_summon_open_for_the_opponent_to_negate():
    done = summon_window("{player: A, summon: snake}", "{player: A, pass: true}",
                         "{player: B, activate: warning}", "{player: A, pass: true}",
                         "{player: B, pass: true}")
    assert done.steps[2].reason is None
    assert done.outcome["negated"] == ["snake"] and done.outcome["lp"]["B"] == 6000


def test_a_summon_succeeds_only_once_both_players_have_passed():
    done = summon_window("{player: A, summon: snake}", "{player: A, pass: true}",
                         "{player: B, pass: true}", "{player: A, pass: true}",
                         "{player: B, activate: warning}")
    assert done.steps[-1].reason == "condition_not_met"  # nothing left to negate
    assert done.duel.card("snake").zone == "monsters" and done.duel.summon_attempt is None


DECK_MASTER_ON_FIELD = """\
    setup:
      turn: {number: 5, player: A, phase: main1}
      players:
        A:
          lp: 8000
          deck: 5
          deck_master: {id: skull, card: Summoned Skull}
          monsters: [{id: jinzo, card: Jinzo, position: attack}]
          spell_trap: [{id: virus, card: Deck Devastation Virus, face: down, set_turn: 3}]
        B: {lp: 8000, deck: 5, deck_master: {id: b-dm, card: Gamma the Magnet Warrior}}
    steps:
      - {player: A, special_summon: skull, position: attack}
      - {player: A, pass: true}
      - {player: B, pass: true}
    """


def test_a_deck_master_cannot_be_tributed_to_pay_a_cost():
    done = replayed("deck-masters", "deck-masters/on-the-field#tribute-only-for-summons",
                    DECK_MASTER_ON_FIELD
                    + "  - {player: A, activate: virus, select: {tribute: skull}}\n")
    assert done.steps[-1].reason == "deck_master_tribute"
    assert done.duel.card("skull").zone == "monsters" and done.duel.card("virus").face_up is False


def test_another_monster_still_pays_a_tribute_cost_beside_a_deck_master():
    done = replayed("deck-masters", "deck-masters/on-the-field#tribute-only-for-summons",
                    DECK_MASTER_ON_FIELD
                    + "  - {player: A, activate: virus, select: {tribute: jinzo}}\n")
    assert done.steps[-1].reason is None and done.duel.card("jinzo").zone == "graveyard"


POLYMERIZATION = """\
    setup:
      turn: {number: 3, player: A, phase: main1}
      players:
        A:
          lp: 8000
          deck: 5
          hand: [{id: poly, card: Polymerization}]
          monsters: [{id: wolf, card: Giga-Tech Wolf, position: attack},
                     {id: soldier, card: Cannon Soldier, position: attack}]
          extra_deck: [{id: tank, card: Labyrinth Tank}]
          deck_master: {id: cannon, card: Cannon Soldier}
        B:
          lp: 8000
          deck: 5
          deck_master: {id: b-dm, card: Gamma the Magnet Warrior}
          spell_trap: [{id: ring, card: Ring of Destruction, face: down, set_turn: 2}]
    steps:
    """


def polymerization(*steps):
    return replayed("deck-masters", "deck-masters/on-the-field#tribute-only-for-summons",
                    textwrap.dedent(POLYMERIZATION) + "".join(f"  - {s}\n" for s in steps))


def test_polymerization_naming_a_deck_master_in_its_position_is_refused_at_activation():
    done = polymerization("{player: A, activate: poly, materials: [cannon, wolf], "
                          "select: {fusion: tank}}")
    assert done.steps[-1].reason == "invalid_fusion"
    assert done.duel.card("poly").zone == "hand" and not done.duel.chain


def test_a_pass_whose_chain_fails_at_resolution_changes_nothing():
    """Ring of Destruction takes a material away; Polymerization then fails as it resolves.
    The pass that resolved the chain is refused, and the chain is back whole."""
    done = polymerization(
        "{player: A, activate: poly, materials: [soldier, wolf], select: {fusion: tank}}",
        "{player: B, activate: ring, target: wolf}", "{player: A, pass: true}",
        "{player: B, pass: true}")
    assert done.steps[-1].reason == "invalid_fusion"
    assert [link.card_id for link in done.duel.chain] == ["poly", "ring"]
    assert done.duel.card("wolf").zone == "monsters"
    assert done.duel.players["A"].lp == 8000 and done.duel.players["B"].lp == 8000


def tag_partner(mode):
    """A Tag Duel is two teams of two: A's partner D, with nothing on the field, in Tag mode
    (a Boss Duel keeps A alone against the team of B and C)."""
    return "\n            D: {team: X, deck: 5}" if mode == "tag" else ""


def team_idleness(mode):
    return replayed("kingdom-duels", "kingdom-duels/idleness#idle-warning-end-phase", f"""\
        setup:
          mode: {mode}
          turn: {{number: 4, player: C, phase: main2}}
          players:
            A: {{team: X, deck: 5,
                monsters: [{{id: soldier, card: Kingdom Soldier, position: attack}}]}}
            B: {{team: Y, deck: 5, monsters: [{{id: wolf, card: Kingdom Wolf, position: attack}}]}}
            C: {{team: Y, deck: 5}}{tag_partner(mode)}
        steps:
          - {{player: C, end_turn: true}}
        """)


def test_a_boss_team_player_is_judged_idle_on_the_teams_shared_side():
    assert team_idleness("boss").outcome["warnings"]["C"] == 0


def test_a_tag_partner_is_still_judged_idle_on_their_own_zones():
    assert team_idleness("tag").outcome["warnings"]["C"] == 1


def messenger_destroyed_then(*steps):
    table = textwrap.dedent("""\
        setup:
          turn: {number: 5, player: A, phase: battle}
          players:
            A: {deck: 5, monsters: [{id: messenger, card: Kingdom Messenger, position: attack}]}
            B: {deck: 5, monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}
        steps:
          - {player: A, attack: messenger, target: soldier}
          - {player: A, pass: true}
          - {player: B, pass: true}
        """)
    return replayed("kingdom-duels", "kingdom-duels/clarifications#no-missed-timing",
                    table + "".join(f"  - {s}\n" for s in steps))


def test_an_optional_trigger_waits_for_the_rest_of_the_turn():
    done = messenger_destroyed_then("{player: A, phase: main2}",
                                    "{player: A, activate: messenger}")
    assert done.steps[-1].reason is None


def test_an_optional_trigger_lapses_when_the_turn_ends():
    done = messenger_destroyed_then("{player: A, end_turn: true}", "{player: B, end_turn: true}",
                                    "{player: A, activate: messenger}")
    assert done.steps[-1].reason == "not_activatable"
    assert done.duel.players["A"].lp == 1400  # the battle's 600 damage, and no 400 LP gained


def test_a_non_divine_cards_effect_still_applies_to_a_divine_card():
    done = replayed("kingdom-duels", "kingdom-duels/divine-cards#non-divine-hierarchy", """\
        setup:
          turn: {number: 5, player: A, phase: main1}
          players:
            A: {deck: 5, hand: [{id: bolt, card: Kingdom Bolt}]}
            B: {deck: 5, monsters: [{id: sun, card: Kingdom Sun Deity, position: attack}]}
        steps:
          - {player: A, activate: bolt, target: sun}
          - {player: B, pass: true}
          - {player: A, pass: true}
        """)
    assert done.duel.card("sun").zone == "graveyard"
    assert "kingdom-duels/divine-cards#non-divine-hierarchy" in done.rules


def target_teammates_monster(mode, side="own"):
    """C aims "Target 1 monster you control" (`side: own`) or "... your opponent controls"
    (`side: opponent`) at teammate B's monster; A, the other team, has a monster too."""
    whose = {"own": "you control", "opponent": "your opponent controls"}[side]
    return replayed("kingdom-duels", "kingdom-duels/multiplayer#boss-collective-control", f"""\
        cards:
          - name: Kingdom Last Rites
            kind: spell
            subtype: normal
            attribute: DARK
            text: "Target 1 monster {whose}; destroy it."
            activation:
              target: {{card: monster, side: {side}}}
              resolve: [{{destroy: target}}]
        setup:
          mode: {mode}
          turn: {{number: 4, player: C, phase: main1}}
          players:
            A: {{team: X, deck: 5, monsters: [{{id: foe, card: Kingdom Wolf, position: attack}}]}}
            B: {{team: Y, deck: 5, monsters: [{{id: wolf, card: Kingdom Wolf, position: attack}}]}}
            C: {{team: Y, deck: 5, hand: [{{id: rites, card: Kingdom Last Rites}}]}}{tag_partner(mode)}
        steps:
          - {{player: C, activate: rites, target: wolf}}
        """)


def test_a_tag_partners_monster_is_not_one_your_opponent_controls():
    """In a team mode a teammate is neither "you" nor "your opponent": "a monster your
    opponent controls" cannot be the partner's (it once counted every card not yours)."""
    assert target_teammates_monster("tag", "opponent").steps[-1].reason == "invalid_target"


def test_a_boss_team_players_monster_you_control_includes_a_teammates():
    assert target_teammates_monster("boss").steps[-1].reason is None


def test_a_tag_partners_monster_is_not_one_you_control():
    assert target_teammates_monster("tag").steps[-1].reason == "invalid_target"


def test_destroying_every_card_that_fits_a_filter_reaches_both_sides():
    """`destroy_all` with a filter and no side means every side (its side test once bound
    the wrong way round and reached only the opponents' cards)."""
    done = replayed("core", "core/chains#resolving-backwards", """\
        cards:
          - name: Reptile Purge
            kind: spell
            subtype: normal
            text: "Destroy all Reptile monsters on the field."
            activation:
              resolve: [{destroy_all: {card: monster, race: Reptile}}]
        setup:
          turn: {number: 4, player: A, phase: main1}
          players:
            A:
              lp: 8000
              deck: 5
              hand: [{id: purge, card: Reptile Purge}]
              monsters: [{id: mine, card: Venom Snake, position: attack}]
            B:
              lp: 8000
              deck: 5
              monsters: [{id: theirs, card: Venom Snake, position: attack}]
        steps:
          - {player: A, activate: purge}
          - {player: B, pass: true}
          - {player: A, pass: true}
        """)
    assert done.duel.card("mine").zone == "graveyard"
    assert done.duel.card("theirs").zone == "graveyard"


def levy_answers_a_revival(mutation=None):
    """B's face-up Continuous Trap has an optional effect that answers A's Special Summon."""
    text = textwrap.dedent("""\
        slug: engine-fix
        format: core
        rule: core/chains#spell-speed-2
        title: An engine fix
        narrative: A table.
        expect: {}
        cards:
          - name: Recall Levy
            kind: trap
            subtype: continuous
            text: "Each time your opponent Special Summons a monster: you can return it to the hand."
            effects:
            - trigger: summoned
              watch: {kind: monster, side: opponent}
              how: special
              resolve:
              - return_to_hand: that_monster
        setup:
          turn: {number: 4, player: A, phase: main1}
          players:
            A:
              lp: 8000
              deck: 5
              hand: [{id: reborn, card: Monster Reborn}]
              graveyard: [{id: snake, card: Venom Snake}]
            B:
              lp: 8000
              deck: 5
              spell_trap: [{id: levy, card: Recall Levy, face: up}]
        steps:
          - {player: A, activate: reborn, target: snake}
          - {player: B, pass: true}
          - {player: A, pass: true}
          - {player: B, activate: levy}
        """)
    return run(parse_scenario(text, "engine-fix.yaml"), mutation=mutation)


def test_the_effect_of_a_face_up_continuous_trap_is_spell_speed_2():
    """A Trap Card's effect has the card's Spell Speed 2 (it was given the Spell Speed 1 of a
    Spell's or an Ignition Effect); the wrong reading that Continuous Traps are Spell Speed 1
    gives it 1 again."""
    link = levy_answers_a_revival().steps[-1].state["chain"][-1]
    assert (link["card"], link["speed"]) == ("levy", 2)
    misread = levy_answers_a_revival("spell-speed-2:continuous-trap-speed-1")
    assert misread.steps[-1].state["chain"][-1]["speed"] == 1
