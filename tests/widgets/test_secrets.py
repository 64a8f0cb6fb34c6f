"""Secrets never leave the kernel: an observer who reads every widget the page holds (shown or hidden)
learns nothing about a secret choice. Each test plays the same seed twice with a different secret and
compares the state of every live widget; they must be identical."""
import pytest

from explorer.rumble_planet import rules as rp_rules
from widgets.barbearian import BarbearianApp
from widgets.rumble_planet import RumblePlanetApp

from .observer import differences, live_ids, widget_states
from .test_barbearian_app import SEED, find, keep_trials_and_roll, place_button


def barbearian_placed(space: str) -> list[dict]:
    """Blue places a 5 on ``space`` behind the screen and covers it (BarBEARian Rulebook, Plan Phase)."""
    before = live_ids()
    app = BarbearianApp(players=2, seats=["human", "human"], seed=SEED)
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()
    place_button(app, 5, space).click()
    find(app, "bb-cover").click()
    assert app.table.hot.holder is None
    return widget_states(before)


def barbearian_kept(which: int) -> list[dict]:
    """The first seat keeps Trial card ``which`` of its two and covers the screen (Game Setup)."""
    before = live_ids()
    app = BarbearianApp(players=2, seats=["human", "human"], seed=SEED)
    find(app, "bb-screen-ready").click()
    app.act([a for a in app.table.session.legal_actions() if type(a).__name__ == "KeepTrial"][which])
    if any("bb-cover" in b._dom_classes for b in _buttons(app)):
        find(app, "bb-cover").click()
    return widget_states(before)


def _buttons(widget):
    for c in getattr(widget, "children", ()):
        if type(c).__name__ == "Button":
            yield c
        yield from _buttons(c)


def rumble_planet_drawn(pick: int) -> list[dict]:
    """Red draws card ``pick`` of the shop's pool into the hand (a lootbox's Draw), ends the turn, and the
    device goes to Blue (Rumble Planet Rulebook, Loot Phase; ruling RP-26: a hand is private)."""
    before = live_ids()
    app = RumblePlanetApp(players=2, seats=["human", "human"], seed=5)
    drawn = None
    for _ in range(200):
        legal = app.session.legal_actions()
        draw = [a for a in legal if type(a).__name__ == "Draw"]
        if draw and drawn is None:
            drawn = sorted(set(rp_rules.chance(app.state, draw[0]).faces))[pick]
            assert app.act(draw[0], outcome=drawn), app.status.value
        elif drawn and app.state.active == 1:
            break
        else:
            assert app.act(legal[0]), app.status.value
    assert drawn in app.state.players[0].hand
    return widget_states(before)


@pytest.mark.parametrize("play, secrets", [
    (barbearian_placed, ("battleground-red", "forge")),
    (barbearian_kept, (0, 1)),
    (rumble_planet_drawn, (0, 1)),
], ids=["barbearian placement", "barbearian trial card", "rumble planet hand"])
def test_an_observer_of_every_widget_learns_nothing_of_a_secret(play, secrets):
    first, second = (play(s) for s in secrets)
    assert first and not differences(first, second)


def test_the_observer_sees_a_public_difference():
    """The comparison itself can fail: two different public placements (after the reveal) differ."""
    before = live_ids()
    a = BarbearianApp(players=2, seats=["human", "human"], seed=SEED)
    one = widget_states(before)
    before = live_ids()
    b = BarbearianApp(players=2, seats=["human", "human"], seed=SEED + 1)
    assert differences(one, widget_states(before))
    a.close(), b.close()
