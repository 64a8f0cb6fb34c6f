"""Headless tests of the BarBEARian dashboard: hot-seat screens, reveal, raids, bots, odds, history."""
import re

import pytest

from explorer.barbearian import (
    KeepTrial, Options, Pass, Place, Ready, RollDice, SetUp, StealGlory, odds, rules, sample_deck,
)
from explorer.core import Session
from widgets.barbearian import BarbearianApp
from widgets.barbearian.labels import describe_action

SEED = 3  # Blue holds the First Player token; round 1: Red rolls 3, 3, 4 and Blue 4, 2, 5


def buttons(widget):
    out = []
    for c in getattr(widget, "children", ()):
        out += [c] if type(c).__name__ == "Button" else buttons(c)
    return out


def find(app, *classes, text=None, within=None):
    for b in buttons(within or app.actions):
        if all(c in b._dom_classes for c in classes) and (text is None or text in b.description):
            return b
    raise AssertionError(f"no button {classes} {text or ''}; have {[b.description for b in buttons(app.actions)]}")


def place_button(app, face, space_slug):
    row = next(r for r in _rows(app.actions) if f"bb-face-{face}" in r._dom_classes)
    return find(app, f"bb-place-{space_slug}", within=row)


def _rows(widget):
    for c in getattr(widget, "children", ()):
        yield c
        yield from _rows(c)


def page_html(app) -> str:
    """Everything the page shows as HTML (the widgets' values and button labels)."""
    parts = []
    for c in _rows(app):
        if hasattr(c, "value") and isinstance(c.value, str):
            parts.append(c.value)
        if type(c).__name__ == "Button":
            parts.append(c.description)
    return "\n".join(parts)


def spaces_shown(app, clan):
    return re.findall(rf'data-clan="{clan}" data-face="\d" data-space="([^"]*)"', app.roll.value)


def drawn(app, clan):
    """The (face, space) of every die drawn on the clan's village board."""
    village = app.villages.value.split(f'data-clan="{clan}" data-glory=', 1)[1].split('class="bb-village ', 1)[0]
    return [(int(f), s) for s, f in re.findall(r'class="bb-placed" data-space="([^"]+)"><g class="svg-die "'
                                                  r' data-face="(\d)"', village)]


def run_narration(app):
    while any("bb-next" in b._dom_classes for b in buttons(app.actions)):
        find(app, "bb-next").click()


def engine(seed=SEED, players=2):
    s = Session("barbearian", Options(players=players), sample_deck(), seed=seed)
    s.play(SetUp())
    return s


@pytest.fixture
def app():
    return BarbearianApp(players=2, seats=["human", "human"], seed=SEED)


def keep_trials_and_roll(app):
    for _ in range(2):
        find(app, "bb-screen-ready").click()
        find(app, "bb-keep-trial").click()
    find(app, "bb-roll").click()


def test_the_screen_comes_first_and_shows_only_the_seat_at_it(app):
    state = app.table.state
    first, second = state.first, 1 - state.first
    screen = app.actions.children[-1]  # after the set-up steps
    assert "bb-screen" in screen._dom_classes
    assert f"Pass the device to {state.name(first)}: click when ready" in screen.children[0].value
    assert "bb-own-trial" not in app.villages.value  # nobody's Trial cards on a covered screen
    find(app, "bb-screen-ready").click()
    offer = [state.deck.card(c).name for c in state.players[first].offer]
    assert [b.description for b in buttons(app.actions) if "bb-keep-trial" in b._dom_classes] == [f"Keep {n}" for n in offer]
    other = [state.deck.card(c).name for c in state.players[second].offer]
    assert not any(n in page_html(app) for n in other if n not in offer)


def test_placements_stay_hidden_from_the_next_seat_until_the_reveal(app):
    keep_trials_and_roll(app)
    state = app.table.state
    blue, red = state.first, 1 - state.first
    assert (state.name(blue), state.players[blue].faces, state.players[red].faces) == ("Blue", (4, 2, 5), (3, 3, 4))
    assert spaces_shown(app, "blue") == ["?"] * 3  # the screen is covered
    find(app, "bb-screen-ready").click()
    place_button(app, 5, "battleground-red").click()
    place_button(app, 4, "barracks-1").click()
    place_button(app, 2, "farm").click()
    assert spaces_shown(app, "blue") == ["barracks_1", "farm", "battleground:red"]  # Blue sees its own
    assert spaces_shown(app, "red") == ["?"] * 3  # whether Red has placed is not shown either
    assert len(drawn(app, "blue")) == 3 and drawn(app, "red") == []  # Blue's own board only
    find(app, "bb-ready").click()
    for seat_at_screen in (None, red):
        if seat_at_screen is not None:
            find(app, "bb-screen-ready").click()
            assert "bb-private-red" in app.actions.children[0]._dom_classes
        html = page_html(app)
        assert spaces_shown(app, "blue") == ["?"] * 3 and drawn(app, "blue") == []
        assert "Battleground vs Red" not in html and "battleground:red" not in html and "Barracks 1:" not in html
        assert "Blue reveals" not in html and app.reveal.value == ""
    place_button(app, 3, "farm").click()
    place_button(app, 3, "farm").click()
    place_button(app, 4, "temple").click()
    find(app, "bb-ready").click()
    assert "The screens come off (round 1)" in app.reveal.value
    # the villages are the one place that shows the placements: each die drawn on its space
    assert sorted(drawn(app, "blue")) == [(2, "farm"), (4, "barracks_1"), (5, "battleground:red")]
    assert sorted(drawn(app, "red")) == [(3, "farm"), (3, "farm"), (4, "temple")]
    assert "Farm" not in app.reveal.value and "Temple" not in app.reveal.value and "svg" not in app.reveal.value
    assert "Blue</b> sends 1 die (5 in all) against Red" in app.reveal.value  # what no single village totals
    assert "Red</b> sends nothing" in app.reveal.value
    assert "Blue reveals: 5 on the Battleground against Red" in app.actions.children[0].value  # step 1 of the narration


