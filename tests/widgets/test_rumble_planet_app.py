"""Headless tests of the Rumble Planet dashboard: clicks on the Green, attacks with odds, bots, history, files."""
import base64
import json
import re
from html import escape

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
    bars = re.findall(r'data-label="(\d+) Injur(?:y|ies)" data-value="([^"]+)"', app.chart.html.value)
    assert [(int(k), float(v)) for k, v in bars] == [(k, pytest.approx(float(p), rel=1e-5)) for k, p in odds.targets[0].injuries]
    title = f"{odds.weapon} on {odds.targets[0].label.split(' at ')[0]}"
    assert f'aria-label="{escape(title)}"' in app.chart.html.value
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


# -- the dashboard a new player meets ------------------------------------------------------------------------
def app_from(options: Options, change=lambda state: state):
    """A two-human dashboard on a dealt game of ``options``, its position changed by ``change``."""
    from explorer.rumble_planet import Deploy, SetUp
    from widgets.rumble_planet.table import Table

    s = Session("rumble-planet", options, sample_content(), seed=SEED)
    s.play(SetUp())
    s.play(Deploy())
    fresh = Session("rumble-planet", options, sample_content(), seed=SEED)
    fresh._initial = change(s.state)  # a position of the scenario, as the engine's tests build them
    app = RumblePlanetApp(players=2, seats=["human", "human"], seed=SEED)
    app.table = Table(2, ["human", "human"], session=fresh)
    app.history.attach(fresh)
    app.refresh()
    return app


def log_rows(app) -> list[str]:
    return [re.sub(r"<[^>]+>", "", r) for r in re.findall(r"<tr>.*?</tr>", app.event_log.value)]


def test_the_event_log_is_newest_first_as_it_says():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    app.act(app.legal[0])  # End the Preparation Phase
    newest = app.session.events[-1].text
    assert "newest first" in app.children[-2].value
    assert newest.replace("'", "&#x27;") in log_rows(app)[0] and newest not in log_rows(app)[-1]
    assert newest.replace("'", "&#x27;") in re.findall(r"<li>(.*?)</li>", app.latest.value)[0]  # beside the board too


def test_the_shop_shows_every_price_and_why_nothing_can_be_bought_with_4_credits():
    """Rumble Planet, 3 - Buying: "A Weapon card costs 8 Credits. An Armor card costs 6 Credits ... If you don't have
    enough Credits, you cannot buy." """
    app = app_from(Options(players=2), lambda s: s.with_player(0, credits=4))
    shop = app.shop
    assert shop.layout.display is None and "you have <b>4 Credits</b>" in shop.note.value
    assert "Not enough for any purchase yet" in shop.note.value and all(b.disabled for b in shop.buttons.values())
    assert [b.description for b in shop.buttons.values()] == [  # the reason on the button: a phone shows no tooltips
        "Weapon card: 8 Credits, 4 more Credits needed", "Armor card: 6 Credits, 2 more Credits needed",
        "Prestige Point: 18 Credits, 14 more Credits needed"]
    app = app_from(Options(players=2), lambda s: s.with_player(0, credits=7))
    armor = app.shop.buttons["armor"]
    assert not armor.disabled and armor.description == "Buy Armor card (6 Credits)" and app.shop.buttons["weapon"].disabled
    assert "You can buy: Armor card." in app.shop.note.value
    hand = len(app.state.player(0).hand)
    armor.click()
    assert app.state.player(0).credits == 1 and len(app.state.player(0).hand) == hand + 1
    assert type(app.session.steps[-1].action).__name__ == "Buy" and app.session.steps[-1].action.shop == "armor"


def test_the_shop_says_when_the_buying_step_has_passed():
    """3 - Buying comes before 4 - Tinkering: once a card is equipped the buying step is over."""
    from dataclasses import replace

    from explorer.rumble_planet.state import Turn

    app = app_from(Options(players=2), lambda s: replace(s.with_player(0, credits=20), turn=Turn(step=3)))
    assert all(b.disabled for b in app.shop.buttons.values())
    assert "No purchase now: the buying step has passed" in app.shop.note.value
    app.act(app.legal[-1])  # End the Preparation Phase: the shop goes
    assert app.shop.layout.display == "none"


def test_the_hero_card_shows_the_mp_left_this_turn():
    """Movement Step: "You have a base of 3 MP" (+1 a free slot); moving spends them, so the card counts down."""
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    app.act(app.legal[0])  # End the Preparation Phase
    full = app.state.player(0).track.count(None) + 3
    far = max(reachable(app.state).values(), key=lambda s: s.mp)
    app.click_space(far.space)
    card = re.search(r'<div class="rp-seat[^"]*rp-seat-0".*?</div></div>', app.boards.value).group(0)
    assert f"{full - far.mp} of {full} MP left" in card and f"{full} MP<br>" not in card


def circles_and_texts(svg: str):
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in root.iter(ns + "circle")
               if c.get("fill") in ("#d62728", "#1f77b4", "#ff7f0e", "#9467bd")]
    texts = []
    for t in root.iter(ns + "text"):
        x, y, size, word = float(t.get("x")), float(t.get("y")), float(t.get("font-size")), t.text or ""
        width = 0.6 * size * len(word)
        left = x - width / 2 if t.get("text-anchor") == "middle" else x
        texts.append((left, y - 0.75 * size, left + width, y, word))
    return circles, texts


