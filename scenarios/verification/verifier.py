"""Verifying scenario files: parse, replay with the engine, compare, and time each one."""
import time
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from scenarios.engine import ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.yamlsource import Limits, UnsafeYAML, decode
from .fingerprints import fingerprint
from .article_parameters import parameters_for

PASSING = ("passed", "xfail")


@dataclass
class Verdict:
    slug: str
    format: str
    status: str  # passed, failed, invalid, xfail, xpass
    ms: float
    message: str
    path: str
    scenario: object = None
    replay: object = None
    fingerprint: str = ""
    error: object = None  # the ScenarioError of an invalid file: its line and field
    # The wrong readings that change its outcome (deciding.decided_by), once worked out.
    decided_by: list | None = None

    @property
    def differences(self):
        return [d.as_dict() for d in self.replay.differences] if self.replay else []

    @property
    def passing(self):
        return self.status in PASSING

    def as_dict(self):
        return {"slug": self.slug, "format": self.format, "status": self.status,
                "ms": round(self.ms, 3), "message": self.message,
                "differences": self.differences}


@dataclass
class Report:
    verdicts: list = field(default_factory=list)

    def count(self, *statuses):
        return sum(1 for v in self.verdicts if v.status in statuses)

    @property
    def exit_code(self):
        if self.count("invalid"):
            return 2
        return 1 if self.count("failed", "xpass") else 0

    def as_dict(self):
        formats = {}
        for verdict in self.verdicts:
            entry = formats.setdefault(verdict.format, {"total": 0, "passed": 0})
            entry["total"] += 1
            entry["passed"] += verdict.status in PASSING
        return {"total": len(self.verdicts), "passed": self.count(*PASSING),
                "failed": self.count("failed", "xpass"), "invalid": self.count("invalid"),
                "formats": formats, "scenarios": [v.as_dict() for v in self.verdicts]}


def discover(paths=None):
    """Scenario files under the given files and folders (default: the bundled ones)."""
    roots = [Path(p) for p in paths] if paths else [settings.SCENARIOS_DIR]
    found = []
    for root in roots:
        if root.is_dir():
            found += sorted(root.rglob("*.yaml"))
        else:
            found.append(root)
    return found


class Verifier:
    """Replays scenarios with the parameters of each format, read once per run.

    `parameters` may hold a format's parameters in advance (a draft, for edit impact).
    """

    def __init__(self, parameters=None):
        self.catalog = default_catalog()
        self.parameters = dict(parameters or {})

    def params(self, format_slug):
        if format_slug not in self.parameters:
            self.parameters[format_slug] = parameters_for(format_slug)
        return self.parameters[format_slug]

    def verify_file(self, path, mutation=None, record_states=True):
        try:
            if Path(path).stat().st_size > Limits.max_chars * 4:
                raise UnsafeYAML(f"the file is larger than {Limits.max_chars} characters", 1)
            text = decode(Path(path).read_bytes())
        except UnsafeYAML as error:
            return Verdict(Path(path).stem, Path(path).parent.name, "invalid", 0.0,
                           str(ScenarioError(error.message, str(path), error.line, "yaml")),
                           str(path))
        except OSError as error:
            return Verdict(Path(path).stem, Path(path).parent.name, "invalid", 0.0,
                           f"{path}: {error}", str(path))
        return self.verify_source(text, path, mutation, record_states)

    def verify_source(self, text, path, mutation=None, record_states=True):
        """Parse and replay one scenario's text; any problem is an `invalid` verdict."""
        started = time.perf_counter()
        slug, format_slug = Path(path).stem, Path(path).parent.name
        try:
            scenario = parsed(text, str(path))
            slug, format_slug = scenario.slug, scenario.format
            result = self.replay(scenario, mutation, record_states)
        except ScenarioError as error:
            return Verdict(slug, format_slug, "invalid", _ms(started), str(error), str(path),
                           error=error)
        except Exception as error:  # a bug this file found fails this file only, never the run
            return Verdict(slug, format_slug, "invalid", _ms(started),
                           f"{path}: the engine failed on this file: "
                           f"{type(error).__name__}: {error}"[:500], str(path))
        return Verdict(slug, format_slug, result.status, _ms(started), result.message, str(path),
                       scenario, result,
                       fingerprint(text, self.params(format_slug), result.params_read))

    def replay(self, scenario, mutation=None, record_states=True):
        return replay(scenario, ruleset_for(scenario.format), self.catalog,
                      params=self.params(scenario.format), mutation=mutation,
                      record_states=record_states)

    def verify(self, paths=None, format_slug=None):
        report, seen = Report(), {}
        for path in discover(paths):
            verdict = self.verify_file(path, record_states=False)
            if format_slug and verdict.format != format_slug:
                continue
            if verdict.status != "invalid" and verdict.slug in seen:
                verdict = Verdict(verdict.slug, verdict.format, "invalid", verdict.ms,
                                  f"{path}: slug '{verdict.slug}' is already used by "
                                  f"{seen[verdict.slug]}", str(path))
            seen.setdefault(verdict.slug, str(path))
            report.verdicts.append(verdict)
        return report


@lru_cache(maxsize=2048)
def parsed(text, path):
    """A scenario's text parsed once per process: replays never change a parsed scenario, and
    previews replay the same stored sources again and again."""
    return parse_scenario(text, path, RULESETS)


def _ms(started):
    return (time.perf_counter() - started) * 1000
