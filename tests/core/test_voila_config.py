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


# -- the kernel caps ---------------------------------------------------------------------------------------

class _Done:
    """A finished pool entry, as Voila's pools hold them."""

    def __init__(self, kernel_id):
        self.kernel_id = kernel_id

    def done(self):
        return True

    def cancelled(self):
        return False

    def exception(self):
        return None

    def result(self):
        return {"kernel_id": self.kernel_id}


class _Manager:
    def __init__(self, running, pooled=()):
        self.running, self._pools = list(running), {"play.ipynb": [_Done(k) for k in pooled]}

    def list_kernel_ids(self):
        return self.running


class _Handler:
    def __init__(self, manager, ip):
        self.kernel_manager = manager
        self.request = type("Request", (), {"remote_ip": ip})()


def config_module():
    """The config file run as Voila runs it (its names, not a copy of them)."""
    names: dict = {"get_config": lambda: None}
    exec(compile((CONFIG / "voila.py").read_text(), str(CONFIG / "voila.py"), "exec"), names)
    return names


def test_past_the_per_client_cap_a_page_is_refused_with_words():
    cfg = config_module()
    cfg["_owners"].update({"k1": "10.0.0.1", "k2": "10.0.0.1"})
    cfg["MAX_KERNELS_PER_CLIENT"], cfg["MAX_KERNELS"] = 2, 20
    manager = _Manager(["k1", "k2", "k3"])
    busy = cfg["_busy"]
    assert busy(_Handler(manager, "10.0.0.1")) == ("You have 2 pages of Rules Explorer open, the most one visitor "
                                                  "may hold at once: close one you are not using.")
    assert busy(_Handler(manager, "10.0.0.2")) is None  # another visitor still gets a table
    manager.running.remove("k2")  # a page went: its kernel is gone and so is its owner's record
    assert busy(_Handler(manager, "10.0.0.1")) is None
    assert "k2" not in cfg["_owners"]


def test_past_the_server_cap_every_new_page_is_refused_and_pooled_kernels_do_not_count():
    cfg = config_module()
    cfg["MAX_KERNELS"] = 3
    manager = _Manager(["a", "b", "c", "p"], pooled=["p"])
    assert cfg["_busy"](_Handler(manager, "10.0.0.9")) == "3 games are open on this server, its most at once."
    manager.running.remove("c")
    assert cfg["_busy"](_Handler(manager, "10.0.0.9")) is None


def test_the_busy_page_says_why_and_retries_by_itself():
    cfg = config_module()
    page = cfg["BUSY_PAGE"].format(why="3 games are open.", retry=cfg["RETRY_SECONDS"])
    assert '<meta http-equiv="refresh" content="30">' in page and "3 games are open." in page
    assert "http" not in page.replace('http-equiv', '')  # nothing fetched from anywhere


def test_the_culler_takes_a_disconnected_kernel_within_minutes_but_never_a_connected_one():
    import json
    cull = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert cull["cull_idle_timeout"] + cull["cull_interval"] <= 180 and cull["cull_connected"] is False


def test_a_busy_server_waits_for_a_cells_output_before_serving_the_page():
    """nbclient waits 4 s for a cell's output after it ran; ten visitors on 2 cores took longer and got pages
    without their widgets ("Timeout waiting for IOPub output"). voila.json waits two minutes."""
    import json
    assert json.loads((ROOT / "voila.json").read_text())["VoilaExecutor"]["iopub_timeout"] >= 60


def test_a_kernel_taken_from_the_pool_starts_its_idle_clock_then():
    """A preheated kernel idled in the pool since its pre-render; handed to a page that was slow to connect, the
    culler saw it idle past the timeout with no connection and shut it down under the page."""
    import datetime

    cfg = config_module()
    old = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)
    kernel = type("Kernel", (), {"last_activity": old})()

    class Pooled:
        _kernels = {"k9": kernel}

        async def get_rendered_notebook(self, notebook_name, **kwargs):
            return "task", [], "k9"

    cfg["_own_kernels"](Pooled)
    got = []  # a thread with its own loop: the test runs the same after Playwright's, which leave a loop running
    worker = threading.Thread(target=lambda: got.append(asyncio.run(Pooled().get_rendered_notebook("play.ipynb"))))
    worker.start()
    worker.join(30)
    assert got and got[0][-1] == "k9"
    assert kernel.last_activity > old + datetime.timedelta(days=365)
