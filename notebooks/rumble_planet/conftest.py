"""Notebook kernels import this checkout's ``explorer`` (not whichever copy is installed)."""
import os
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[2])
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, os.environ.get("PYTHONPATH", "")) if p)
