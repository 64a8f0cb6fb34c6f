"""Headless tests of the Rumble Planet dashboard: clicks on the Green, attacks with odds, bots, history, files."""
import base64
import json
import re

import numpy as np
import pytest

from explorer.core import Session
from explorer.rumble_planet import Attack, GreedyBot, Options, rules, sample_content
from explorer.rumble_planet.odds import attack_odds, reachable
from widgets.rumble_planet import RumblePlanetApp

SEED = 3


@pytest.fixture(scope="module")
def app_at_attack():
    """Two human seats driven by a greedy chooser until the player to move has an attack."""
    app = RumblePlanetApp(players=2, seats=["human", "human"], seed=SEED)
    chooser = GreedyBot(np.random.default_rng(0))
    for _ in range(3000):
        if any(isinstance(a, Attack) for a in app.legal):
            return app
        assert app.act(chooser.choose(app.state, list(app.legal))), app.status.value
    pytest.fail("no attack came up")


def replayed(app):
    """The same steps played on a fresh engine session with the same seed."""
    s = Session("rumble-planet", Options(players=len(app.state.players)), sample_content(), seed=app.session.seed)
    for step in app.session.steps:
        s.play(step.action, step.outcome)
    return s


def test_the_board_is_drawn_with_a_clickable_overlay_and_heat_map():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    svg = app.board.svg
    assert len(re.findall(r'data-space="[A-J]\d+"', svg)) == 100
    spots = reachable(app.state)
    assert spots and all(f"{sp}: {spot.mp} MP to get there" in svg for sp, spot in spots.items())
    assert "Legend" in app.legend.value and "Teleporter" in app.legend.value


def test_a_click_moves_the_active_hero_along_legal_steps():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    app.act(app.legal[0])  # End the Preparation Phase
    state = app.state
    far = max(reachable(state).values(), key=lambda s: s.mp)
    assert app.click_space(far.space)
    assert app.state.player(0).space == far.space
    assert app.state.turn.mp == state.player(0).track.count(None) + 3 - far.mp  # MP = 3 + empty slots, less the cost
    assert replayed(app).state == app.state


def test_a_click_during_preparation_explains_and_changes_nothing():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    before = app.state
    near = min((s for s in reachable(before).values() if s.mp > 0), key=lambda s: s.mp)
    assert not app.click_space(near.space)
    assert app.state == before and "End the Preparation Phase" in app.status.value


def test_an_unreachable_click_changes_nothing():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    app.act(app.legal[0])
    before = app.state
    spots = reachable(before)
    away = next(f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in spots and before.seat_at(f"{r}{c}") is None)
    assert not app.click_space(away)
    assert app.state == before and "No move" in app.status.value


def test_attack_odds_chart_and_table_dice(app_at_attack):
    app = app_at_attack
    attack = next(a for a in app.legal if isinstance(a, Attack))
    app.click_space(attack.target)
    chosen = app.chosen_attack()
    assert chosen.target == attack.target
    odds = attack_odds(app.state, chosen.weapon, chosen.target)
    bar = app.figure.data[0]
    assert list(bar.y) == [float(p) for _, p in odds.targets[0].injuries]
    assert "expected Injuries" in app.odds_note.value
    app.table_dice.value = True
    app.actions.value = app.legal.index(chosen)
    assert app.outcome.layout.display != "none" and "critical" in [v for _, v in app.outcome.options]
    app.outcome.value = "critical"
    seat = app.state.seat_at(chosen.target)
    hp = app.state.player(seat).hp if seat is not None else None
    n = dict(odds.targets[0].by_face)["critical"]
    assert app.play_selected()
    assert app.session.steps[-1].outcome == "critical" and app.session.steps[-1].source == "table"
    if seat is not None:
        assert app.state.player(seat).hp <= max(0, hp - n) + 2  # less any medkit healing
    assert replayed(app).state == app.state


def test_undo_redo_and_bots_wait_after_a_move_through_history():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    app.act(app.legal[0])  # End the Preparation Phase
    app.act(next(a for a in app.legal if type(a).__name__ == "EndActions"))
    n = app.session.cursor
    app.history.undo_button.click()
    assert app.session.cursor == n - 1 and app.state.turn.phase == "action"
    app.history.redo_button.click()
    assert app.session.cursor == n and app.state.turn.phase == "loot"
    for _ in range(20):  # the loot phase, then the greedy bot's whole turn
        if app.state.active != 0:
            break
        assert app.act(app.legal[-1] if type(app.legal[-1]).__name__ == "EndTurn" else app.legal[0]), app.status.value
    assert app.state.active == 0 or not app.table.bot_to_move()
    app.history.undo_button.click()  # back into the bot's turn: the bot waits for the button
    if app.table.bot_to_move():
        assert app.bots_paused and app.bots_button.layout.display is None


def test_bots_in_every_seat_play_to_the_end():
    app = RumblePlanetApp(players=3, seats=["greedy", "random", "greedy"], seed=SEED)
    for _ in range(20):
        if app.state.stage == "over":
            break
        app.let_bots_move()
    assert app.state.stage == "over" and "game is over" in app.header.value


