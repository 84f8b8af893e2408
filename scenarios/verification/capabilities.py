"""Which of issue 21's section-1 capabilities each bundled scenario uses, read from the YAML.

The issue asks for a scenario of each capability in every format where it applies. Counting
that by hand goes stale as soon as a scenario is added or rewritten, so each capability has a
detector here, named after the issue's item (`item02_cannot_declare_an_attack`), that looks at
the structure of a scenario (its keys, never its prose) together with the cards it uses: the
catalog entries and Deck Master Abilities of the cards its setup names, and its own `cards:`.
tests/scenarios/test_capability_matrix.py holds every (capability, format) cell filled.

Pure Python: the files are read as plain YAML, without Django and without replaying anything.
Run `python -m scenarios.verification.capabilities [DATA_FOLDER]` to print the matrix.
"""
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from scenarios.engine.cards import CATALOG_DIR
from scenarios.engine.yamlsource import LOADER

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
FORMATS = ("core", "deck-masters", "thought-ruler-highlander", "tag-team-phalanx",
           "kingdom-duels")
# Where a filter is written: `target: {race: Beast}`, `filter:`, `watch:`, a stat change's
# `to:`, `control:` in a condition, a summon condition's `not_while_you_control:`.
# Where a card writes a filter: what it targets, watches, changes or counts, the cards a
# continuous restriction covers (`cards:`), and what a sweep destroys (`destroy_all:`).
FILTER_PLACES = ("target", "filter", "watch", "to", "control", "not_while_you_control", "cards",
                 "destroy_all")


@dataclass(frozen=True)
class ScenarioFacts:
    """One scenario file and the card entries it uses, as plain YAML values."""
    slug: str
    format: str
    data: dict
    cards: tuple  # card entries (catalog or the scenario's own) and Deck Master Abilities
    own_cards: tuple  # the scenario's `cards:` entries
    redefined: frozenset  # names of its own cards that a catalog card also has

    @property
    def setup(self) -> dict:
        return self.data.get("setup") or {}

    @property
    def steps(self) -> list:
        return [s for s in self.data.get("steps") or [] if isinstance(s, dict)]

    @property
    def expectations(self) -> list:
        """`expect:` and every `expect_after:` entry."""
        after = self.data.get("expect_after") or {}
        return [self.data.get("expect") or {}, *(v or {} for v in after.values())]


@dataclass(frozen=True)
class Capability:
    name: str  # the detector's name: item number, then what it detects
    item: int
    detect: Callable[[ScenarioFacts], bool]

    @property
    def says(self) -> str:
        return (self.detect.__doc__ or "").strip()


CAPABILITIES: list[Capability] = []


def capability(detect: Callable[[ScenarioFacts], bool]) -> Callable[[ScenarioFacts], bool]:
    """Register a detector; its name starts with `itemNN_`, the issue's item number."""
    item = int(detect.__name__.split("_", 1)[0].removeprefix("item"))
    CAPABILITIES.append(Capability(detect.__name__, item, detect))
    return detect


# --- reading the YAML -----------------------------------------------------------------------

