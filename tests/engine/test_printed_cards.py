"""The catalog's real cards are the printed cards: kind, type, Attribute, Level and ATK/DEF.

Cards the project invented (every "Kingdom ..." card, the Tile Maps, the Ability Masters) are
left out: they have no printed card to match. A card the catalog lists that is neither here nor
invented fails the last test, so a new real card cannot arrive unchecked.
"""
import pytest

from scenarios.engine.cards import default_catalog

# name: (kind, subtype, attribute, type, level, atk, def); spells and traps are (kind, subtype)
MONSTERS = {
    "Giant Soldier of Stone": ("normal", "EARTH", "Rock", 3, 1300, 2000),
    "Sangan": ("effect", "DARK", "Fiend", 3, 1000, 600),
    "Wall of Illusion": ("effect", "DARK", "Fiend", 4, 1000, 1850),
    "Cyber Dragon": ("effect", "LIGHT", "Machine", 5, 2100, 1600),
    "Victory Dragon": ("effect", "DARK", "Dragon", 8, 2400, 3000),
    "Vennominaga the Deity of Poisonous Snakes": ("effect", "DARK", "Reptile", 10, 0, 0),
    "Venom Snake": ("normal", "EARTH", "Reptile", 3, 1200, 1000),
    "Morphing Jar": ("effect", "EARTH", "Rock", 2, 700, 600),
    "Exodia the Forbidden One": ("effect", "DARK", "Spellcaster", 3, 1000, 1000),
    "Left Arm of the Forbidden One": ("normal", "DARK", "Spellcaster", 1, 200, 300),
    "Right Arm of the Forbidden One": ("normal", "DARK", "Spellcaster", 1, 200, 300),
    "Left Leg of the Forbidden One": ("normal", "DARK", "Spellcaster", 1, 200, 300),
    "Right Leg of the Forbidden One": ("normal", "DARK", "Spellcaster", 1, 200, 300),
    "Psychic Commander": ("effect", "EARTH", "Psychic", 3, 1400, 800),
    "Summoned Skull": ("normal", "DARK", "Fiend", 6, 2500, 1200),
    "Red-Eyes B. Dragon": ("normal", "DARK", "Dragon", 7, 2400, 2000),
    "Blue-Eyes White Dragon": ("normal", "LIGHT", "Dragon", 8, 3000, 2500),
    "Giga-Tech Wolf": ("normal", "FIRE", "Machine", 3, 1200, 1400),
    "Gamma the Magnet Warrior": ("normal", "EARTH", "Rock", 4, 1500, 1800),
    "Gemini Elf": ("normal", "EARTH", "Spellcaster", 4, 1900, 900),
    "Kuriboh": ("effect", "DARK", "Fiend", 1, 300, 200),
    "B. Skull Dragon": ("fusion", "DARK", "Dragon", 9, 3200, 2500),
    "Labyrinth Tank": ("fusion", "DARK", "Machine", 7, 2400, 2400),
    "Cannon Soldier": ("effect", "DARK", "Machine", 4, 1400, 1300),
    "Sinister Serpent": ("effect", "WATER", "Reptile", 1, 300, 250),
    "Jinzo": ("effect", "DARK", "Machine", 6, 2400, 1500),
    "Hane-Hane": ("effect", "EARTH", "Beast", 2, 450, 500),
    "Yata-Garasu": ("effect", "WIND", "Fiend", 2, 200, 100),
    "Raiza the Storm Monarch": ("effect", "WIND", "Winged Beast", 6, 2400, 1000),
    "Blast Juggler": ("effect", "FIRE", "Machine", 3, 800, 900),
    "Hyper Hammerhead": ("effect", "EARTH", "Dinosaur", 4, 1500, 1200),
    "Goldd, Wu-Lord of Dark World": ("effect", "DARK", "Fiend", 5, 2300, 1400),
    "Mysterious Puppeteer": ("effect", "EARTH", "Warrior", 4, 1000, 1500),
    "Parasite Paracide": ("effect", "EARTH", "Insect", 2, 500, 300),
    "Reaper on the Nightmare": ("effect", "DARK", "Zombie", 5, 800, 600),
    "Relinquished": ("ritual", "DARK", "Spellcaster", 1, 0, 0),
    "Chaos Sorcerer": ("effect", "DARK", "Spellcaster", 6, 2300, 2000),
    "El Shaddoll Construct": ("fusion", "LIGHT", "Fairy", 8, 2800, 2500),
    "Gem-Knight Seraphinite": ("fusion", "LIGHT", "Fairy", 5, 2300, 1400),
    "Shaddoll Dragon": ("effect", "DARK", "Spellcaster", 4, 1900, 0),
    "Ryko, Lightsworn Hunter": ("effect", "LIGHT", "Beast", 2, 200, 100),
    "Gem-Knight Garnet": ("normal", "EARTH", "Pyro", 4, 1900, 0),
    "Wulf, Lightsworn Beast": ("effect", "LIGHT", "Beast-Warrior", 4, 2100, 300),
    "Doomsday Token": ("token", "DARK", "Fiend", 1, 0, 0),
    "Stargazer Magician": ("effect", "DARK", "Spellcaster", 5, 1200, 2400),
    "Timegazer Magician": ("effect", "DARK", "Spellcaster", 6, 1200, 2400),
    "Subterror Behemoth Umastryx": ("effect", "WATER", "Fish", 7, 2700, 1500),
    "Decode Talker": ("link", "DARK", "Cyberse", None, 2300, None),
    "Ghostrick Siren": ("effect", "DARK", "Spellcaster", 1, 100, 1800),
    "Ghostrick Jiangshi": ("effect", "DARK", "Zombie", 4, 1400, 1200),
    "Obelisk the Tormentor": ("effect", "DIVINE", "Divine-Beast", 10, 4000, 4000),
    "Cure Mermaid": ("effect", "WATER", "Fish", 4, 1500, 800),
}
SPELLS_AND_TRAPS = {
    "Poison of the Old Man": ("trap", "normal"),
    "Pot of Greed": ("spell", "normal"),
    "Allure of Darkness": ("spell", "normal"),
    "Final Countdown": ("spell", "normal"),
    "Mystical Space Typhoon": ("spell", "quick-play"),
    "Emergency Teleport": ("spell", "quick-play"),
    "Sogen": ("spell", "field"),
    "Yami": ("spell", "field"),
    "Umi": ("spell", "field"),
    "Ceasefire": ("trap", "normal"),
    "Ring of Destruction": ("trap", "normal"),
    "Self-Destruct Button": ("trap", "normal"),
    "Negate Attack": ("trap", "counter"),
    "Solemn Judgment": ("trap", "counter"),
    "Magic Jammer": ("trap", "counter"),
    "Call of the Haunted": ("trap", "continuous"),
    "Royal Oppression": ("trap", "continuous"),
    "Blast with Chain": ("trap", "normal"),
    "Rush Recklessly": ("spell", "quick-play"),
    "Spell Shattering Arrow": ("spell", "quick-play"),
    "Polymerization": ("spell", "normal"),
    "Change of Heart": ("spell", "normal"),
    "Book of Moon": ("spell", "quick-play"),
    "Waboku": ("trap", "normal"),
    "Torrential Tribute": ("trap", "normal"),
    "DNA Surgery": ("trap", "continuous"),
    "Forced Back": ("trap", "counter"),
    "Solemn Warning": ("trap", "counter"),
    "Monster Reborn": ("spell", "normal"),
    "Aegis of Gaia": ("trap", "continuous"),
    "Shaddoll Fusion": ("spell", "normal"),
    "Brilliant Fusion": ("spell", "continuous"),
    "Foolish Burial": ("spell", "normal"),
    "Fires of Doomsday": ("spell", "quick-play"),
    "Light of Intervention": ("trap", "continuous"),
    "Fiend Comedian": ("spell", "normal"),
    "Card Destruction": ("spell", "normal"),
    "Exchange": ("spell", "normal"),
    "Deck Devastation Virus": ("trap", "normal"),
    "Dark Snake Syndrome": ("spell", "continuous"),
    "Messenger of Peace": ("spell", "continuous"),
    "Swords of Revealing Light": ("spell", "normal"),
    "Snatch Steal": ("spell", "equip"),
    "Mass Driver": ("spell", "continuous"),
}
# The project's own cards, which no printed card constrains.
INVENTED = {"Spell Ability Master", "Trap Ability Master", "Trigger Ability Master",
            "Compulsory Ability Master", "Conditional Ability Master", "Holding Ability Master",
            "Fusion", "Labyrinth Map", "Crossroads Map", "Wall Breaker", "Duel of Champions",
            "Friendly Wager", "Negating Ability Master", "Overriding Ability Master",
            "Paid Ability Master"}


