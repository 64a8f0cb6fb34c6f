"""The lab dashboard: pick a game, edit two or more variants (every option, a deck upload), run
them with a progress bar, and read the differences as charts with error bars and sentences."""
from __future__ import annotations

import json
from html import escape

import ipywidgets as w

from explorer import lab

from ..files import FilePicker
from ..theme import CSS
from .charts import figure, show_figure
from .options import OptionField
from .runner import Runner
from .words import sentences_html, table_html

MAX_DECK_BYTES = 2**20  # 1 MB
RESULT_CSS = """
<style>
.lab-table {border-collapse:collapse; font-size:12px}
.lab-table td, .lab-table th {padding:2px 8px; border-bottom:1px solid #eee; text-align:right}
.lab-table td:first-child, .lab-table td:nth-child(2), .lab-table th {text-align:left}
.lab-sentences li.lab-sig {font-weight:600}
</style>
"""


class VariantEditor(w.VBox):
    """Every option of one game as a widget, a name and a deck upload; ``variant()`` reads them back."""

    def __init__(self, game: str, name: str, options: dict | None = None):
        super().__init__()
        self.add_class("lab-variant")
        self.game = lab.lab_game(game)
        self.defaults = self.game.options().to_json()
        self.name = w.Text(value=name, description="name")
        self.name.add_class("lab-variant-name")
        self.fields: dict[str, OptionField] = {f["name"]: OptionField(f) for f in self.game.option_fields()}
        self.deck = None
        self.upload = FilePicker(self._deck_file, description="Upload deck", max_bytes=MAX_DECK_BYTES,
                                 unchanged="The variant keeps its deck.",
                                 tooltip="A deck of your own for this variant (.json, checked as it loads)")
        self.sample = w.Button(description="Sample deck", tooltip="Play this variant with the sample deck")
        self.sample.on_click(lambda _: self.use_deck(None))
        self.deck_note = w.HTML(self._deck_text())
        self.deck_note.add_class("lab-deck-note")
        grid = w.GridBox(list(self.fields.values()),
                         layout=w.Layout(grid_template_columns="repeat(auto-fill, minmax(230px, 1fr))", width="100%"))
        grid.add_class("lab-options")
        self.children = (self.name, grid, w.HBox([self.upload, self.sample, self.deck_note],
                                                 layout=w.Layout(flex_flow="row wrap", max_width="100%")))
        for k, v in (options or {}).items():
            self.set_option(k, v)

    def set_option(self, name: str, value) -> None:
        if name not in self.fields:
            raise ValueError(f"{name!r} is not an option of {self.game.title}")
        self.fields[name].value = value

    def options_json(self) -> dict:
        """The options that differ from the game's defaults (the rest keep their defaults)."""
        out = {}
        for name, field in self.fields.items():
            value = field.value
            if value != self.defaults[name]:
                out[name] = value
        return out

    def variant(self) -> lab.Variant:
        name = self.name.value.strip()
        if not name:
            raise ValueError("every variant needs a name")
        return lab.Variant(name, self.options_json(), self.deck)

    def use_deck(self, deck) -> None:
        self.deck = deck
        self.deck_note.value = self._deck_text()

    def load_deck_bytes(self, filename: str, content: bytes) -> None:
        """A deck file's bytes, through the upload's checks: a bad file keeps the old deck and says why."""
        self.upload.load_bytes(filename, content)

    def _deck_file(self, filename: str, data) -> str:
        """A parsed deck file: validated by the game's own loader (its error names the file, card and field)."""
        self.use_deck(self.game.deck(data))
        return f"{filename}: loaded"

    def _deck_text(self) -> str:
        if self.deck is None:
            return '<span class="rx-small">deck: the sample deck</span>'
        return f'<span class="rx-ok">deck: {escape(getattr(self.deck, "label", "uploaded deck"))}</span>'