def mappings(value: object) -> Iterator[dict]:
    """Every mapping inside `value`, itself included."""
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from mappings(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from mappings(inner)


def card_parts(facts: ScenarioFacts) -> Iterator[dict]:
    """Every mapping inside the cards the scenario uses (effects, costs, filters...)."""
    for card in facts.cards:
        yield from mappings(card)


def uses_key(facts: ScenarioFacts, key: str) -> bool:
    return any(key in part for part in card_parts(facts))


def filters(facts: ScenarioFacts) -> Iterator[dict]:
    """The filters the scenario's cards write, and each Fusion Material written as a filter."""
    for part in card_parts(facts):
        for place in FILTER_PLACES:
            if isinstance(part.get(place), dict):
                yield part[place]
        materials = part.get("materials")
        if isinstance(materials, list):
            yield from (m for m in materials if isinstance(m, dict))


def costs(facts: ScenarioFacts) -> Iterator[dict]:
    for part in card_parts(facts):
        if isinstance(part.get("cost"), list):
            yield from (c for c in part["cost"] if isinstance(c, dict))


def conditions(facts: ScenarioFacts) -> Iterator[dict]:
    """Every condition the cards write in `when:` or in a stat change's `while:`."""
    for part in card_parts(facts):
        for place in ("when", "while"):
            yield from mappings(part.get(place))


def from_zones(effect: dict) -> set:
    where = effect.get("from", [])
    return set(where if isinstance(where, list) else [where])


def setup_players(facts: ScenarioFacts) -> dict:
    players = facts.setup.get("players") or {}
    return {k: v or {} for k, v in players.items()} if isinstance(players, dict) else {}


# --- item 1: triggers that watch other cards and events ---------------------------------------

@capability
def item01_trigger_watches_other_cards(facts: ScenarioFacts) -> bool:
    """A trigger with `watch:` naming cards other than itself."""
    return any(part.get("watch") not in (None, "self") for part in card_parts(facts))


@capability
def item01_trigger_filters_the_destruction_cause(facts: ScenarioFacts) -> bool:
    """`trigger: destroyed` with `by:` (battle, effect, rule)."""
    return any(p.get("trigger") == "destroyed" and "by" in p for p in card_parts(facts))


@capability
def item01_trigger_watches_summons(facts: ScenarioFacts) -> bool:
    """`trigger: summoned` with `watch:` or `how:`."""
    return any(p.get("trigger") == "summoned" and ("watch" in p or "how" in p)
               for p in card_parts(facts))


# --- item 2: continuous restrictions ----------------------------------------------------------

@capability
def item02_cannot_declare_an_attack(facts: ScenarioFacts) -> bool:
    """`continuous: {cannot_attack: ...}` (Swords of Revealing Light)."""
    return uses_key(facts, "cannot_attack")


@capability
def item02_cannot_be_normal_summoned_while_you_control(facts: ScenarioFacts) -> bool:
    """`summon_condition: {not_while_you_control: ...}`."""
    return uses_key(facts, "not_while_you_control")


@capability
def item02_cannot_be_destroyed_by_battle(facts: ScenarioFacts) -> bool:
    """`cannot_be_destroyed: {by: battle}` (or with no `by:`, by anything)."""
    return any(isinstance(p.get("cannot_be_destroyed"), dict)
               and p["cannot_be_destroyed"].get("by", "battle") == "battle"
               for p in card_parts(facts))


@capability
def item02_cannot_be_tributed(facts: ScenarioFacts) -> bool:
    """`continuous: {cannot_be_tributed: ...}`."""
    return uses_key(facts, "cannot_be_tributed")


@capability
def item02_cannot_be_targeted(facts: ScenarioFacts) -> bool:
    """`continuous: {cannot_be_targeted: ...}` (a continuous effect, not the card flag)."""
    return uses_key(facts, "cannot_be_targeted")


# --- item 3: monster effects from any zone ----------------------------------------------------

@capability
def item03_quick_effect_from_the_hand(facts: ScenarioFacts) -> bool:
    """An effect `quick:` with `from: hand`."""
    return any("quick" in p and "hand" in from_zones(p) for p in card_parts(facts))


@capability
def item03_quick_effect_from_the_graveyard(facts: ScenarioFacts) -> bool:
    """An effect `quick:` with `from: graveyard`."""
    return any("quick" in p and "graveyard" in from_zones(p) for p in card_parts(facts))


@capability
def item03_ignition_effect_from_the_hand(facts: ScenarioFacts) -> bool:
    """An effect `ignition:` with `from: hand`."""
    return any("ignition" in p and "hand" in from_zones(p) for p in card_parts(facts))


@capability
def item03_ignition_effect_from_the_graveyard(facts: ScenarioFacts) -> bool:
    """An effect `ignition:` with `from: graveyard`."""
    return any("ignition" in p and "graveyard" in from_zones(p) for p in card_parts(facts))


@capability
def item03_several_summoned_at_once(facts: ScenarioFacts) -> bool:
    """`special_summon: {count: N}` or `special_summon_tokens:`."""
    return any((isinstance(p.get("special_summon"), dict) and "count" in p["special_summon"])
               or "special_summon_tokens" in p for p in card_parts(facts))


# --- item 4: filters --------------------------------------------------------------------------

def filter_key(key: str) -> Callable[[ScenarioFacts], bool]:
    return lambda facts: any(key in f for f in filters(facts))


@capability
def item04_filter_by_type(facts: ScenarioFacts) -> bool:
    """A filter with `race:`."""
    return filter_key("race")(facts)


@capability
def item04_filter_by_attribute(facts: ScenarioFacts) -> bool:
    """A filter with `attribute:`."""
    return filter_key("attribute")(facts)


@capability
def item04_filter_by_exact_level(facts: ScenarioFacts) -> bool:
    """A filter with `level:` (exactly N)."""
    return filter_key("level")(facts)


@capability
def item04_filter_by_level_at_most(facts: ScenarioFacts) -> bool:
    """A filter with `level_max:`."""
    return filter_key("level_max")(facts)


@capability
def item04_filter_by_level_at_least(facts: ScenarioFacts) -> bool:
    """A filter with `level_min:`."""
    return filter_key("level_min")(facts)


@capability
def item04_filter_by_card_kind(facts: ScenarioFacts) -> bool:
    """A filter with `kind:` or `card:` (monster, spell, trap)."""
    return filter_key("kind")(facts) or filter_key("card")(facts)


@capability
def item04_filter_by_controller(facts: ScenarioFacts) -> bool:
    """A filter with `side:`."""
    return filter_key("side")(facts)


@capability
def item04_filter_by_owner(facts: ScenarioFacts) -> bool:
    """A filter with `owner:`."""
    return filter_key("owner")(facts)


@capability
def item04_filter_by_position(facts: ScenarioFacts) -> bool:
    """A filter with `position:`."""
    return filter_key("position")(facts)


@capability
def item04_filter_by_name(facts: ScenarioFacts) -> bool:
    """A filter with `name:` or `name_contains:`."""
    return filter_key("name")(facts) or filter_key("name_contains")(facts)


@capability
def item04_fusion_materials_by_type_or_attribute(facts: ScenarioFacts) -> bool:
    """A Fusion Material written as `{race: ...}` or `{attribute: ...}`."""
    return any(isinstance(m, dict) and ("race" in m or "attribute" in m)
               for p in card_parts(facts) if isinstance(p.get("materials"), list)
               for m in p["materials"])


# --- item 5: effects on many cards ------------------------------------------------------------

@capability
def item05_effect_on_every_card(facts: ScenarioFacts) -> bool:
    """`destroy_all:` ("destroy all monsters on the field")."""
    return uses_key(facts, "destroy_all")


@capability
def item05_amount_for_each_card_destroyed(facts: ScenarioFacts) -> bool:
    """An amount `{per: destroyed}` ("for each card destroyed this way")."""
    return any(p.get("per") == "destroyed" for p in card_parts(facts))


# --- item 6: every kind of cost ---------------------------------------------------------------

def cost_kind(kind: str) -> Callable[[ScenarioFacts], bool]:
    return lambda facts: any(kind in c for c in costs(facts))


@capability
def item06_cost_pay_lp(facts: ScenarioFacts) -> bool:
    """`cost: [{pay_lp: N}]`."""
    return cost_kind("pay_lp")(facts)


@capability
def item06_cost_discard(facts: ScenarioFacts) -> bool:
    """`cost: [{discard: ...}]`."""
    return cost_kind("discard")(facts)


@capability
def item06_cost_tribute(facts: ScenarioFacts) -> bool:
    """`cost: [{tribute: ...}]`."""
    return cost_kind("tribute")(facts)


@capability
def item06_cost_banish(facts: ScenarioFacts) -> bool:
    """`cost: [{banish: ...}]`."""
    return cost_kind("banish")(facts)


@capability
def item06_cost_send_to_graveyard(facts: ScenarioFacts) -> bool:
    """`cost: [{send_to_graveyard: ...}]`."""
    return cost_kind("send_to_graveyard")(facts)


@capability
def item06_procedure_tributes_the_opponents_monsters(facts: ScenarioFacts) -> bool:
    """A summon `procedure:` whose `tribute:` takes the opponent's monsters."""
    return any(isinstance(p.get("procedure"), dict)
               and isinstance(p["procedure"].get("tribute"), dict)
               and p["procedure"]["tribute"].get("side") == "opponent"
               for p in card_parts(facts))


# --- item 7: Ritual Summons -------------------------------------------------------------------

@capability
def item07_ritual_summon(facts: ScenarioFacts) -> bool:
    """A `ritual_summon` effect or step."""
    return uses_key(facts, "ritual_summon") or any("ritual_summon" in s for s in facts.steps)


@capability
def item07_ritual_monster_as_deck_master(facts: ScenarioFacts) -> bool:
    """A setup `deck_master:` whose card is a Ritual Monster."""
    names = {(p.get("deck_master") or {}).get("card") for p in setup_players(facts).values()
             if isinstance(p.get("deck_master"), dict)}
    return any(c.get("name") in names and c.get("subtype") == "ritual" for c in facts.cards)


# --- item 8: Deck Master Abilities written inside a scenario ---------------------------------

@capability
def item08_inline_deck_master_abilities(facts: ScenarioFacts) -> bool:
    """One of the scenario's own cards writes `abilities:`."""
    return any(c.get("abilities") for c in facts.own_cards)


@capability
def item08_several_abilities_on_one_deck_master(facts: ScenarioFacts) -> bool:
    """One of the scenario's own cards writes two or more `abilities:`."""
    return any(len(c.get("abilities") or []) > 1 for c in facts.own_cards)


@capability
def item08_use_ability_names_the_ability(facts: ScenarioFacts) -> bool:
    """A `use_ability` step with `ability:`."""
    return any("use_ability" in s and "ability" in s for s in facts.steps)


# --- item 9: a Match --------------------------------------------------------------------------

@capability
def item09_earlier_duels_of_a_match(facts: ScenarioFacts) -> bool:
    """`setup: {match: ...}`."""
    return "match" in facts.setup


@capability
def item09_match_score_expected(facts: ScenarioFacts) -> bool:
    """An expectation `match:` (score, winner)."""
    return any("match" in e for e in facts.expectations)


@capability
def item09_match_won_as_the_result(facts: ScenarioFacts) -> bool:
    """`expect: {result: {..., match: true}}`."""
    result = (facts.data.get("expect") or {}).get("result")
    return isinstance(result, dict) and result.get("match") is True


# --- item 10: the Damage Step windows ---------------------------------------------------------

def made_for_the_damage_step(entry: dict) -> bool:
    """A card the rules let be activated in the Damage Step: flagged `damage_step` (as Rush
    Recklessly is), or one whose effect changes ATK/DEF as it resolves (`change_atk`)."""
    return "damage_step" in (entry.get("flags") or []) or \
        any("change_atk" in part for part in mappings(entry.get("activation")))


@capability
def item10_action_in_the_damage_step(facts: ScenarioFacts) -> bool:
    """After an `attack` step, a step activates a card made for the Damage Step."""
    by_name = {c.get("name"): c for c in facts.cards}
    ids = {m["id"]: by_name.get(m["card"]) for m in mappings(facts.setup)
           if "id" in m and isinstance(m.get("card"), str)}
    attacked = False
    for step in facts.steps:
        entry = ids.get(step.get("activate"))
        if attacked and entry and made_for_the_damage_step(entry) and not step.get("illegal"):
            return True
        attacked = attacked or "attack" in step
    return False


@capability
def item10_refused_in_the_damage_step(facts: ScenarioFacts) -> bool:
    """A step refused with `illegal: not_in_damage_step`."""
    return any(s.get("illegal") == "not_in_damage_step" for s in facts.steps)


# --- item 11: an inline card reusing a catalog card's name ------------------------------------

@capability
def item11_own_card_reuses_a_catalog_name(facts: ScenarioFacts) -> bool:
    """One of the scenario's own cards has a catalog card's name."""
    return bool(facts.redefined)


# --- item 12: stat changes --------------------------------------------------------------------

@capability
def item12_stat_change_by_filter(facts: ScenarioFacts) -> bool:
    """A continuous `stats:` whose `to:` is a filter (not one monster)."""
    return any("stats" in p and isinstance(p.get("to"), dict) for p in card_parts(facts))


@capability
def item12_stat_change_while_a_condition_holds(facts: ScenarioFacts) -> bool:
    """A continuous `stats:` with `while:`."""
    return any("stats" in p and "while" in p for p in card_parts(facts))


@capability
def item12_stats_cannot_be_reduced(facts: ScenarioFacts) -> bool:
    """`continuous: {cannot_be_reduced: [atk]}`."""
    return uses_key(facts, "cannot_be_reduced")


# --- item 13: Decks, hands and many players at once ------------------------------------------

@capability
def item13_mill(facts: ScenarioFacts) -> bool:
    """`mill:` (the top cards of a Deck to the Graveyard)."""
    return uses_key(facts, "mill")


@capability
def item13_send_chosen_cards_from_the_deck(facts: ScenarioFacts) -> bool:
    """`send_from_deck: {count: N}`."""
    return any(isinstance(p.get("send_from_deck"), dict) and "count" in p["send_from_deck"]
               for p in card_parts(facts))


@capability
def item13_shuffle_from_the_hand_into_the_deck(facts: ScenarioFacts) -> bool:
    """`shuffle_into_deck: {from: hand}`."""
    return any(isinstance(p.get("shuffle_into_deck"), dict)
               and "hand" in from_zones(p["shuffle_into_deck"]) for p in card_parts(facts))


@capability
def item13_condition_on_hand_size(facts: ScenarioFacts) -> bool:
    """A condition `hand_size:`."""
    return any("hand_size" in c for c in conditions(facts))


@capability
def item13_all_monsters_face_down(facts: ScenarioFacts) -> bool:
    """`flip_face_down: all` (or a side), not one target."""
    return any(p.get("flip_face_down") not in (None, "target", "self")
               for p in card_parts(facts))


@capability
def item13_damage_to_each_player_computed_per_player(facts: ScenarioFacts) -> bool:
    """`damage: {to: both, amount: {per: ...}}`: each player's own count."""
    return any(isinstance(p.get("damage"), dict) and p["damage"].get("to") == "both"
               and isinstance(p["damage"].get("amount"), dict)
               and "per" in p["damage"]["amount"] for p in card_parts(facts))


# --- item 14: conditions and references -------------------------------------------------------

@capability
def item14_conditions_joined_by_and(facts: ScenarioFacts) -> bool:
    """A condition `all_of:`."""
    return any("all_of" in c for c in conditions(facts))


@capability
def item14_conditions_joined_by_or(facts: ScenarioFacts) -> bool:
    """A condition `any_of:`."""
    return any("any_of" in c for c in conditions(facts))


@capability
def item14_condition_on_the_kind_of_summon(facts: ScenarioFacts) -> bool:
    """A condition `summoned: {how, by}`."""
    return any("summoned" in c for c in conditions(facts))


@capability
def item14_condition_on_atk_at_least(facts: ScenarioFacts) -> bool:
    """A condition `atk_at_least:`."""
    return any("atk_at_least" in c for c in conditions(facts))


@capability
def item14_condition_on_whose_turn(facts: ScenarioFacts) -> bool:
    """A condition `turn: own` or `turn: opponent`."""
    return any(c.get("turn") in ("own", "opponent") for c in conditions(facts))


def names_reference(facts: ScenarioFacts, reference: str) -> bool:
    """Whether some effect of the cards names `reference` as the card it acts on."""
    return any(reference in (v if isinstance(v, list) else [v])
               for p in card_parts(facts) for k, v in p.items()
               if isinstance(v, (str, list)) and k not in ("name", "text", "note"))


@capability
def item14_refers_to_the_attacking_monster(facts: ScenarioFacts) -> bool:
    """An effect on `attacker`."""
    return names_reference(facts, "attacker")


@capability
def item14_refers_to_that_monster(facts: ScenarioFacts) -> bool:
    """An effect on `that_monster` (the monster the trigger's event names)."""
    return names_reference(facts, "that_monster")


@capability
def item14_refers_to_the_equipped_monster(facts: ScenarioFacts) -> bool:
    """An effect on `equipped`."""
    return names_reference(facts, "equipped")


# --- item 15: scenario structure --------------------------------------------------------------

@capability
def item15_teams_of_three(facts: ScenarioFacts) -> bool:
    """Three players of the setup on one `team:`."""
    teams = [p.get("team") for p in setup_players(facts).values() if p.get("team")]
    return any(teams.count(team) >= 3 for team in teams)


@capability
def item15_equip_in_the_setup(facts: ScenarioFacts) -> bool:
    """A setup card `equipped_to:` a monster."""
    return any("equipped_to" in m for m in mappings(facts.setup))


@capability
def item15_counters_in_the_setup(facts: ScenarioFacts) -> bool:
    """A setup card with `counters:`."""
    return any("counters" in m for m in mappings(facts.setup))


@capability
def item15_card_held_in_the_deck_master_position(facts: ScenarioFacts) -> bool:
    """A player's `held_in_position:` in the setup."""
    return any(p.get("held_in_position") for p in setup_players(facts).values())


@capability
def item15_deck_master_starts_on_the_field(facts: ScenarioFacts) -> bool:
    """A setup `deck_master:` with a `position:` (summoned before the scenario starts)."""
    return any(isinstance(p.get("deck_master"), dict) and "position" in p["deck_master"]
               for p in setup_players(facts).values())


@capability
def item15_expectation_after_a_step(facts: ScenarioFacts) -> bool:
    """`expect_after: {N: ...}`."""
    return bool(facts.data.get("expect_after"))


# --- item 16: optional and mandatory ----------------------------------------------------------

@capability
def item16_optional_effect_declined(facts: ScenarioFacts) -> bool:
    """A `decline` step that is not refused."""
    return any("decline" in s and not s.get("illegal") for s in facts.steps)


@capability
def item16_declining_a_mandatory_effect_refused(facts: ScenarioFacts) -> bool:
    """A `decline` step refused with `illegal: mandatory_effect`."""
    return any("decline" in s and s.get("illegal") == "mandatory_effect" for s in facts.steps)


# --- the matrix -------------------------------------------------------------------------------

def read_yaml(path: Path) -> object:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)


