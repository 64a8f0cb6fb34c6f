"""The Proving Grounds app: real-time play, study mode and table-dice mode, with live odds (``live_odds``).

Widgets hold no rules: every button comes from ``legal_actions`` and every click calls
``Session.play``; odds come from ``explorer.proving_grounds.odds.advice``, worked out off the
click's thread (``widgets.background``) and cached per state, so a click never waits for them.
"""
from __future__ import annotations

import re
from html import escape as _esc

import ipywidgets as w

from explorer.core import IllegalAction, Session
from explorer.core.errors import ContentError
from explorer.proving_grounds import MODULES, Options, Reroll, Roll, SetUp, Stop, TimeUp
from explorer.proving_grounds import state as pg
from explorer.proving_grounds.board import describe_action
from explorer.proving_grounds.cards import deck_from_json, sample_deck
from explorer.proving_grounds.modules import moon_slot
from explorer.proving_grounds.odds import advice
from explorer.proving_grounds.rules import chance
from explorer.proving_grounds.state import colour

from ..clock import Countdown
from ..closing import replace_children
from ..dice import DiceTray
from ..files import FilePicker, check_game, save_link_html
from ..history import HistoryBar
from ..log import EventLog
from ..theme import CSS
from .board_view import dragonling_tray_html, encounter_board_html, player_area_html, quality_report_html
from .live_odds import LiveOdds
from .prompts import decision_note

GAME = "proving-grounds"
MODE_LABELS = [("Real time", "real"), ("Study", "study"), ("Table dice", "table")]
MODE_TIPS = ["60-second clock, rerolls as fast as you can click", "no clock: the round allows a number of rerolls",
             "roll real dice and type the faces"]
MODE_NOTES = {"real": "the 60-second clock starts with your next roll",
              "study": "no clock: the round allows the rerolls set at New game",
              "table": "type the faces of your real dice"}
MODULE_TIPS = {  # each module's rule in a sentence (The Modules), shown on hover
    "dragonling": "Module 1: The Dragonling. A ninth die rolls with the others and rerolls along with a set; after "
                  "the rolling its talon, tail or teeth joins an attack on an enemy with that icon, its wing keeps "
                  "one single's marker from moving down, and chaos rerolls every coloured die.",
    "chariots": "Module 2: Chariots. While you roll, place the dice a chariot card asks for (one number, or any "
                "pair) on it; a chariot left without them acts against you before the attacks.",
    "inspiration": "Module 3: Inspiration Powers. You draw one inspiration card at the start; its power helps "
                   "you for the whole game.",
    "shields": "Module 4: Shields. A set without the right dice raises the enemy's shield; a single then breaks "
               "it, and any set against a shielded enemy moves its marker down.",
    "conspirators": "Module 5: Conspirators. Each defeat reveals a conspirator; every round starts with one die "
                    "roll, and a revealed conspirator with that number acts this round.",
    "sun_and_moon": "Module 6: Sun and Moon. Each round Maia faces a new enemy: hit it and you gain a coloured "
                    "die for next round; miss the enemy behind her and its marker moves down.",
}
MODULE_LABELS = {"dragonling": "Dragonling", "chariots": "Chariots", "inspiration": "Inspiration",
                 "shields": "Shields", "conspirators": "Conspirators", "sun_and_moon": "Sun and Moon"}


# On a phone the two columns stack: the play column's parts join the main row (display: contents) so the odds
# come right after the dice and their buttons, before the board and the player's area (one column each).
PHONE_CSS = """<style>
@media (max-width:560px) {
  .proving-grounds-app .main-row > .play-column {display:contents !important}
  .proving-grounds-app .main-row > .play-column > *, .proving-grounds-app .main-row > .odds-column
    {flex:1 1 100% !important; max-width:100% !important}
  .proving-grounds-app .main-row > .odds-column {order:1}
  .proving-grounds-app .main-row > .play-column > .board, .proving-grounds-app .main-row > .play-column > .player-area
    {order:2}
}
</style>"""