def play_round(app, blue_plan, red_plan):
    """Keep the Trial cards, roll, and place each clan's (face, space) plan behind its screen, Blue first."""
    keep_trials_and_roll(app)
    for plan in (blue_plan, red_plan):
        find(app, "bb-screen-ready").click()
        for face, slug in plan:
            place_button(app, face, slug).click()
        find(app, "bb-ready").click()


def play_round_one(app):
    """Blue raids Red's empty Barracks with its 5; Red farms. Returns the engine played alike."""
    play_round(app, ((5, "battleground-red"), (4, "forge"), (2, "farm")), ((3, "farm"), (3, "farm"), (4, "forge")))


def replay_round_one():
    s = engine()
    for seat in (1, 0):
        s.play(KeepTrial(seat, s.state.players[seat].offer[0]))
    s.play(RollDice())
    for seat, plan in ((1, ((2, "battleground:red"), (0, "forge"), (1, "farm"))), (0, ((0, "farm"), (1, "farm"), (2, "forge")))):
        for die, space in plan:
            s.play(Place(seat, die, space))
        s.play(Ready(seat))
    return s


def test_a_raid_resolves_step_by_step_and_matches_the_engine(app):
    play_round_one(app)
    narration = app.actions.children[0].value
    assert "step 1 of 2" in narration
    assert 'data-glory="2"' in app.villages.value and "data-glory=\"3\"" not in app.villages.value
    assert "breaks through" not in app.event_log.value  # the log follows the steps shown
    find(app, "bb-next").click()
    assert "Blue&#x27;s 5 meets Red&#x27;s Barracks of 0: breaks through" in app.event_log.value
    assert "Resolving step 2 of 2: Brawl Phase" in app.header.value  # the last step is shown too
    assert find(app, "bb-next").description == "Done"
    find(app, "bb-next").click()
    assert "Blue" in app.actions.children[0].value and "Stealing Loot" in app.header.value
    find(app, "bb-stealglory").click()
    run_narration(app)
    expected = replay_round_one()
    expected.play(StealGlory(1, "red"))
    assert app.table.state == expected.state
    log = app.event_log.value
    assert "Blue steals a red Glory token from Red (3 Glory)" in log
    assert 'data-clan="red" data-glory="1"' in app.villages.value and 'data-clan="blue" data-glory="3"' in app.villages.value
    assert "[Stealing Loot]" not in log and "Stealing Loot" in log  # each event is tagged with its section


def test_an_illegal_placement_shows_the_reason_and_changes_nothing(app):
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()
    state, cursor = app.table.state, app.table.session.cursor
    farm = place_button(app, 4, "farm")
    assert "bb-illegal" in farm._dom_classes
    farm.click()
    assert "Not allowed: a 4 cannot go on the Farm: only dice with value 1, 2, or 3" in app.status.value
    assert app.table.state is state and app.table.session.cursor == cursor
    assert not app.act(Place(0, 0, "farm"))  # Red's die while Blue holds the screen
    assert "pass the device" in app.status.value and app.table.session.cursor == cursor


def test_every_placement_button_is_the_engines(app):
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()
    seat, state = app.table.hot.holder, app.table.state
    shown = [b.description for b in buttons(app.actions) if "bb-place" in b._dom_classes]
    engine_labels = [describe_action(state, a) for a in rules.legal_actions(state, seat) if isinstance(a, Place)]
    assert sorted(shown) == sorted(engine_labels)
    refused = [b for b in buttons(app.actions) if "bb-illegal" in b._dom_classes]
    assert {b.description for b in refused} == {"5 \u2192 Farm", "4 \u2192 Farm", "2 \u2192 Forge"}


