"""The Proving Grounds app: real-time play, study mode and table-dice mode, with live odds.

Widgets hold no rules: every button comes from ``legal_actions`` and every click calls
``Session.play``; odds come from ``explorer.proving_grounds.odds.advice``.
"""
from __future__ import annotations

import base64
import json
import re
from html import escape as _esc

import ipywidgets as w

from explorer.core import IllegalAction, Session
from explorer.core.errors import ContentError
from explorer.proving_grounds import MODULES, Options, Reroll, Roll, SetUp, Stop, TimeUp
from explorer.proving_grounds.board import describe_action
from explorer.proving_grounds.cards import deck_from_json, sample_deck
from explorer.proving_grounds.odds import advice
from explorer.proving_grounds.rules import chance
from explorer.proving_grounds.state import colour

from ..clock import Countdown
from ..dice import DiceTray
from ..files import FilePicker
from ..history import HistoryBar
from ..log import EventLog
from ..odds import OddsChart
from ..theme import CSS
from .board_view import encounter_board_html, player_area_html, quality_report_html

MODE_LABELS = [("Real time", "real"), ("Study", "study"), ("Table dice", "table")]
MODULE_LABELS = {"dragonling": "Dragonling", "chariots": "Chariots", "inspiration": "Inspiration",
                 "shields": "Shields", "conspirators": "Conspirators", "sun_and_moon": "Sun and Moon"}