def wrap_row(children, cls: str = "") -> w.HBox:
    """A row that wraps onto the next line on a narrow screen."""
    box = w.HBox(children, layout=w.Layout(flex_flow="row wrap", max_width="100%"))
    box.add_class("rx-wrap")
    if cls:
        box.add_class(cls)
    return box


def module_toggle(module: str, value: bool) -> w.ToggleButton:
    """A module's on/off switch. A toggle button, not a checkbox: a checkbox with words shows its own words on
    hover (ipywidgets 8 puts them in the title), so the module's rule could never be read there."""
    b = w.ToggleButton(value=value, description=MODULE_LABELS[module], tooltip=MODULE_TIPS[module],
                       layout=w.Layout(width="auto"))
    b.add_class("module-toggle")
    b.add_class(f"module-{module}")

    def mark(_=None):
        b.icon = "check-square-o" if b.value else "square-o"
    mark()
    b.observe(mark, "value")
    return b


def action_tip(action, label: str) -> str:
    """What a choice's button does, in the rulebook's words and with its section (the hover text)."""
    match action:
        case pg.RotateDial(slot=n):
            return (f"Turn the sun and moon dial so that Maia faces enemy #{n} this round (the moon is then "
                    f"#{moon_slot(n)}). Module 6: Sun and Moon")
        case pg.Roll():
            return "Roll every die in your dice pool. Step 1: Roll Dice"
        case pg.Reroll(face=f, dragonling=True):
            return f"Reroll the set of {f}s and the dragonling die together. Module 1: The Dragonling"
        case pg.Stop():
            return "Stop rolling and resolve your attacks. Step 2: Resolve Attacks"
        case pg.TimeUp():
            return "The timer has ended: resolve your attacks. Step 2: Resolve Attacks"
        case pg.PlaceOnChariot():
            return "Place these dice on the chariot card to stop its effect. Module 2: Chariots"
        case pg.AssignDragonling(slot=None):
            return "Leave the dragonling result unused. Module 1: The Dragonling"
        case pg.AssignDragonling():
            return f"{label}: the dragonling die joins the attack on that enemy. Module 1: The Dragonling"
        case pg.TakeSunDie():
            return f"{label} into your dice pool for next round. Module 6: Sun and Moon, Sun Effects"
    return label


