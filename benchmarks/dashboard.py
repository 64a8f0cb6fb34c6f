"""Dashboard benchmarks in a real Chromium against Voila on 127.0.0.1 (a script, not a test).

Prints, in one run:
  * live odds (Proving Grounds): odds chart after Roll (target <= 300 ms) and after a reroll
    (target <= 100 ms); click to update in both games (target <= 100 ms); each also as a ratio to a
    baseline click measured in the same run (a click that only redraws one line of text), since
    absolute times vary between runs;
  * first render of both games with a preheated kernel, each in a fresh browser as a first-time
    visitor (target <= 1.5 s), and of the lab with its worked studies (target <= 3 s), alternating with a baseline page of one button served the same way
    (what any Voila page costs on this machine);
and without --quick also:
  * first render by a server without preheating (cold kernel) against a preheated one;
  * click-to-updated-dice latency of a set reroll, median of many clicks;
  * memory per user kernel (target <= 150 MB RSS);
  * five concurrent users on one server each playing a round (target: no errors).

Usage: .venv/bin/python benchmarks/dashboard.py [--quick]
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
PAGE = "/voila/render/proving_grounds/play.ipynb"
BB_PAGE = "/voila/render/barbearian/play.ipynb"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Every visitor here comes from 127.0.0.1, so the server's kernel caps (6 per address) are lifted unless a
# benchmark sets them: a browser closed without its page's shutdown beacon keeps its kernel until culled.
NO_CAPS = {"RULES_EXPLORER_MAX_KERNELS": "1000", "RULES_EXPLORER_MAX_KERNELS_PER_CLIENT": "1000"}


class Voila:
    def __init__(self, *extra: str, notebooks: str = "notebooks", **env_extra: str):
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="rx-voila-"))
        self.log_path = self.dir / "voila.log"
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(self.dir / "c"), "JUPYTER_DATA_DIR": str(self.dir / "d"),
               "JUPYTER_RUNTIME_DIR": str(self.dir / "r"), "JUPYTER_PATH": str(ROOT / "share" / "jupyter"),
               "JUPYTER_CONFIG_PATH": str(ROOT / "share" / "jupyter" / "config"),  # as bin/serve sets it
               "PYTHONPATH": str(ROOT), **NO_CAPS, **env_extra}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", notebooks, f"--port={self.port}", "--no-browser", "--template=rules-explorer",
             f"--Voila.connection_dir_root={self.dir}", *extra],
            cwd=ROOT, env=env, stdout=open(self.log_path, "w"), stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(self.url + "/voila/static/voila.js", timeout=2)
                return
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError(self.log_path.read_text())
                time.sleep(0.3)

    def wait_for_pool(self, notebook: str = "proving_grounds/play.ipynb", settle: float = 20.0) -> None:
        """Wait until the preheated kernel for ``notebook`` exists, then let it finish its pre-render."""
        deadline = time.time() + 180
        while f"Kernel pool of {notebook} is filled" not in self.log_path.read_text():
            if time.time() > deadline:
                raise RuntimeError("kernel pool never filled")
            time.sleep(0.5)
        self.wait_idle(settle)

    def wait_idle(self, limit: float) -> None:
        """Until the server and its kernels use little CPU (pre-rendering is done)."""
        proc = psutil.Process(self.proc.pid)
        end = time.time() + limit
        while time.time() < end:
            busy = sum(p.cpu_percent(interval=None) for p in [proc, *proc.children(recursive=True)])
            time.sleep(1.0)
            busy = sum(p.cpu_percent(interval=None) for p in [proc, *proc.children(recursive=True)])
            if busy < 10:
                return

    def kernels(self) -> list[psutil.Process]:
        return [p for p in psutil.Process(self.proc.pid).children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def first_render(browser, url: str) -> float:
    page = browser.new_page()
    start = time.perf_counter()
    page.goto(url + PAGE, timeout=120_000)
    page.wait_for_selector(".proving-grounds-app .action-roll", timeout=120_000)
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def log_rows(page) -> int:
    return page.locator(".event-log tr").count()


def click_latency(browser, url: str, clicks: int = 15) -> list[float]:
    page = browser.new_page()
    page.goto(url + PAGE, timeout=120_000)
    page.get_by_role("button", name="Study").click()
    page.locator(".action-roll").click()
    page.wait_for_selector(".dice-tray .rx-die")
    times = []
    while len(times) < clicks:
        buttons = page.locator(".dice-tray button:visible")
        if buttons.count() == 0:  # no set left or the round ended: start a new game
            page.locator(".new-game").click()
            page.wait_for_selector(".action-roll")
            page.locator(".action-roll").click()
            page.wait_for_selector(".dice-tray .rx-die")
            continue
        before = log_rows(page)  # a reroll may show the same faces again; the log always grows
        start = time.perf_counter()
        buttons.first.click()
        page.wait_for_function("before => document.querySelectorAll('.event-log tr').length > before", arg=before, timeout=10_000)
        times.append(time.perf_counter() - start)
    page.close()
    return times


def _med(xs) -> float:
    return statistics.median(xs) * 1000


def baseline_click(page, clicks: int = 9) -> list[float]:
    """A click whose answer only redraws one line (the Mode note): the round trip every click pays."""
    times = []
    for i in range(clicks):
        name = ("Study", "Table dice")[i % 2]
        start = time.perf_counter()
        page.get_by_role("button", name=name).click()
        page.wait_for_function("n => document.querySelector('.status')?.textContent.includes('Mode: ' + n)", arg=name)
        times.append(time.perf_counter() - start)
    page.get_by_role("button", name="Study").click()
    return times


def odds_latency(browser, url: str, rounds: int = 6) -> tuple[list[float], list[float], list[float]]:
    """Proving Grounds with odds on: click Roll -> chart drawn; click a reroll -> chart redrawn."""
    page = browser.new_page()
    page.goto(url + PAGE, timeout=120_000)
    page.wait_for_selector(".action-roll", timeout=120_000)
    base = baseline_click(page)
    page.locator(".odds-toggle").click()
    after_roll, after_reroll = [], []
    chart = """t => { const c = document.querySelector('.odds-chart');
                      return c && c.offsetParent !== null && c.textContent.includes(t); }"""
    for _ in range(rounds):
        page.locator(".new-game").click()
        page.wait_for_selector(".action-roll")
        page.wait_for_timeout(1500)  # the player looks at the new board
        start = time.perf_counter()
        page.locator(".action-roll").click()
        page.wait_for_function(chart, arg="(10 rerolls left)", timeout=30_000)
        after_roll.append(time.perf_counter() - start)
        for left in (9, 8):
            buttons = page.locator(".dice-tray button:visible")
            if buttons.count() == 0:
                break
            start = time.perf_counter()
            buttons.first.click()
            try:
                page.wait_for_function(chart, arg=f"({left} rerolls left)", timeout=30_000)
            except Exception:  # the round ended (no set left to reroll): no chart to wait for
                break
            after_reroll.append(time.perf_counter() - start)
    page.close()
    return base, after_roll, after_reroll


def barbearian_click(browser, url: str, clicks: int = 6) -> list[float]:
    """BarBEARian: "show my screen" -> the seat's private panel; "hide my screen" -> the screen panel."""
    page = browser.new_page()
    page.goto(url + BB_PAGE, timeout=120_000)
    times = []
    for _ in range(clicks):
        page.wait_for_selector(".bb-screen-ready", timeout=60_000)
        start = time.perf_counter()
        page.locator(".bb-screen-ready").click()
        page.wait_for_selector(".bb-private", timeout=10_000)
        times.append(time.perf_counter() - start)
        page.locator(".bb-cover").click()
    page.close()
    return times


