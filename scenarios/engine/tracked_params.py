"""Rule parameters that remember which of them a duel read.

A duel reads its numbers only through this mapping, from the moment it is made (a ruleset's own
set-up reads its tables then), so a replay that never read a parameter has the same outcome
whatever its value: that is what makes a scenario depend on a parameter (edit impact,
`Replay.params_read`). Pure Python.
"""
from __future__ import annotations

from collections.abc import Mapping

from .yamltypes import YamlValue


class ReadTracking(dict[str, YamlValue]):
    """Rule parameters that remember which of them were read.

    The engine is deterministic and reads its numbers only from here, so a
    replay that never read a parameter has the same outcome whatever its value:
    that is what makes a scenario depend on a parameter.
    """

    def __init__(self, params: Mapping[str, YamlValue]) -> None:
        super().__init__(params)
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> YamlValue:
        self.read.add(name)
        return super().__getitem__(name)

    def get(self, name: str, default: YamlValue = None) -> YamlValue:
        self.read.add(name)
        return super().get(name, default)

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):  # the engine looks a parameter up by its name
            self.read.add(name)
        return super().__contains__(name)
