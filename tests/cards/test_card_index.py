"""The card index: every catalogued card once, with a stable slug, its printed data and each
format's legality, decided by the same rules as the deck checker."""
from pathlib import Path

import pytest

from scenarios.cards.entries import catalog_entries, with_slugs
from scenarios.cards.legality import legality_table
from scenarios.engine.cards import default_catalog
from scenarios.formats import all_formats
from scenarios.verification.article_parameters import bundled_parameters

TRH, DM, KD = "thought-ruler-highlander", "deck-masters", "kingdom-duels"
CONTENT = Path(__file__).resolve().parents[2] / "rulings" / "content"


def bundled():
    return {fmt.slug: bundled_parameters(fmt.slug) for fmt in all_formats()}


def entry(name):
    return next(e for e in catalog_entries() if e.name == name)


def legality(table, name, format_slug):
    return dict(table[entry(name).slug])[format_slug]


def test_every_catalogued_card_is_listed_once_with_a_unique_slug():
    entries = catalog_entries()
    names = [e.name for e in entries if e.kind != "terrain"]
    assert sorted(names) == sorted(default_catalog().cards)
    assert len({e.slug for e in entries}) == len(entries)
    assert entry("Solemn Warning").slug == "solemn-warning"
    assert entry("B. Skull Dragon").slug == "b-skull-dragon"


def test_a_slug_clash_takes_a_number_in_name_order():
    first, second = with_slugs([entry("Sangan"), entry("Solemn Warning").__class__(
        **{**entry("Sangan").__dict__, "name": "SANGAN!"})])
    assert (first.slug, second.slug) == ("sangan", "sangan-2")


def test_printed_data_comes_from_the_catalog():
    sangan = entry("Sangan")
    assert (sangan.kind, sangan.type_line, sangan.attribute, sangan.race) == \
        ("monster", "Effect Monster", "DARK", "Fiend")
    assert (sangan.level, sangan.atk, sangan.defense) == (3, 1000, 600)
    assert sangan.text.startswith("When sent from the field")
    assert "core" in sangan.home_formats
    assert entry("Solemn Warning").type_line == "Counter Trap"


def test_a_link_monster_shows_its_atk_and_no_def():
    assert entry("Decode Talker").stats_line() == "DARK Cyberse, ATK 2300"
    assert entry("Sangan").stats_line() == "DARK Fiend, Level 3, ATK 1000 / DEF 600"


def test_a_deck_master_with_an_ability_is_of_the_deck_master_kind():
    assert "deck-master" in entry("Blast Juggler").kinds
    assert "deck-master" not in entry("Solemn Warning").kinds


def test_highlander_forbids_a_card_its_forbidden_list_names():
    parameters = bundled()
    table = legality_table(catalog_entries(), parameters)
    before = legality(table, "Solemn Warning", TRH)
    assert (before.status, before.anchor) == ("limited", f"{TRH}/deck-construction#copy-limit")
    parameters[TRH] = {**parameters[TRH], "forbidden_traps": ["Solemn Warning"]}
    after = legality(legality_table(catalog_entries(), parameters), "Solemn Warning", TRH)
    assert (after.status, after.anchor) == ("forbidden", f"{TRH}/forbidden-list#forbidden-traps-list")


def test_highlander_deck_master_eligibility_is_the_deck_checkers():
    table = legality_table(catalog_entries(), bundled())
    fusion = legality(table, "B. Skull Dragon", TRH).notes[0]
    assert fusion.words.startswith("Cannot be the Deck Master")
    assert fusion.anchor == f"{TRH}/deck-master-legality#no-ritual-or-extra-deck-monsters"
    assert legality(table, "Sangan", TRH).notes[0].words.startswith("Can be the Deck Master")


def test_deck_masters_shows_the_ability_and_refuses_a_trap_as_deck_master():
    table = legality_table(catalog_entries(), bundled())
    juggler = legality(table, "Blast Juggler", DM)
    assert any(n.words.startswith("Deck Master Ability (Ignition") and
               n.anchor == f"{DM}/abilities#ignition" for n in juggler.notes)
    warning = legality(table, "Solemn Warning", DM)
    assert warning.notes[0].anchor == f"{DM}/setup#no-spells-or-traps"


def test_kingdom_duels_gives_the_deck_the_hierarchy_and_the_rule_card_role():
    table = legality_table(catalog_entries(), bundled())
    deity = legality(table, "Kingdom Sun Deity", KD)
    assert any(n.words.startswith("Hierarchy 5") for n in deity.notes)
    symbol = legality(table, "Kingdom Golden Eye Symbol", KD)
    assert symbol.anchor == f"{KD}/deck-building#extra-deck-contents"
    assert any(n.anchor == f"{KD}/rule-cards#symbol-rule-cards" for n in symbol.notes)
    # An illustrative Kingdom Duels card is not played by the other formats.
    assert legality(table, "Kingdom Sun Deity", "core").status == "not-used"


def anchors_in_content():
    import re

    found = set()
    for path in CONTENT.glob("*/*.md"):
        for anchor in re.findall(r"\{#([a-z0-9-]+)\}", path.read_text(encoding="utf-8")):
            found.add(f"{path.parent.name}/{path.stem}#{anchor}")
    return found


def test_every_rule_a_legality_row_links_is_an_article_anchor():
    anchors = anchors_in_content()
    table = legality_table(catalog_entries(), bundled())
    linked = {a for rows in table.values() for _, legal in rows
              for a in [legal.anchor, *(n.anchor for n in legal.notes)] if a}
    assert linked and linked <= anchors, sorted(linked - anchors)


@pytest.mark.parametrize("name", ["Land", "Forest"])
def test_terrains_are_listed_as_kingdom_duels_terrain_markers(name):
    terrain = entry(name)
    assert (terrain.kind, terrain.home_formats) == ("terrain", (KD,))
