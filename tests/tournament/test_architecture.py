"""The shape of the house (docs/architecture.md), checked on the source itself so that a new
module cannot quietly break it: domain packages hold no pages and never import the audience
packages, and the import contracts need no exceptions."""

import ast
import tomllib
from pathlib import Path

import tournament

APP = Path(tournament.__file__).parent
DOMAIN_PACKAGES = ("event", "play", "seating", "standings")
AUDIENCE_PACKAGES = ("console", "desk", "public", "api")


def _modules(package: str):
    for path in sorted((APP / package).rglob("*.py")):
        yield path.relative_to(APP.parent).with_suffix("").as_posix().replace("/", "."), path


def _imported(module: str, path: Path) -> set[str]:
    """Absolute names of everything ``path`` (module ``module``) imports."""
    names = set()
    package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module
            names.add(prefix)
            names.update(f"{prefix}.{alias.name}" for alias in node.names)
    return names


def test_no_domain_package_contains_a_view():
    views = [
        module
        for package in DOMAIN_PACKAGES
        for module, _ in _modules(package)
        if any("views" in part or part == "urls" for part in module.split(".")[1:])
    ]
    assert views == []


def test_no_domain_package_imports_an_audience_package():
    audiences = tuple(f"tournament.{name}" for name in AUDIENCE_PACKAGES)
    found = [
        (module, name)
        for package in DOMAIN_PACKAGES
        for module, path in _modules(package)
        for name in _imported(module, path)
        if name.startswith(audiences)
    ]
    assert found == []


def test_the_import_contracts_have_no_exceptions():
    config = tomllib.loads((APP.parent / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    assert [c["name"] for c in contracts if c.get("ignore_imports")] == []
    house = next(c for c in contracts if c["name"].startswith("The house"))
    assert "console | public | desk | demo | api" in house["layers"]
