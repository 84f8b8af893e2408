"""Fingerprints: what a stored verdict was computed from.

A verdict holds while the scenario's source, the rule parameters its replay read
and the engine are the ones it was computed with. The engine is deterministic
and reads numbers only from its parameters, so parameters a replay never read
cannot change its outcome and stay out of the fingerprint.
"""
import hashlib
import json

from scenarios.engine.version import engine_version
from .article_parameters import parameters_for


def fingerprint(source, params, params_read):
    """The digest of a scenario's source, the parameter values it read, and the engine."""
    read = {name: params.get(name) for name in sorted(params_read)}
    digest = hashlib.sha256()
    digest.update(source.encode("utf-8"))
    digest.update(json.dumps(read, sort_keys=True, default=str).encode("utf-8"))
    digest.update(engine_version().encode())
    return digest.hexdigest()


class StaleCheck:
    """Tells whether stored verdicts still match what they would be computed from now.

    The parameters of each format are read once (one query per format).
    """

    def __init__(self, parameters=None):
        self.parameters = dict(parameters or {})

    def params(self, format_slug):
        if format_slug not in self.parameters:
            self.parameters[format_slug] = parameters_for(format_slug)
        return self.parameters[format_slug]

    def is_stale(self, scenario):
        if scenario.status == scenario.UNVERIFIED:
            return False
        if not scenario.fingerprint:
            return True
        return scenario.fingerprint != fingerprint(
            scenario.source, self.params(scenario.format_slug), scenario.params_read)

    def mark(self, scenarios):
        """Set `is_stale` and `shown_status` on each scenario row; returns them as a list."""
        rows = list(scenarios)
        for row in rows:
            row.is_stale = self.is_stale(row)
            row.shown_status = "stale" if row.is_stale else row.status
        return rows