def test_bots_act_for_their_seats():
    app = BarbearianApp(players=3, seats=["human", "greedy", "odds"], seed=5)
    kept = {s.action.seat for s in app.table.session.steps if isinstance(s.action, KeepTrial)}
    assert kept == {1, 2}  # the bots kept their Trial cards by themselves
    assert app.table.hot.holder == 0  # a single human: nobody else is looking, the screen is taken at once
    find(app, "bb-keep-trial").click()
    find(app, "bb-roll").click()
    placed_by = {s.action.seat for s in app.table.session.steps if isinstance(s.action, (Place, Ready))}
    assert placed_by == {1, 2}  # the bots placed and declared ready by themselves
    assert "bb-private-red" in app.actions.children[0]._dom_classes  # the single human is at the screen
    cursor = app.table.session.cursor
    assert not app.act(Pass(1))
    assert "Yellow is played by the greedy bot" in app.status.value and app.table.session.cursor == cursor


def test_a_game_of_bots_plays_to_the_end_by_rolling():
    app = BarbearianApp(players=2, seats=["greedy", "odds"], seed=1)
    for _ in range(400):
        if app.table.state.result:
            break
        find(app, "bb-skip" if app.narrator.active else "bb-roll").click()
    assert app.table.state.result and "The game is over" in app.actions.children[0].value


def test_undo_never_goes_behind_a_ready(app):
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()
    place_button(app, 5, "battleground-red").click()
    assert not app.history.undo_button.disabled  # Blue may undo its own placement
    app.history.undo_button.click()
    assert app.table.state.players[1].placement == (None, None, None)
    assert app.table.hot.holder == 1  # still behind Blue's screen
    for face, slug in ((5, "battleground-red"), (4, "forge"), (2, "farm")):
        place_button(app, face, slug).click()
    find(app, "bb-ready").click()
    floor = app.table.floor()
    assert app.table.session.cursor == floor and app.history.undo_button.disabled
    assert app.history.slider.min == floor
    app.history.slider.value = floor - 2  # refused: Red would see Blue's dice on the table again
    assert app.table.session.cursor == floor and app.table.state.players[1].ready


def test_odds_chart_shows_exact_raid_odds(app):
    chart = app.odds_chart
    assert chart.values == pytest.approx([odds.raid_success(3, b) for b in range(1, 13)])
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()  # Blue at the screen: Blue's odds
    m = odds.clash_matrix((4, 2, 5), (3, 3, 4), pareto=True)
    best = max((i for i, s in enumerate(m.rows) if s.attack), key=lambda i: (m.a_success()[i], m.rows[i].attack))
    assert app.odds_chart is chart
    assert chart.labels[0] == "Your raid on Red breaks through"
    assert f"Chance your raid on Red breaks through if you send your best dice ({m.rows[best].attack})" in app.odds_note.value
    assert chart.values[0] == pytest.approx(m.a_success()[best])
    assert "Blue's roll 4, 2, 5" in chart.title
    assert chart.labels[0] in chart.widget.value.replace("&#x27;", "'")  # drawn in the page


def test_new_game_controls_seat_bots_and_seed(app):
    c = app.controls
    c.players.value = 4
    assert [b.layout.display for b in c.seat_boxes] == [None] * 4
    c.seat_boxes[1].value = "greedy"
    c.seat_boxes[2].value = "random"
    c.seat_boxes[3].value = "odds"
    c.seed.value = 11
    c.button.click()
    assert app.table.seats == ("human", "greedy", "random", "odds") and app.table.session.seed == 11
    assert "New game: 4 players, seed 11" in app.status.value


def test_unexpected_errors_are_a_sentence_not_a_traceback(app, monkeypatch):
    def broken(action):
        raise RuntimeError("boom")

    monkeypatch.setattr(app.table, "act", broken)
    assert app.act(RollDice()) is False
    assert "Something went wrong (RuntimeError: boom)" in app.status.value


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        BarbearianApp(players=5)
    with pytest.raises(ValueError, match="a seat is one of human, random, greedy, odds"):
        BarbearianApp(players=2, seats=["human", "smart"])


def test_a_whole_game_by_clicking_replays_on_the_engine():
    import random

    app = BarbearianApp(players=3, seats=["human", "greedy", "odds"], seed=7)
    rng = random.Random(7)
    for _ in range(3000):
        if app.table.state.result:
            break
        choices = [b for b in buttons(app.actions) if not {"bb-illegal", "bb-cover", "bb-takeback"} & set(b._dom_classes)]
        rng.choice(choices).click()
        assert "Something went wrong" not in app.status.value
    assert app.table.state.result
    assert app.table.session.replay().state == app.table.state


def test_after_a_history_move_the_bots_wait_for_a_click():
    import random

    app = BarbearianApp(players=2, seats=["human", "greedy"], seed=4)
    table, rng = app.table, random.Random(4)
    bot_point = None
    for _ in range(600):  # play until a step after the floor waits for the bot alone
        choices = [b for b in buttons(app.actions) if not {"bb-illegal", "bb-cover", "bb-takeback"} & set(b._dom_classes)]
        rng.choice(choices).click()
        end, floor = table.session.cursor, table.floor()
        for c in range(floor, end):
            table.session.jump(c)
            if table.bot_to_move() and not table.waiting_humans():
                bot_point = c
        table.session.jump(end)
        if bot_point is not None:
            break
    assert bot_point is not None
    app.history.slider.value = bot_point
    assert table.session.cursor == bot_point and app.bots_paused
    find(app, "bb-continue").click()
    assert table.session.cursor > bot_point and not table.bot_to_move()