BASELINE_NOTEBOOK = {  # the smallest dashboard: one line and one button (what any Voila page costs)
    "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as w\n", "b = w.Button(description='Roll')\n", "b.add_class('action-roll')\n",
                          "w.VBox([w.HTML('baseline'), b])"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                 "rules_explorer": {"unused_lab_extensions": ["jupyterlab-plotly", "anywidget"]}},
    "nbformat": 4, "nbformat_minor": 5}
FIRST_RENDER_PAGES = (("baseline", "baseline.ipynb", (".action-roll",)),
                      ("Proving Grounds", "proving_grounds/play.ipynb", (".proving-grounds-app .action-roll",)),
                      ("BarBEARian", "barbearian/play.ipynb", (".bb-app .bb-screen-ready",)),
                      # the lab is playable when its Run button is there and shows its worked studies' answers
                      ("the lab", "playtest.ipynb", (".lab-app .lab-run", ".lab-study .rx-bar-chart .svg-interval")))
TARGETS = {"Proving Grounds": 1.5, "BarBEARian": 1.5, "the lab": 3.0}


def first_renders(pw, executable, reps: int = 5) -> dict[str, list[float]]:
    """First render of each dashboard as a first-time visitor sees it (a fresh browser, a preheated kernel),
    alternating with the baseline page so that both meet the same load on the machine."""
    folder = Path(tempfile.mkdtemp(prefix="rx-pages-"))
    (folder / "baseline.ipynb").write_text(json.dumps(BASELINE_NOTEBOOK))
    for _, path, _ in FIRST_RENDER_PAGES[1:]:
        (folder / path).parent.mkdir(exist_ok=True, parents=True)
        shutil.copy(ROOT / "notebooks" / path, folder / path)
    server = Voila(notebooks=str(folder))
    times: dict[str, list[float]] = {name: [] for name, _, _ in FIRST_RENDER_PAGES}
    try:
        for _, path, _ in FIRST_RENDER_PAGES:
            server.wait_for_pool(path, settle=5)
        server.wait_idle(25)
        for _ in range(reps):
            for name, path, selectors in FIRST_RENDER_PAGES:
                browser = pw.chromium.launch(executable_path=executable, args=ARGS)
                page = browser.new_page()
                start = time.perf_counter()
                page.goto(f"{server.url}/voila/render/{path}", timeout=120_000)
                for selector in selectors:
                    page.wait_for_selector(selector, timeout=120_000)
                times[name].append(time.perf_counter() - start)
                browser.close()
                server.wait_for_pool(path, settle=15)  # the pool refills after each visitor
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return times


