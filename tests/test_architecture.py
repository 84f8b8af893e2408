"""The apps' import layers (docs/architecture.md) hold: import-linter checks the contracts in
pyproject.toml, and a broken contract fails this test with import-linter's report."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def run_contract(contract):
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--contract", contract],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_imports_run_one_way_through_the_layers():
    result = run_contract("layers")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_engine_imports_neither_django_nor_a_web_app():
    result = run_contract("pure-engine")
    assert result.returncode == 0, result.stdout + result.stderr
