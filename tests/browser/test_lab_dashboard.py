"""The playtesting lab in a real Chromium: it opens with its studies' stored answers, two variants run and
a chart with error bars appears, a long run is cancelled, and the page fits a phone."""
import time

import pytest

from .conftest import assert_fits, outside

pytestmark = pytest.mark.browser
PAGE = "/voila/render/playtest.ipynb"


def open_lab(page, voila_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    t = time.perf_counter()
    page.goto(f"{voila_server}{PAGE}", timeout=120_000)
    page.wait_for_selector(".lab-app .lab-run", timeout=120_000)
    page.wait_for_selector(".lab-study .rx-bar-chart .svg-bar .svg-interval", timeout=120_000)  # a stored answer
    print(f"{width}x{height}: the lab and its first stored study drawn {time.perf_counter() - t:.1f} s after the request")


def test_two_variants_run_and_chart_error_bars(page, voila_server, artifacts, requests_seen):
    open_lab(page, voila_server, 1366, 768)
    assert page.locator(".lab-study").count() == 3
    assert "stored with the lab" in page.locator(".lab-study").first.inner_text()
    games = page.locator(".lab-games input")
    games.fill("300")
    games.press("Enter")
    # variant B: switch on Module 4 (shields), labelled in words with its rule as hover text
    page.locator(".lab-app .lm-TabBar-tab, .lab-app .p-TabBar-tab").nth(1).click()
    shields = page.locator(".lab-variant:visible .lab-option-shields")
    assert shields.inner_text().strip() == "Shields"
    shields.locator("input").check()
    page.locator(".lab-run").click()
    page.wait_for_selector(".lab-app .lab-sentences >> text=differences are significant", timeout=120_000)
    page.wait_for_selector(".lab-chart .js-plotly-plot .trace.bars .point", timeout=60_000)
    assert page.locator(".lab-chart .js-plotly-plot .errorbar").count() >= 2
    titles = page.locator(".lab-chart .js-plotly-plot .gtitle").all_text_contents()
    assert any("Proving Grounds" in t for t in titles)
    assert "Win rate" in page.locator(".lab-app .lab-sentences").text_content()
    page.screenshot(path=str(artifacts / "lab-dashboard.png"), full_page=True)
    assert not outside(requests_seen)


def test_a_long_run_is_cancelled_and_the_page_fits_a_phone(page, voila_server, artifacts):
    open_lab(page, voila_server, 390, 844)
    assert_fits(page)
    page.screenshot(path=str(artifacts / "lab-dashboard-390.png"), full_page=True)
    games = page.locator(".lab-games input")
    games.fill("200000")
    games.press("Enter")
    page.locator(".lab-variant:visible .lab-option-health_spaces input").fill("7")
    page.locator(".lab-run").click()
    page.wait_for_selector(".lab-app .lab-cancel:not([disabled])", timeout=60_000)
    page.locator(".lab-app .lab-cancel").click()
    page.wait_for_selector(".lab-app .lab-message >> text=Cancelled after", timeout=120_000)
    assert page.locator(".lab-app .lab-run").is_enabled()
    assert_fits(page)