def test_the_bots_placements_are_behind_the_floor():
    app = BarbearianApp(players=2, seats=["human", "greedy"], seed=4)
    find(app, "bb-keep-trial").click()
    find(app, "bb-roll").click()
    steps = app.table.session.steps
    bot_step = next(i for i, s in enumerate(steps) if isinstance(s.action, Place) and s.action.seat == 1)
    floor = app.table.floor()
    assert bot_step < floor and app.history.slider.min == floor
    app.history.slider.value = bot_step  # clamped: the bot's placement cannot be reopened
    assert app.table.session.cursor == floor


def test_the_table_is_drawn_and_every_mark_explained(app):
    first = app.actions.children[0].value
    assert "Setting up the table" in first and "dealt two Trial cards" in first and "First Player token" in first
    villages = app.villages.value
    assert villages.count('class="rx-svg village-svg') == 2 and "<title>" in villages
    for word in ("Glory token", "locked Glory", "Honey", "Ore", "Faith", "Specialist token", "mercenary die"):
        assert word in villages  # the legend
    play_round_one(app)
    assert "Resolving step 1 of 2" in app.header.value  # the header names the step on screen
    assert "on Battleground vs Red" in app.villages.value  # the revealed die drawn on its space


def test_save_and_load_with_the_secrets_caveat(app):
    import json
    from widgets.files import MAX_BYTES

    keep_trials_and_roll(app)
    assert app.save_link.value == ""  # the secrets are not in the page until asked for
    app.save_button.click()
    assert "download=" in app.save_link.value and "holds every secret" in app.save_link.value
    saved = json.dumps(app.table.session.to_json()).encode()
    state = app.table.state
    other = Session("proving-grounds", seed=1)
    app.files.load_bytes("pg.json", json.dumps(other.to_json()).encode())
    assert "this is a Proving Grounds save; open it in the Proving Grounds dashboard" in app.files.message.value
    app.files.load_bytes("big.json", b"0" * (MAX_BYTES + 1))
    assert "refused" in app.files.message.value and app.table.state is state
    fresh = BarbearianApp(players=2, seats=["human", "human"], seed=9)
    fresh.files.load_bytes("game.json", saved)
    assert "Loaded saved game" in fresh.files.message.value and fresh.table.state == state
    assert fresh.save_link.value == ""


def test_the_raid_chart_follows_the_seats_placement(app):
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()  # Blue at the screen: 4, 2, 5 against Red's 3, 3, 4
    assert "if you send your best dice" in app.odds_note.value
    place_button(app, 5, "battleground-red").click()
    m = odds.clash_matrix((4, 2, 5), (3, 3, 4), pareto=True)  # as the chart: Red's placements that are not dominated
    row = next(i for i, s in enumerate(m.rows) if (s.attack, s.barracks) == (5, 0))
    assert app.odds_chart.labels == ["Your raid on Red breaks through", "Red's raid breaks your Barracks"]
    assert app.odds_chart.values == pytest.approx([m.a_success()[row], m.b_breaks[row].mean()])
    assert "Chance your raid on Red breaks through (you send 5, as placed)" in app.odds_note.value
    assert "Chance Red&#x27;s raid breaks your Barracks (strength 0, as placed)" in app.odds_note.value


def test_after_the_reveal_the_chart_shows_the_raids_as_placed_then_says_they_are_over(app):
    play_round_one(app)  # Blue sends its 5 at Red, whose Barracks is empty; Red sends nothing
    assert app.narrator.active
    assert app.odds_chart.title == "Blue's raids as placed (round 1)"
    assert app.odds_chart.labels == ["Your raid on Red breaks through"] and app.odds_chart.values == [1.0]
    assert "Chance your raid on Red breaks through: 100% (your 5 against Red&#x27;s Barracks of 0)" in app.odds_note.value
    assert "Barracks 9" not in app.odds_chart.widget.value  # no made-up best case
    run_narration(app)
    while app.table.state.phase == "loot" or app.narrator.active:
        (find(app, "bb-stealglory") if not app.narrator.active else find(app, "bb-next")).click()
    assert app.table.state.phase == "build"
    assert app.odds_chart.labels == [] and app.odds_chart.title == "Round 1: the raids are over"
    assert "The next odds appear with the next Plan Phase" in app.odds_note.value


def test_no_widget_keeps_a_placement_once_the_screen_is_covered(app):
    import ipywidgets as w
    from ipywidgets.widgets.widget import _instances  # every widget not closed (the browser holds them all)

    before = set(_instances)
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()  # Blue
    place_button(app, 5, "battleground-red").click()
    assert any("Battleground vs Red" in b.description for b in buttons(app.actions) if "bb-takeback" in b._dom_classes)
    find(app, "bb-cover").click()
    live = [x for k, x in _instances.items() if k not in before and isinstance(x, w.Button)]
    assert any("bb-takeback" in b._dom_classes for b in buttons(app.actions)) is False
    assert not any("Battleground vs Red" in b.description for b in live if "bb-takeback" in b._dom_classes)


