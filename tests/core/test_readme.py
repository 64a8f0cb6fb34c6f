"""The README's example prints what the README says, and no file points at a folder outside the project."""
from __future__ import annotations

import doctest
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_example_prints_what_it_says(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the example saves game.json
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0, result


def test_no_file_points_outside_the_project():
    """A user's clone has only the project: rulebooks are cited by title and section, never by path."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    pointing = []
    for name in files:
        path = ROOT / name
        if path.suffix not in {".py", ".md", ".ipynb", ".json", ".cfg", ".toml", ".txt", ".sh", ""} or not path.is_file():
            continue
        text = path.read_text(errors="replace")
        if "../" + "shared" in text or "shared/" + "rules" in text:
            pointing.append(name)
    assert not pointing, pointing
