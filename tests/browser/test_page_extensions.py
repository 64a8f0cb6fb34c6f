"""Pages load only the JupyterLab extensions their notebook uses (the page template's ``unused_lab_extensions``)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def scripts(urls: list[str], name: str) -> list[str]:
    return [u for u in urls if f"/labextensions/{name}/" in u]


def test_a_dashboard_page_skips_plotly_and_still_plays(page, voila_server, requests_seen):
    page.goto(f"{voila_server}/voila/render/barbearian/play.ipynb", timeout=90_000)
    page.wait_for_selector(".bb-app .bb-screen-ready", timeout=90_000)
    assert scripts(requests_seen, "@jupyter-widgets/jupyterlab-manager")  # the widgets' own extension is loaded
    assert not scripts(requests_seen, "jupyterlab-plotly") and not scripts(requests_seen, "anywidget")


def test_an_odds_lab_page_loads_plotly_and_draws_its_charts(page, voila_server, requests_seen):
    page.goto(f"{voila_server}/voila/render/barbearian/raid_odds.ipynb", timeout=90_000)
    page.wait_for_selector(".js-plotly-plot .main-svg", timeout=120_000)
    assert scripts(requests_seen, "jupyterlab-plotly")


@pytest.mark.parametrize("notebook, button", [("proving_grounds/reroll_odds.ipynb", "Solve"), ("rumble_planet/odds.ipynb", None)])
def test_odds_lab_pages_draw_their_charts_without_page_errors(page, voila_server, notebook, button):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{voila_server}/voila/render/{notebook}", timeout=90_000)
    if button:  # the chart is drawn on request
        page.get_by_role("button", name=button).click(timeout=90_000)
    page.wait_for_selector(".js-plotly-plot .main-svg", timeout=120_000)
    page.wait_for_timeout(3000)  # the renderer takes a picture of each chart after drawing it
    assert errors == []
