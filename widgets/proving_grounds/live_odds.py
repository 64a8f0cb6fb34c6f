"""Live odds for Proving Grounds: the value of every choice as a chart, each enemy's chance to be hit.

A click never waits for a solver. Once this round's board is solved (before the roll, while the
player looks at the board), the chart is read from the solved table in under a millisecond and each
enemy's chance to be hit in about 20 ms, both in the click (chart first, board after, drawn once);
anything not solved yet is worked out off the click's thread (``widgets.background``).
Results are cached per state and shown only for the state on screen: New game, undo, a jump and a
load never show the odds of another state.
"""
from __future__ import annotations

import threading
from html import escape as _esc
from typing import Callable

import ipywidgets as w
import numpy as np

from explorer.proving_grounds import Roll
from explorer.proving_grounds.board import describe_action
from explorer.proving_grounds.odds import advice

from ..background import Background
from ..odds import OddsChart

CACHE_SIZE = 64


class LiveOdds:
    """The chart, its note and the two workers; ``on_hit_odds(state, hit_odds)`` redraws the board."""

    def __init__(self, threaded: bool, on_hit_odds: Callable):
        self.chart = OddsChart("Value of each choice", [], [], width=420)
        self.box = w.VBox([self.chart.widget], layout=w.Layout(width="100%"))
        self.box.add_class("odds-chart")
        self.note = w.HTML()
        self.note.add_class("odds-note")
        self.odds_worker = Background(threaded)  # the chart: fast once a board is solved
        self.hit_worker = Background(threaded)  # each enemy's chance to be hit: slower, never in the chart's way
        self.on_hit_odds = on_hit_odds
        self.session = None
        self.left = 0
        self._advice: dict[int, tuple] = {}  # id(state) -> (state, rerolls left, choices Advice, full Advice or None)
        self._warm: set[tuple] = set()  # boards whose solver is built (see _board_key)
        self._lock = threading.Lock()

    def cancel(self) -> None:
        self.odds_worker.cancel()
        self.hit_worker.cancel()

    def hit_odds(self, state, left: int):
        """Each enemy's chance to be hit in ``state``, if already worked out (else None)."""
        entry = self._cached(state, left)
        return entry[3].hit_odds if entry and entry[3] else None

    def _cached(self, state, left: int):
        entry = self._advice.get(id(state))
        if entry and entry[0] is state and entry[1] == left:
            return entry
        return None

    def _store(self, state, left, choices=None, full=None) -> None:
        """Remember what was worked out for ``state`` (the two workers each add their part)."""
        with self._lock:
            old = self._advice.get(id(state))
            if old and old[0] is state and old[1] == left:
                choices, full = choices or old[2], full or old[3]
            elif len(self._advice) >= CACHE_SIZE:
                self._advice.pop(next(iter(self._advice)))
            self._advice[id(state)] = (state, left, choices or full, full)

    def update(self, session, left: int, shown: bool) -> None:
        """Show the cached odds of the session's state at once; work out what is missing off the click's thread."""
        self.session, self.left = session, left
        state = session.state
        if not shown:
            self.box.layout.display = "none"
            self.note.value = ""
            self.cancel()
            return
        if state.phase != "rolling":
            self.box.layout.display = "none"
            self.note.value = '<span class="rx-small">The odds appear when you roll.</span>'
            self.hit_worker.cancel()
            self._prewarm(state)
            return
        entry, drawn = self._cached(state, left), False
        if entry is None and self._board_key(state, left) in self._warm:
            # this board is solved already (an earlier roll of the round, or the pre-roll solve): the chart is
            # read from the solved table (under a millisecond) and sent first, then each enemy's chance to be
            # hit (about 20 ms) is ready for the board drawn after it, in the same click
            try:
                choices = advice.advise(state, left, odds=False)
                self._show_choices(choices)
                drawn = True
                entry = (state, left, choices, advice.advise(state, left))
                self._store(*entry)
            except ValueError:
                entry = None
        if entry is None:
            self.box.layout.display = "none"
            self.note.value = '<span class="rx-small odds-working">Working out the odds\u2026</span>'
            self.odds_worker.submit([(lambda: advice.advise(state, left, odds=False),
                                      lambda a: self._choices_ready(state, left, a))])
        elif not drawn:
            self._show_choices(entry[2])
        if entry is None or entry[3] is None:
            self.hit_worker.submit([(lambda: advice.advise(state, left), lambda a: self._full_ready(state, left, a))])
        else:
            self.hit_worker.cancel()

    @staticmethod
    def _board_key(state, left: int) -> tuple:
        """What the solver depends on (everything but the faces): equal keys share one solved table."""
        return (state.round, state.pool, state.slots, state.sun, state.round_effects, state.wing_saved,
                state.dragon_slot, state.inspiration, state.active, state.chariots, state.options, left + state.rerolls)

    def _warmed(self, state, left: int) -> None:
        with self._lock:
            if len(self._warm) > CACHE_SIZE:
                self._warm.clear()
            self._warm.add(self._board_key(state, left))

    def _choices_ready(self, state, left, result) -> None:
        if isinstance(result, Exception):
            self.note.value = f'<span class="rx-error">No exact odds here: {_esc(str(result))}</span>'
            return
        self._store(state, left, result)
        self._warmed(state, left)
        if state is self.session.state:
            self._show_choices(result)

    def _full_ready(self, state, left, result) -> None:
        if isinstance(result, Exception):
            return
        self._store(state, left, full=result)
        if state is self.session.state:
            self.on_hit_odds(state, result.hit_odds)

    def _show_choices(self, odds) -> None:
        state = self.session.state
        labels = [describe_action(state, a) for a, _ in odds.choices]
        values = [v for _, v in odds.choices]
        if state.options.timer_rerolls is None:  # the clock sets the limit: say what the advice assumes
            left = f"advised as if {odds.rerolls_left} set rerolls fit in the time left"
        else:
            left = f"{odds.rerolls_left} rerolls left"
        self.chart.update(labels, values, title=f"Value of each choice ({left})")
        self.box.layout.display = None
        self.note.value = (f'<span class="rx-small">Best: <b>{_esc(describe_action(state, odds.best))}</b>. '
                           f'Each bar: the battle-track steps you can expect this round (up minus down) if you '
                           f'make that choice and play on as well as possible. Each enemy card shows its chance '
                           f'to be hit.</span>')

    def _prewarm(self, state) -> None:
        """Before the roll, solve this round's board for any roll (the solver does not depend on the faces)."""
        if state.phase != "roll" or Roll() not in self.session.legal_actions():
            return
        left, game = self.left, self.session.game

        def work():
            spec = game.chance(state, Roll())
            outcome = spec.sample(np.random.default_rng(0)) if spec is not None else None
            after, _ = game.apply(state, Roll(), outcome)
            if after.phase == "rolling":
                advice.advise(after, left)  # the choices' table and each enemy's hit and wound tables
                self._warmed(after, left)
        self.odds_worker.submit([(work, lambda _: None)])