def test_a_heros_token_leaves_the_text_of_its_space_readable():
    """No caption on the Green (MP, odds, a tile's letter) lies under a Hero's token, except the token's own letter."""
    app = app_on_b3_with_a_turret()
    app.session._initial = app.state.with_player(1, space="A6")  # the other Hero on a space with a tile mark nearby
    for state in (app.state, app.state.with_player(0, space="A5")):  # B3, then on side A's Teleporter
        app.session._initial = state
        app.refresh()
        circles, texts = circles_and_texts(app.board.svg)
        for cx, cy, r in circles:
            for x0, y0, x1, y1, word in texts:
                if abs((x0 + x1) / 2 - cx) < 1 and len(word) == 1 and word.isupper():
                    continue  # the token's own letter
                nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
                assert (nx - cx) ** 2 + (ny - cy) ** 2 > r * r, f"'{word}' lies under the token at {cx, cy}"


def test_the_heat_legend_shows_the_colours_the_map_paints():
    """The legend's swatches are what a space looks like, and the best attack reads as red on every altitude."""
    from explorer.rumble_planet.draw import ALTITUDE_FILL

    def rgb(text):
        text = text.strip()
        if text.startswith("#"):
            return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
        return tuple(int(v) for v in re.findall(r"\d+", text))

    def over(top, alpha, ground):
        return tuple(alpha * t + (1 - alpha) * g for t, g in zip(top, ground))

    app = app_on_b3_with_a_turret()
    legend = app.legend.value
    painted = re.findall(r'fill="(rgb\([^)]*\))" fill-opacity="([\d.]+)"', app.board.svg)
    assert painted
    for colour, alpha in painted:  # each fill on the map is a swatch of the legend, as seen on the ground
        shown = [over(rgb(c), float(a or 1), (255, 255, 255)) for c, a in
                 re.findall(r'rp-sw" style="background:(rgb\([^)]*\))(?:;opacity:([\d.]+))?', legend)]
        for ground in ALTITUDE_FILL:
            seen = over(rgb(colour), float(alpha), rgb(ground))
            assert min(max(abs(a - b) for a, b in zip(seen, s)) for s in shown) <= 45, (colour, ground)
    from widgets.rumble_planet.board import HEAT_OPACITY, heat_colour

    for ground in ALTITUDE_FILL:  # "the redder, the better": the strongest heat is red, not olive or brown
        r, g, b = over(rgb(heat_colour(1.0)), HEAT_OPACITY, rgb(ground))
        assert r > 220 and g < 100 and b < 60
    assert "red" in legend and "yellow" in legend and "olive" not in legend


def save_of(game: str) -> bytes:
    from explorer.barbearian import Options as BBOptions
    from explorer.barbearian import sample_deck

    s = Session(game, BBOptions(players=2), sample_deck(), seed=1)
    return json.dumps(s.to_json()).encode()


def test_a_refused_file_says_why_in_the_words_every_dashboard_uses():
    app = RumblePlanetApp(players=2, seats=["human", "greedy"], seed=SEED)
    state = app.state
    app.files.load_bytes("bears.json", save_of("barbearian"))
    said = app.files.message.value
    assert "this is a BarBEARian save; open it in the BarBEARian dashboard" in said and "barbearian," not in said
    app.files.load_bytes("notes.json", b"hello")
    said = app.files.message.value
    assert "notes.json: not a JSON file (the text stops being JSON at line 1, column 1)" in said
    assert "JSONDecodeError" not in said and "Expecting value" not in said
    assert app.state == state and "unchanged" in said


def odds_notebook():
    """The odds notebook's code cells run in one namespace; what they display is kept."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / "rumble_planet" / "odds.ipynb"
    shown: list = []
    ns: dict = {"display": shown.append}
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"]).replace("from IPython.display import HTML, display", "from IPython.display import HTML")
            exec(compile(source, str(path), "exec"), ns)
    return ns, shown


def test_the_odds_notebook_map_shows_every_reachable_space_and_its_axis_reads_round_values():
    ns, shown = odds_notebook()
    svg = next(x.data for x in shown if "<svg" in getattr(x, "data", ""))
    heated = set(re.findall(r'<rect class="rp-heat" x="([\d.]+)" y="([\d.]+)"', svg))
    here = ns["state"].with_player(1, space=ns["start"])
    assert len(ns["spots"]) > 1 and len(heated) == len(ns["spots"]) - 1  # every space but the one the Hero stands on
    assert all(f'data-space="{sp}"' in svg and sp in svg for sp in ns["top"]) and here.player(1).space == ns["start"]
    outlined = re.findall(r'data-space="([A-J]\d+)"[^>]*stroke="#0d47a1"', svg)
    assert sorted(outlined) == sorted(ns["top"])
    axis = ns["fig"].layout.yaxis2
    assert axis.tickvals is not None and all(round(v * 100) % 25 == 0 for v in axis.tickvals)


def test_with_table_dice_a_shop_button_waits_for_the_card_drawn():
    """3 - Buying: "Draw a card from the Armor store": with table dice the player names the card they drew."""
    app = app_from(Options(players=2), lambda s: s.with_player(0, credits=6))
    app.table_dice.value = True
    app.shop.buttons["armor"].click()
    assert app.state.player(0).credits == 6 and "Choose the card you drew" in app.status.value
    assert app.outcome.layout.display != "none"
    card = app.outcome.options[-1][1]
    app.outcome.value = card
    assert app.play_selected()
    assert app.state.player(0).credits == 0 and card in app.state.player(0).hand
    assert app.session.steps[-1].source == "table"
