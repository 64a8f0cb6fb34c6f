"""``bin/serve`` passes its arguments to Voila, never to the installer (``bin/_venv.sh``).

The scripts run in a copy of the project whose ``.venv`` holds stand-ins that record how they were
called, so nothing is installed and no server starts.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def stand_in(path: Path, log: Path) -> None:
    path.write_text(f'#!/usr/bin/env bash\necho "$(basename "$0") $*" >> "{log}"\n')
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_serve_arguments_reach_voila_and_not_pip(tmp_path):
    (tmp_path / "bin").mkdir()
    for name in ("serve", "_venv.sh"):
        shutil.copy(ROOT / "bin" / name, tmp_path / "bin" / name)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    log = tmp_path / "calls.log"
    for tool in ("python", "voila"):
        stand_in(venv / tool, log)
    # the project counts as installed (no extra), so a correct run calls pip not at all
    (tmp_path / ".venv" / ".installed").write_text(hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest() + "\n")
    run = subprocess.run(["bash", str(tmp_path / "bin" / "serve"), "--port", "8867"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=30, env={**os.environ, "PYTHON": str(venv / "python")})
    assert run.returncode == 0, run.stderr
    calls = log.read_text().splitlines()
    assert calls == ["voila notebooks --port 8867"], calls
