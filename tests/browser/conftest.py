"""Real-browser tests: Voila serves the dashboards on a free 127.0.0.1 port, Playwright drives Chromium.

Where Playwright has no browser of its own (no internet to download one), the system Chromium
is used through ``executable_path``.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _system_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright):
    """Use Playwright's own Chromium when it is installed, else the system one."""
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    if not Path(playwright.chromium.executable_path).exists():
        system = _system_chromium()
        if system is None:
            pytest.fail("no Chromium: run `playwright install chromium` or install the system chromium package")
        args["executable_path"] = system
    return args


@contextlib.contextmanager
def serving(home: Path, *args: str, **env: str):
    """A Voila server for ``notebooks/`` with the project's voila.json and voila.py (as bin/serve starts it),
    its state under ``home``; extra command-line ``args`` and environment; yields its base URL."""
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTER_PATH": str(ROOT / "share" / "jupyter"),
           "JUPYTER_CONFIG_PATH": str(ROOT / "share" / "jupyter" / "config"),  # as bin/serve sets it
           # the kernels import this checkout's packages, not another installed copy
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), **env}
    log = open(home / "voila.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "notebooks", f"--port={port}", "--no-browser", "--template=rules-explorer",
         "--Voila.ip=127.0.0.1", f"--Voila.connection_dir_root={home}", *args],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    try:
        while True:
            try:
                urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"Voila did not start:\n{(home / 'voila.log').read_text()[-3000:]}")
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """The suite's Voila server; yields its base URL. The suite is one client opening many pages (a page
    Playwright closes sends no unload beacon), so the per-client kernel cap is lifted here."""
    with serving(tmp_path_factory.mktemp("jupyter"), RULES_EXPLORER_MAX_KERNELS_PER_CLIENT="1000",
                 RULES_EXPLORER_MAX_KERNELS="1000") as base:
        yield base


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def requests_seen(page):
    """Every URL the page asks for (to check that nothing leaves 127.0.0.1)."""
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    return urls


def outside(urls: list[str]) -> list[str]:
    return [u for u in urls if not u.startswith(("http://127.0.0.1", "data:", "blob:", "about:"))]


def assert_fits(page) -> None:
    """No horizontal scrolling, and every chart and drawing inside the viewport's width."""
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"the page is {sizes[0]} px wide in a {sizes[1]} px window"
    wide = page.evaluate("""() => [...document.querySelectorAll('.rx-chart, svg.rx-svg, .widget-button')]
        .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1))
        .map(r => [r.left, r.right])""")
    assert not wide, f"drawn outside the viewport: {wide[:5]}"


def walk_to(page, chapter: int, scene: int, scenes: int, title: str) -> None:
    """Wait until a walkthrough shows step ``scene`` of ``chapter`` (both from 0) with its title and its
    drawing (the drawing is sent last: wait for it too)."""
    page.wait_for_function(
        """([t, h]) => document.querySelector('.wt-where')?.textContent.startsWith(t)
                      && document.querySelector('.wt-heading')?.textContent.includes(h)""",
        arg=[f"Step {scene + 1} of {scenes} of chapter {chapter + 1} of", title], timeout=15_000)
    page.wait_for_selector(f'.wt-drawing .wt-scene[data-scene="{chapter + 1}-{scene + 1}"]', timeout=15_000)


def step_every_chapter(page, chapters, shots: Path, width: int, assert_drawn, illegal: tuple, odds=None) -> None:
    """Step a walkthrough's every chapter and scene from its first: each is drawn (``assert_drawn(page, scene)``)
    and fits the screen; at each chapter's first decision the last choice is clicked and answered (with the odds
    where ``odds(chapter, scene)`` says the scene has them; default: everywhere). ``illegal`` is ``(where, typed,
    reason)``: at the decision ``where`` names (a chapter's number: its first decision; or a test ``(chapter,
    scene) -> bool``) the typed move is refused with the engine's reason. Screenshots of each chapter's ends and
    answers go to ``shots``."""
    where, typed, reason = illegal
    refused_here = where if callable(where) else (lambda c, scene, first: c == where and first)
    for c, chapter in enumerate(chapters):
        if c:
            page.locator(".wt-menu select").select_option(index=c)
        asked = False
        for s, scene in enumerate(chapter.scenes):
            walk_to(page, c, s, len(chapter.scenes), scene.title)
            assert_drawn(page, scene)
            assert_fits(page)
            shot = s == 0 or s == len(chapter.scenes) - 1
            if scene.decision and refused_here(c, scene, not asked):  # a typed illegal move: the engine's reason
                page.locator(".wt-typed input").fill(typed)
                page.locator(".wt-try").click()
                page.wait_for_selector(f".wt-answer-html >> text=Not allowed: {reason}", timeout=15_000)
                shot = True
            if scene.decision and not asked:
                asked = True
                visible = page.locator(".wt-choice:visible")
                visible.first.wait_for(timeout=15_000)
                assert visible.count() >= 2
                visible.last.click()
                page.wait_for_selector(".wt-answer-html .wt-answer", timeout=60_000)
                answer = page.locator(".wt-answer-html").inner_text()
                assert "You chose:" in answer
                if odds is None or odds(c, scene):
                    assert "Each choice, exactly:" in answer
                assert_fits(page)
                shot = True
            if shot:
                name = f"{width}-ch{c + 1:02d}-step{s + 1:02d}"
                page.screenshot(path=str(shots / f"{name}.png"), full_page=True)  # the top: text and choices
                page.locator(".wt-drawing").screenshot(path=str(shots / f"{name}-table.png"))  # the drawn table
            if s < len(chapter.scenes) - 1:
                page.locator(".wt-next").click()
        assert page.locator(".wt-handoff-html").inner_text().startswith("Try a whole round yourself")


def open_walkthrough(page, url: str, drawn: str, width: int, height: int) -> None:
    """Open a walkthrough page at ``width`` x ``height`` and wait for its first scene's drawing (the CSS selector
    ``drawn``); prints how long it took from the request, the page's first byte and the page being shown."""
    page.set_viewport_size({"width": width, "height": height})
    t = time.perf_counter()
    page.goto(url, timeout=90_000)
    page.wait_for_selector(f".rx-walk .wt-drawing {drawn}", timeout=90_000)
    opened = time.perf_counter() - t
    # from the page's first byte (the notebook's kernel is running by then) to the first scene drawn
    first_scene = page.evaluate("() => performance.now() - performance.timing.responseStart + performance.timing.navigationStart")
    shown = page.evaluate("() => performance.now() - performance.timing.domContentLoadedEventEnd + performance.timing.navigationStart")
    print(f"{width}x{height}: first scene {opened:.2f} s after the request, {first_scene / 1000:.2f} s after the page's "
          f"first byte, {shown / 1000:.2f} s after the page was shown")