class LabApp(w.VBox):
    """The whole lab: game, bots and budget; variant tabs; Run; charts, table and sentences.

    Args:
        game: the game shown first.
        executor: passed to ``lab.compare`` (None: local processes; "inline": this process).
    """

    def __init__(self, game: str = "proving-grounds", executor=None, games: int = 2000, seed: int = 1,
                 threaded: bool = True):
        super().__init__(layout=w.Layout(max_width="100%"))
        self.add_class("lab-app")
        self.executor = executor
        self.result = None
        self.figure = None
        wide = {"description_width": "initial"}
        self.game = w.Dropdown(options=[(lab.lab_game(g).title, g) for g in lab.lab_games()], value=game,
                               description="Game", style=wide, layout=w.Layout(max_width="100%"))
        self.game.add_class("lab-game")
        self.bots = w.Dropdown(description="Bots", style=wide, tooltip="Who plays every seat of every game")
        self.games = w.BoundedIntText(value=games, min=1, max=lab.run.MAX_GAMES, description="Games per variant",
                                      style=wide, layout=w.Layout(width="210px"))
        self.games.add_class("lab-games")
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed", style=wide,
                                     layout=w.Layout(width="170px"),
                                     tooltip="The same seed plays the same games (common random numbers)")
        self.width = w.BoundedFloatText(value=0.0, min=0.0, max=1.0, step=0.01, description="Stop at width",
                                        style=wide, layout=w.Layout(width="180px"),
                                        tooltip="stop once every rate's interval is narrower than this (0: play every game)")
        self.tabs = w.Tab(layout=w.Layout(max_width="100%"))
        self.add = w.Button(description="Add variant", icon="plus")
        self.add.add_class("lab-add")
        self.remove = w.Button(description="Remove last")
        self.run_button = w.Button(description="Run", button_style="primary", icon="play")
        self.run_button.add_class("lab-run")
        self.sweep_option = w.Dropdown(description="Sweep", style=wide, layout=w.Layout(max_width="100%"))
        self.sweep_option.add_class("lab-sweep-option")
        self.sweep_values = w.Text(description="values", placeholder="e.g. 5, 6, 7", style=wide,
                                   layout=w.Layout(max_width="100%"))
        self.sweep_values.add_class("lab-sweep-values")
        self.sweep_button = w.Button(description="Sweep", icon="line-chart",
                                     tooltip="the first variant with this option at each value")
        self.sweep_button.add_class("lab-sweep")
        self.runner = Runner(threaded)
        self.progress, self.message = self.runner.progress, self.runner.message
        self.sentences = w.HTML()
        self.sentences.add_class("lab-sentences")
        self.table = w.HTML()
        self.table.add_class("lab-table-box")
        self.chart = w.Output(layout=w.Layout(max_width="100%"))
        self.chart.add_class("lab-chart")
        self.game.observe(lambda _: self.reset(), "value")
        self.add.on_click(lambda _: self.add_variant())
        self.remove.on_click(lambda _: self.remove_variant())
        self.run_button.on_click(lambda _: self.run())
        self.sweep_button.on_click(lambda _: self.sweep())

        def row(*children):
            return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", max_width="100%"))

        self.children = (
            w.HTML(CSS + RESULT_CSS), row(self.game, self.bots), row(self.games, self.seed, self.width), self.tabs,
            row(self.add, self.remove, self.run_button), row(self.sweep_option, self.sweep_values, self.sweep_button),
            self.runner, self.sentences, self.chart, self.table,
        )
        self.reset()

    @property
    def editors(self) -> list[VariantEditor]:
        return list(self.tabs.children)

    def reset(self) -> None:
        """A new game: its bots and two variants with the default options."""
        g = lab.lab_game(self.game.value)
        self.bots.options = [b if isinstance(b, str) else str(b) for b in g.bots]
        self.bots.value = g.default_bots
        self.sweep_option.options = [(f["label"], f["name"]) for f in g.option_fields()]
        self.sweep_option.index = 0
        self.tabs.children = ()
        self.add_variant("A")
        self.add_variant("B")
        self.result = self.figure = None  # the old game's answer goes with it
        self.message.value = self.sentences.value = self.table.value = ""
        show_figure(self.chart, None)

    def add_variant(self, name: str | None = None, options: dict | None = None) -> VariantEditor:
        name = name or f"variant {len(self.editors) + 1}"
        editor = VariantEditor(self.game.value, name, options)
        editor.name.observe(lambda _: self._titles(), "value")
        self.tabs.children = tuple(self.editors) + (editor,)
        self._titles()
        self.tabs.selected_index = len(self.editors) - 1
        return editor

    def remove_variant(self) -> None:
        if len(self.editors) > 1:
            self.tabs.children = tuple(self.editors[:-1])
            self._titles()

    def _titles(self) -> None:
        self.tabs.titles = tuple(e.name.value or "?" for e in self.editors)

    def run(self):
        """Play every variant off the click's thread; show the chart, table and sentences (or say what is
        wrong: a worker's failure names the game and the seed). Unthreaded, returns the result (or None)."""
        self.result = None
        try:
            variants = [e.variant() for e in self.editors]
        except ValueError as e:
            self.message.value = f'<span class="rx-error">{escape(str(e))}</span>'
            return None
        game, games, seed, bots, width = (self.game.value, self.games.value, self.seed.value, self.bots.value,
                                          self.width.value or None)
        self.runner.start(lambda progress: lab.compare(game, variants, games=games, seed=seed, bots=bots,
                                                       executor=self.executor, progress=progress, target_width=width),
                          self.show, self._buttons())
        return self.result

    def sweep(self):
        """The first variant with one option at several values: a line per metric with error bars."""
        self.result = None
        try:
            text = self.sweep_values.value.strip()
            try:
                values = json.loads(text if text.startswith("[") else f"[{text}]")
            except json.JSONDecodeError:
                raise ValueError(f"values must be numbers or words in quotes, separated by commas, got {text!r}") from None
            base = self.editors[0]
            options, deck = base.options_json(), base.deck
        except ValueError as e:
            self.message.value = f'<span class="rx-error">{escape(str(e))}</span>'
            return None
        game, option, games, seed, bots, width = (self.game.value, self.sweep_option.value, self.games.value,
                                                  self.seed.value, self.bots.value, self.width.value or None)
        self.runner.start(lambda progress: lab.sweep(game, option, values, base=options, deck=deck, games=games,
                                                     seed=seed, bots=bots, executor=self.executor, progress=progress,
                                                     target_width=width),
                          self.show, self._buttons())
        return self.result

    def _buttons(self) -> tuple:
        """What may not be pressed while a run plays."""
        return (self.run_button, self.sweep_button, self.game)

    def show(self, result) -> None:
        self.result = result
        self.figure = figure(result)
        self.message.value = (f'<span class="rx-ok">{", ".join(map(str, result.games))} games per variant '
                              f'({escape(result.stopped)}); seed {result.seed}. {escape(result.limits())}</span>')
        self.sentences.value = sentences_html(result)
        self.table.value = table_html(result)
        show_figure(self.chart, self.figure)
