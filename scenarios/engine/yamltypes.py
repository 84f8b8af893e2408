"""Names for data read from scenario and catalog files, before the engine gives it a shape.

A value read from YAML may be a mapping, a list, text, a number, a flag or null, and code that
has not checked which yet holds it as `YamlValue`. It is the engine's one open type: everything
else is annotated with the classes it really holds. Pure Python.
"""
from typing import Any, TypeAlias

# Whatever a file held there: each reader checks the shape it needs where it uses it.
YamlValue: TypeAlias = Any
# A mapping read from a file: a card's effect, an Ability, a row of a parameter table.
YamlMapping: TypeAlias = dict[str, YamlValue]
