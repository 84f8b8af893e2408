"""Property tests: whatever a file or a script says, the engine fails only in its own words."""
import copy

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenarios.engine import IllegalAction, ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.duel import Duel
from scenarios.engine.errors import ScriptError
from scenarios.engine.scenario import VERBS as SCENARIO_VERBS
from scenarios.engine.scenario import Action, build_duel

from .conftest import SCENARIO_FILES, parameters, scenario_at
from .test_bad_input import GOOD

BASE = yaml.safe_load(GOOD)
SETTINGS = settings(max_examples=int(__import__("os").environ.get("FUZZ_EXAMPLES", 150)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 10_000),
                    st.sampled_from(["A", "B", "pot", "sangan", "main1", "battle", "direct",
                                     "Pot of Greed", "Sangan", "gain", "attack", "down", ""]),
                    st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["id", "card", "lp", "hand", "deck", "monsters", "player",
                                     "activate", "pass", "target", "position", "face",
                                     "winner", "A", "B", "turn", "number", "phase"]),
                    inner, max_size=4)), max_leaves=12)


def paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, prefix + (index,))


ALL_PATHS = [p for p in paths(BASE) if p]


def replaced(data, path, value):
    data = copy.deepcopy(data)
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return data


def replay_text(text):
    scenario = parse_scenario(text, "fuzz.yaml", formats={"core"})
    return replay(scenario, Duel, default_catalog())


@SETTINGS
@given(st.sampled_from(ALL_PATHS), values)
def test_a_corrupted_scenario_raises_only_scenario_errors(path, value):
    text = yaml.safe_dump(replaced(BASE, path, value), sort_keys=False)
    try:
        replay_text(text)
    except ScenarioError:
        pass


@SETTINGS
@given(st.text(max_size=200))
def test_random_text_raises_only_scenario_errors(text):
    try:
        replay_text(text)
    except ScenarioError:
        pass


RICH = yaml.safe_load("""
turn: {number: 4, player: A, phase: main1}
players:
  A:
    lp: 3000
    hand: [{id: poison, card: Poison of the Old Man}, {id: pot, card: Pot of Greed},
           {id: mst, card: Mystical Space Typhoon}, {id: allure, card: Allure of Darkness},
           {id: head, card: Exodia the Forbidden One}, {id: victory-2, card: Victory Dragon},
           {id: yami, card: Yami}, {id: teleport, card: Emergency Teleport}]
    monsters: [{id: sangan, card: Sangan, position: attack},
               {id: jar, card: Morphing Jar, face: down, position: defense, set_turn: 2},
               {id: venom, card: Vennominaga the Deity of Poisonous Snakes, position: attack}]
    spell_trap: [{id: ring, card: Ring of Destruction, face: down, set_turn: 2},
                 {id: judgment, card: Solemn Judgment, face: down, set_turn: 2},
                 {id: haunted, card: Call of the Haunted, face: down, set_turn: 2}]
    field_zone: {id: sogen, card: Sogen}
    graveyard: [{id: snake, card: Venom Snake}]
    deck: [{id: commander, card: Psychic Commander}, Sangan, Venom Snake, Venom Snake]
  B:
    lp: 8000
    hand: [{id: jammer-fodder, card: Venom Snake}, {id: countdown, card: Final Countdown}]
    monsters: [{id: wall, card: Wall of Illusion, position: defense},
               {id: victory, card: Victory Dragon, position: attack}]
    spell_trap: [{id: ceasefire, card: Ceasefire, face: down, set_turn: 3},
                 {id: negate, card: Negate Attack, face: down, set_turn: 3},
                 {id: oppression, card: Royal Oppression, face: down, set_turn: 3},
                 {id: jammer, card: Magic Jammer, face: down, set_turn: 3},
                 {id: button, card: Self-Destruct Button, face: down, set_turn: 3}]
    deck: 3
""")
IDS = ["poison", "pot", "mst", "allure", "head", "victory-2", "yami", "teleport", "sangan", "jar",
       "venom", "ring", "judgment", "haunted", "sogen", "snake", "commander", "jammer-fodder",
       "countdown", "wall", "victory", "ceasefire", "negate", "oppression", "jammer", "button",
       "ghost"]
