"""Names for plain data as YAML holds it: what scenario, catalog and article files give the
engine before it gives the data a shape, and what it writes back out in the same form (a
state as a scenario `setup:`, a snapshot, the facts of an outcome).

Such a value may be a mapping, a list, text, a number, a flag or null, and code that has not
checked which holds it as `YamlValue`. It is the engine's one open type: everything else is
annotated with the classes it really holds. Pure Python.
"""
from typing import Any, TypeAlias

# Whatever a file held there: each reader checks the shape it needs where it uses it.
YamlValue: TypeAlias = Any
# A mapping: a card's effect, an Ability, a row of a parameter table, a snapshot.
YamlMapping: TypeAlias = dict[str, YamlValue]