class ProvingGroundsApp(w.VBox):
    """One game of Proving Grounds in a notebook or a Voila dashboard.

    Args:
        mode: "real" (60-second countdown), "study" (no clock; the timer counts rerolls) or
            "table" (type the faces you rolled with real dice).
        seed: seed of the session's generator (None: a fresh one).
        show_odds: show the live odds from the start (off by default: no spoilers).
        threaded: work the odds out off the click's thread (False: at once, for scripts and tests).
    """

    def __init__(self, options: Options | None = None, deck=None, seed: int | None = None,
                 mode: str = "study", show_odds: bool = False, rerolls: int = 10, threaded: bool = True):
        super().__init__()
        self.add_class("proving-grounds-app")
        self.deck = deck or sample_deck()
        options = options or Options(timer_rerolls=None if mode == "real" else rerolls)
        # -- controls
        self.mode = w.ToggleButtons(options=MODE_LABELS, value=mode, description="Mode", tooltips=MODE_TIPS,
                                    tooltip="How you play: against the clock, with a set number of rerolls, or with real dice",
                                    style={"button_width": "auto"})
        self.mode.add_class("mode")
        self.seed = w.IntText(value=seed or 0, description="Seed", layout=w.Layout(width="170px"),
                              tooltip="The seed of the dice for New game; 0 picks a fresh random seed")
        self.seed.add_class("seed")
        self.seed_note = w.HTML()
        self.seed_note.add_class("seed-note")
        self.rerolls = w.BoundedIntText(value=options.timer_rerolls or rerolls, min=0, max=30,
                                        description="Rerolls", layout=w.Layout(width="170px"),
                                        tooltip="Study and table dice: set rerolls each round allows (from New game)")
        self.module_boxes = {m: module_toggle(m, getattr(options, m)) for m in MODULES}
        self.new_game_button = w.Button(description="New game", button_style="primary", icon="refresh",
                                        tooltip="Start again with the mode, seed, rerolls and modules above")
        self.new_game_button.add_class("new-game")
        self.new_game_button.on_click(lambda _: self.new_game())
        # -- play area
        self.board = w.HTML(layout=w.Layout(max_width="100%"))
        self.board.add_class("board")
        self.area = w.HTML(layout=w.Layout(max_width="100%"))
        self.area.add_class("player-area")
        self.tray = DiceTray(on_reroll=lambda f: self.act(Reroll(f)))
        self.actions = wrap_row([], "actions")
        self._actions_key = None
        self._action_buttons: dict = {}  # (action, label) -> its button, for the choices shown
        self.actions_note = w.HTML()
        self.actions_note.add_class("actions-note")
        self.table_hint = w.HTML()
        self.table_hint.add_class("table-hint")
        self.table_faces = w.Text(placeholder="e.g. 1 1 3 3 4 5 6 6", description="Faces",
                                  tooltip="The faces your real dice show, in the order given above", layout=w.Layout(width="320px", max_width="100%"))
        self.table_faces.add_class("table-faces")
        self.table_dragon = w.Dropdown(options=["talon", "tail", "teeth", "wing", "chaos"], description="Dragonling",
                                       tooltip="The result your real dragonling die shows", layout=w.Layout(width="200px"))
        self.clock = Countdown(60, on_time_up=self._time_up)
        self._clock_step = None  # the step the clock stopped at (its words are for that state)
        self.status = w.HTML()
        self.status.add_class("status")
        # -- odds
        self.odds_toggle = w.ToggleButton(value=show_odds, description="Show odds", icon="bar-chart",
                                          tooltip="The exact value of every choice and each enemy's chance to be hit")
        self.odds_toggle.add_class("odds-toggle")
        self.odds_toggle.observe(lambda _: self.refresh(), "value")
        self.live = LiveOdds(threaded, self._hit_odds_ready)
        self.odds_chart, self.odds_box, self.odds_note = self.live.chart, self.live.box, self.live.note
        self.odds_worker, self.hit_worker = self.live.odds_worker, self.live.hit_worker
        self.report = w.HTML()
        self.report.add_class("quality-report")
        self.save_link = w.HTML()
        self.save_link.add_class("save-link")
        self.event_log = EventLog()
        self.files = FilePicker(self._load_file)
        self.session = self._new_session(options, seed)
        self.history = HistoryBar(self.session, self.refresh)
        self.mode.observe(self._mode_changed, "value")
        self._layout()
        self._show_seed()
        self.refresh()

    # -- building -----------------------------------------------------------------------------------
    def _layout(self) -> None:
        odds = w.VBox([self.odds_toggle, self.odds_box, self.odds_note],
                      layout=w.Layout(flex="1 1 300px", max_width="440px", min_width="0"))
        odds.add_class("odds-column")
        play = w.VBox([self.clock, self.tray, self.actions_note, self.actions, self.table_hint,
                       wrap_row([self.table_faces, self.table_dragon]), self.status, self.board, self.area],
                      layout=w.Layout(flex="3 1 560px", min_width="0", max_width="100%"))
        play.add_class("play-column")
        self.children = (
            w.HTML(CSS + PHONE_CSS + '<h2 class="rx-title">Proving Grounds</h2>'),
            wrap_row([self.mode]), wrap_row([self.seed, self.seed_note, self.rerolls, self.new_game_button]),
            wrap_row(list(self.module_boxes.values())),
            wrap_row([play, odds], "main-row"),
            self.history, self.report,
            wrap_row([self.save_link, self.files], "files-row"),
            w.HTML("<b>Event log</b> <span class=\"rx-small\">(newest first)</span>"), self.event_log,
        )

    def _options_from_controls(self) -> Options:
        timer = None if self.mode.value == "real" else self.rerolls.value
        return Options(**{m: b.value for m, b in self.module_boxes.items()}, timer_rerolls=timer)

    def _new_session(self, options: Options, seed: int | None) -> Session:
        s = Session(GAME, options, self.deck, seed=seed)
        s.play(SetUp())
        return s

    def _show_seed(self) -> None:
        self.seed_note.value = (f'<span class="rx-small">this game: seed <b class="seed-used">{self.session.seed}</b> '
                                f'&middot; Seed 0 = a fresh random seed</span>')

    def new_game(self) -> None:
        """Start again with the options and seed in the controls (seed 0: a fresh random seed)."""
        self.clock.stop()
        self.live.cancel()
        self._clock_step = None
        self.session = self._new_session(self._options_from_controls(), self.seed.value or None)
        self.history.attach(self.session)
        self._show_seed()
        self.status.value = f"New game, seed {self.session.seed}."
        self.files.message.value = ""  # one note at a time: a load's note is about the game before
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
        if self.mode.value == "table":
            self.table_faces.value = ""
        if isinstance(action, Roll) and self.mode.value == "real":
            self.clock.start()
        if self.session.state.phase != "rolling" and self.clock.running:
            self.clock.stop()
            self._clock_step = self.session.cursor  # the clock's own words belong to this step
        self.refresh()
        return True

    def _clock_words(self) -> tuple[str, bool] | None:
        """What the stopped clock says for the state shown (None: its own words, the step it stopped at).

        After Undo, a jump or a load the state shown is not the one the clock stopped at: the header
        follows the state (rolling again with no clock running is not "Time is up")."""
        s, state = self.session, self.session.state
        if s.cursor == self._clock_step:
            return None
        if state.phase == "rolling":
            return "No clock for this roll (back in the history): reroll, then end the rolling", False
        ends = [step.action for step in s.steps if isinstance(step.action, (Roll, Stop, TimeUp))]
        if state.phase in ("setup", "dial", "activation", "roll") or not ends or isinstance(ends[-1], Roll):
            return f"Clock: {self.clock.seconds} s, starts when you roll", False
        return ("Time is up", True) if isinstance(ends[-1], TimeUp) else ("You stopped rolling", False)

    def _typed_outcome(self, action):
        faces = [int(x) for x in re.findall(r"\d+", self.table_faces.value)]
        spec = chance(self.session.state, action)
        parts = dict(getattr(spec, "parts", ()))
        if parts:
            return {"dice": faces, "dragonling": self.table_dragon.value}
        return faces

    def _table_hint(self) -> str:
        """Which faces to type, in which order: the pool's colours for a roll, only the rerolled dice after."""
        state = self.session.state
        if self.mode.value != "table":
            return ""
        order = []
        for c in (colour(d) for d in state.pool):
            if order and order[-1][0] == c:
                order[-1][1] += 1
            else:
                order.append([c, 1])
        words = ", then ".join(f"{n} {c}" if n > 1 else c for c, n in order)
        drag = " Pick the dragonling die's result too." if state.options.dragonling else ""
        return (f'<div class="rx-small"><b>Table dice:</b> roll your real dice, type the faces, then click. '
                f'For <i>Roll</i> type {len(state.pool)} faces in this order: {_esc(words)}.{drag} '
                f'For a <i>Reroll</i> type only the new faces of the rerolled dice, in the same colour order.</div>')

    def _time_up(self) -> None:
        if self.session.state.phase == "rolling":
            # a game that counts rerolls lists no TimeUp: the clock going off ends the rolling all the same
            self.act(TimeUp() if TimeUp() in self.session.legal_actions() else Stop())

    def _mode_changed(self, change) -> None:
        self.clock.stop()
        self.status.value = (f'<span class="rx-small">Mode: <b>{_esc(dict((v, k) for k, v in MODE_LABELS)[change["new"]])}</b>. '
                             f'This game goes on ({MODE_NOTES[change["new"]]}); the reroll limit changes with New game.</span>')
        self.refresh()

    # -- files ----------------------------------------------------------------------------------------
    def _load_file(self, name: str, data: dict) -> str:
        check_game(data, GAME)
        if data.get("format") == "rules-explorer-deck":
            deck = deck_from_json(data, name)
            session = Session(GAME, self._options_from_controls(), deck, seed=self.seed.value or None)
            session.play(SetUp())
            self.deck, self.session = deck, session
            message = f"Loaded deck {name} ({deck.label}); a new game has started."
        elif data.get("format") == "rules-explorer-save":
            session = Session.from_json(data)
            self.deck, self.session = session.content, session
            message = f"Loaded saved game {name} at step {session.cursor}."
        else:
            raise ContentError(name, "file", "format", "is neither a deck ('rules-explorer-deck') nor a saved game ('rules-explorer-save')")
        self.clock.stop()
        self.live.cancel()
        self._clock_step = None
        self.status.value = ""  # the load's note (next to the file picker) replaces a New game's
        self.history.attach(self.session)
        self._show_seed()
        self.refresh()
        return message

    # -- views ----------------------------------------------------------------------------------------
    def refresh(self) -> None:
        s, state = self.session, self.session.state
        # what the click changed goes out first (the dice, then the odds), the larger drawings after
        rerollable = {a.face for a in s.legal_actions() if isinstance(a, Reroll) and not a.dragonling}
        dice = [(colour(d), f) for d, f in state.rolled]
        self.tray.show(dice, rerollable, dragonling_tray_html(state))
        self.live.update(self.session, self._rerolls_left(), self.odds_toggle.value)
        self.board.value = encounter_board_html(state, self.live.hit_odds(state, self._rerolls_left()))
        self.area.value = player_area_html(state)
        clocked = self.mode.value == "real" and self.clock.running  # the clock plays TimeUp itself
        shown = [a for a in s.legal_actions() if not (isinstance(a, Reroll) and not a.dragonling)  # the tray has sets
                 and not (clocked and isinstance(a, TimeUp))]
        self.actions_note.value = decision_note(state, any(isinstance(a, pg.RotateDial) for a in shown))
        key = tuple((a, describe_action(state, a)) for a in shown)
        if key != self._actions_key:  # the same choices as before: keep the buttons (no new widgets per click)
            self._actions_key = key
            # a choice still on offer keeps its button; the buttons replaced are closed (not left in the page)
            buttons = {k: self._action_buttons.get(k) or self._action_button(*k) for k in key}
            self._action_buttons = buttons
            replace_children(self.actions, buttons.values())
        table = self.mode.value == "table"
        self.table_hint.value = self._table_hint()
        self.table_faces.layout.display = self.table_dragon.layout.display = None if table else "none"
        if not state.options.dragonling:
            self.table_dragon.layout.display = "none"
        self.clock.layout.display = None if self.mode.value == "real" else "none"
        words = self._clock_words()
        if words:
            self.clock.show(*words)
        self.history.refresh()
        self.event_log.show(s.events)
        self.save_link.value = save_link_html(s.to_json(), f"proving-grounds-{s.seed}-step{s.cursor}.json")
        if s.is_over():
            self.status.value = f"<b>The game is over: you {s.result()}.</b>"
            self.report.value = quality_report_html(advice.quality_report(s, self.rerolls.value), s.state) if self.odds_toggle.value else ""
        else:
            self.report.value = ""

    def _action_button(self, action, text: str) -> w.Button:
        b = w.Button(description=text, layout=w.Layout(width="auto"), tooltip=action_tip(action, text))
        b.add_class("action")
        b.add_class("action-" + type(action).__name__.lower())
        if isinstance(action, Stop):
            b.button_style = "warning"
        elif isinstance(action, Reroll):
            b.button_style = "info"  # every reroll button looks alike
        elif isinstance(action, Roll):
            b.button_style = "success"
        b.on_click(lambda _, a=action: self.act(a))
        return b

    # -- odds -----------------------------------------------------------------------------------------
    def _hit_odds_ready(self, state, hit_odds) -> None:
        if state is self.session.state:
            self.board.value = encounter_board_html(state, hit_odds)

    def _rerolls_left(self) -> int:
        state = self.session.state
        budget = state.options.timer_rerolls
        if budget is None:
            budget = self.rerolls.value
        return max(0, budget - state.rerolls)
