"""The BarBEARian Battlegrounds dashboard: a hot-seat table for 2-4 humans and bots.

Widgets hold no rules: every button comes from the engine's legal actions for the seat in
front of the screen, every click goes through ``HotSeat.play`` (so ``Session.play``), and
the odds come from ``explorer.barbearian.odds``.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from functools import cached_property
from html import escape

import ipywidgets as w

from explorer.barbearian import RollDice, rules, view
from explorer.core import IllegalAction, Session

from ..closing import close_tree, replace_children
from ..files import FilePicker, check_game, save_link_html
from ..log import EventLog
from ..odds import OddsChart
from ..theme import CSS
from .controls import NewGameControls
from .history import GuardedHistoryBar
from .labels import describe_action, phase_label
from .narration import Narrator, traced_states
from .odds_view import raid_odds
from .panels import PlacementBoard, TrialChoice, action_buttons, button
from .table import Table, check_seats
from .views import BB_CSS, forces_html, header_html, reveal_html, roll_html, setup_html, supply_html
from .villages import Villages

log = logging.getLogger(__name__)
AFTER_GATHER = {"Build Phase", "Clean Up Phase", "Gameplay"}  # narrated steps at or after the Build Phase
ODDS_CACHE = 32  # raid odds kept (a few states, each seen by the public and by the seat at the screen)


WAITING = '<span class="rx-small">Waiting for the bots.</span>'


class BarbearianApp(w.VBox):
    """One game of BarBEARian Battlegrounds around one screen.

    Plan: each human keeps a Trial card and places dice behind a "screen" panel ("Pass the
    device to Blue: click when ready"); only the seat at the screen sees its own placements
    and Trial. When everyone is ready the screens come off: each village board shows its dice on their
    spaces (a banner above says so and what each clan sends to the Battleground), and the Brawl, Gather
    and Build resolve one step per "Next" click; Empower, loot and the defender's choice are
    the deciding seat's buttons. Bots play their seats by themselves. With one human seat the
    screen is taken at once (nobody else is looking).

    History: undo, redo and the slider never go back past the last secret committed (a
    ``Ready``, a kept Trial card, a deal), so undo can neither show the next seat what the
    previous one placed nor let anyone place again after the reveal. Undo and redo stop at
    human decisions; after a move through history the bots wait for "Let the bots move".
    Saving: a save file holds every secret, so the download link is made only when "Save game"
    is clicked (never sitting in the page) and says so; loading restores the game with the seats
    chosen in the controls.

    Args:
        players: 2, 3 or 4.
        seats: "human", "random", "greedy" or "odds" per seat (default: all human).
        seed: seed of the dice, the deck and the bots (None: a fresh one).
    """

    def __init__(self, players: int = 2, seats=None, seed: int | None = None):
        super().__init__()
        seats = check_seats(players, seats)
        self.add_class("bb-app")
        self.controls = NewGameControls(players, seats, seed, self._start_clicked)
        self.header = self._html("bb-header-box")
        self.actions = w.VBox()
        self.actions.add_class("bb-actions")
        self.status = self._html("bb-status")
        self.roll = self._html("bb-dice-box")
        self.reveal = self._html("bb-reveal-box")
        self.forces = self._html("bb-forces-box")
        self.villages = Villages()
        self.supply = self._html("bb-supply-box")
        self.event_log = EventLog()
        self.save_link = self._html("bb-save-link")
        self.save_button = button("Save game", self._safe(self._offer_save), "bb-save",
                                  tooltip="Make a download link for this game (it holds every secret)")
        self.files = FilePicker(self._safe_load, description="Load a saved game")
        self.narrator = Narrator()
        self.bots_paused = False
        self._build_note = ""  # whose Build turn passed by itself during the last click, not shown yet
        self._boards: dict[int, PlacementBoard] = {}
        self._panels: dict[tuple, object] = {}
        self._cache_table = None  # the table the boards and panels were made for
        self._decision = None  # (what it shows, the widgets): the deciding seat's buttons, kept while shown
        self._odds_cache: dict = {}  # (id of the state, viewer, seat) -> (state, odds): see _show_odds
        self._odds_shown = None
        self._supply_state = None  # the state the supply panel shows
        self._log_shown: list = []
        self.table = Table(players, seats, seed)
        self.table.start()
        self._settle()
        first = raid_odds(self.table.state, self._focus_seat())
        self.odds_chart = OddsChart(first.title, first.labels, first.values, value_max=1.0, fmt="{:.0%}", width=420)
        self.odds_note = self._html("bb-odds-note")
        self.history = GuardedHistoryBar(self.table.session, self._safe(self._history_moved),
                                         floor=lambda: self.table.floor(), stop=lambda: self.table.human_decides(),
                                         why=lambda: self.table.floor_reason())
        self._layout()
        self.controls.show_seed(self.table.session.seed)
        self.refresh()

    @staticmethod
    def _html(cls: str) -> w.HTML:
        h = w.HTML()
        h.add_class(cls)
        return h

    def _layout(self) -> None:
        odds = w.VBox([self.odds_chart.widget, self.odds_note],
                      layout=w.Layout(flex="1 1 300px", max_width="440px", min_width="0"))
        odds.add_class("bb-odds")
        # the villages sit in the play column, so a tall chart beside it never leaves a gap above them
        play = w.VBox([self.actions, self.status, self.roll, self.reveal, self.forces, self.villages],
                      layout=w.Layout(flex="3 1 420px", min_width="0", max_width="100%"))
        main = w.HBox([play, odds], layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        main.add_class("rx-wrap")
        self.children = (w.HTML(CSS + BB_CSS + '<h2 class="rx-title">BarBEARian Battlegrounds</h2>'), self.controls,
                         self.header, main, self.supply, self.history,
                         w.HBox([self.save_button, self.save_link, self.files],
                                layout=w.Layout(flex_flow="row wrap", max_width="100%")),
                         w.HTML('<b>Event log</b> <span class="rx-small">(newest first)</span>'), self.event_log)

    # -- safety: a hosted dashboard shows a sentence, never a traceback -----------------------------
    def _safe(self, fn):
        def run(*args):
            try:
                return fn(*args)
            except IllegalAction as e:
                self._error(f"Not allowed: {e}")
            except Exception as e:  # noqa: BLE001 - anything unexpected is reported, the game is kept
                log.exception("BarBEARian dashboard")
                self._error(f"Something went wrong ({type(e).__name__}: {e}); the game is unchanged.")
            return False
        return run

    def _error(self, text: str) -> None:
        self.status.value = f'<span class="rx-error">{escape(text)}</span>'

    # -- games ------------------------------------------------------------------------------------
    def _start_clicked(self) -> None:
        self._safe(lambda: self.new_game(*self.controls.values()))()

    def new_game(self, players: int = 2, seats=None, seed: int | None = None) -> None:
        """Start again (seed None: a fresh one)."""
        self.table = Table(players, seats, seed)
        self.table.start()
        self.narrator.clear()
        self._build_note = ""
        self.bots_paused = False
        self._settle()
        self.history.attach(self.table.session)
        self.controls.show_seed(self.table.session.seed)
        self.status.value = f"New game: {players} players, seed {self.table.session.seed}."
        self.refresh()

    # -- files --------------------------------------------------------------------------------------
    def _safe_load(self, name: str, data) -> str:
        check_game(data, "barbearian")
        if data.get("format") != "rules-explorer-save":
            raise ValueError("this is a deck; the BarBEARian dashboard plays the sample deck and loads saved games only")
        session = Session.from_json(data)
        n = session.state.options.players
        seats = self.table.seats if len(self.table.seats) == n else ("human",) * n
        self.table = Table(n, seats, session=session)
        self.narrator.clear()
        self._build_note = ""
        self.bots_paused = self.table.bot_to_move()
        self.history.attach(self.table.session)
        self.controls.show_seed(session.seed)
        self._settle()
        self.status.value = ""
        self.refresh()
        return f"Loaded saved game {name} at step {session.cursor}: {n} players ({', '.join(seats)})."

    def _offer_save(self) -> None:
        s = self.table.session
        self.save_link.value = save_link_html(s.to_json(), f"barbearian-{s.seed}-step{s.cursor}.json",
                                              label="Download the save", note="A save holds every secret (each Trial card and any placement behind a screen): "
                                   "keep it to yourselves, or save between rounds.")

    # -- playing ----------------------------------------------------------------------------------
    def act(self, action) -> bool:
        """Play one action for its seat; an illegal one shows the engine's reason and changes nothing."""
        return bool(self._safe(self._act)(action))

    def _act(self, action) -> bool:
        before, cursor = self.table.state, self.table.session.cursor
        events = self.table.act(action)
        self.bots_paused = False
        self.status.value = ""
        self._build_note = self._skipped_builds(before)  # shown when the narration reaches the Build Phase
        self.narrator.start(events, before, lambda: traced_states(self.table.session, cursor, len(events)))
        self._settle()
        self.refresh()
        return True

    def _board(self, v, seat: int) -> PlacementBoard:
        """The seat's placement board, made once per game (the spaces depend on the seating only)."""
        if seat not in self._boards:
            self._boards[seat] = PlacementBoard(v, seat, lambda face, space: self.place(seat, face, space))
        return self._boards[seat]

    def _skipped_builds(self, before) -> str:
        """Say whose Build turn passed by itself during this click (``Table.skipped_builds``)."""
        skipped = [self.table.state.name(seat) for seat in self.table.skipped_builds(before)]
        if not skipped:
            return ""
        return (f'<span class="rx-small bb-skipped-build">Build Phase: {escape(", ".join(skipped))} had nothing in the '
                f'Marketplace they could afford, so their Build turn passed by itself.</span>')

    def place(self, seat: int, face: int, space: str) -> bool:
        """Place one of the seat's unplaced dice showing ``face`` on ``space`` (the engine decides if it may)."""
        return bool(self._safe(self._place)(seat, face, space))

    def _place(self, seat: int, face: int, space: str) -> bool:
        return self._act(self.table.place_action(seat, face, space))

    def take_screen(self, seat: int) -> bool:
        """The human at ``seat`` sits down at the screen."""
        return bool(self._safe(self._take_screen)(seat))

    def _take_screen(self, seat: int) -> bool:
        self.table.take_screen(seat)
        self.status.value = ""
        self.refresh()
        return True

    def cover_screen(self) -> None:
        """Hide the seat's village again (e.g. before passing the device on)."""
        self.table.hot.holder = None
        self.refresh()

    def next_step(self) -> None:
        self.narrator.next()
        self.refresh()

    def skip_steps(self) -> None:
        self.narrator.finish()
        self.refresh()

    def let_bots_move(self) -> None:
        self.bots_paused = False
        before, cursor = self.table.state, self.table.session.cursor
        events = self.table.run_bots()
        self.narrator.start(events, before, lambda: traced_states(self.table.session, cursor, len(events)))
        self._settle()
        self.refresh()

    def _settle(self) -> None:
        """With a single human nobody else is looking: that seat takes the screen at once."""
        seat = self.table.screen_seat()
        if seat is not None and len(self.table.humans) == 1 and self.table.hot.holder != seat:
            self.table.take_screen(seat)

    def _history_moved(self) -> None:
        self.narrator.clear()
        self._build_note = ""
        t = self.table
        if t.hot.holder not in t.waiting() or not t.secret():
            t.hot.holder = None
        self.bots_paused = t.bot_to_move()
        self.status.value = ""
        self._settle()
        self.refresh()

    # -- views ------------------------------------------------------------------------------------
    def _focus_seat(self) -> int:
        """Whose odds to show: the seat at the screen, else the human who decides, else the first human."""
        t = self.table
        if t.hot.holder is not None:
            return t.hot.holder
        deciding = t.waiting_humans() or t.humans or [0]
        return deciding[0]

    def shown_state(self):
        """The state the page shows: the seat at the screen's view, or the public one."""
        return view(*self._shown())

    def _shown(self) -> tuple:
        """(state, viewer): the full state the page shows and the seat whose view it is (None: public)."""
        if self.narrator.active:
            return self.narrator.state, None
        return self.table.state, self.table.hot.holder

    @staticmethod
    def _with_revealed(v, snapshot):
        """While the screens are off (a reveal of this round on the table), the villages show the revealed
        placements; nothing else of the full state (Trial cards stay as ``v`` shows them)."""
        if snapshot is None or snapshot.round != v.round:
            return v
        players = tuple(replace(p, faces=q.faces, placement=q.placement, ready=True) if p.clan == q.clan else p
                        for p, q in zip(v.players, snapshot.players))
        return replace(v, players=players)

    def refresh(self) -> None:
        self._forget_old_table()
        base, viewer = self._shown()
        v = view(base, viewer)
        self.header.value = header_html(v, self._turn_note(), self.narrator.step_title())
        if self._build_note and (not self.narrator.active or self.narrator.section() in AFTER_GATHER):
            self.status.value, self._build_note = self._build_note, ""
        snapshot = self.table.reveal_snapshot()
        self.villages.show(self._with_revealed(v, snapshot))  # only the villages that changed are drawn again
        if base is not self._supply_state:  # the supply is public: the same state shows the same supply
            self._supply_state = base
            self.supply.value = supply_html(v)
        forces = "" if self.narrator.active else forces_html(v)
        # the screens are off: a banner; the villages draw the placements (what each clan sends, unless
        # the Battleground panel already lists the forces)
        this_round = snapshot is not None and snapshot.round == v.round  # the villages draw this reveal
        self.reveal.value = reveal_html(snapshot, sent=not forces) if this_round else ""
        # once the screens are off the villages draw every die on its space (the roll would repeat them)
        hide_roll = v.revealed or this_round
        self.roll.value = "" if hide_roll else roll_html(v, f"Round {v.round}: the roll" if v.round else "The roll")
        self.forces.value = forces
        for seat, board in self._boards.items():
            if seat != self.table.hot.holder:
                board.clear()
        for (kind, seat), panel in self._panels.items():
            if kind == "trial" and seat != self.table.hot.holder:
                panel.clear()
        # what the new panel replaces is closed (the page drops those models), but not a cached panel
        replace_children(self.actions, self._panel(v), keep=self._kept())
        self.history.refresh()
        self.save_link.value = ""  # a link made earlier would hold an old game's secrets
        events = self.table.session.events
        shown = events[: len(events) - self.narrator.hidden_events][-self.event_log.limit:]
        if len(shown) != len(self._log_shown) or any(a is not b for a, b in zip(shown, self._log_shown)):
            self._log_shown = shown
            self.event_log.show(shown)  # the log puts the newest first
        revealed = snapshot is not None and snapshot.round == v.round
        self._show_odds(self._with_revealed(v, snapshot), base, viewer, revealed)

    def _turn_note(self) -> str:
        t = self.table
        if t.state.result or self.narrator.active:  # while a resolution is shown, the header names its step
            return ""
        waiting = ", ".join(t.state.name(s) for s in t.waiting())
        return f"waiting for <b>{escape(waiting)}</b>" if waiting else ""

    # The panels every game shows again and again: each is made the first time it is shown (a page opens
    # sooner without unseen widgets) and then updated (no new widgets per click). One note serves every
    # panel's sentence (the game over, the narration, the roll, waiting, the set-up).
    FIXED = ("note", "narration_row", "bots_button", "roll_row")

    @cached_property
    def note(self) -> w.HTML:
        return w.HTML()

    @cached_property
    def narration_row(self) -> w.HBox:
        return w.HBox([button("Next", self._safe(self.next_step), "bb-next", style="primary"),
                       button("Show all", self._safe(self.skip_steps), "bb-skip")])

    @cached_property
    def bots_button(self) -> w.Button:
        return button("Let the bots move", self._safe(self.let_bots_move), "bb-continue", style="primary")

    @cached_property
    def roll_row(self) -> w.HBox:
        return w.HBox([button("Roll everyone's dice", lambda: self.act(RollDice()), "bb-action", "bb-roll",
                              style="primary")])

    def _say(self, html: str) -> w.HTML:
        self.note.value = html
        return self.note

    def _kept(self) -> list:
        """Widgets kept between clicks: the fixed panels, the seats' screens, private panels and boards."""
        kept = [self.__dict__[name] for name in self.FIXED if name in self.__dict__] + list(self._boards.values())
        for panel in self._panels.values():
            kept += panel if isinstance(panel, tuple) else [panel]
        return kept

    def _forget_old_table(self) -> None:
        """A new game or a loaded one: close the old game's boards and panels (new ones are made)."""
        if self._cache_table is self.table:
            return
        for widget in list(self._boards.values()) + [p[0] if isinstance(p, tuple) else p for p in self._panels.values()]:
            close_tree(widget)
        self._cache_table, self._boards, self._panels = self.table, {}, {}

    def _panel(self, v) -> tuple:
        t, state = self.table, self.table.state
        if state.result:
            return (self._say(f'<div class="bb-over bb-panel"><b>The game is over: {escape(state.result)}.</b></div>'),)
        if self.narrator.active:
            self.narration_row.children[0].description = "Done" if self.narrator.last else "Next"
            return (self._say(self.narrator.html()), self.narration_row)
        if self.bots_paused and t.bot_to_move() and not t.waiting_humans():
            return (self.bots_button,)
        chance = t.chance_action()
        if isinstance(chance, RollDice):
            return (self._say("<b>Plan phase</b>: everyone rolls their active dice together, in plain sight."),
                    self.roll_row)
        if t.secret():
            setup = setup_html(t.session.events) if state.round == 0 else ""  # before the first round: the set-up
            private = self._secret_panel(v)
            if private is None:
                return (self._say(setup + WAITING),)
            return ((self._say(setup),) + private) if setup else private
        seats = t.waiting_humans()
        if not seats:
            return (self._say(WAITING),)
        return self._decision_panel(v, seats[0])

    def _decision_panel(self, v, seat: int) -> tuple:
        """The deciding seat's buttons; the same choices as the last click keep the same widgets (once
        off the page they are closed, and made again when needed)."""
        state = self.table.state
        acts = rules.legal_actions(state, seat)
        key = (seat, phase_label(v), tuple((a, describe_action(v, a)) for a in acts))
        if self._decision is None or self._decision[0] != key or self._decision[1][0].comm is None:
            self._decision = (key, (w.HTML(f'<div class="bb-decider"><b>{escape(state.name(seat))}</b> decides: '
                                           f'{escape(phase_label(v))}</div>'), action_buttons(v, acts, self.act)))
        return self._decision[1]

    def _secret_panel(self, v) -> tuple | None:
        """The screen to pass the device, or the seat's private panel; None while only bots are placing."""
        t = self.table
        seat = t.screen_seat()
        if seat is None:
            return None
        name = t.state.name(seat)
        if t.hot.holder != seat:
            return (self._screen(seat, name),)
        acts = rules.legal_actions(t.state, seat)
        panel, title, body = self._private(seat)
        title.value = (f"<b>{escape(name)}, behind your Clan screen</b> "
                       f'<span class="rx-small">(every die must be placed; then declare ready)</span>'
                       if t.state.phase == "place" else f"<b>{escape(name)}, behind your Clan screen</b>")
        body.children = ((self._board(v, seat).update(v, seat, acts, self.act),) if t.state.phase == "place"
                         else (self._trial_choice(seat).update(v, acts),))
        return (panel,)

    def _trial_choice(self, seat: int) -> TrialChoice:
        key = ("trial", seat)
        if key not in self._panels:
            self._panels[key] = TrialChoice(self.act)
        return self._panels[key]

    # The screen and the private panel of a seat are made once per game and updated: the page then
    # keeps their views (a click redraws a few values instead of building every button again).
    def _screen(self, seat: int, name: str) -> w.VBox:
        key = ("screen", seat)
        if key not in self._panels:
            screen = w.VBox([w.HTML(f"<b>Pass the device to {escape(name)}: click when ready.</b><br>"
                                    f'<span class="rx-small">The other players look away; only {escape(name)} '
                                    f"sees what is behind the Clan screen.</span>"),
                             button(f"I am {name}: show my screen", lambda: self.take_screen(seat),
                                    "bb-screen-ready", "bb-screen-button", style="warning")])
            screen.add_class("bb-screen")
            self._panels[key] = screen
        return self._panels[key]

    def _private(self, seat: int) -> tuple[w.VBox, w.HTML, w.VBox]:
        key = ("private", seat)
        if key not in self._panels:
            title, body = w.HTML(), w.VBox()
            cover = button("Hide my screen", self._safe(self.cover_screen), "bb-cover")
            panel = w.VBox([title, body, w.HBox([cover])])
            panel.add_class("bb-private")
            panel.add_class(f"bb-private-{self.table.state.clan(seat)}")
            self._panels[key] = (panel, title, body)
        return self._panels[key]

    def _show_odds(self, v, base, viewer, revealed: bool = False) -> None:
        """The focus seat's raid odds for ``v`` (``view(base, viewer)``, with this round's placements when
        ``revealed``), worked out once per (state, viewer, seat, revealed): states are immutable, so showing
        and hiding a screen reuses the numbers."""
        seat = self._focus_seat()
        key = (id(base), viewer, seat, revealed)
        entry = self._odds_cache.get(key)
        if entry is None or entry[0] is not base:  # the state is held, so its id is not reused meanwhile
            if len(self._odds_cache) >= ODDS_CACHE:
                self._odds_cache.pop(next(iter(self._odds_cache)))
            entry = self._odds_cache[key] = (base, raid_odds(v, seat, revealed))
        odds = entry[1]
        if odds is self._odds_shown:
            return
        self._odds_shown = odds
        self.odds_chart.update(odds.labels, odds.values, title=odds.title)
        lines = "".join(f"<li>{escape(line)}</li>" for line in odds.lines)
        self.odds_note.value = ((f'<ul class="rx-small bb-odds-lines">{lines}</ul>' if lines else "")
                                + f'<span class="rx-small">{escape(odds.note)}</span>')
