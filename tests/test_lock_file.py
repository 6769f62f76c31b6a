"""The lock file (`requirements.lock`) and `pyproject.toml` agree.

pyproject.toml names the packages the product uses, each pinned; the lock pins those and every
package they bring, and `make` installs with it as pip's constraints. A pin changed in one and
not the other makes the install fail on a fresh machine: this test says so first, and which.
"""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9_.-]+)(\[[^\]]*\])?==([^\s;#]+)")


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lines) -> dict[str, str]:
    found = {}
    for line in lines:
        match = PIN.match(line.strip())
        if match:
            found[_name(match.group(1))] = match.group(3)
    return found


def test_every_pin_of_pyproject_is_the_lock_s():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    ours = _pins(wanted)
    locked = _pins((ROOT / "requirements.lock").read_text().splitlines())
    assert len(ours) == len(wanted), "every dependency in pyproject.toml is pinned with =="
    differ = {name: (version, locked.get(name)) for name, version in ours.items()}
    differ = {name: pair for name, pair in differ.items() if pair[0] != pair[1]}
    assert not differ, f"pyproject.toml and requirements.lock differ (run `make lock`): {differ}"


def test_the_lock_pins_the_indirect_packages_too():
    locked = _pins((ROOT / "requirements.lock").read_text().splitlines())
    # Django's own dependencies, and pip-installed tools' (not named in pyproject.toml).
    assert {"asgiref", "sqlparse"} <= set(locked)
