"""How the Kingdom Duels ruleset is built: a shallow class holding parts (components) with
explicit dependencies, one override per core hook, and one ATK/DEF modifier pipeline."""
import ast
import copy
import gc
import importlib
import inspect
import textwrap
import weakref
from pathlib import Path

from scenarios.engine import parse_scenario, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.checkpoint import Checkpoint
from scenarios.engine.duel import Duel
from scenarios.engine.rulesets import kingdom_component
from scenarios.engine.rulesets.kingdom_component import Component
from scenarios.engine.rulesets.kingdom_duels import KingdomDuel
from scenarios.engine.scenario import build_duel

from .conftest import parameters

# Attributes every part reaches through its Component base: its methods and its duel.
COMPONENT_API = {name for name, _ in inspect.getmembers(Component)} | {"duel"}


def duel_at(setup):
    text = textwrap.dedent("""\
        slug: structure
        format: kingdom-duels
        rule: kingdom-duels/terrain#fpb-amount
        title: Structure
        narrative: A table.
        steps: []
        expect: {}
        """) + "setup:\n" + textwrap.indent(textwrap.dedent(setup), "  ")
    scenario = parse_scenario(text, "structure.yaml")
    duel = ruleset_for("kingdom-duels")(default_catalog(), params=parameters("kingdom-duels"))
    return build_duel(scenario, duel)


def depth(cls):
    """Classes on the longest chain of bases from `cls` to `object`, both counted."""
    return 1 if cls is object else 1 + max(depth(base) for base in cls.__bases__)


def test_the_kingdom_duel_hierarchy_is_at_most_five_deep():
    assert depth(KingdomDuel) <= 5
    # No mixins: besides itself, its MRO is the core Duel's.
    assert KingdomDuel.__bases__ == (Duel,)
    assert inspect.getmro(KingdomDuel)[1:] == inspect.getmro(Duel)


def test_each_part_is_a_shallow_component():
    for cls in KingdomDuel.COMPONENTS.values():
        assert issubclass(cls, Component) and depth(cls) <= 3, cls


def test_the_duel_holds_each_declared_part_and_no_other():
    duel = duel_at("players: {A: {deck: 5}, B: {deck: 5}}")
    parts = {name: value for name, value in vars(duel).items() if isinstance(value, Component)}
    assert {name: type(value) for name, value in parts.items()} == KingdomDuel.COMPONENTS
    assert all(part.duel is duel for part in parts.values())


