"""The ATK/DEF modifier registry (scenarios/engine/modifiers.py): pure Python."""
import copy
from types import SimpleNamespace

import pytest

from scenarios.engine.modifiers import Modifier, ModifierRegistry


def monster(name="m", zone="monsters", atk=1000):
    return SimpleNamespace(id=name, zone=zone, atk=atk)


def test_a_registry_without_modifiers_gives_the_base():
    assert ModifierRegistry().total(monster(), "atk", base=1200) == 1200


def test_fixed_and_computed_amounts_add_to_the_base():
    registry = ModifierRegistry()
    registry.register("equip", "atk", 300)
    registry.register("terrain", "atk", lambda card: card.atk // 10)
    assert registry.total(monster(atk=1500), "atk", base=1500) == 1500 + 300 + 150


def test_a_modifier_changes_only_its_own_stat():
    registry = ModifierRegistry()
    registry.register("equip", "atk", 300)
    registry.register("wall", "def", -200)
    assert registry.total(monster(), "atk", base=1000) == 1300
    assert registry.total(monster(), "def", base=1000) == 800


def test_a_condition_limits_the_cards_a_modifier_applies_to():
    registry = ModifierRegistry()
    registry.register("field", "atk", 500, applies=lambda card: card.zone == "monsters")
    assert registry.total(monster(zone="monsters"), "atk") == 500
    assert registry.total(monster(zone="spell_trap"), "atk") == 0


def test_an_expired_modifier_stops_applying_and_is_dropped():
    turn = {"now": 1}
    registry = ModifierRegistry()
    registry.register("until-end-of-turn", "atk", 700, expired=lambda: turn["now"] > 1)
    assert registry.total(monster(), "atk") == 700
    turn["now"] = 2
    assert registry.total(monster(), "atk") == 0
    assert registry.of("atk") == ()


def test_modifiers_run_in_the_order_they_were_registered():
    seen = []
    registry = ModifierRegistry()
    for source in ("equips", "rule-zone", "terrain"):
        registry.register(source, "atk", lambda card, source=source: seen.append(source) or 0)
    registry.total(monster(), "atk")
    assert seen == ["equips", "rule-zone", "terrain"]


def test_modifiers_can_be_removed_one_by_one_or_by_source():
    registry = ModifierRegistry()
    one = registry.register("equip", "atk", 100)
    registry.register("equip", "atk", 200)
    registry.register("terrain", "atk", 400)
    registry.remove(one)
    assert registry.total(monster(), "atk") == 600
    registry.remove_source("equip")
    assert registry.total(monster(), "atk") == 400


def test_the_breakdown_names_each_source_that_changes_the_stat():
    registry = ModifierRegistry()
    registry.register("equip", "atk", 300)
    registry.register("terrain", "atk", 0)
    assert registry.breakdown(monster(), "atk") == [("equip", 300)]


def test_an_unknown_stat_is_refused_with_its_source_named():
    with pytest.raises(ValueError, match="field power"):
        Modifier("field power", "speed", 1)


class Owner:
    def __init__(self, bonus):
        self.bonus = bonus

    def amount(self, card):
        return self.bonus


def test_a_copied_registry_reads_the_copied_owner_of_a_bound_method():
    owner = Owner(100)
    holder = SimpleNamespace(owner=owner, registry=ModifierRegistry())
    holder.registry.register("owner", "atk", owner.amount)
    copied = copy.deepcopy(holder)
    copied.owner.bonus = 900
    assert holder.registry.total(monster(), "atk") == 100
    assert copied.registry.total(monster(), "atk") == 900
