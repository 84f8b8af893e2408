"""The engine's type hints hold: mypy passes on scenarios/engine with the settings in
pyproject.toml (every function annotated), as part of the README's test command."""
import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "scenarios" / "engine"
# A cache of its own per checkout, outside the repository: a second run only rechecks what
# changed, and two worktrees never share (or fight over) one cache.
CACHE = Path(tempfile.gettempdir()) / \
    f"mypy-cache-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"


def mypy_overrides():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["overrides"]


@pytest.mark.slow
def test_mypy_passes_on_the_engine():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(CACHE), str(ENGINE)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"


def test_engine_modules_must_annotate_every_function():
    engine = next(o for o in mypy_overrides() if "scenarios.engine.*" in o["module"])
    assert engine["disallow_untyped_defs"] is True


def test_no_engine_module_is_exempt_from_annotations():
    """Every engine module is held to the rule: no override turns it off for some of them."""
    for override in mypy_overrides():
        exempt = override.get("disallow_untyped_defs") is False or \
            override.get("disallow_incomplete_defs") is False or "ignore_errors" in override
        assert not exempt, f"pyproject.toml exempts {override['module']} from type hints"
