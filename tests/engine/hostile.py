"""Hostile scenario files, generated in-process: what an attacker would feed `verify`.

Each file is a bundled scenario with one to three values replaced by something wrong (a huge or
negative number, the wrong type, a list where a name belongs, a deck of a hundred million
cards), a key dropped or a subtree copied elsewhere, or the text itself attacked (an alias bomb,
deep nesting, bytes that are not UTF-8, a cut-off file, flipped characters).
"""
import copy
import random

import yaml

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

ATTACK_VALUES = [
    None, True, False, 0, -1, 1, 3, 7, 10 ** 30, -10 ** 30, 100_000_000, 2 ** 31, 2.5,
    float("inf"), float("nan"), "", "A", "B", "C", "D", "E", "x", "main1", "battle", "end",
    "attack", "defense", "hidden", "down", "front", "back", "0", "9", "direct", "Sangan",
    "Summoned Skull", "ghost", "é\u202e", "\x00", [], {}, [500], ["Summoned Skull"], [[]],
    {"a": 1}, {"card": ["Sangan"]}, {"id": [], "card": "Sangan"}, ["A", "A"], "x" * 300,
]

ALIAS_BOMB = ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
              "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c]\n"
              "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e]\n")


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


def _mutate(data, rng):
    paths = [p for p in _paths(data) if p]
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths)
        node = data
        try:
            for step in path[:-1]:
                node = node[step]
            roll = rng.random()
            if roll < 0.7:
                node[path[-1]] = copy.deepcopy(rng.choice(ATTACK_VALUES))
            elif roll < 0.85 and isinstance(node, dict):
                del node[path[-1]]
            else:
                node[path[-1]] = copy.deepcopy(rng.choice([data.get("setup"), data.get("steps"),
                                                           node[path[-1]]]))
        except (KeyError, IndexError, TypeError):
            pass
    return data


def _attack_text(text, rng):
    roll = rng.randrange(8)
    if roll == 0:
        return ALIAS_BOMB + text
    if roll == 1:
        depth = rng.choice([40, 1000, 5000, 100_000])
        return text.replace("steps:", "steps: " + "[" * depth + "]" * depth + "\nx:", 1)
    if roll == 2:
        return text.encode("utf-8")[:rng.randrange(len(text))] + b"\xff\xfe" + b"\nslug: x\n"
    if roll == 3:
        return text[:rng.randrange(len(text))]
    if roll == 4:
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            chars[rng.randrange(len(chars))] = rng.choice("[]{}:-&*!|>'\"#%@`\t\n ")
        return "".join(chars)
    if roll == 5:
        return text.replace("deck: 5", "deck: 100000000", 1).replace("lp: 8000", "lp: 1e400", 1)
    if roll == 6:
        return text + "\n" + "- " * rng.choice([50, 2000]) + "x\n"
    return text.replace("card:", "card: &n", 1).replace("card:", "card: *n", 2)


def hostile_files(sources, count, seed=0):
    """`count` hostile variants of the scenario texts in `sources` (str or bytes each)."""
    rng = random.Random(seed)
    parsed = [(text, yaml.load(text, Loader=LOADER)) for text in sources]
    for _ in range(count):
        text, data = rng.choice(parsed)
        if rng.random() < 0.15:
            yield _attack_text(text, rng)
            continue
        try:
            yield yaml.dump(_mutate(copy.deepcopy(data), rng), Dumper=DUMPER, sort_keys=False,
                            allow_unicode=True)
        except (yaml.YAMLError, ValueError):
            yield text