@pytest.mark.parametrize("name", sorted(MONSTERS))
def test_a_real_monster_has_its_printed_type_attribute_level_and_stats(name):
    card = default_catalog().get(name)
    assert card is not None, f"{name} is missing from the catalog"
    got = (card.subtype, card.attribute, card.race, card.level, card.atk, card.defense)
    assert card.kind == "monster" and got == MONSTERS[name]


@pytest.mark.parametrize("name", sorted(SPELLS_AND_TRAPS))
def test_a_real_spell_or_trap_has_its_printed_kind(name):
    card = default_catalog().get(name)
    assert card is not None, f"{name} is missing from the catalog"
    assert (card.kind, card.subtype) == SPELLS_AND_TRAPS[name]


def test_poison_of_the_old_man_is_a_normal_trap_not_a_spell():
    card = default_catalog().get("Poison of the Old Man")
    assert (card.kind, card.subtype) == ("trap", "normal")


def test_every_catalog_card_is_checked_here_or_invented_by_the_project():
    unchecked = [card.name for card in default_catalog().cards.values()
                 if card.name not in MONSTERS and card.name not in SPELLS_AND_TRAPS
                 and card.name not in INVENTED and not card.name.startswith("Kingdom ")]
    assert not unchecked, f"real cards without their printed facts here: {unchecked}"
