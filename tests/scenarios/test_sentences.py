"""Replays in plain words (scenarios/presentation/readable/sentences.py): every step and every event of every
bundled scenario is an English sentence with card names, never an id, a zone key or YAML.

Plain pytest: the engine replays without the database.
"""
import re
from functools import lru_cache

import pytest

from scenarios.engine.rulesets import RULESETS
from scenarios.engine.scenario import VERBS
from scenarios.presentation.readable.sentences import (EVENT_WRITERS, Narrator, card_names, event_sentence,
                                          event_sentences, intent_sentences, step_sentences)
from tests.engine.conftest import ROOT, SCENARIO_FILES, run, scenario_at

FORBIDDEN = ("{", "}", "_", "->", "None")
# Zone keys that are not English; those that are (hand, banished) must not stand as a zone alone.
ZONE_KEYS = re.compile(r"\b(?:spell_trap|extra_deck|field_zone|deck_master|extra_monster_zone|"
                       r"rule_zone|graveyard|deck)\b|(?:\bfrom|\bto|\bin|\binto|'s) monsters\b")


@lru_cache(maxsize=None)
def replayed(path):
    replay = run(scenario_at(path))
    names = card_names(replay)
    steps = step_sentences(replay)
    events = [event_sentences(step, names) for step in replay.steps]
    return replay, names, steps, events


def problems(text, names):
    """What makes `text` unfit for a judge: ids, zone keys, YAML, a missing full stop."""
    found = []
    if not text or not text.strip():
        return ["empty"]
    if not text.endswith("."):
        found.append("no full stop")
    found += [f"contains {bad!r}" for bad in FORBIDDEN if bad in text]
    if ZONE_KEYS.search(text):
        found.append(f"zone key {ZONE_KEYS.search(text).group(0)!r}")
    stripped = text
    for name in sorted(set(names.values()), key=len, reverse=True):
        stripped = stripped.replace(name, " ")
    for card_id, name in names.items():
        if card_id == name:
            continue
        if re.search(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])", stripped):
            found.append(f"card id {card_id!r}")
    return found


def relative(path):
    return str(path.relative_to(ROOT / "scenarios" / "data"))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=relative)
def test_every_step_and_event_reads_as_a_sentence(path):
    replay, names, steps, events = replayed(path)
    assert len(steps) == len(replay.steps)
    bad = []
    for number, (step, said) in enumerate(zip(replay.steps, steps), start=1):
        bad += [f"step {number}: {said!r}: {p}" for p in problems(said, names)]
        assert len(events[number - 1]) == len(step.events)
        for event, text in zip(step.events, events[number - 1]):
            bad += [f"step {number} event {event['kind']}: {text!r}: {p}"
                    for p in problems(text, names)]
    assert not bad, "\n".join(bad)


def test_every_event_with_cards_has_a_writer_of_its_own():
    """Events that name cards are written from their data, never from the engine's text."""
    card_keys = ("card", "attacker", "target", "host", "by", "cards", "materials", "new", "old")
    missing = set()
    for path in SCENARIO_FILES:
        replay, names, _, _ = replayed(path)
        for step in replay.steps:
            for event in step.events:
                if not any(names.get(str(event.get(k))) for k in card_keys) and \
                        not any(str(i) in names for k in ("cards", "materials")
                                for i in event.get(k) or ()):
                    continue
                writer = EVENT_WRITERS.get(event["kind"])
                if writer is None or not writer(event, Narrator(replay).names):
                    missing.add((event["kind"], event.get("what"), event["text"]))
    assert not missing, sorted(missing)


def test_every_step_verb_of_every_format_has_a_sentence():
    verbs = set(VERBS)
    for ruleset in RULESETS.values():
        verbs |= set(ruleset.STEP_VERBS)
    unwritten = sorted(v for v in verbs if v != "pass_turns" and
                       not hasattr(Narrator, f"say_{v}"))
    assert not unwritten


def test_card_names_cover_every_card_of_the_replay():
    replay, names, _, _ = replayed(data("thought-ruler-highlander/"
                                        "chaos-sorcerer-negated-by-solemn-warning"))
    assert names["warning"] == "Solemn Warning"
    assert names["chaos"] == "Chaos Sorcerer"
    assert set(replay.duel.cards) <= set(names)


# --- exact sentences ---------------------------------------------------------------------------

def data(slug):
    return ROOT / "scenarios" / "data" / f"{slug}.yaml"


def step_text(slug, number):
    return replayed(data(slug))[2][number - 1]


