"""Many visitors at once (a script, not a test): N real Chromium visitors open the Proving Grounds dashboard
together on one Voila server started as ``bin/serve`` starts it (its voila.json and voila.py).

For N = 1 (the baseline, measured in the same run), 5, 10 and 20 it prints the time from the request to a
playable page (the Roll button drawn by the page's widgets: median and worst), the pages that never became
playable within the limit, the kernels alive and their memory at the peak, and again 60 s after every visitor
left (each tab closed as a person closes it, so the page's shutdown beacon goes). Kernel caps are lifted here:
every visitor is 127.0.0.1. It also prints the CPU seconds the server with its kernels and the visitors' Chromium
used until the last page was playable: here the browsers share the server's cores, which real visitors' do not.

Usage: .venv/bin/python benchmarks/hosting.py [--visitors 5 10 20] [--limit 120] [--after 60] [--pool N]
"""
from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import time
from pathlib import Path

import psutil
from playwright.async_api import async_playwright

from dashboard import ARGS, PAGE, Voila

PLAYABLE = ".proving-grounds-app .action-roll"


def cpu_seconds(procs) -> float:
    total = 0.0
    for q in procs:
        try:
            t = q.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def server_cpu(server: Voila) -> float:
    """CPU seconds used so far by the server and its live kernels (a kernel gone takes its count with it)."""
    root = psutil.Process(server.proc.pid)
    return cpu_seconds([root, *root.children(recursive=True)])


def browser_cpu() -> float:
    """CPU seconds used so far by the Chromium processes this script started."""
    me = psutil.Process()
    return cpu_seconds([q for q in me.children(recursive=True) if "chrom" in q.name().lower()])


def kernel_memory(server: Voila) -> tuple[int, float]:
    """Kernels alive and their total resident memory in MB."""
    ks = server.kernels()
    return len(ks), sum(k.memory_info().rss for k in ks if k.is_running()) / 2**20


async def visitor(browser, url: str, limit: float) -> tuple[float | None, object]:
    context = await browser.new_context(viewport={"width": 1366, "height": 768})
    page = await context.new_page()
    start = time.perf_counter()
    try:
        await page.goto(url + PAGE, timeout=limit * 1000)
        await page.wait_for_selector(PLAYABLE, timeout=max(1.0, limit - (time.perf_counter() - start)) * 1000)
        return time.perf_counter() - start, (context, page)
    except Exception:  # noqa: BLE001 - counted as a page that never became playable
        return None, (context, page)


async def crowd(server: Voila, n: int, limit: float, after: float) -> dict:
    async with async_playwright() as pw:
        own = Path(pw.chromium.executable_path).exists()  # else the system Chromium, as the browser tests use
        browser = await pw.chromium.launch(args=ARGS, **({} if own else {"executable_path": shutil.which("chromium")}))
        peak = [0, 0.0]

        async def watch():
            while True:
                k, mb = kernel_memory(server)
                peak[0], peak[1] = max(peak[0], k), max(peak[1], mb)
                await asyncio.sleep(0.5)

        watcher = asyncio.create_task(watch())
        cpu0, browser0 = server_cpu(server), browser_cpu()
        results = await asyncio.gather(*(visitor(browser, server.url, limit) for _ in range(n)))
        server_s, browser_s = server_cpu(server) - cpu0, browser_cpu() - browser0
        watcher.cancel()
        for _, (context, page) in results:
            await page.close(run_before_unload=True)  # as a person closes the tab
            await context.close()
        await browser.close()
    time.sleep(after)
    k_after, mb_after = kernel_memory(server)
    times = [t for t, _ in results if t is not None]
    return {"n": n, "times": times, "never": n - len(times), "peak_kernels": peak[0], "peak_mb": peak[1],
            "after_kernels": k_after, "after_mb": mb_after, "server_s": server_s, "browser_s": browser_s}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--visitors", type=int, nargs="+", default=[5, 10, 20])
    ap.add_argument("--limit", type=float, default=120.0, help="seconds a visitor waits for a playable page")
    ap.add_argument("--after", type=float, default=60.0, help="seconds after the visitors leave to count kernels")
    ap.add_argument("--pool", type=int, default=None, help="preheated kernels per dashboard (default: voila.json's)")
    a = ap.parse_args()
    extra = [f"--VoilaConfiguration.default_pool_size={a.pool}"] if a.pool is not None else []
    server = Voila(*extra, RULES_EXPLORER_MAX_KERNELS="1000", RULES_EXPLORER_MAX_KERNELS_PER_CLIENT="1000")
    try:
        server.wait_for_pool()
        idle_k, idle_mb = kernel_memory(server)
        print(f"server idle with its preheated pool: {idle_k} kernels, {idle_mb:.0f} MB "
              f"({idle_mb / max(idle_k, 1):.0f} MB a kernel)")
        print(f"{'visitors':>8} {'playable':>9} {'median s':>9} {'worst s':>8} {'x alone':>8} {'never':>6} "
              f"{'peak kernels':>13} {'peak MB':>8} {'kernels after':>14} {'MB after':>9} {'server CPU s':>13} {'browsers CPU s':>15}")
        alone = None
        for n in [1, *a.visitors]:
            r = asyncio.run(crowd(server, n, a.limit, a.after))
            med = statistics.median(r["times"]) if r["times"] else float("nan")
            worst = max(r["times"]) if r["times"] else float("nan")
            alone = med if n == 1 else alone
            print(f"{n:>8} {len(r['times']):>9} {med:>9.1f} {worst:>8.1f} {med / alone:>8.1f} {r['never']:>6} "
                  f"{r['peak_kernels']:>13} {r['peak_mb']:>8.0f} {r['after_kernels']:>14} {r['after_mb']:>9.0f} "
                  f"{r['server_s']:>13.1f} {r['browser_s']:>15.1f}",
                  flush=True)
            server.wait_idle(30)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
