"""The project's Voila configuration answers a malformed template path with 404, never 500.

Voila 0.5 serves /voila/templates/<template>/static/<file> with a handler that asserts that shape;
``share/jupyter/config/voila.py`` (put on JUPYTER_CONFIG_PATH by ``bin/serve``) makes it check it.
The handler is served here by tornado alone, as Voila mounts it, so no kernel starts.
"""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("voila")

from tornado.testing import AsyncHTTPTestCase  # noqa: E402
from tornado.web import Application  # noqa: E402
from traitlets.config.loader import PyFileConfigLoader  # noqa: E402
from voila.static_file_handler import TemplateStaticFileHandler  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "share" / "jupyter" / "config"

NOT_FOUND = [
    "lab/static/../../../../etc/passwd",
    "lab/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "../../etc/passwd",
    "x/../lab/static/voila.js",
    "lab/static/a/..",
    "lab/static/",
    "lab/x/y",
    "lab",
    "",
]


class TemplatePaths(AsyncHTTPTestCase):
    def get_app(self):
        PyFileConfigLoader("voila.py", path=str(CONFIG)).load_config()
        return Application([(r"/voila/templates/(.*)", TemplateStaticFileHandler)])

    def status(self, path: str) -> int:
        return self.fetch(f"/voila/templates/{path}").code

    def test_a_path_outside_a_templates_static_folder_is_not_found(self):
        for path in NOT_FOUND:
            assert self.status(path) == 404, path

    def test_a_templates_static_file_is_still_served(self):
        for path in ("lab/static/voila.js", "lab/static/a/../voila.js", "lab/static/../static/voila.js"):
            assert self.status(path) == 200, path


def test_serve_puts_the_config_folder_on_the_jupyter_config_path():
    serve = (ROOT / "bin" / "serve").read_text()
    assert 'export JUPYTER_CONFIG_PATH="$PWD/share/jupyter/config' in serve
    assert (CONFIG / "voila.py").is_file()