class ProvingGroundsApp(w.VBox):
    """One game of Proving Grounds in a notebook or a Voila dashboard.

    Args:
        mode: "real" (60-second countdown), "study" (no clock; the timer counts rerolls) or
            "table" (type the faces you rolled with real dice).
        seed: seed of the session's generator (None: a fresh one).
        show_odds: show the live odds from the start (off by default: no spoilers).
    """

    def __init__(self, options: Options | None = None, deck=None, seed: int | None = None,
                 mode: str = "study", show_odds: bool = False, rerolls: int = 10):
        super().__init__()
        self.add_class("proving-grounds-app")
        self.deck = deck or sample_deck()
        options = options or Options(timer_rerolls=None if mode == "real" else rerolls)
        # -- controls
        self.mode = w.ToggleButtons(options=MODE_LABELS, value=mode, description="Mode")
        self.mode.add_class("mode")
        self.seed = w.IntText(value=seed or 0, description="Seed", layout=w.Layout(width="170px"))
        self.seed.add_class("seed")
        self.rerolls = w.BoundedIntText(value=options.timer_rerolls or rerolls, min=0, max=30,
                                        description="Rerolls", layout=w.Layout(width="170px"))
        self.module_boxes = {m: w.Checkbox(value=getattr(options, m), description=MODULE_LABELS[m], indent=False,
                                           layout=w.Layout(width="120px")) for m in MODULES}
        self.new_game_button = w.Button(description="New game", button_style="primary", icon="refresh")
        self.new_game_button.add_class("new-game")
        self.new_game_button.on_click(lambda _: self.new_game())
        # -- play area
        self.board = w.HTML()
        self.board.add_class("board")
        self.area = w.HTML()
        self.tray = DiceTray(on_reroll=lambda f: self.act(Reroll(f)))
        self.actions = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.actions.add_class("actions")
        self.table_faces = w.Text(placeholder="faces you rolled, e.g. 1 1 3 3 4 5 6 6", description="Table dice",
                                  layout=w.Layout(width="360px"))
        self.table_faces.add_class("table-faces")
        self.table_dragon = w.Dropdown(options=["talon", "tail", "teeth", "wing", "chaos"], description="Dragonling",
                                       layout=w.Layout(width="200px"))
        self.clock = Countdown(60, on_time_up=self._time_up)
        self.status = w.HTML()
        self.status.add_class("status")
        # -- odds
        self.odds_toggle = w.ToggleButton(value=show_odds, description="Show odds", icon="bar-chart")
        self.odds_toggle.add_class("odds-toggle")
        self.odds_toggle.observe(lambda _: self.refresh(), "value")
        # Built on first use, with its data: the page loads no chart code until odds are asked for.
        self.odds_chart: OddsChart | None = None
        self.odds_box = w.VBox()
        self.odds_box.add_class("odds-chart")
        self.odds_note = w.HTML()
        self.report = w.HTML()
        self.report.add_class("quality-report")
        self.save_link = w.HTML()
        self.save_button = w.Button(description="Save game", icon="download")
        self.save_button.on_click(lambda _: self._offer_save())
        self.event_log = EventLog()
        self.files = FilePicker(self._load_file)
        self.session = self._new_session(options, seed)
        self.history = HistoryBar(self.session, self.refresh)
        self.mode.observe(self._mode_changed, "value")
        self._layout()
        self.refresh()

    # -- building -----------------------------------------------------------------------------------
    def _layout(self) -> None:
        options_row = w.HBox([self.seed, self.rerolls, self.new_game_button])
        modules_row = w.HBox(list(self.module_boxes.values()))
        odds_box = w.VBox([self.odds_toggle, self.odds_box, self.odds_note], layout=w.Layout(width="440px"))
        play = w.VBox([self.board, self.area, self.clock, self.tray, self.actions,
                       w.HBox([self.table_faces, self.table_dragon]), self.status])
        self.children = (
            w.HTML(CSS + "<h2>Proving Grounds</h2>"),
            w.HBox([self.mode]), options_row, modules_row,
            w.HBox([play, odds_box]),
            self.history, self.report,
            w.HBox([self.save_button, self.save_link, self.files]),
            w.HTML("<b>Event log</b>"), self.event_log,
        )

    def _options_from_controls(self) -> Options:
        timer = None if self.mode.value == "real" else self.rerolls.value
        return Options(**{m: b.value for m, b in self.module_boxes.items()}, timer_rerolls=timer)

    def _new_session(self, options: Options, seed: int | None) -> Session:
        s = Session("proving-grounds", options, self.deck, seed=seed)
        s.play(SetUp())
        return s

    def new_game(self) -> None:
        """Start again with the options and seed in the controls (seed 0: a fresh random seed)."""
        self.clock.stop()
        self.session = self._new_session(self._options_from_controls(), self.seed.value or None)
        self.history.attach(self.session)
        self.status.value = f"New game, seed {self.session.seed}."
        self.refresh()

    # -- playing --------------------------------------------------------------------------------------
    def act(self, action) -> bool:
        """Play one action; an illegal one shows its reason and changes nothing."""
        outcome = None
        try:
            if self.mode.value == "table" and chance(self.session.state, action) is not None and not isinstance(action, SetUp):
                outcome = self._typed_outcome(action)
            self.session.play(action, outcome)
        except IllegalAction as e:
            self.status.value = f'<span class="rx-error">Not allowed: {_esc(str(e))}</span>'
            return False
        except Exception as e:  # a hosted page shows a sentence, never a traceback; the state is immutable
            self.status.value = f'<span class="rx-error">Something went wrong ({_esc(type(e).__name__)}: {_esc(str(e))}); the game is unchanged.</span>'
            return False
        self.status.value = ""
        if isinstance(action, Roll) and self.mode.value == "real":
            self.clock.start()
        if self.session.state.phase != "rolling":
            self.clock.stop()
        self.refresh()
        return True

    def _typed_outcome(self, action):
        faces = [int(x) for x in re.findall(r"\d+", self.table_faces.value)]
        spec = chance(self.session.state, action)
        parts = dict(getattr(spec, "parts", ()))
        if parts:
            return {"dice": faces, "dragonling": self.table_dragon.value}
        return faces

    def _time_up(self) -> None:
        if self.session.state.phase == "rolling":
            # a game that counts rerolls lists no TimeUp: the clock going off ends the rolling all the same
            self.act(TimeUp() if TimeUp() in self.session.legal_actions() else Stop())

    def _mode_changed(self, change) -> None:
        self.clock.stop()
        self.refresh()

    # -- files ----------------------------------------------------------------------------------------
    def _load_file(self, name: str, data: dict) -> str:
        if data.get("format") == "rules-explorer-deck":
            deck = deck_from_json(data, name)
            session = Session("proving-grounds", self._options_from_controls(), deck, seed=self.seed.value or None)
            session.play(SetUp())
            self.deck, self.session = deck, session
            message = f"Loaded deck {name} ({deck.label}); a new game has started."
        elif data.get("format") == "rules-explorer-save":
            session = Session.from_json(data)
            self.deck, self.session = session.content, session
            message = f"Loaded saved game {name} at step {session.cursor}."
        else:
            raise ContentError(name, "file", "format", "is neither a deck ('rules-explorer-deck') nor a saved game ('rules-explorer-save')")
        self.history.attach(self.session)
        self.refresh()
        return message

    def _offer_save(self) -> None:
        payload = base64.b64encode(json.dumps(self.session.to_json()).encode()).decode()
        self.save_link.value = (f'<a download="proving-grounds-{self.session.seed}.json" '
                                f'href="data:application/json;base64,{payload}">Download the saved game</a>')

    # -- views ----------------------------------------------------------------------------------------
    def refresh(self) -> None:
        s, state = self.session, self.session.state
        odds = self._odds() if self.odds_toggle.value else None
        self.board.value = encounter_board_html(state, odds.hit_odds if odds else None)
        self.area.value = player_area_html(state)
        rerollable = {a.face for a in s.legal_actions() if isinstance(a, Reroll) and not a.dragonling}
        dice = [(colour(d), f) for d, f in state.rolled]
        self.tray.show(dice, rerollable)
        buttons = []
        for action in s.legal_actions():
            if isinstance(action, Reroll) and not action.dragonling:
                continue  # the dice tray has these
            b = w.Button(description=describe_action(state, action), layout=w.Layout(width="auto"))
            b.add_class("action")
            b.add_class("action-" + type(action).__name__.lower())
            if isinstance(action, Stop):
                b.button_style = "warning"
            b.on_click(lambda _, a=action: self.act(a))
            buttons.append(b)
        self.actions.children = buttons
        table = self.mode.value == "table"
        self.table_faces.layout.display = self.table_dragon.layout.display = None if table else "none"
        if not state.options.dragonling:
            self.table_dragon.layout.display = "none"
        self.clock.layout.display = None if self.mode.value == "real" else "none"
        self.history.refresh()
        self.event_log.show(s.events)
        self._show_odds(odds)
        if s.is_over():
            self.status.value = f"<b>The game is over: you {s.result()}.</b>"
            self.report.value = quality_report_html(advice.quality_report(s, self.rerolls.value), s.state) if self.odds_toggle.value else ""
        else:
            self.report.value = ""

    def _odds(self):
        state = self.session.state
        if state.phase != "rolling":
            return None
        try:
            return advice.advise(state, self._rerolls_left())
        except ValueError as e:  # e.g. a pool too large to solve exactly
            self.odds_note.value = f'<span class="rx-error">No exact odds here: {_esc(str(e))}</span>'
            return None

    def _rerolls_left(self) -> int:
        state = self.session.state
        budget = state.options.timer_rerolls
        if budget is None:
            budget = self.rerolls.value
        return max(0, budget - state.rerolls)

    def _show_odds(self, odds) -> None:
        # hidden, not removed: a plotly chart first drawn in a zero-size box keeps zero-size bars
        self.odds_box.layout.visibility = "visible" if self.odds_toggle.value else "hidden"
        if not self.odds_toggle.value:
            self.odds_note.value = ""
            return
        if odds is None:
            if self.session.state.phase != "rolling":  # (while rolling, _odds has said why there are none)
                self.odds_note.value = '<span class="rx-small">The odds appear while you are rolling.</span>'
            return
        labels = [describe_action(self.session.state, a) for a, _ in odds.choices]
        values, title = [v for _, v in odds.choices], f"Value of each choice ({odds.rerolls_left} rerolls left)"
        if self.odds_chart is None:
            self.odds_chart = OddsChart(title, labels, values, y_title="expected net steps")
            self.odds_box.children = (self.odds_chart.widget,)
        else:
            self.odds_chart.update(labels, values, title=title)
        best = odds.best
        self.odds_note.value = (f'<span class="rx-small">Best: <b>{_esc(describe_action(self.session.state, best))}</b>. '
                                f'Values are expected net battle-track steps this round under optimal play.</span>')
