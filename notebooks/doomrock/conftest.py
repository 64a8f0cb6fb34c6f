"""Notebook kernels import this checkout's ``explorer``, not another installed copy."""
import os
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)
