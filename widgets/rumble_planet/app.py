"""The Rumble Planet dashboard: the drawn Green with a reachability heat map, hot-seat play for 2-4 seats.

Widgets hold no rules: the actions come from the engine's legal actions, every click goes through
``Session.play``, the heat map and odds come from ``explorer.rumble_planet.odds``.
"""
from __future__ import annotations

import base64
import json
import logging
from html import escape

import ipywidgets as w

from explorer.core import IllegalAction, Session
from explorer.core.events import count
from explorer.rumble_planet import Attack, Move, PlaceAt, describe_action, draw, rules
from explorer.rumble_planet.odds import (
    attack_odds,
    attack_options,
    attack_value,
    reachable,
)
from explorer.rumble_planet.words import decision

from ..files import FilePicker, check_game
from ..history import HistoryBar
from ..log import EventLog
from ..odds import OddsChart
from ..theme import CSS
from .board import BoardView, heat_cells, overlay
from .routes import RoutePicker, moved_text, offer_text
from .shop import ShopBar
from explorer.rumble_planet.bots import BOTS

from .table import HUMAN, Table, check_seats
from .views import RP_CSS, boards_html, latest_html, legend_html, pp_hp_track

log = logging.getLogger(__name__)
GAME = "rumble-planet"
SEAT_LABELS = [("Human", HUMAN)] + [(f"{kind.capitalize()} bot", kind) for kind in BOTS]


