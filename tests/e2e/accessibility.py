"""axe-core in Chromium for the accessibility tests (issue 40).

Vocabulary
----------
axe             the axe-core npm package pinned in ``tests/e2e/axe/package-lock.json``,
                installed by ``make test`` (``npm ci``) and injected into the page under test by
                Playwright; the site never serves it.
rules           what axe checks: the WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's best
                practices (``TAGS``).
blocking        a violation of impact *serious* or *critical*: a page with one fails its test.
finding         ``(rule id, impact, count of elements, a selector of the first)``: a violation
                as the failure message and ``test-artifacts/axe-*.json`` name it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# `make axe` installs it inside the virtual environment the tests run in (from this folder's
# package-lock.json, tests/e2e/axe/).
AXE = Path(sys.prefix) / "axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = ("serious", "critical")


def axe_available() -> Path:
    """The axe file, or a failure under CI (a skip elsewhere) that says how to install it."""
    if AXE.exists():
        return AXE
    reason = f"no axe-core at {AXE} (`make axe`, part of `make test`, installs it with npm ci)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def axe_run(page) -> list[dict]:
    """The page's violations (axe's own objects, each with its nodes)."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(axe_available()))
    return page.evaluate(
        """async (tags) => {
          const result = await window.axe.run(document, {
            runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
          return result.violations;
        }""",
        TAGS,
    )


def findings(violations: list[dict]) -> list[tuple[str, str, int, str]]:
    return [
        (v["id"], v["impact"] or "", len(v["nodes"]), ", ".join(v["nodes"][0]["target"][:1]))
        for v in violations
    ]


def blocking(violations: list[dict]) -> list[tuple[str, str, int, str]]:
    return [finding for finding in findings(violations) if finding[1] in BLOCKING]
