"""Runs axe-core (the npm package in node_modules, installed by .ci/install-chromium) on a
Playwright page and returns its serious and critical violations, in words."""
from pathlib import Path

AXE = Path(__file__).resolve().parent.parent.parent / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def serious_violations(page, exclude=()):
    """["rule: help (selector, ...)"] for each serious or critical violation on the page."""
    assert AXE.exists(), "axe-core is missing: run .ci/install-chromium (npm ci)"
    page.add_script_tag(path=str(AXE))
    context = {"exclude": [[selector] for selector in exclude]} if exclude else None
    result = page.evaluate("context => axe.run(context || document)", context)
    return [f"{v['id']}: {v['help']} ({', '.join(str(n['target']) for n in v['nodes'][:5])})"
            for v in result["violations"] if v["impact"] in SERIOUS]