VERBS = ["activate", "pass", "attack", "summon", "set", "flip_summon", "phase", "end_turn",
         "pass_turns", "concede", "nightfall"]

actions = st.builds(
    Action,
    verb=st.sampled_from(VERBS + ["pass"] * 6 + ["activate"] * 6),
    player=st.sampled_from(["A", "B"]),
    line_ref=st.none(),
    card=st.sampled_from(IDS),
    target=st.one_of(st.none(), st.sampled_from(IDS + ["direct"])),
    targets=st.lists(st.sampled_from(IDS), max_size=2),
    choose=st.sampled_from([None, None, "gain", "damage", "other"]),
    select=st.dictionaries(st.sampled_from(["banish", "summon", "search", "discard"]),
                           st.sampled_from(IDS), max_size=2),
    tributes=st.lists(st.sampled_from(IDS), max_size=2),
    position=st.sampled_from([None, "attack", "defense"]),
    phase=st.sampled_from(["draw", "main1", "battle", "main2", "end", "nowhere"]),
    stop_at=st.sampled_from([None, "standby"]),
    count=st.integers(1, 3),
)


def fresh_duel():
    scenario = parse_scenario(GOOD, "fuzz.yaml")
    scenario.setup = copy.deepcopy(RICH)
    return build_duel(scenario, Duel(default_catalog()))


@SETTINGS
@given(st.lists(actions, min_size=1, max_size=25))
def test_random_action_sequences_raise_only_illegal_action(sequence):
    play_through(fresh_duel(), sequence)


def play_through(duel, sequence):
    """Perform every action; a refusal, or a random step whose script is incomplete (a script
    error), is fine; any other exception fails the test."""
    for action in sequence:
        try:
            duel.play(action)
        except (IllegalAction, ScriptError):
            pass
        duel.snapshot()


# --- Kingdom Duels: every mode, the Setup Phase, Rule Cards and Extra Deck monsters ------------

KINGDOM_FILES = sorted(p for p in SCENARIO_FILES if p.parent.name == "kingdom-duels")
KINGDOM_VERBS = sorted(SCENARIO_VERBS - {"pass_turns"}) + ["pass"] * 6 + ["activate"] * 4


def kingdom_duel(path):
    scenario = scenario_at(path)
    duel = ruleset_for("kingdom-duels")(default_catalog(), params=parameters("kingdom-duels"),
                                        seed=scenario.seed)
    return build_duel(scenario, duel)


@st.composite
def kingdom_script(draw):
    path = draw(st.sampled_from(KINGDOM_FILES))
    ids = sorted(kingdom_duel(path).cards) + ["ghost"]
    action = st.builds(
        Action, verb=st.sampled_from(KINGDOM_VERBS), player=st.sampled_from(["A", "B", "C", "D"]),
        line_ref=st.none(), card=st.sampled_from(ids),
        target=st.one_of(st.none(), st.sampled_from(ids), st.sampled_from(["0", "2", "4"])),
        targets=st.lists(st.sampled_from(ids), max_size=2),
        materials=st.lists(st.sampled_from(ids), max_size=2),
        choose=st.sampled_from([None, "draw", "gain"]),
        select=st.dictionaries(st.sampled_from(["fusion", "alter", "shuffle"]),
                               st.sampled_from(ids), max_size=1),
        position=st.sampled_from([None, "attack", "defense", "hidden"]),
        phase=st.sampled_from(["main1", "battle", "main2", "end", "nowhere"]),
        to=st.sampled_from([None, "0", "3", "front"]))
    return path, draw(st.lists(action, min_size=1, max_size=20))


@SETTINGS
@given(kingdom_script())
def test_random_kingdom_duels_actions_raise_only_illegal_action(script):
    path, sequence = script
    play_through(kingdom_duel(path), sequence)
