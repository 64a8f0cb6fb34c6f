"""The Assault on Doomrock battle dashboard: a standalone battle with live roll-phase odds.

Widgets hold no rules: every button comes from ``legal_actions``, every click calls
``Session.play``; the odds come from ``explorer.doomrock.odds.advice``.
"""
from __future__ import annotations

import base64
import json
import re
from html import escape

import ipywidgets as w
import numpy as np

from explorer.core import IllegalAction, Session
from explorer.core.errors import ContentError
from explorer.doomrock import (
    CHANCE,
    ActivateBoss,
    ActivateMinion,
    Buy,
    KeepDice,
    Options,
    Reroll,
    SetUp,
    SetUpBattle,
    sample_deck,
)
from explorer.doomrock.bots import BOTS, make_bot
from explorer.doomrock.deckfile import deck_from_json
from explorer.doomrock.adventure import waiting
from explorer.doomrock.campaign_state import ShopTask
from explorer.doomrock.odds.advice import incoming_attack, review_keeps, roll_advice

from ..files import FilePicker
from ..history import HistoryBar
from ..log import EventLog
from ..odds import OddsChart
from .campaign_view import decision_html, shop_offers
from .danger import ThreatCache, danger_rows, enemy_threats
from .labels import describe
from .map_view import describe_map_action, map_html
from .placement import best_placement_step
from .views import CSS, LEGEND, ai_card_html, battlefield_html, danger_html, expose_html, party_html, threat_html

MODES = [("Random dice", "random"), ("Table dice", "table")]
KINDS = [("Battle", "doomrock-battle"), ("Campaign", "doomrock")]
MAX_BARS = 10


