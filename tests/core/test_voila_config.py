"""The project's Voila configuration answers a malformed template path with 404, never 500.

Voila 0.5 serves /voila/templates/<template>/static/<file> with a handler that asserts that shape;
``share/jupyter/config/voila.py`` (put on JUPYTER_CONFIG_PATH by ``bin/serve``) makes it check it.
The handler is served here by tornado alone, as Voila mounts it, so no kernel starts.
"""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("voila")

import asyncio  # noqa: E402
import threading  # noqa: E402

from tornado.httpclient import AsyncHTTPClient  # noqa: E402
from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.netutil import bind_sockets  # noqa: E402
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
FOUND = ["lab/static/voila.js", "lab/static/a/../voila.js", "lab/static/../static/voila.js"]


def statuses(paths: list[str]) -> dict[str, int]:
    """Each path's status from the handler served on a free port, in a thread with an event loop of its own
    (so the test runs the same after tests that leave a loop running, as Playwright's do)."""
    codes: dict[str, int] = {}

    async def serve_and_fetch():
        PyFileConfigLoader("voila.py", path=str(CONFIG)).load_config()
        app = Application([(r"/voila/templates/(.*)", TemplateStaticFileHandler)])
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(app)
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        client = AsyncHTTPClient()
        for path in paths:
            reply = await client.fetch(f"http://127.0.0.1:{port}/voila/templates/{path}", raise_error=False)
            codes[path] = reply.code
        server.stop()
        client.close()

    worker = threading.Thread(target=lambda: asyncio.run(serve_and_fetch()))
    worker.start()
    worker.join(60)
    return codes


def test_a_path_outside_a_templates_static_folder_is_not_found():
    codes = statuses(NOT_FOUND)
    assert codes == {path: 404 for path in NOT_FOUND}


def test_a_templates_static_file_is_still_served():
    codes = statuses(FOUND)
    assert codes == {path: 200 for path in FOUND}


def test_serve_puts_the_config_folder_on_the_jupyter_config_path():
    serve = (ROOT / "bin" / "serve").read_text()
    assert 'export JUPYTER_CONFIG_PATH="$PWD/share/jupyter/config' in serve
    assert (CONFIG / "voila.py").is_file()
