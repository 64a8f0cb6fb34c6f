"""Hosting: a page's kernel goes when the page goes, and the notebook listing fetches nothing from outside."""
import re
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import outside, serving

pytestmark = pytest.mark.browser


def kernel_running(kernel_id: str) -> bool:
    """Whether a kernel process with this id runs (its command line names its connection file)."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if kernel_id in cmdline.read_bytes().decode(errors="replace"):
                return True
        except OSError:
            continue
    return False


def page_kernel(page) -> str:
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


@pytest.mark.parametrize("leave", ["close the tab", "go on to another page"])
def test_a_kernel_ends_when_its_page_goes(browser, voila_server, leave):
    """Voila's page shuts its kernel down with a beacon when it unloads; the server accepts it (the page
    sets the ``_xsrf`` cookie the beacon sends), so the kernel is gone within seconds, not at the culler."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{voila_server}/voila/render/proving_grounds/play.ipynb", timeout=90_000)
    page.wait_for_selector(".proving-grounds-app .action-roll", timeout=90_000)
    kernel = page_kernel(page)
    assert kernel_running(kernel)
    assert any(c["name"] == "_xsrf" for c in context.cookies())
    if leave == "close the tab":
        page.close(run_before_unload=True)  # as a browser does when a person closes the tab
    else:  # the same tab goes on to the notebook listing
        page.goto(f"{voila_server}/", timeout=60_000)
        page.wait_for_selector(".jp-DirListing-itemText", timeout=60_000)
    deadline = time.time() + 30
    while kernel_running(kernel) and time.time() < deadline:
        time.sleep(0.5)
    assert not kernel_running(kernel), f"kernel {kernel} still runs 30 s after its page went ({leave})"
    context.close()


def test_the_notebook_listing_fetches_nothing_from_outside(page, voila_server, requests_seen):
    """The listing's page frame (Voila's base ``page.html``) linked Font Awesome on a CDN; the project's own
    frame does not."""
    page.goto(f"{voila_server}/", timeout=60_000)
    page.wait_for_selector(".jp-DirListing-itemText:has-text('proving_grounds')", timeout=60_000)
    page.locator(".jp-DirListing-itemText:has-text('proving_grounds')").dblclick()
    page.wait_for_selector(".jp-DirListing-itemText:has-text('play.ipynb')", timeout=60_000)
    assert not outside(requests_seen), outside(requests_seen)


PG = "/voila/render/proving_grounds/play.ipynb"
LIGHT = ("--VoilaConfiguration.preheat_kernel=False",)  # a small server of its own: no pool to warm up


def wait_until(done, seconds: float) -> bool:
    deadline = time.time() + seconds
    while not done() and time.time() < deadline:
        time.sleep(0.5)
    return done()


def test_past_the_cap_a_visitor_gets_a_busy_page_then_a_table_when_one_frees(browser, tmp_path):
    with serving(tmp_path, *LIGHT, RULES_EXPLORER_MAX_KERNELS_PER_CLIENT="1") as base:
        context = browser.new_context()
        first = context.new_page()
        first.goto(f"{base}{PG}", timeout=90_000)
        first.wait_for_selector(".proving-grounds-app .action-roll", timeout=90_000)
        kernel = page_kernel(first)
        second = context.new_page()
        reply = second.goto(f"{base}{PG}", timeout=60_000)
        assert reply.status == 503 and reply.headers["retry-after"] == "30"
        assert second.locator("h1").inner_text() == "Every table is taken"
        assert "You have one page of Rules Explorer open" in second.locator("body").inner_text()
        first.close(run_before_unload=True)  # the visitor closes the tab they no longer use
        assert wait_until(lambda: not kernel_running(kernel), 30)
        # the server forgets the kernel a moment after its process ends (its shutdown finishes), so the visitor's
        # next try, as the busy page's own retry would, gets a table within seconds
        deadline, status = time.time() + 30, None
        while status != 200 and time.time() < deadline:
            status = second.goto(f"{base}{PG}", timeout=90_000).status
            if status != 200:
                time.sleep(1)
        assert status == 200
        second.wait_for_selector(".proving-grounds-app .action-roll", timeout=90_000)
        context.close()


def test_a_page_that_never_connects_is_culled_and_a_connected_idle_player_is_not(page, tmp_path):
    """The culler's rule, on a server whose timeout is seconds instead of voila.json's two minutes."""
    quick = ("--MappingKernelManager.cull_idle_timeout=4", "--MappingKernelManager.cull_interval=2")
    with serving(tmp_path, *LIGHT, *quick) as base:
        page.goto(f"{base}{PG}", timeout=90_000)  # a player who opens the game and then does nothing
        page.wait_for_selector(".proving-grounds-app .action-roll", timeout=90_000)
        player = page_kernel(page)
        html = urllib.request.urlopen(f"{base}{PG}", timeout=120).read().decode()  # a crawler: no websocket
        crawler = re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)
        assert kernel_running(crawler)
        assert wait_until(lambda: not kernel_running(crawler), 60), "the crawler's kernel was not culled"
        time.sleep(6)  # more than the idle timeout again
        assert kernel_running(player)
        page.locator(".action-roll").click()  # and the player's game still answers
        page.wait_for_selector(".dice-tray .rx-die", timeout=30_000)
