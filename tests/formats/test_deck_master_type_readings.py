"""The Ability types the Deck Masters rules never give are shown as the site's reading."""
from scenarios.engine.rulesets.deck_masters import abilities
from scenarios.formats.deck_masters import FORMAT

ILLUSTRATIVE = "Ability Master"  # the catalog's own Deck Masters, one per type the rules describe


def test_every_ability_of_a_real_deck_master_names_its_type_as_the_sites_reading():
    missing = [name for name, ability in abilities().items()
               if not name.endswith(ILLUSTRATIVE) and not ability.get("type_reading")]
    assert missing == []


def test_an_illustrative_deck_master_has_no_reading_to_state():
    assert not any(ability.get("type_reading") for name, ability in abilities().items()
                   if name.endswith(ILLUSTRATIVE))


def test_the_board_marks_a_type_the_rules_do_not_give():
    text = FORMAT.board.ability_text("Kuriboh")
    assert text.startswith("Deck Master Ability (Ignition, the site's reading")


def test_the_board_shows_an_illustrative_type_plainly():
    assert FORMAT.board.ability_text("Trap Ability Master").startswith(
        "Deck Master Ability (Trap): ")