def event_texts(slug, number):
    return replayed(data(slug))[3][number - 1]


@pytest.mark.parametrize("slug, number, expected", [
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 1,
     "A Special Summons Chaos Sorcerer in Attack Position by its own procedure, banishing "
     "Ryko, Lightsworn Hunter and Sangan from the Graveyard."),
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 2, "A passes priority."),
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 3,
     "B activates the face-down Solemn Warning, paying 2000 LP, in response to the Special "
     "Summon of Chaos Sorcerer."),
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 4, "A passes priority."),
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 5,
     "B passes too: the chain resolves."),
    ("thought-ruler-highlander/shaddoll-fusion-negated-by-solemn-warning", 2,
     "B activates the face-down Solemn Warning, paying 2000 LP, in response to Shaddoll Fusion "
     "(Chain Link 1)."),
    ("thought-ruler-highlander/nightfall-not-on-link-monsters", 1,
     "A tries to use Nightfall on B's Decode Talker, but cannot: Nightfall cannot flip a Link "
     "Monster."),
    ("thought-ruler-highlander/sets-and-flip-summons-do-not-count", 2,
     "A Sets Giant Soldier of Stone face-down in Defense Position."),
    ("deck-masters/raiza-as-the-new-deck-master", 1,
     "A Tribute Summons Raiza the Storm Monarch in Attack Position, Tributing Sangan."),
    ("deck-masters/wall-of-illusion-effect-erased", 1,
     "B attacks Wall of Illusion with Blue-Eyes White Dragon."),
    ("deck-masters/summoned-skull-becomes-the-monster", 1,
     "A Special Summons its Deck Master, Summoned Skull, from the Deck Master Position in Attack "
     "Position."),
    ("deck-masters/hyper-hammerhead-self-negation", 1,
     "A uses the Ignition Ability of its Deck Master, Hyper Hammerhead, targeting Venom Snake, "
     "paying 700 LP."),
    ("deck-masters/hyper-hammerhead-self-negation", 2,
     "B pays 800 LP to negate the Ability of Hyper Hammerhead."),
    ("deck-masters/sinister-serpent-into-jinzo", 3,
     "B ends the turn, and A's turn stops in the Standby Phase."),
    ("core/concede-to-victory-dragon", 1, "A attacks directly with Victory Dragon."),
    ("core/concede-to-victory-dragon", 3, "B concedes the duel."),
    ("core/quick-play-set-this-turn", 2,
     "A tries to activate the face-down Mystical Space Typhoon, targeting Ring of Destruction, "
     "but cannot: the card was Set this turn."),
    ("core/poison-vs-ceasefire", 1,
     "A activates the face-down Poison of the Old Man, choosing the option \"gain\"."),
    ("core/final-countdown", 4, "19 turns pass."),
    ("core/negate-attack-solemn-judgment", 3,
     "B activates the face-down Negate Attack in response to the attack of Cyber Dragon."),
    ("tag-team-phalanx/rule-8-one-line-move-per-turn", 1, "A moves Sangan to the Back Line."),
    ("tag-team-phalanx/rule-5-shared-front-line", 2,
     "A Normal Summons Venom Snake in Attack Position to the Back Line."),
    ("kingdom-duels/strike-a-terrain", 1,
     "A uses STRIKE with Kingdom Ram on B's first Terrain (Forest)."),
    ("kingdom-duels/trap-let-go-earns-an-idle-warning", 2, "B declines to activate Kingdom Snare."),
    ("kingdom-duels/battle-royale-redirect-protects-the-attacker", 2,
     "C redirects the attack of Kingdom Wolf to Kingdom Dragon."),
    ("kingdom-duels/battle-royale-newcomer-joins-next", 1, "D joins the Battle Royale."),
    ("kingdom-duels/battle-royale-ends-by-agreement", 1,
     "A tries to agree to end the duel, but cannot: a duel is ended by agreement only after a "
     "player is defeated."),
    ("kingdom-duels/flip-monster-summoned-hidden", 1,
     "A Normal Summons Kingdom Jar Hidden in DEF Position."),
    ("kingdom-duels/field-power-bonus-on-its-terrain", 1,
     "A Normal Summons Kingdom Wolf in ATK Position to the third Monster Zone."),
    ("kingdom-duels/hidden-atk-revealed-and-hidden-again", 5, "B Hides Kingdom Wolf again."),
    ("kingdom-duels/symbol-played-in-your-main-phase", 6, "A plays Kingdom Golden Eye Symbol."),
    ("kingdom-duels/symbol-effects-once-per-round", 1,
     "A uses the Judgement effect of Kingdom Golden Eye Symbol, spending 2 charges."),
    ("kingdom-duels/duelist-setup-swap-limits", 3,
     "A swaps the starting card Kingdom Soldier for Kingdom Dragon from the Deck."),
    ("kingdom-duels/ritual-spell-sent-at-will-in-the-main-phase", 5,
     "A sends the Ritual Spell Kingdom Moon Ritual to the Graveyard."),
    ("kingdom-duels/hidden-integration-proves-its-proper-material", 1,
     "A performs an Integration Summon of Kingdom Wild Beastlord Hidden in DEF Position, using "
     "Kingdom Wolf as "
     "its Material."),
])
def test_step_sentence(slug, number, expected):
    assert step_text(slug, number) == expected