def play_to_the_build(blue_plan, red_plan):
    """Round 1 of SEED with the given (face, space) placements, narrated to the end."""
    app = BarbearianApp(players=2, seats=["human", "human"], seed=SEED)
    keep_trials_and_roll(app)
    for seat, plan in ((1, blue_plan), (0, red_plan)):
        assert app.take_screen(seat)
        for face, space in plan:
            assert app.place(seat, face, space), app.status.value
        find(app, "bb-ready").click()
    run_narration(app)
    return app


SKIPPED = "had nothing in the Marketplace they could afford, so their Build turn passed by itself."
FARMS = ((4, "forge"), (5, "barracks_1"), (2, "farm"))  # Blue gathers 1 Honey and 1 Ore: enough for an Upgrade
RED_FARMS = ((3, "farm"), (3, "farm"), (4, "forge"))  # Red: 2 Honey, 1 Ore
WALLS = ((3, "barracks_1"), (3, "barracks_1"), (4, "barracks_2"))  # Red gathers nothing


def skipped_note(app):
    found = re.findall(r"Build Phase: (.*?) " + re.escape(SKIPPED), app.status.value)
    return found[0] if found else None


def test_a_build_turn_nobody_could_use_passes_with_a_note_naming_that_seat():
    app = play_to_the_build(FARMS, WALLS)  # Blue (first) can buy; Red has nothing
    state = app.table.state
    assert (state.phase, state.round, app.table.waiting()) == ("build", 1, [1])
    assert state.players[0].resources == (0, 0, 0)
    buy = [b for b in buttons(app.actions) if b.description.startswith("Buy")]
    assert buy  # Blue may afford something
    for b in buy:  # hovering tells what the Upgrade does and what it costs
        card = next(c for c in state.deck.upgrades if b.description.startswith(f"Buy {c.name} ("))
        assert b.tooltip.startswith(f"{card.name}: {card.text} Costs ") and b.tooltip != b.description
    assert skipped_note(app) is None and "Build Phase" not in app.status.value  # Blue's turn is asked, not skipped
    find(app, "bb-pass").click()  # Blue passes; Red's Build turn passes by itself
    assert app.table.state.round == 2
    assert skipped_note(app) == "Red"

    app = play_to_the_build(((4, "barracks_1"), (5, "barracks_2"), (2, "temple")), RED_FARMS)  # Blue: 1 Faith
    assert app.table.state.phase == "build" and app.table.waiting() == [0]  # Blue's turn passed: Red decides
    assert skipped_note(app) == "Blue"


def test_no_note_when_every_seat_could_buy():
    app = play_to_the_build(FARMS, RED_FARMS)
    for seat in (1, 0):
        assert app.table.state.phase == "build" and app.table.waiting() == [seat]
        assert "Build Phase" not in app.status.value
        find(app, "bb-pass").click()
    assert app.table.state.round == 2 and "Build Phase" not in app.status.value
    # a new round before its roll: the last round's reveal banner is gone with its dice (the villages are empty)
    if app.narrator.active:
        app.skip_steps()
    assert app.shown_state().round == 2 and app.reveal.value == "" and all(p.placement in ((), None) or not any(p.placement)
                                          for p in app.shown_state().players)


def test_a_purchase_that_ends_the_build_names_the_seats_skipped_after_it():
    app = play_to_the_build(FARMS, WALLS)
    find(app, "bb-action", text="Buy").click()  # Blue spends its Honey and Ore
    assert "Something went wrong" not in app.status.value
    while app.table.state.phase == "build" and app.table.waiting() == [1]:
        assert skipped_note(app) is None  # Blue still buying: nobody skipped yet
        find(app, "bb-pass").click()
    assert app.table.state.round == 2 and skipped_note(app) == "Red"


def test_clicking_does_not_pile_up_widgets():
    """Every click replaces the action panel: the widgets it replaces are closed (the page drops their views),
    so the number of live widgets stays the same however long the game goes on."""
    import random

    from ipywidgets.widgets.widget import _instances  # every widget not closed (the page holds a model of each)

    app = BarbearianApp(players=2, seats=["human", "human"], seed=SEED)
    play_round_one(app)  # both placement boards exist from here on
    rng, at_roll = random.Random(1), []  # live widgets each time the table waits for the roll (the same panel)
    for _ in range(80):
        choices = [b for b in buttons(app.actions) if not {"bb-illegal", "bb-cover"} & set(b._dom_classes)]
        rng.choice(choices).click()
        assert "Something went wrong" not in app.status.value
        if app.table.state.phase == "roll" and not app.narrator.active:
            at_roll.append(len(_instances))
    assert app.table.state.round >= 3 and len(at_roll) >= 2  # the clicks went through whole rounds
    assert max(at_roll) <= at_roll[0] + 10, at_roll
    after = []
    for _ in range(3):  # a new game closes the old game's boards and panels
        app.new_game(2, ("human", "human"), SEED)
        play_round_one(app)
        after.append(len(_instances))
    assert max(after) <= after[0] + 10, after