@lru_cache(maxsize=4)
def catalog_entries(folder: Path = CATALOG_DIR) -> tuple[dict, dict]:
    """({card name: entry}, {Deck Master name: [Ability entries]}) from the catalog files."""
    cards: dict = {}
    for path in sorted(folder.glob("*.yaml")):
        for entry in read_yaml(path) or []:
            if isinstance(entry, dict) and "name" in entry:
                cards[entry["name"]] = entry
    abilities: dict = {}
    for path in sorted((folder / "abilities").glob("*.yaml")):
        for entry in read_yaml(path) or []:
            if isinstance(entry, dict) and "deck_master" in entry:
                abilities.setdefault(entry["deck_master"], []).append(entry)
    return cards, abilities


def named_cards(setup: object) -> set:
    """The card names a setup places anywhere: `card:` values and bare names in lists."""
    names = {m["card"] for m in mappings(setup) if isinstance(m.get("card"), str)}
    for m in mappings(setup):
        for value in m.values():
            if isinstance(value, list):
                names.update(v for v in value if isinstance(v, str))
    return names


def facts_of(data: dict, catalog_folder: Path = CATALOG_DIR) -> ScenarioFacts:
    """A scenario's mapping and the card entries it uses, the scenario's own cards winning."""
    catalog, abilities = catalog_entries(catalog_folder)
    own = tuple(c for c in data.get("cards") or [] if isinstance(c, dict))
    own_names = {c.get("name") for c in own}
    used = named_cards(data.get("setup") or {}) | own_names
    cards = list(own) + [catalog[n] for n in sorted(used - own_names) if n in catalog]
    for name in sorted(used):
        cards += abilities.get(name, [])
    return ScenarioFacts(slug=str(data.get("slug")), format=str(data.get("format")), data=data,
                         cards=tuple(cards), own_cards=own,
                         redefined=frozenset(n for n in own_names if n in catalog))


