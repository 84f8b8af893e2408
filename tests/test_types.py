"""The engine's type hints hold: mypy passes on scenarios/engine with the settings in
pyproject.toml (every function annotated), as part of the README's test command."""
import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "scenarios" / "engine"
# A cache of its own per checkout, outside the repository: a second run only rechecks what
# changed, and two worktrees never share (or fight over) one cache.
CACHE = Path(tempfile.gettempdir()) / \
    f"mypy-cache-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"


def mypy_overrides():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["overrides"]


def test_mypy_passes_on_the_engine():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(CACHE), str(ENGINE)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"


def test_engine_modules_must_annotate_every_function():
    engine = next(o for o in mypy_overrides() if "scenarios.engine.*" in o["module"])
    assert engine["disallow_untyped_defs"] is True


def test_modules_left_unannotated_all_exist():
    """The temporary list of modules not annotated yet names real modules only, so a module
    that was moved or renamed cannot linger in it unchecked."""
    for override in mypy_overrides():
        if override.get("disallow_untyped_defs") is False or "disable_error_code" in override:
            for module in override["module"]:
                path = ROOT / Path(*module.split("."))
                assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), \
                    f"pyproject.toml's mypy overrides name {module}, which does not exist"
