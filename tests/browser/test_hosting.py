"""Hosting: a page's kernel goes when the page goes, and the notebook listing fetches nothing from outside."""
import time
from pathlib import Path

import pytest

from .conftest import outside

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