@pytest.mark.parametrize("slug, number, expected", [
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 3,
     ["B pays 2000 LP for Solemn Warning (8000 → 6000).",
      "Solemn Warning is flipped face-up to be activated.",
      "B activates Solemn Warning as Chain Link 1 (Spell Speed 3)."]),
    ("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning", 5,
     ["Both players have passed: the chain resolves, last link first.",
      "Chain Link 1 (Solemn Warning) resolves.",
      "Solemn Warning negates the summon of Chaos Sorcerer.",
      "Chaos Sorcerer moves from A's field to the Graveyard.",
      "Solemn Warning goes to the Graveyard after the chain.",
      "Solemn Warning moves from B's Spell & Trap Zone to the Graveyard."]),
    ("kingdom-duels/field-power-bonus-on-its-terrain", 1,
     ["Kingdom Wolf moves from A's hand to the field.",
      "A Normal Summons Kingdom Wolf in Attack Position."]),
    ("core/poison-vs-ceasefire", 4,
     ["Both players have passed: the chain resolves, last link first.",
      "Chain Link 2 (Ceasefire) resolves.",
      "A loses 1000 LP to effect damage from Ceasefire (1000 → 0).",
      "B wins the duel: Life Points reached 0.",
      "Chain Link 1 (Poison of the Old Man) never resolves: the duel is over."]),
])
def test_event_sentences(slug, number, expected):
    assert event_texts(slug, number) == expected


def test_event_sentence_from_data_alone():
    names = {"ceasefire": "Ceasefire", "warning": "Solemn Warning", "wolf": "Kingdom Wolf"}
    assert event_sentence({"kind": "flip", "text": "ceasefire is flipped face-up",
                           "card": "ceasefire"}, names) == "Ceasefire is flipped face-up."
    assert event_sentence({"kind": "cost", "text": "A pays 2000 LP for warning", "player": "A",
                           "amount": 2000, "card": "warning", "before": 8000, "after": 6000},
                          names) == "A pays 2000 LP for Solemn Warning (8000 → 6000)."
    assert event_sentence({"kind": "move", "text": "wolf (Kingdom Wolf): hand -> monsters",
                           "card": "wolf", "from": "hand", "to": "monsters", "player": "A",
                           "from_player": "A"}, names) == \
        "Kingdom Wolf moves from A's hand to the field."
    assert event_sentence({"kind": "move", "text": "wolf (Kingdom Wolf): graveyard -> banished",
                           "card": "wolf", "from": "graveyard", "to": "banished",
                           "player": "B", "from_player": "B"}, names) == \
        "Kingdom Wolf is banished from B's Graveyard."
    assert event_sentence({"kind": "result", "text": "A+B wins (unanimous_end)", "winner": "A+B",
                           "reason": "unanimous_end"}, names) == \
        "A and B win the duel: the remaining players agreed to end the duel."


def test_an_unknown_event_falls_back_to_its_text_in_words():
    names = {"wolf": "Kingdom Wolf"}
    assert event_sentence({"kind": "brand-new", "text": "wolf leaves the spell_trap -> field"},
                          names) == "Kingdom Wolf leaves the Spell & Trap Zone → field."


def test_intent_sentences_say_the_attempt_without_its_result():
    replay = replayed(data("core/quick-play-set-this-turn"))[0]
    assert intent_sentences(replay)[1] == \
        "A activates the face-down Mystical Space Typhoon, targeting Ring of Destruction."
    replay = replayed(data("thought-ruler-highlander/chaos-sorcerer-negated-by-solemn-warning"))[0]
    assert intent_sentences(replay)[2] == \
        "B activates the face-down Solemn Warning in response to the Special Summon of Chaos " \
        "Sorcerer."
    assert len(intent_sentences(replay)) == len(replay.steps)