def quick(pw, executable) -> None:
    """Live odds, clicks and first renders of both games, with ratios to baselines measured in the same run."""
    renders = first_renders(pw, executable)
    browser = pw.chromium.launch(executable_path=executable, args=ARGS)
    server = Voila()
    try:
        server.wait_for_pool()
        server.wait_for_pool("barbearian/play.ipynb", settle=25)
        base, roll, reroll = odds_latency(browser, server.url)
        pg_clicks = click_latency(browser, server.url, clicks=9)
        bb_clicks = barbearian_click(browser, server.url)
    finally:
        server.stop()
        browser.close()
    b = _med(base)
    print(f"baseline click (one line redrawn): median {b:.0f} ms over {len(base)} clicks")
    for name, xs, target in (("odds chart after Roll", roll, 300), ("odds chart after a reroll", reroll, 100),
                             ("Proving Grounds click to updated dice", pg_clicks, 100),
                             ("BarBEARian click to updated panel", bb_clicks, 100)):
        m = _med(xs)
        print(f"{name}: median {m:.0f} ms, max {max(xs) * 1000:.0f} ms over {len(xs)} "
              f"(target <= {target} ms; {m / b:.2f}x the baseline click)")
    floor = statistics.median(renders["baseline"])
    print(f"first render, preheated, a fresh browser each time: baseline page (one button) median {floor:.2f} s")
    for name, target in TARGETS.items():
        xs = renders[name]
        m = statistics.median(xs)
        print(f"  {name}: {', '.join(f'{x:.2f}' for x in xs)} s; median {m:.2f} s (target <= {target} s; "
              f"{m / floor:.2f}x the baseline page)")


def main() -> None:
    with sync_playwright() as pw:
        executable = None if Path(pw.chromium.executable_path).exists() else shutil.which("chromium")
        quick(pw, executable)
        if "--quick" in sys.argv:
            return
        browser = pw.chromium.launch(executable_path=executable, args=ARGS)

        cold = Voila("--VoilaConfiguration.preheat_kernel=False")
        try:
            cold_times = [first_render(browser, cold.url) for _ in range(2)]
        finally:
            cold.stop()

        server = Voila()
        try:
            server.wait_for_pool()
            warm_times = []
            for _ in range(3):
                warm_times.append(first_render(browser, server.url))
                server.wait_for_pool(settle=25)  # the pool refills after each visitor
            latency = click_latency(browser, server.url)
            rss = [k.memory_info().rss / 2**20 for k in server.kernels()]

            errors: list[str] = []
            # Playwright's sync API is not thread-safe: five contexts are driven in turn, all open at once.
            contexts = []
            start = time.perf_counter()
            for _ in range(5):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
                page.goto(server.url + PAGE, wait_until="commit", timeout=180_000)
                contexts.append((ctx, page))
            for ctx, page in contexts:
                try:
                    page.wait_for_selector(".action-roll", timeout=180_000)
                    page.get_by_role("button", name="Study").click()
                    page.locator(".action-roll").click()
                    page.wait_for_selector(".dice-tray .rx-die", timeout=60_000)
                    page.locator(".action-stop").click()
                    page.wait_for_selector(".event-log >> text=Step 2: Resolve Attacks", timeout=60_000)
                except Exception as e:
                    errors.append(repr(e))
            concurrent_time = time.perf_counter() - start
            kernels_during = len(server.kernels())
            rss_five = [k.memory_info().rss / 2**20 for k in server.kernels()]
            for ctx, _ in contexts:
                ctx.close()
        finally:
            server.stop()
        browser.close()

    cold_med, warm_med = statistics.median(cold_times), statistics.median(warm_times)
    lat_ms = [1000 * t for t in latency]
    print(f"first render, cold kernel (baseline): {', '.join(f'{t:.2f}' for t in cold_times)} s; median {cold_med:.2f} s")
    print(f"first render, preheated kernel:       {', '.join(f'{t:.2f}' for t in warm_times)} s; median {warm_med:.2f} s "
          f"(target <= 3.5 s; {cold_med / warm_med:.1f}x faster than cold)")
    print(f"click-to-updated-dice latency: median {statistics.median(lat_ms):.0f} ms, p90 "
          f"{sorted(lat_ms)[int(0.9 * (len(lat_ms) - 1))]:.0f} ms over {len(lat_ms)} clicks (target <= 200 ms)")
    print(f"memory per user kernel (RSS): {', '.join(f'{m:.0f}' for m in rss)} MB (target <= 150 MB)")
    print(f"five concurrent users: {5 - len([e for e in errors if 'page error' not in e])} of 5 played a round "
          f"in {concurrent_time:.1f} s with {len(errors)} errors; {kernels_during} kernels alive; "
          f"kernel RSS {min(rss_five):.0f}-{max(rss_five):.0f} MB")
    for e in errors:
        print("  error:", e)


if __name__ == "__main__":
    main()