def private_seat(app):
    """The seat whose private panel (behind the Clan screen) the page shows, or None."""
    for c in _rows(app.actions):
        for cls in getattr(c, "_dom_classes", ()):
            if cls.startswith("bb-private-"):
                return cls.split("-", 2)[2]
    return None


def own_trials(app):
    return re.findall(r'class="bb-village bb-village-(\w+)"(?:(?!class="bb-village ).)*bb-own-trial', app.villages.value, re.S)


@pytest.mark.parametrize("seed", [SEED, 8])
def test_a_private_panel_shows_only_right_after_its_seat_took_the_screen(seed):
    """Walk a whole 2-human game by clicking: after any public click (a Change Fate, a mercenary, an
    Empower, loot, the defender's choice, a Build, the roll, Next) the screen is covered; a seat's
    private panel and Trial card appear only after that seat clicked "I am ...: show my screen"."""
    import random

    app = BarbearianApp(players=2, seats=["human", "human"], seed=seed)
    rng, at_screen, public_clicks = random.Random(seed), None, set()
    for _ in range(4000):
        if app.table.state.result:
            break
        clan = private_seat(app)
        assert clan == at_screen, (clan, at_screen, app.table.state.phase)
        assert own_trials(app) in ([], [at_screen]), own_trials(app)
        assert at_screen is not None or "bb-own-trial" not in app.villages.value
        choices = ([b for b in buttons(app.actions) if not {"bb-illegal", "bb-cover", "bb-takeback"} & set(b._dom_classes)]
                   or [b for b in buttons(app.actions) if "bb-takeback" in b._dom_classes])  # a placement that needs undoing
        # prefer the public decisions (Change Fate, mercenaries) now and then, so the walk meets them
        public = [b for b in choices if {"bb-changefate", "bb-hiremercenary", "bb-empower"} & set(b._dom_classes)]
        b = rng.choice(public if public and rng.random() < 0.5 else choices)
        private = clan is not None and any(b is x for x in buttons(app.actions.children[0]))
        if "bb-screen-ready" in b._dom_classes:
            at_screen = app.table.state.clan(app.table.screen_seat())
        elif not private:  # a public click: whoever was at the screen has left it
            at_screen = None
            public_clicks |= {c for c in b._dom_classes if c.startswith("bb-") and c != "bb-action"}
        last = b.description
        b.click()
        assert "Something went wrong" not in app.status.value
        if app.table.hot.holder is None:
            at_screen = None
        assert private_seat(app) == at_screen, (last, private_seat(app), app.table.state.phase)
    assert app.table.state.result
    met = {"bb-changefate", "bb-hiremercenary", "bb-empower", "bb-stealglory", "bb-buyupgrade", "bb-roll", "bb-next"}
    assert met <= public_clicks, met - public_clicks


def test_the_skipped_build_note_waits_for_the_build_step_and_goes_with_the_next_action():
    app = BarbearianApp(players=2, seats=["human", "human"], seed=SEED)
    keep_trials_and_roll(app)
    for seat, plan in ((1, ((4, "barracks_1"), (5, "barracks_2"), (2, "temple"))), (0, RED_FARMS)):
        app.take_screen(seat)
        for face, space in plan:
            app.place(seat, face, space)
        find(app, "bb-ready").click()
    assert app.narrator.active and skipped_note(app) is None  # "Resolving step 1": nothing about the Build yet
    steps = len(app.narrator.steps)
    for k in range(1, steps + 1):
        assert f"Resolving step {k} of {steps}" in app.header.value  # every step is shown, the last one too
        if app.narrator.section() not in ("Build Phase", "Clean Up Phase", "Gameplay"):
            assert skipped_note(app) is None
        find(app, "bb-next").click()
    assert not app.narrator.active and skipped_note(app) == "Blue"  # Blue's turn passed: Red decides
    find(app, "bb-pass").click()
    assert skipped_note(app) is None


def test_undo_says_why_it_is_off(app):
    h = app.history
    assert h.undo_button.disabled and "Nothing to undo yet" in h.note.value
    assert h.slider.layout.display == "none"  # no slider stuck at one end
    keep_trials_and_roll(app)
    find(app, "bb-screen-ready").click()
    place_button(app, 5, "battleground-red").click()
    assert not h.undo_button.disabled and h.note.value == "" and h.slider.layout.display is None
    for face, slug in ((4, "forge"), (2, "farm")):
        place_button(app, face, slug).click()
    find(app, "bb-ready").click()
    assert h.undo_button.disabled
    assert "Undo stops at the last secret placement: going back would show it to the next seat." in h.note.value
    assert h.undo_button.tooltip.startswith("Undo stops at the last secret placement")
    find(app, "bb-screen-ready").click()
    for face, slug in ((3, "farm"), (3, "farm"), (4, "forge")):
        place_button(app, face, slug).click()
    find(app, "bb-ready").click()
    assert h.undo_button.disabled and "Undo stops at the reveal" in h.note.value