def plural(n: int, word: str) -> str:
    """'1 re-roll', '2 re-rolls'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


class DoomrockApp(w.VBox):
    """One standalone Doomrock battle, opened in its first roll phase with the odds showing.

    Args:
        options: battle options (players, heroes, encounter); defaults to the sample two-hero battle.
        seed: the session's seed (None: a fresh one).
        mode: "random" (the session rolls) or "table" (type the faces rolled with real dice).
    """

    def __init__(self, options: Options | None = None, deck=None, seed: int | None = None, mode: str = "random",
                 game: str = "doomrock-battle"):
        super().__init__(layout=w.Layout(max_width="100%"))
        self.add_class("doomrock-app")
        self.deck = deck or sample_deck()
        options = options or Options(players=2)
        # -- controls
        self.encounter = w.Dropdown(options=[(e.name, e.id) for e in self.deck.encounters],
                                    value=options.encounter or self.deck.encounters[0].id, description="Encounter",
                                    layout=w.Layout(width="270px", max_width="100%"))
        self.players = w.Dropdown(options=[2, 3, 4], value=options.players, description="Heroes",
                                  layout=w.Layout(width="150px"))
        self.seed = w.IntText(value=seed or 0, description="Seed", layout=w.Layout(width="170px"))
        self.seed.add_class("seed")
        self.kind = w.ToggleButtons(options=KINDS, value=game, description="Play", style={"button_width": "90px"},
                                    tooltips=["One battle of the chosen encounter, with live roll-phase odds",
                                              "A whole campaign: the adventure map, its events and shops, then its "
                                              "secret battles"], layout=w.Layout(max_width="100%"))
        self.kind.add_class("kind")
        self._loading = False
        self.kind.observe(self._on_kind, "value")
        self.new_button = w.Button(description="New game", button_style="primary", icon="refresh",
                                   tooltip="Start a new battle or campaign with these choices and seed (seed 0: a fresh one)")
        self.new_button.add_class("new-battle")
        self.new_button.on_click(lambda _: self.new_battle())
        self.mode = w.ToggleButtons(options=MODES, value=mode, description="Dice", style={"button_width": "110px"},
                                    tooltips=["The page rolls the dice for you, from the seed",
                                              "Roll real dice and type the faces before each roll or re-roll"],
                                    layout=w.Layout(max_width="100%"))
        self.mode.add_class("mode")
        self.mode.observe(lambda _: self.refresh(), "value")
        self.table_faces = w.Text(placeholder="faces rolled, e.g. 6 2 4 2", description="Faces",
                                  layout=w.Layout(width="300px", max_width="100%"))
        self.table_faces.add_class("table-faces")
        self.table_note = w.HTML('<span class="rx-small">Type the faces of a roll or re-roll in die order, then click it. '
                                 'Shuffles and AI card draws still come from the seed.</span>')
        # -- board
        self.map = w.HTML()
        self.map.add_class("adventure-map")
        self.field = w.HTML()
        self.field.add_class("battlefield")
        self.ai_card = w.HTML()
        self.expose = w.HTML()
        self.party = w.HTML()
        self.party.add_class("party")
        self.picks = w.Box(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.picks.add_class("picks")
        auto = w.Layout(width="auto", max_width="100%")
        self.reroll_button = w.Button(description="Re-roll the marked dice", button_style="info", icon="dice", layout=auto,
                                      tooltip="Re-roll every die marked above; the others stay in hand")
        self.reroll_button.add_class("reroll-marked")
        self.reroll_button.on_click(lambda _: self._reroll_marked())
        self.best_button = w.Button(description="Take the best choice", button_style="success", icon="star",
                                    tooltip="Play the keep or placement the exact odds rate best (most sets expected)",
                                    layout=w.Layout(width="auto", max_width="100%"))
        self.best_button.add_class("best-choice")
        self.best_button.on_click(lambda _: self._take_best())
        self.bot_button = w.Button(description="Step (the party bot decides)", icon="forward",
                                   tooltip="Let a simple greedy bot play the party's next action (chance steps roll)",
                                   layout=w.Layout(width="auto", max_width="100%"))
        self.bot_button.add_class("bot-step")
        self.bot_button.on_click(lambda _: self._bot_step())
        self.bot_kind = w.Dropdown(options=[(f"{k.capitalize()} bot", k) for k in BOTS], value="greedy",
                                   description="Party bot", layout=w.Layout(width="190px"))
        self.bot_kind.add_class("bot-kind")
        self.bot_kind.observe(lambda _: self._make_bot(), "value")
        self.actions = w.Box(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.actions.add_class("actions")
        self.status = w.HTML()
        self.status.add_class("status")
        # -- odds
        self.decision = w.HTML()
        self.decision.add_class("decision")
        self.odds_note = w.HTML()
        self.odds_note.add_class("odds-note")
        self.danger = w.HTML()
        self.review = w.HTML()
        self.review.add_class("quality-report")
        self.event_log = EventLog(limit=60)
        self.legend = w.HTML(LEGEND)
        self.save_link = w.HTML()
        self.save_button = w.Button(description="Save game", icon="download", layout=w.Layout(width="auto"),
                                    tooltip="Make a file of this game (every step, so undo works after loading)")
        self.save_button.add_class("save")
        self.save_button.on_click(lambda _: self._offer_save())
        self.files = FilePicker(self._load_file)
        self._threat = ThreatCache()
        self.session = self._new_session(options, seed, game)
        self._make_bot()
        self.history = HistoryBar(self.session, self.refresh)
        self.history.layout.flex_flow = "row wrap"
        self.history.slider.layout.width = "260px"
        self.history.slider.layout.max_width = "100%"
        labels, values, title = self._chart_data()
        self.chart = OddsChart(title, labels, values, width=350)  # the note under it says what the bars are
        self.chart.widget.add_class("odds-chart")
        self._layout()
        self.refresh()

    # -- building --------------------------------------------------------------------------------
    def _layout(self) -> None:
        wrap = w.Layout(flex_flow="row wrap", max_width="100%")
        controls = w.Box([self.kind, self.encounter, self.players, self.seed, self.new_button], layout=wrap)
        play = w.VBox([self.decision, self.status, self.picks, w.Box([self.reroll_button, self.best_button, self.bot_kind, self.bot_button], layout=wrap),
                       self.actions, w.Box([self.mode, self.table_faces, self.table_note], layout=wrap), self.party],
                      layout=w.Layout(flex="1 1 560px", max_width="100%"))
        odds = w.VBox([self.chart.widget, self.odds_note, self.review, self.ai_card, self.danger],
                      layout=w.Layout(flex="0 1 360px", max_width="100%"))
        odds.add_class("odds-box")
        self.children = (
            w.HTML(CSS + "<h3 style='margin:2px 0'>Assault on Doomrock</h3>"),
            controls, self.map, self.field, self.expose, w.Box([play, odds], layout=wrap), self.legend, self.history,
            w.Box([self.save_button, self.save_link, self.files], layout=wrap),
            w.HTML("<b>Event log</b>"), self.event_log,
        )

    def _new_session(self, options: Options, seed: int | None, game: str = "doomrock-battle", deck=None) -> Session:
        """A game set up on ``deck`` (default: the app's); the app keeps it only once this succeeds."""
        s = Session(game, options, deck or self.deck, seed=seed)
        s.play(SetUpBattle() if game == "doomrock-battle" else SetUp())
        return s

    def new_battle(self) -> None:
        """A new game (battle or campaign) with the controls' choices and seed (seed 0: a fresh one)."""
        opts = Options(players=self.players.value, encounter=self.encounter.value if self.kind.value == "doomrock-battle" else None)
        self.session = self._new_session(opts, self.seed.value or None, self.kind.value)
        self.history.attach(self.session)
        what = "battle" if self.kind.value == "doomrock-battle" else "campaign"
        self.refresh()
        self.status.value = f"New {what}, seed {self.session.seed}."

    def _on_kind(self, _change) -> None:
        """Choosing Battle or Campaign starts one (the Encounter choice only applies to a battle)."""
        if not self._loading:
            self.new_battle()

    def _battle(self):
        """The battle in play, or None (the campaign is on the adventure map)."""
        state = self.session.state
        b = state.battle
        if b is None or getattr(state, "phase", "battle") != "battle":
            return None
        return b

    # -- playing ---------------------------------------------------------------------------------
    def act(self, action) -> bool:
        """Play one action; an illegal one (or bad typed faces) shows why and changes nothing."""
        try:
            outcome = self._typed_outcome(action) if self.mode.value == "table" else None
            self.session.play(action, outcome)
        except IllegalAction as e:
            self.status.value = f'<span class="rx-error">Not allowed: {escape(str(e))}</span>'
            return False
        except Exception as e:  # a hosted page shows a sentence, never a traceback; the state is immutable
            self.status.value = f'<span class="rx-error">Something went wrong ({escape(type(e).__name__)}: {escape(str(e))}); the battle is unchanged.</span>'
            return False
        self.status.value = ""
        self.refresh()
        return True

    def _typed_outcome(self, action):
        """Table dice: the typed faces for a roll or re-roll; shuffles and draws come from the seed."""
        spec = self.session.game.chance(self.session.state, action)
        if spec is None or type(spec).__name__ != "Dice":
            return None
        faces = [int(x) for x in re.findall(r"\d+", self.table_faces.value)]
        if not faces:
            raise IllegalAction("type the faces you rolled first (Table dice)")
        return faces

    def _reroll_marked(self) -> None:
        marked = tuple(sorted(int(b._dom_classes[-1].split("-")[-1]) for b in self.picks.children if b.value))
        if not marked:
            self.status.value = '<span class="rx-error">Mark the dice to re-roll first.</span>'
            return
        self.act(Reroll(marked))

    def _take_best(self) -> None:
        advice = self._advice()
        if advice is None:
            return
        if advice.best is not None:
            self.act(advice.best.action)
            return
        step = self._best_assignment_step(advice)
        if step is not None:
            self.act(step)

    def _best_assignment_step(self, advice):
        """The next placement of the best assignment (or done)."""
        return best_placement_step(self._battle(), advice, self.session.legal_actions())

    def _make_bot(self) -> None:
        """The party bot the drop-down names (any of ``bots.BOTS``), from its own seeded generator."""
        self.bot = make_bot(self.bot_kind.value, np.random.default_rng(0))

    def _bot_step(self) -> None:
        state = self.session.state
        acts = self.session.legal_actions()
        if not acts:
            return
        self.act(acts[0] if self.session.game.current_player(state) == CHANCE else self.bot.choose(state, acts))

    # -- files -----------------------------------------------------------------------------------
    def _load_file(self, name: str, data: dict) -> str:
        if data.get("format") == "rules-explorer-deck":
            deck = deck_from_json(data, name)
            session = self._new_session(self.session.options, self.seed.value or None, self.session.game.name, deck)
            self.deck, self.session = deck, session
            message = f"Loaded deck {name} ({deck.label}); a new {self._what()} has started."
        elif data.get("format") == "rules-explorer-save":
            session = Session.from_json(data)
            if session.game.name not in ("doomrock-battle", "doomrock"):
                raise ContentError(name, "file", "game", f"is a saved {session.game.name!r} game, not a Doomrock one")
            self.deck, self.session = session.content, session
            self._loading = True  # show the loaded game's kind without starting a new one
            try:
                self.kind.value = session.game.name
            finally:
                self._loading = False
            message = f"Loaded saved {self._what()} {name} at step {session.cursor}."
        else:
            raise ContentError(name, "file", "format", "is neither a deck ('rules-explorer-deck') nor a saved game ('rules-explorer-save')")
        self.history.attach(self.session)
        self.refresh()
        return message

    def _offer_save(self) -> None:
        payload = base64.b64encode(json.dumps(self.session.to_json()).encode()).decode()
        self.save_link.value = (f'<a download="{self.session.game.name}-{self.session.seed}.json" '
                                f'href="data:application/json;base64,{payload}">Download the saved {self._what()}</a>')

    def _what(self) -> str:
        """The game in play, in words: 'campaign' or 'battle'."""
        return "campaign" if self.session.game.name == "doomrock" else "battle"

    # -- views -----------------------------------------------------------------------------------
    def _advice(self):
        b = self._battle()
        if b is None:
            return None
        try:
            return roll_advice(b, self.session.state.deck)
        except ValueError as e:  # a hand too large to solve exactly
            self.odds_note.value = f'<span class="rx-error">No exact odds here: {escape(str(e))}</span>'
            return None

    def _chart_data(self):
        advice = self._advice()
        if advice is None:
            return [], [], ""
        name = self._battle().hero(advice.hero).name
        if advice.keeps:
            keeps = advice.keeps[:MAX_BARS]
            labels = ["keep all" if isinstance(k.action, KeepDice) else "keep " + (" ".join(map(str, k.kept)) or "none")
                      for k in keeps]
            return labels, [k.value for k in keeps], f"{name}: value of each keep ({plural(advice.rerolls_left, 're-roll')} left)"
        labels = [o.name for o in advice.card_odds]
        return labels, [o.chance for o in advice.card_odds], f"{name}: chance to activate each card"

    def _drawn(self):
        """The AI card drawn by the latest enemy activation in the history (enemy, card, boss part?)."""
        s = self.session
        for step in reversed(s.steps):
            if isinstance(step.action, (ActivateMinion, ActivateBoss)):
                b = step.state.battle
                if b is None:
                    return None
                e = b.enemy(step.action.enemy)
                pile = b.pile(b.ai_discard, e.deck)
                if pile:
                    return step.action.enemy, pile[-1], isinstance(step.action, ActivateBoss)
        return None

    def refresh(self) -> None:
        s = self.session
        state = s.state
        b, deck = self._battle(), state.deck
        advice = self._advice()
        campaign = s.game.name == "doomrock"
        self.map.value = map_html(state, compact=b is not None) if campaign and state.phase != "setup" else ""
        self.map.layout.display = None if self.map.value else "none"
        self.encounter.layout.display = "none" if campaign else None  # a campaign's encounters are secret
        self.save_button.description = f"Save {self._what()}"
        on_map = campaign and b is None
        self.decision.value = decision_html(state) if on_map and state.phase == "map" else ""
        self.decision.layout.display = None if self.decision.value else "none"
        self.ai_card.layout.display = self.legend.layout.display = "none" if on_map else None  # battle views
        if b is not None:
            self.field.value = battlefield_html(b, deck, enemy_threats(b, deck, state.options), secret=campaign)
            self.expose.value = expose_html(b)
            self.party.value = party_html(b, deck, advice)
            self.ai_card.value = ai_card_html(b, deck, self._drawn())
            refusal = state.options.odds_refusal()
            if refusal is None:
                self.danger.value = (danger_html(b, danger_rows(b, deck, state.options), incoming_attack(b, deck, state.options))
                                     + threat_html(b, self._threat.get(b, deck, state.options)))
            else:  # the odds read battle cumulation as ruling DR-O5 does
                self.danger.value = ('<div class="dr-panel">No damage or threat odds with these rules: '
                                     f'{escape(refusal)}.</div>')
        else:
            self.field.value = self.expose.value = self.party.value = self.danger.value = self.ai_card.value = ""
        legal = s.legal_actions()
        rerolling = any(isinstance(a, Reroll) for a in legal)
        picks = []
        if rerolling:
            for d in b.hero_dice(b.roller):
                if d.place == "rolled":
                    t = w.ToggleButton(value=False, description=f"{d.face}",
                                       tooltip=f"Mark the {d.face} to re-roll it (click again to keep it)",
                                       icon="refresh", layout=w.Layout(width="64px"))
                    t.add_class(f"pick-{d.index}")
                    picks.append(t)
        self.picks.children = picks
        self.reroll_button.layout.display = None if rerolling else "none"
        self.best_button.layout.display = None if advice is not None and (advice.keeps or b.assigning) else "none"
        self.actions.children = self._buttons(state, b, deck, legal, campaign)
        self.table_faces.layout.display = self.table_note.layout.display = None if self.mode.value == "table" else "none"
        self.history.refresh()
        self.event_log.show(s.events)
        labels, values, title = self._chart_data()
        if labels:
            self.chart.fmt = "{:.0%}" if "chance" in title else "{:.2f}"
            self.chart.update(labels, values, title=title)
        elif self.chart.labels:  # no stale bars from an earlier roll phase
            self.chart.update([], [], title=title)
        self.chart.widget.layout.display = None if labels else "none"  # no empty chart outside the roll phase
        self._note(advice, on_map)
        self.review.value = self._review_html()
        if s.is_over():
            self.status.value = f"<b>The {self._what()} is over: {escape(s.result())}.</b>"

    def _buttons(self, state, b, deck, legal, campaign) -> list:
        """One button per legal action (re-rolls are the marked dice); at a shop every item for sale has a
        button, disabled with the reason when it cannot be bought now."""
        buttons = []
        shop = campaign and b is None and isinstance(waiting(state), ShopTask)
        for a in legal:
            if isinstance(a, Reroll) or shop and isinstance(a, Buy):
                continue  # marked dice and the chart cover re-rolls; the shop's list covers purchases
            text = describe_map_action(state, a) if campaign else None
            buttons.append(self._button(text or describe(b, deck, a), a))
        if shop:
            offers = [self._button(label, Buy(it), tip, reason) for it, label, tip, reason in shop_offers(state, legal)]
            buttons = offers + buttons
        return buttons

    def _button(self, text, action, tooltip="", reason=""):
        btn = w.Button(description=text + (f" \u2014 {reason}" if reason else ""), tooltip=tooltip, disabled=bool(reason),
                       layout=w.Layout(width="auto", max_width="100%"))
        btn.add_class("action")
        btn.add_class("action-" + type(action).__name__.lower())
        btn.on_click(lambda _, a=action: self.act(a))
        return btn

    def _note(self, advice, on_map=False) -> None:
        if advice is None:
            self.odds_note.value = ("" if on_map else
                                    '<span class="rx-small">The roll-phase odds return at the next roll phase.</span>')
            self.odds_note.layout.display = None if self.odds_note.value else "none"
            return
        self.odds_note.layout.display = None
        if advice.keeps:
            best = advice.best
            what = "keep all" if isinstance(best.action, KeepDice) else f"keep {' '.join(map(str, best.kept)) or 'none'}"
            self.odds_note.value = (f'<span class="rx-small">Best: <b>{what}</b> ({best.value:.2f} sets). Values are the '
                                    f'expected number of activation sets placed this roll phase under best play.</span>')
        elif advice.assignment is not None:
            self.odds_note.value = (f'<span class="rx-small">Best placement of the dice in hand: {advice.value:.0f} set(s). '
                                    f'Percentages on the cards: chance to activate with the dice in hand.</span>')
        else:
            self.odds_note.value = (f'<span class="rx-small">Expected sets this roll phase: <b>{advice.value:.2f}</b> '
                                    f'(best play). Bars: best chance to activate each card.</span>')

    def _review_html(self) -> str:
        """The move-quality report: expected sets given away by each keep decision so far."""
        steps = self.session.steps
        before = [None] + [getattr(step.state, "battle", None) for step in steps]
        review = review_keeps([(before[i], step.action) for i, step in enumerate(steps)], self.session.state.deck)
        if not review.decisions:
            return ""
        last = review.decisions[-1]
        return (f'<div class="dr-panel"><b>Your keeps</b>: {len(review.decisions)} decision(s), '
                f'{review.total_loss:.2f} expected set(s) given away in all; the last one gave away {last.loss:.2f}.</div>')
