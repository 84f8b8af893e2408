"""Exam variants of a question: the same scenario with other numbers or other cards of the
same shape, replayed by the engine, so a key learned in practice does not answer an exam.

A variant changes the players' starting Life Points (scaled, in hundreds) and may swap a
vanilla Normal Monster for another of the same Level, Attribute and Type whose ATK and DEF
compare with every other monster's as the original's do. Its question is built again from
the variant's own replay, and the variant is kept only if that question is still the same
kind of question about the same moment, still published: a misreading of the teaching rule
still changes its answer, and two misreadings still give wrong answers.
"""
import copy
import random

import yaml

from ..engine import ScenarioError, parse_scenario, replay
from ..engine.rulesets import RULESETS, ruleset_for
from ..engine.yamlsource import safe_load
from . import generation

VARIANTS_PER_QUESTION = 2
LP_FACTORS = (0.75, 1.25, 0.6, 1.5, 0.9, 1.1)


def payload(draft):
    """What an exam shows of a variant (and scores it by)."""
    return {"prompt": draft.prompt, "facts": draft.facts, "steps": draft.steps,
            "board": draft.board, "explanation": draft.explanation, "anchors": draft.anchors,
            "options": [{"key": o.key, "text": o.text, "correct": o.correct,
                         "source": o.source, "rule": o.rule, "explanation": o.explanation}
                        for o in draft.options]}


def variants_for(source, path, catalog, params, format_name, originals, seed):
    """{question key: [variant payloads]} for the questions `originals` ({key: its payload})
    of the scenario `source`: up to VARIANTS_PER_QUESTION each, from reworked copies of the
    scenario, none showing what the original shows."""
    wanted = {key: [] for key in originals}
    if not wanted:
        return wanted
    for text in reworked(source, seed):
        try:
            scenario = parse_scenario(text, path, RULESETS)
            duel_class = ruleset_for(scenario.format)
            truth = replay(scenario, duel_class, catalog, params=params)
            _, drafts = generation.build(scenario, duel_class, catalog, params, truth,
                                         format_name)
        except ScenarioError:
            continue
        for draft in drafts:
            if draft.key not in wanted or draft.status != generation.PUBLISHED:
                continue
            shown = payload(draft)
            seen = wanted[draft.key]
            told = _told(shown)
            if len(seen) < VARIANTS_PER_QUESTION and told != _told(originals[draft.key]) and \
                    all(told != _told(other) for other in seen):
                seen.append(shown)
        if all(len(found) >= VARIANTS_PER_QUESTION for found in wanted.values()):
            break
    return wanted


def _told(shown):
    """What a taker reads of a question: a variant must read differently from the original
    and from the other variants."""
    return (shown["prompt"], shown["facts"], shown["steps"],
            [o["text"] for o in shown["options"]])


def reworked(source, seed, tries=6):
    """YAML texts of reworked copies of a scenario, each different from the original."""
    data = safe_load(source)
    rng = random.Random(seed)
    factors = list(LP_FACTORS)
    rng.shuffle(factors)
    for factor in factors[:tries]:
        copied = copy.deepcopy(data)
        changed = scale_life_points(copied, factor)
        changed = swap_vanilla_monsters(copied, rng) or changed
        if changed:
            yield yaml.safe_dump(copied, sort_keys=False, allow_unicode=True)


def scale_life_points(data, factor):
    """Every starting Life Points total times `factor`, in hundreds (at least 100)."""
    changed = False
    setup = data.get("setup") or {}
    for side in (setup.get("players") or {}).values():
        if isinstance(side, dict) and isinstance(side.get("lp"), int) and side["lp"] > 0:
            side["lp"] = max(100, int(round(side["lp"] * factor / 100.0)) * 100)
            changed = True
    for team in (setup.get("teams") or {}).values():
        if isinstance(team, dict) and isinstance(team.get("lp"), int) and team["lp"] > 0:
            team["lp"] = max(100, int(round(team["lp"] * factor / 100.0)) * 100)
            changed = True
    return changed


def swap_vanilla_monsters(data, rng):
    """Swap one vanilla Normal Monster of the set-up for another of the same shape: same
    Level, Attribute and Type, and ATK and DEF that compare with every other monster's of the
    set-up as the original's do. True when a card was swapped."""
    from ..engine.cards import default_catalog

    catalog = default_catalog()
    entries = list(_card_entries(data))
    in_play = {e["card"] for e in entries}
    # The scenario's own cards (a reused catalog name is its own version): never swapped.
    own = {c.get("name") for c in data.get("cards") or () if isinstance(c, dict)}
    shapes = [catalog.get(name) for name in in_play if name not in own]
    for entry in rng.sample(entries, len(entries)):
        card = catalog.get(entry["card"])
        if entry["card"] in own or not _vanilla(card):
            continue
        others = [c for c in shapes if c is not None and c.is_monster and c.name != card.name]
        for candidate in sorted(catalog.cards.values(), key=lambda c: c.name):
            if candidate.name in in_play or not _vanilla(candidate) or \
                    (candidate.level, candidate.attribute, candidate.race) != \
                    (card.level, card.attribute, card.race):
                continue
            if all(_same_order(card, candidate, other) for other in others):
                for same in entries:
                    if same["card"] == card.name:
                        same["card"] = candidate.name
                return True
    return False


def _card_entries(data):
    setup = data.get("setup") or {}
    for side in (setup.get("players") or {}).values():
        for value in (side or {}).values():
            for entry in value if isinstance(value, list) else [value]:
                if isinstance(entry, dict) and isinstance(entry.get("card"), str):
                    yield entry


def _vanilla(card):
    return card is not None and card.kind == "monster" and card.subtype == "normal" and \
        not card.effects and not card.scenario_card


def _same_order(old, new, other):
    def sign(a, b):
        return (a > b) - (a < b)
    return all(sign(getattr(old, x), getattr(other, y)) == sign(getattr(new, x),
                                                                 getattr(other, y))
               for x in ("atk", "defense") for y in ("atk", "defense")
               if getattr(other, y) is not None)
