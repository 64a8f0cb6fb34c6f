"""Notebooks whose pages skip JupyterLab extensions (the page template's ``unused_lab_extensions``) must not need them."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
# the Python package behind each extension a page may skip
PACKAGE = {"jupyterlab-plotly": "plotly", "anywidget": "anywidget"}


def unused(path: Path) -> list[str]:
    return json.loads(path.read_text())["metadata"].get("rules_explorer", {}).get("unused_lab_extensions", [])


def imports(path: Path) -> list[str]:
    code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    return re.findall(r"^\s*((?:from\s+\S+\s+)?import\s+[^\n(]+)$", code, re.M)


SKIPPING = [p for p in NOTEBOOKS if unused(p)]


def test_the_dashboards_and_teaching_notebooks_skip_plotly():
    names = {p.relative_to(ROOT / "notebooks").as_posix() for p in SKIPPING}
    assert {"proving_grounds/play.ipynb", "barbearian/play.ipynb", "doomrock/play.ipynb", "rumble_planet/play.ipynb",
            "index.ipynb"} <= names


@pytest.mark.parametrize("path", SKIPPING, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_a_notebook_that_skips_an_extension_never_imports_its_package(path):
    skipped = unused(path)
    assert set(skipped) <= set(PACKAGE), f"unknown extension names in {path.name}: {skipped}"
    script = "\n".join(imports(path)) + "\nimport sys\nprint(' '.join(sorted(m for m in sys.modules if '.' not in m)))"
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in skipped:
        assert PACKAGE[name] not in loaded, f"{path.name} skips {name} but its imports load {PACKAGE[name]}"
