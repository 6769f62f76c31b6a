"""The product's own documents: everything the repository cites lives in it.

Vocabulary: *tracked* files are the ones git keeps (what a clone has); a *section* of the README
is a bullet that opens with a bold title ("- **Backups**: ...").
"""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tracked() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.splitlines()]


def test_no_tracked_file_points_outside_the_repository():
    outside = re.compile(r"\.\./shared/|\b(?:ARCHITECTURE|RULINGS|STYLE)\.md\b")
    offenders = []
    for path in _tracked():
        if path.suffix not in {".py", ".md", ".html", ".toml", ".sh", ".txt", ".cfg", ""}:
            continue
        if not path.is_file():
            continue
        if outside.search(path.read_text("utf-8", errors="replace")):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"these files cite documents outside the repository: {offenders}"


def test_the_documents_the_readme_links_exist():
    readme = (ROOT / "README.md").read_text("utf-8")
    links = set(re.findall(r"\]\(((?:docs|scripts)/[^)#\s]+)\)", readme))
    assert {"docs/rulings.md", "docs/architecture.md", "docs/deployment.md"} <= links
    assert [link for link in sorted(links) if not (ROOT / link).exists()] == []


def test_the_readme_has_one_section_per_subject():
    readme = (ROOT / "README.md").read_text("utf-8")
    titles = re.findall(r"^- \*\*([^*]+)\*\*", readme, flags=re.M)
    repeated = sorted({title for title in titles if titles.count(title) > 1})
    assert repeated == [], f"README sections written twice: {repeated}"


def test_every_ruling_the_code_cites_is_written_down():
    rulings = (ROOT / "docs" / "rulings.md").read_text("utf-8")
    written = set(re.findall(r"^\*\*R(\d+) ", rulings, flags=re.M))
    cited = set()
    for path in _tracked():
        if path.suffix == ".py" and path.is_file():
            cited |= set(re.findall(r"RULINGS R(\d+)", path.read_text("utf-8", errors="replace")))
    assert cited and cited <= written, f"cited but not in docs/rulings.md: {cited - written}"