class RumblePlanetApp(w.VBox):
    """One game of Rumble Planet around one screen.

    Args:
        players: 2, 3 or 4.
        seats: "human" or a bot's name in ``bots.BOTS`` ("greedy", "random", "search") per seat (default: all human).
        seed: seed of the dice, the decks and the bots (None: a fresh one).
        side: board side "A" or "B".
    """

    def __init__(self, players: int = 2, seats=None, seed: int | None = None, side: str = "A"):
        super().__init__()
        self.add_class("rp-app")
        seats = check_seats(players, seats)
        self.table = Table(players, seats, seed, side)
        self.table.start()
        self.bots_paused = False
        self.selected: str | None = None
        self._build_controls(players, seats, seed, side)
        self.board = BoardView()
        self.board.add_class("rp-board")
        self.board.observe(self._safe(lambda c: self.click_space(c["new"].split("#")[0])), "clicked")
        self.legend = w.HTML(legend_html())
        self.header = self._html("rp-header")
        self.status = self._html("rp-status")
        self.actions = w.Dropdown(options=[], description="Action", layout=w.Layout(width="100%"))
        self.actions.add_class("rp-actions")
        self.play_button = self._button("Play", "rp-play", "primary", lambda: self.play_selected())
        self.table_dice = w.Checkbox(value=False, description="Table dice (type the faces you rolled)", indent=False)
        self.table_dice.add_class("rp-table-dice")
        self.outcome = w.Dropdown(options=[], description="Outcome", layout=w.Layout(width="100%", display="none"))
        self.outcome.add_class("rp-outcome")
        self.bots_button = self._button("Let the bots move", "rp-bots", "warning", lambda: self.let_bots_move())
        self.actions.observe(lambda _: self._show_outcomes(), "value")
        self.table_dice.observe(lambda _: self._show_outcomes(), "value")
        self.attack_pick = w.Dropdown(options=[], description="Odds of", layout=w.Layout(width="100%"))
        self.attack_pick.add_class("rp-attack-pick")
        self._quiet = False
        self.attack_pick.observe(self._safe(lambda _: None if self._quiet else self._show_odds()), "value")
        # SVG in an HTML widget, whose value is the whole picture: a view drawn late still shows the latest attack (a
        # plotly FigureWidget sends changes as deltas a late view can miss). One colour: chances, not choices.
        self.chart = OddsChart("", [], [], value_max=1.0, fmt="{:.0%}", width=350, highlight="")
        self.chart.widget.add_class("rp-chart")
        self.odds_note = self._html("rp-odds-note")
        self.boards = self._html("rp-boards")
        self.track = self._html("rp-pp-hp")
        self.event_log = EventLog()
        self.history = HistoryBar(self.table.session, self._safe(self._history_moved))
        self.save_button = self._button("Save game", "rp-save", "", lambda: self._offer_save())
        self.save_link = self._html("rp-save-link")
        self.files = FilePicker(self._load_file, description="Load a saved game")
        self.routes = RoutePicker()
        self.shop = ShopBar(self._safe(self._buy))
        self.latest = self._html("rp-latest")
        self._layout()
        self._after_human()

    # -- construction ---------------------------------------------------------------------------------
    @staticmethod
    def _html(css_class: str) -> w.HTML:
        h = w.HTML()
        h.add_class(css_class)
        return h

    def _button(self, text: str, cls: str, style: str, fn) -> w.Button:
        b = w.Button(description=text, button_style=style, layout=w.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _: self._safe(fn)())
        return b

    def _build_controls(self, players, seats, seed, side) -> None:
        self.players_box = w.Dropdown(options=[2, 3, 4], value=players, description="Players", layout=w.Layout(width="140px"))
        self.side_box = w.Dropdown(options=[("side A", "A"), ("side B", "B")], value=side, description="Board",
                                   layout=w.Layout(width="170px"))
        self.seed_box = w.IntText(value=seed or 0, description="Seed", layout=w.Layout(width="150px"))
        self.seed_box.add_class("rp-seed")
        self.seat_boxes = []
        for i in range(4):
            box = w.Dropdown(options=SEAT_LABELS, value=seats[i] if i < len(seats) else HUMAN, description=f"Seat {i + 1}",
                             layout=w.Layout(width="190px"))
            box.add_class(f"rp-seat-{i}-kind")
            self.seat_boxes.append(box)
        self.new_button = self._button("New game", "rp-new-game", "primary", lambda: self._new_from_controls())
        self.players_box.observe(lambda _: self._relabel(), "value")
        self.controls = w.VBox([w.HBox([self.players_box, self.side_box, self.seed_box, self.new_button],
                                       layout=w.Layout(flex_flow="row wrap")),
                                w.HBox(self.seat_boxes, layout=w.Layout(flex_flow="row wrap"))])
        self.controls.add_class("rp-controls")
        self._relabel()

    def _relabel(self) -> None:
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if i < self.players_box.value else "none"

    def _layout(self) -> None:
        play = w.VBox([self.header, self.actions, self.table_dice, self.outcome,
                       w.HBox([self.play_button, self.bots_button], layout=w.Layout(flex_flow="row wrap")), self.status, self.routes,
                       self.shop, self.latest, self.attack_pick, self.chart.widget, self.odds_note])
        play.add_class("rp-side")
        left = w.VBox([self.board, self.legend], layout=w.Layout(flex="1 1 340px", max_width="520px", min_width="0"))
        main = w.HBox([left, play], layout=w.Layout(flex_flow="row wrap", width="100%"))
        main.add_class("rp-main")
        files = w.VBox([w.HBox([self.save_button, self.save_link], layout=w.Layout(flex_flow="row wrap")), self.files])
        self.children = (w.HTML(CSS + RP_CSS + "<h2>Rumble Planet</h2>"), self.controls, main, self.track, self.boards,
                         self.history, files, w.HTML("<b>Event log</b> (newest first)"), self.event_log)

    # -- safety: a hosted dashboard shows a sentence, never a traceback -------------------------------------
    def _safe(self, fn):
        def run(*args):
            try:
                return fn(*args)
            except IllegalAction as e:
                self._error(f"Not allowed: {e}")
            except Exception as e:
                log.exception("Rumble Planet dashboard")
                self._error(f"Something went wrong ({type(e).__name__}: {e}); the game is unchanged.")
            return False
        return run

    def _error(self, text: str) -> None:
        self.status.value = f'<span class="rx-error">{escape(text)}</span>'

    # -- games ------------------------------------------------------------------------------------------
    def _new_from_controls(self) -> None:
        n = self.players_box.value
        self.new_game(n, [b.value for b in self.seat_boxes[:n]], self.seed_box.value or None, self.side_box.value)

    def new_game(self, players: int = 2, seats=None, seed: int | None = None, side: str = "A") -> None:
        """Start again (seed None: a fresh one)."""
        self.table = Table(players, seats, seed, side)
        self.table.start()
        self.history.attach(self.table.session)
        self.selected = None
        self.bots_paused = False
        self._after_human()
        self.status.value = f"New game: {players} players, side {side}, seed {self.table.session.seed}."

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def state(self):
        return self.table.state

    # -- playing -----------------------------------------------------------------------------------------
    def human_to_move(self) -> bool:
        seat = self.table.to_move()
        return seat != rules.TERMINAL and self.table.bots[seat] is None

    def act(self, action, outcome=None) -> bool:
        """Play one action for the seat to move; an illegal one shows the engine's reason and changes nothing."""
        return bool(self._safe(self._act)(action, outcome))

    def _act(self, action, outcome=None) -> bool:
        if not self.human_to_move():
            raise IllegalAction("it is a bot's turn: click 'Let the bots move'")
        self.table.play(action, outcome)
        self.routes.clear()
        self.status.value = f"Played: {escape(self._said(action))}."
        self._after_human()
        return True

    def _said(self, action) -> str:
        before = self.session.steps[-2].state if len(self.session.steps) >= 2 else self.state
        return describe_action(before, action)

    def _after_human(self) -> None:
        if not self.bots_paused:
            self.table.run_bots()
        self.refresh()

    def play_selected(self) -> bool:
        action = self.chosen_action()
        if action is None:
            self._error("Nothing to play: no action is selected.")
            return False
        outcome = None
        if self.table_dice.value and self.outcome.layout.display != "none" and self.outcome.value is not None:
            outcome = self.outcome.value
        return self.act(action, outcome)

    def click_space(self, space: str) -> bool:
        """A click on the Green: place there, move there (step by step), or pick the Hero there as the attack target."""
        return bool(self._safe(self._click)(space))

    def _click(self, space: str) -> bool:
        self.selected = space
        self.routes.clear()
        if not self.human_to_move():
            self._error("It is a bot's turn: click 'Let the bots move'.")
            self.refresh()
            return False
        legal = self.session.legal_actions()
        if PlaceAt(space) in legal:
            return self._act(PlaceAt(space))
        spot = reachable(self.state, with_attacks=False).get(space) if not self.state.pending else None
        if spot is not None and spot.cheapest.path and self.state.turn.phase == "preparation":
            self.status.value = (f"{escape(space)} is within reach this turn: play <b>End the Preparation Phase</b> "
                                 "first, then click it to move.")
            self.refresh(keep_action=True)
            return False
        if spot is not None and spot.cheapest.path:
            if len(spot.routes) == 1:
                return self._walk(spot.cheapest)
            self.routes.offer(spot, self._safe(self._walk))
            self.status.value = escape(offer_text(spot))
            self.refresh(keep_action=True)
            return True
        targets = [a for a in attack_options(self.state) if a.target == space]
        if targets:
            self.attack_pick.value = self.attacks.index(targets[0])
            if targets[0] in self.legal:
                self.actions.value = self.legal.index(targets[0])
            self.status.value = f"Target {escape(space)} chosen: press Play to attack."
            self.refresh(keep_action=True)
            return True
        self.status.value = f"No move, placement or attack at {escape(space)} for the player to move."
        self.refresh(keep_action=True)
        return False

    def choose_route(self, safest: bool) -> bool:
        """Take the route offered for the last space clicked (the safest or the cheapest)."""
        if not self.routes.offered:
            self._error("No route is offered: click a space first.")
            return False
        return bool(self._safe(self._walk)(self.routes.offered[1 if safest else 0]))

    def _walk(self, route) -> bool:
        """Play a route's Moves; the status says where the Hero ended, the MP spent and the Injuries suffered."""
        seat, before = self.state.active, self.state
        for to in route.path:
            if self.state.active != seat or self.state.pending or self.state.player(seat).space is None:
                break
            self.table.play(Move(to))
        self.routes.clear()
        self.status.value = escape(moved_text(before, self.state, seat))
        self._after_human()
        return True

    def _buy(self, action) -> bool:
        """A shop button: buy at once, or with table dice select the purchase so the card drawn can be typed."""
        if self.table_dice.value and action in self.legal:
            self.actions.value = self.legal.index(action)
            self.status.value = "Choose the card you drew as the Outcome, then press Play."
            return True
        return self._act(action)

    def let_bots_move(self) -> None:
        self.bots_paused = False
        self.table.run_bots()
        self.refresh()

    def _history_moved(self) -> None:
        self.bots_paused = self.table.bot_to_move()
        self.status.value = ""
        self.routes.clear()
        self.refresh()

    # -- files -------------------------------------------------------------------------------------------
    def _offer_save(self) -> None:
        payload = base64.b64encode(json.dumps(self.session.to_json()).encode()).decode()
        self.save_link.value = (f'<a class="rp-download" download="rumble-planet-{self.session.seed}.json" '
                                f'href="data:application/json;base64,{payload}">Download the saved game</a>')

    def _load_file(self, name: str, data: dict) -> str:
        check_game(data, GAME)  # another game's file is named by its title, with the dashboard that opens it
        if data.get("format") != "rules-explorer-save":
            raise ValueError("this is a deck; the Rumble Planet dashboard plays the sample content and loads saved games only")
        session = Session.from_json(data)
        n = len(session.state.players)
        seats = [b.value for b in self.seat_boxes[:n]] if n == self.players_box.value else [HUMAN] * n
        self.table = Table(n, seats, session=session)
        self.history.attach(session)
        self.bots_paused = self.table.bot_to_move()
        self.refresh()
        return f"Loaded saved game {name} at step {session.cursor}."

    # -- views -------------------------------------------------------------------------------------------
    def heat_cells(self) -> dict:
        """The overlay: each reachable space with its MP, Injuries on the way and attack value."""
        return heat_cells(self.state)

    def refresh(self, keep_action: bool = False) -> None:
        s = self.state
        svg = draw(s, size=440, title=None)
        self.board.svg = overlay(svg, self.heat_cells(), self.selected)
        self.header.value = self._header()
        legal = self.session.legal_actions() if self.human_to_move() else []
        keep = self.chosen_action() if keep_action else None
        self.legal = legal
        self.actions.value = None
        self.actions.options = [(describe_action(s, a), i) for i, a in enumerate(legal)]
        self.actions.value = legal.index(keep) if keep in legal else (0 if legal else None)
        self.actions.disabled = self.play_button.disabled = not legal
        self.bots_button.layout.display = None if self.table.bot_to_move() else "none"
        self._show_outcomes()
        current = self.chosen_attack()
        self.attacks = list(attack_options(s))
        self._quiet = True
        self.attack_pick.options = [(describe_action(s, a), i) for i, a in enumerate(self.attacks)]
        self.attack_pick.value = self.attacks.index(current) if current in self.attacks else (0 if self.attacks else None)
        self.attack_pick.layout.display = None if self.attacks else "none"  # no empty list when nothing is in range
        self._quiet = False
        self._show_odds()
        self.boards.value = boards_html(self.table.seen())  # another seat's hand stays in the kernel
        self.track.value = pp_hp_track(s)
        self.history.refresh()
        self.event_log.show(self.session.events)  # oldest first in, newest first shown
        self.shop.show(s, legal, self.human_to_move())
        self.latest.value = latest_html(self.session.events)

    def _header(self) -> str:
        s = self.state
        if s.stage == "over":
            return f'<div class="rp-over"><b>The game is over: {escape(s.result)}.</b></div>'
        if s.stage in ("setup", "deploy"):
            return f'<div class="rp-turn">The game is being set up ({escape(s.stage)}): press Play.</div>'
        seat = rules.current_player(s)
        who = "bot" if self.table.bots[seat] is not None else "human"
        phase = s.turn.phase if not s.pending else decision(s.pending[0].kind) + " decision"
        return (f'<div class="rp-turn" data-seat="{seat}">Round {s.round}: <b>{escape(s.name(s.active))}</b>\'s turn, '
                f'{escape(phase)}; <b>{escape(s.name(seat))}</b> ({who}) to decide.</div>')

    def chosen_action(self):
        i = self.actions.value
        return self.legal[i] if i is not None and i < len(self.legal) else None

    def chosen_attack(self):
        i = self.attack_pick.value
        return self.attacks[i] if i is not None and i < len(self.attacks) else None

    def _show_outcomes(self) -> None:
        a = self.chosen_action()
        faces = self.table.chance_faces(a) if (self.table_dice.value and a is not None) else None
        if faces:
            if [v for _, v in self.outcome.options] != list(faces):
                self.outcome.options = [(self._face_label(f), f) for f in faces]
                self.outcome.value = faces[0]
            self.outcome.layout.display = None
        else:
            self.outcome.layout.display = "none"

    def _face_label(self, face) -> str:
        """A card drawn shows its name (a GPS card its id and spaces); a die face shows itself."""
        try:
            card = self.state.content.card(face)
        except (KeyError, TypeError):
            return str(face)
        name = getattr(card, "name", None)
        if name:
            return f"{name} ({face})"
        spaces = getattr(card, "face", None)
        return f"{face}: " + ", ".join(f"{k} {v}" for k, v in dict(spaces).items()) if spaces else str(face)

    def _show_odds(self) -> None:
        s, a = self.state, self.chosen_attack()
        if a is None or not isinstance(a, Attack) or a not in attack_options(s):
            self.chart.update([], [], title="No attack in range")
            self.chart.widget.layout.display = "none"  # the note says so; no empty chart
            self.odds_note.value = '<span class="rx-small">No target is in range of an unused weapon right now.</span>'
            return
        odds = attack_odds(s, a.weapon, a.target)
        self.chart.widget.layout.display = None
        first = odds.targets[0]
        self.chart.update([count(k, "Injury", "Injuries") for k, _ in first.injuries],
                          [float(p) for _, p in first.injuries], title=f"{odds.weapon} on {first.label.split(' at ')[0]}")
        lines = [f"<b>{escape(t.label)}</b>: {float(t.expected):.2f} expected Injuries, "
                 f"{float(t.knockout):.1%} {'destroyed' if t.tile else 'knocked out'}; by face: "
                 + ", ".join(f"{f} {n}" for f, n in t.by_face) for t in odds.targets]
        if len(odds.targets) > 1:
            lines.append("Knocked out by this one die: " + ", ".join(f"{k}: {float(p):.1%}" for k, p in odds.knockouts))
        best = attack_value(s)
        start = ""
        if best.first is not None:
            weapon, aim = best.first
            space = s.player(aim).space if isinstance(aim, int) else aim
            start = f" Start with: {describe_action(s, Attack(weapon, space))}."
        lines.append(f"Best use of this turn's attacks: {best.knockout:.1%} to knock someone out, "
                     f"{best.expected_injuries:.2f} expected Injuries.{escape(start)}")
        self.odds_note.value = ('<div class="rx-small">The chart: chance of each number of Injuries to the first target '
                                '(the attack die picks the body part; armour covering it adds its Defense, a critical ignores '
                                'all Defense).<br>' + "<br>".join(lines) + "</div>")