def test_save_and_load_round_trip_and_a_bad_file_changes_nothing():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    app.act(app.legal[0])
    app.save_button.click()
    payload = re.search(r"base64,([^\"]+)", app.save_link.value).group(1)
    data = base64.b64decode(payload)
    state = app.state
    other = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED + 1)
    other.files.load_bytes("game.json", data)
    assert other.state == state and "Loaded saved game" in other.files.message.value
    other.files.load_bytes("bad.json", json.dumps({"format": "nonsense"}).encode())
    assert "Could not load" in other.files.message.value and other.state == state


def test_new_game_controls_and_bad_seats():
    app = RumblePlanetApp(players=2, seed=SEED)
    app.players_box.value = 4
    app.seat_boxes[3].value = "greedy"
    app.seed_box.value = 9
    app.new_button.click()
    assert len(app.state.players) == 4 and app.session.seed == 9 and "seed 9" in app.status.value
    with pytest.raises(ValueError):
        RumblePlanetApp(players=2, seats=["human"])
    assert rules.current_player(app.state) in range(4)


# -- click-to-move takes a route the map shows, and the status says what happened -------------------------
def app_on_b3_with_a_turret():
    """Side A, a Hero on B3 (altitude 2) with 3 HP, a Turret on C5 whose Ring (8 spaces around) holds B4."""
    from dataclasses import replace

    from explorer.rumble_planet import Deploy, SetUp
    from explorer.rumble_planet.state import Turn
    from widgets.rumble_planet.table import Table

    s = Session("rumble-planet", Options(ring_shape="square"), sample_content(), seed=SEED)
    s.play(SetUp())
    s.play(Deploy())
    state = s.state.with_player(0, space="B3", hp=3).with_player(1, space="J10")
    state = replace(state, turn=Turn(phase="action", step=3), pending=(), lootboxes=(),
                    tiles=tuple(sorted(state.tiles + (("C5", "turret"),))))
    fresh = Session("rumble-planet", Options(ring_shape="square"), sample_content(), seed=SEED)
    fresh._initial = state  # a position of the scenario, as the engine's tests build them
    app = RumblePlanetApp(players=2, seats=["human", "human"], seed=SEED)
    app.table = Table(2, ["human", "human"], session=fresh)
    app.history.attach(fresh)
    app.refresh()
    return app


def test_a_click_on_a_space_reached_only_by_a_dearer_route_moves_there():
    app = app_on_b3_with_a_turret()
    assert app.click_space("B4")
    assert app.state.player(0).space == "B4" and app.state.player(0).hp == 1
    assert "from B3 to B4: 5 MP, 2 Injuries" in app.status.value


def test_a_space_with_two_routes_offers_both_and_the_status_tells_the_truth():
    app = app_on_b3_with_a_turret()
    assert "A3: 1 MP to get there, 2 Injuries on the way; or 3 MP with 0 Injuries" in app.board.svg
    assert app.click_space("A3")
    assert app.state.player(0).space == "B3"  # nothing moves before the player picks
    labels = [b.description for b in app.routes.children]
    assert labels == ["Cheapest: 1 MP, 2 Injuries", "Safest: 3 MP, 0 Injuries"]
    app.routes.children[1].click()  # the "Safest" button
    assert app.state.player(0).space == "A3" and app.state.player(0).hp == 3
    assert "from B3 to A3: 3 MP, 0 Injuries" in app.status.value and not app.routes.children


def test_the_route_offer_names_both_ways_and_goes_when_the_player_clicks_elsewhere():
    app = app_on_b3_with_a_turret()
    app.click_space("A3")
    assert "Two ways to A3: in one step for 1 MP and 2 Injuries, or by B2, A2 for 3 MP and 0 Injuries" in app.status.value
    app.click_space("B2")  # one route: the Hero walks at once and the offer for A3 goes
    assert app.state.player(0).space == "B2" and not app.routes.children
    assert "from B3 to B2: 1 MP, 0 Injuries" in app.status.value


def test_choose_route_takes_the_cheapest_and_says_what_it_cost():
    app = app_on_b3_with_a_turret()
    assert not app.choose_route(safest=False) and "No route is offered" in app.status.value
    app.click_space("A3")
    assert app.choose_route(safest=False)
    assert app.state.player(0).space == "A3" and app.state.player(0).hp == 1
    assert "from B3 to A3: 1 MP, 2 Injuries" in app.status.value


def test_a_walk_onto_a_teleporter_says_a_region_must_be_chosen():
    app = app_on_b3_with_a_turret()
    app.click_space("A5")  # side A's Teleporter
    assert [r.path[-1] for r in app.routes.offered] == ["A5", "A5"]
    assert app.choose_route(safest=True)
    assert app.state.player(0).space == "A5" and app.state.pending[0].kind == "teleport"
    assert "from B3 to A5: 5 MP, 0 Injuries. A5 holds a Teleporter: choose the region" in app.status.value