def test_plain_words_for_tokens_spaces_and_dice(app):
    from tests.barbearian.helpers import start

    supply = app.supply.value
    assert "Honey tokens: 20 worth 1, 10 worth 3" in supply and "&times;" not in supply
    assert "3 for the Barracks" in supply and "barracks 3" not in supply.lower()
    t = start(2, first="red")
    t.roll(red=[3, 3, 3], blue=[1, 2, 4])
    t.place(0, (3, "battleground:blue"), (3, "battleground:blue"), (3, "battleground:blue"))
    t.place(1, (1, "farm"), (2, "temple"), (4, "forge"))
    assert "Red reveals: three 3s on the Battleground against Blue." in t.texts
    deck = app.table.state.deck
    assert "Have 2 Specialist tokens on the Farm." in [c.text for c in deck.trials]


def test_other_clans_dice_are_behind_the_screen_only_while_placing_and_the_roll_shows_faces_only(app):
    keep_trials_and_roll(app)
    state = app.table.state
    assert state.phase == "place"
    assert app.roll.value.count("behind the screen") == 6  # nobody at the screen: whether a die is placed is secret
    find(app, "bb-screen-ready").click()  # Blue
    place_button(app, 5, "battleground-red").click()
    assert app.roll.value.count("behind the screen") == 3  # Red's dice; Blue's own carry no words
    assert "Battleground" not in app.roll.value  # Blue's village draws where its 5 went
    for face, slug in ((4, "forge"), (2, "farm")):
        place_button(app, face, slug).click()
    find(app, "bb-ready").click()
    find(app, "bb-screen-ready").click()
    for face, slug in RED_FARMS:
        place_button(app, face, slug).click()
    find(app, "bb-ready").click()
    assert app.roll.value == ""  # the screens are off: the villages draw every die on its space
    run_narration(app)
    while app.table.state.phase == "loot":
        find(app, "bb-stealglory").click()
        run_narration(app)
    assert app.table.state.phase == "build" and app.roll.value == ""


def test_change_fate_is_one_row_per_face():
    import random

    app = BarbearianApp(players=2, seats=["human", "human"], seed=8)
    rng = random.Random(8)
    for _ in range(3000):
        if any("bb-changefate" in b._dom_classes for b in buttons(app.actions)):
            break
        choices = [b for b in buttons(app.actions) if not {"bb-illegal", "bb-cover", "bb-takeback"} & set(b._dom_classes)]
        rng.choice(choices).click()
    fate = [b for b in buttons(app.actions) if "bb-changefate" in b._dom_classes]
    assert fate, "no Change Fate in this game"
    seat = app.table.waiting()[0]
    faces = set(app.table.state.players[seat].faces)
    rows = [r for r in _rows(app.actions) if any(c.startswith("bb-fate-") for c in getattr(r, "_dom_classes", ()))]
    assert len(rows) == len(faces)
    for row in rows:
        face = int(next(c for c in row._dom_classes if c.startswith("bb-fate-"))[-1])
        assert f"a {face} becomes" in row.children[0].value
        labels = [b.description for b in buttons(row)]
        assert labels == [str(f) for f in range(1, 7) if f != face]
        assert all(b.tooltip == f"Change a {face} to {b.description} (2 faith)" for b in buttons(row))


def test_the_defenders_choice_and_an_empower_are_public_no_screen_opens():
    """Red raids Blue's Barracks of 3 with a 6: Blue may Empower (public), Red takes Resources and Blue,
    the defender, chooses what to give (public). No private panel shows at any of these steps."""
    import json

    s = Session("barbearian", Options(players=2, start_resources=4), sample_deck(), seed=5)
    s.play(SetUp())
    for seat in rules.acting_seats(s.state):
        s.play(KeepTrial(seat, s.state.players[seat].offer[0]))
    while s.state.phase == "mercenaries":
        s.play(Pass(rules.acting_seats(s.state)[0]))
    s.play(RollDice(), outcome={"red": [6, 1, 2], "blue": [1, 2, 3]})
    while s.state.phase == "fate":
        s.play(Pass(rules.acting_seats(s.state)[0]))
    app = BarbearianApp(players=2, seats=["human", "human"], seed=1)
    app.files.load_bytes("game.json", json.dumps(s.to_json()).encode())
    for seat, plan in ((1, ((1, "farm"), (2, "temple"), (3, "barracks_1"))), (0, ((6, "battleground:blue"), (1, "barracks_1"), (2, "temple")))):
        assert app.take_screen(seat) and private_seat(app) == app.table.state.clan(seat)
        for face, space in plan:
            assert app.place(seat, face, space), app.status.value
        find(app, "bb-ready").click()
    run_narration(app)
    seen = []
    for _ in range(6):
        phase = app.table.state.phase
        if phase not in ("window", "loot", "give"):
            break
        assert private_seat(app) is None and app.table.hot.holder is None, phase
        pick = {"window": "bb-pass", "loot": "bb-stealresources", "give": "bb-giveresources"}[phase]
        find(app, pick).click()
        seen.append(phase)
        run_narration(app)
        assert private_seat(app) is None, (phase, app.table.state.phase)
    assert seen[0] == "window" and seen[-2:] == ["loot", "give"], seen  # each side may Empower first


