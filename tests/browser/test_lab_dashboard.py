"""The playtesting lab in a real Chromium: build two variants, run them, a chart with error bars appears."""
import pytest

pytestmark = pytest.mark.browser


def test_two_variants_run_and_chart_error_bars(page, voila_server, artifacts):
    page.goto(f"{voila_server}/voila/render/playtest.ipynb", timeout=120_000)
    page.wait_for_selector(".lab-app .lab-run", timeout=300_000)  # the page plays its worked studies while it opens (about 35 s alone)
    games = page.locator(".lab-games input")
    games.fill("300")
    games.press("Enter")
    # variant B: switch on Module 4 (shields)
    page.locator(".lab-app .lm-TabBar-tab, .lab-app .p-TabBar-tab").nth(1).click()
    page.locator(".lab-variant:visible .lab-option-shields input").check()
    page.locator(".lab-run").click()
    page.wait_for_selector(".lab-message >> text=300, 300 games per variant", timeout=120_000)
    page.wait_for_selector(".lab-chart .js-plotly-plot .trace.bars .point", timeout=30_000)
    assert page.locator(".lab-chart .js-plotly-plot .errorbar").count() >= 2
    titles = page.locator(".lab-chart .js-plotly-plot .gtitle").all_text_contents()
    assert any("Proving Grounds" in t for t in titles)
    sentences = page.locator(".lab-sentences").text_content()
    assert "Win rate" in sentences and "significant" in sentences
    page.screenshot(path=str(artifacts / "lab-dashboard.png"), full_page=True)