@lru_cache(maxsize=4)
def scenario_facts(folder: Path = DATA_DIR,
                   catalog_folder: Path = CATALOG_DIR) -> tuple[ScenarioFacts, ...]:
    """Every scenario file under `folder`, each parsed once."""
    return tuple(facts_of(read_yaml(path), catalog_folder)
                 for path in sorted(folder.glob("*/*.yaml")))


def uses(facts: ScenarioFacts) -> set[str]:
    """The names of the capabilities one scenario uses."""
    return {c.name for c in CAPABILITIES if c.detect(facts)}


def matrix(folder: Path = DATA_DIR,
           catalog_folder: Path = CATALOG_DIR) -> dict[tuple[str, str], list[str]]:
    """{(capability, format): [slugs of the format's scenarios that use it]}."""
    cells: dict[tuple[str, str], list[str]] = {
        (c.name, f): [] for c in CAPABILITIES for f in FORMATS}
    for facts in scenario_facts(folder, catalog_folder):
        for name in uses(facts):
            cells.setdefault((name, facts.format), []).append(facts.slug)
    return cells


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else DATA_DIR
    cells = matrix(folder.resolve())
    print("capability".ljust(56) + " ".join(f[:5].rjust(5) for f in FORMATS))
    for c in CAPABILITIES:
        print(c.name.ljust(56) + " ".join(str(len(cells[c.name, f])).rjust(5) for f in FORMATS))


if __name__ == "__main__":
    main(sys.argv[1:])