def visible_text(html: str) -> str:
    """What a reader sees of some HTML: the text without tags, entities decoded, spaces collapsed."""
    from html import unescape
    return " ".join(unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def test_a_load_refusal_reads_as_two_sentences(app):
    import json
    app.files.load_bytes("deck.json", json.dumps(sample_deck().to_json()).encode())
    text = visible_text(app.files.message.value)
    assert "loads saved games only. The game in progress is unchanged." in text, text
    app.files.load_bytes("x.json", b'{"format": "rules-explorer-save", "game": "barbearian"}')
    text = visible_text(app.files.message.value)
    assert re.search(r"\(expected 1\)\. The game in progress is unchanged\.", text), text


def test_the_replay_shows_only_its_labelled_buttons(app):
    """The Play widget ticks the replay in the browser; its own play/stop icons have no words, so it stays
    hidden and Replay / Stop (with words and hover texts) start and stop it."""
    play_round_one(app)
    run_narration(app)
    find(app, "bb-stealglory").click()  # a step after the last secret: there is history to replay
    run_narration(app)
    bar = app.history
    assert bar.replay_label.layout.display is None and bar.slider.layout.display is None  # there is history
    assert bar.replay.layout.display == "none"
    shown = [b for b in (bar.replay_button, bar.stop_button) if b.layout.display != "none"]
    assert [(b.description, bool(b.tooltip)) for b in shown] == [("Replay", True), ("Stop", True)]


def play_a_clash(app):
    """Round 1 with a mutual raid: Blue sends its 5 at Red, keeps 4 in its Barracks and farms its 2; Red sends
    its 4 at Blue, keeps a 3 in its Barracks and farms the other 3."""
    play_round(app, ((5, "battleground-red"), (4, "barracks-1"), (2, "farm")),
               ((4, "battleground-blue"), (3, "barracks-1"), (3, "farm")))


def test_a_raid_the_clash_stops_says_so(app):
    """Brawl Phase 2: "subtract the value of the smaller force from it, and then remove that smaller force ...
    The remainder of the larger force attempts to raid the village with their reduced numbers." Blue's 5 would
    break Red's Barracks of 3 alone; after Red's 4 it goes on with 1: the 0% says the clash is the reason."""
    play_a_clash(app)
    text = visible_text(app.odds_note.value)
    assert app.table.state.name(app._focus_seat()) == "Red"  # the chart is Red's (the first human seat)
    assert ("Chance your raid on Blue breaks through: 0%. The clash comes first (Brawl Phase 2): Blue's 5 removes "
            "your 4, so no raid reaches Blue's Barracks.") in text, text
    assert ("Chance Blue's raid breaks your Barracks: 0%. The clash comes first (Brawl Phase 2): your 4 leaves Blue's 5 "
            "with 1, short of your Barracks of 3; without the clash the 5 would break it.") in text, text


def forces_drawn(app, clan):
    """Per Battleground space of the clan's village: "gone" (faded) or the strength the drawing labels."""
    village = app.villages.value.split(f'data-clan="{clan}" data-glory=', 1)[1].split('class="bb-village ', 1)[0]
    gone = re.findall(r'class="bb-force-gone".*?data-space="([^"]+)"', village)
    standing = re.findall(r'class="bb-force" data-strength="(\d+)"><g class="bb-placed" data-space="([^"]+)"', village)
    return {**{space: "gone" for space in gone}, **{space: int(n) for n, space in standing}}


def test_during_the_brawl_the_board_follows_the_log(app):
    """Brawl Phase 2: "subtract the value of the smaller force from it, and then remove that smaller force from the
    Battleground." Once the log says Red's force is removed, the board no longer shows it standing, and Blue's
    force shows what is left of it."""
    play_a_clash(app)
    assert "reveals" in app.actions.children[0].value  # step 1: the screens come off, both forces stand
    assert forces_drawn(app, "red") == {"battleground:blue": 4} and forces_drawn(app, "blue") == {"battleground:red": 5}
    find(app, "bb-next").click()
    assert "Red&#x27;s force is removed; Blue goes on with 1" in app.actions.children[0].value
    assert forces_drawn(app, "red") == {"battleground:blue": "gone"}
    assert forces_drawn(app, "blue") == {"battleground:red": 1}
    find(app, "bb-next").click()  # Blue's 1 meets Red's Barracks of 3: its raid is over
    assert "the raid is repelled" in app.actions.children[0].value
    assert forces_drawn(app, "blue") == {"battleground:red": "gone"}
    run_narration(app)
    engine_state = app.table.state
    assert engine_state.round == 2 and app.shown_state().round == 2  # the narration ends on the game's state
