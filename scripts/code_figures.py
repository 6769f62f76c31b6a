"""The shape of the code in two figures: modules over 400 lines, functions over 60 lines.

Over ``tournament/`` and ``scoring/`` (migrations left out: Django writes them). A module past
400 lines usually holds more than one idea, a function past 60 more than one step; each row
the script prints is a place to look, not a verdict (docs/architecture.md).

Run: ``python scripts/code_figures.py`` from the repository's root.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOTS = ("tournament", "scoring")
MODULE_LINES = 400
FUNCTION_LINES = 60


def figures(root: Path = Path(".")) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(long modules, long functions), each a list of (lines, place), longest first."""
    modules, functions = [], []
    for package in ROOTS:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if len(text.splitlines()) > MODULE_LINES:
                modules.append((len(text.splitlines()), str(path)))
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > FUNCTION_LINES:
                        functions.append((lines, f"{path}:{node.name}"))
    return sorted(modules, reverse=True), sorted(functions, reverse=True)


def main() -> None:
    modules, functions = figures()
    print(f"modules over {MODULE_LINES} lines: {len(modules)}")
    for lines, place in modules:
        print(f"  {lines:5d} {place}")
    print(f"functions over {FUNCTION_LINES} lines: {len(functions)}")
    for lines, place in functions:
        print(f"  {lines:5d} {place}")


if __name__ == "__main__":
    main()
