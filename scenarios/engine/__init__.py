"""The rules engine: replays a scenario under a format's ruleset and computes its outcome.

Pure Python: nothing here imports Django, so the engine runs in microseconds in
tests, in the `verify` command and behind the web pages alike.
"""
from .errors import IllegalAction, ScenarioError
from .replay import Replay, replay
from .rulesets import ruleset_for
from .scenario import Scenario, load_scenario, parse_scenario

__all__ = ["IllegalAction", "Replay", "Scenario", "ScenarioError", "load_scenario",
           "parse_scenario", "replay", "ruleset_for"]