def own_names(cls):
    """What a class defines for itself: its methods and class attributes, and every attribute
    its methods assign on `self`."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    names = set(vars(cls))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "self" and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def self_reads(cls):
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    return {node.attr: node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and
            node.value.id == "self"}


def test_no_part_uses_an_attribute_it_does_not_define_or_receive():
    for name, cls in KingdomDuel.COMPONENTS.items():
        missing = set(self_reads(cls)) - own_names(cls) - COMPONENT_API
        assert not missing, f"{cls.__name__} uses {sorted(missing)} without defining them"


def test_a_part_receives_its_siblings_in_its_constructor():
    duel = duel_at("players: {A: {deck: 5}, B: {deck: 5}}")
    for name, cls in KingdomDuel.COMPONENTS.items():
        wanted = list(inspect.signature(cls.__init__).parameters)[2:]  # after self, duel
        part = getattr(duel, name)
        for sibling in wanted:
            assert getattr(part, sibling) is getattr(duel, sibling), (name, sibling)


def test_each_method_of_the_duel_is_defined_once_beside_the_core():
    core = [cls for cls in KingdomDuel.__mro__ if cls not in (KingdomDuel, object)]
    for name in vars(KingdomDuel):
        if name.startswith("__") and name != "__init__":
            continue
        defined = [cls.__name__ for cls in core if name in vars(cls)]
        assert len(defined) <= 1, f"{name} is defined in KingdomDuel and {defined}"


def test_reason_codes_are_declared_in_one_place():
    """Every code is listed in KingdomDuel.REASON_CODES, as the other formats list theirs: no
    part keeps a list of its own."""
    folder = Path(kingdom_component.__file__).parent
    modules = [importlib.import_module(f"scenarios.engine.rulesets.{path.stem}")
               for path in sorted(folder.glob("kingdom_*.py"))]
    assert not [f"{m.__name__}.{name}" for m in modules for name in vars(m)
                if name.endswith("_REASONS")]


def test_atk_and_def_come_from_the_core_value_and_the_registered_modifiers():
    duel = duel_at("""\
        turn: {number: 3, player: A, phase: main1}
        players:
          A:
            deck: 5
            terrains: [Forest, Land, Land, Land, Land]
            monsters: [{id: wolf, card: Kingdom Wolf, position: attack, column: 0}]
            spell_trap: [{id: drill, card: Kingdom Warrior Drill, equipped_to: wolf}]
          B: {deck: 5}
        """)
    wolf = duel.card("wolf")
    percent = duel.params["field_power_bonus_percent"]
    assert duel.modifiers.breakdown(wolf, "atk") == [("equips", 300),
                                                     ("field power bonus", 1500 * percent // 100)]
    assert duel.effective_atk(wolf) == 1500 + 300 + 1500 * percent // 100
    assert duel.modifiers.breakdown(wolf, "def") == [("field power bonus", 1000 * percent // 100)]
    assert duel.effective_def(wolf) == 1000 + 1000 * percent // 100


def test_the_modifiers_apply_in_the_order_the_rules_add_them():
    duel = duel_at("players: {A: {deck: 5}, B: {deck: 5}}")
    assert [m.source for m in duel.modifiers.of("atk")] == [
        "equips", "rule zone", "backrow terrain", "field power bonus", "terrain effect"]
    assert [m.source for m in duel.modifiers.of("def")] == [
        "backrow terrain", "field power bonus", "terrain effect"]


def test_a_copy_of_the_duel_has_parts_and_modifiers_of_its_own():
    duel = duel_at("""\
        turn: {number: 3, player: A, phase: main1}
        players:
          A:
            deck: 5
            terrains: [Forest, Land, Land, Land, Land]
            monsters: [{id: wolf, card: Kingdom Wolf, position: attack, column: 0}]
          B: {deck: 5}
        """)
    copied = copy.deepcopy(duel)
    assert copied.terrain.duel is copied and copied.field_power.terrain is copied.terrain
    assert all(m.amount.__self__ in vars(copied).values() for m in copied.modifiers.of("atk"))
    copied.terrain.markers["A"][0] = "Land"  # the copy's Wolf loses its Forest, not the duel's
    assert copied.effective_atk(copied.card("wolf")) == 1500
    assert duel.effective_atk(duel.card("wolf")) > 1500


def test_a_duel_is_freed_with_its_last_reference_not_by_the_garbage_collector():
    """Its parts refer back to it weakly: a duel is no cycle of references."""
    gc.disable()
    try:
        duel = duel_at("players: {A: {deck: 5}, B: {deck: 5}}")
        part, gone = duel.terrain, weakref.ref(duel)
        assert part.duel is duel
        del duel
        assert gone() is None
    finally:
        gc.enable()


def test_a_checkpoint_puts_the_parts_back_as_they_were():
    """A refused step changes nothing (Duel.play): the parts' state is put back too, and what
    they share with the duel (the ATK/DEF modifiers, the weak reference to it) stays shared."""
    duel = duel_at("""\
        turn: {number: 3, player: A, phase: main1}
        players:
          A:
            deck: 5
            terrains: [Forest, Land, Land, Land, Land]
            monsters: [{id: wolf, card: Kingdom Wolf, position: attack, column: 0}]
          B: {deck: 5}
        """)
    atk = duel.effective_atk(duel.card("wolf"))
    checkpoint = Checkpoint(duel)
    duel.terrain.markers["A"][0] = "Land"
    duel.strike.strikes_this_turn = 1
    duel.idleness.warnings["A"] = 1
    checkpoint.restore()
    checkpoint.release()
    assert duel.terrain.markers["A"][0] == "Forest" and duel.strike.strikes_this_turn == 0
    assert duel.idleness.warnings["A"] == 0
    assert duel.effective_atk(duel.card("wolf")) == atk and duel.terrain.duel is duel
