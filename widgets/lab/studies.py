"""A worked study on the page: its question, the stored answer drawn at once (SVG panels, see ``charts``), and a
button that plays it again (off the click's thread, with Cancel)."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from .charts import panels_html
from .runner import Runner
from .words import sentences_html


class StudyView(w.VBox):
    def __init__(self, study, threaded: bool = True, executor=None):
        super().__init__(layout=w.Layout(max_width="100%"))
        self.add_class("lab-study")
        self.study, self.executor = study, executor
        self.result = study.stored()
        self.heading = w.HTML(f"<h3>{escape(study.title)}</h3><p>{study.question}</p>")
        self.note = w.HTML()
        self.chart = w.HTML(layout=w.Layout(max_width="100%"))
        self.sentences = w.HTML()
        self.again = w.Button(description="Play it again", icon="refresh",
                              tooltip="Play every game of this study again now (the same seed gives the same answer)")
        self.again.add_class("lab-study-again")
        self.runner = Runner(threaded)
        self.again.on_click(lambda _: self.play_again())
        self.children = (self.heading, self.note, self.chart, self.sentences,
                         w.HBox([self.again, self.runner], layout=w.Layout(flex_flow="row wrap", max_width="100%")))
        self.show(self.result, stored=True)

    def play_again(self) -> None:
        self.runner.start(lambda progress: self.study.play(progress=progress, executor=self.executor),
                          lambda result: self.show(result, stored=False), start_buttons=(self.again,))

    def show(self, result, stored: bool) -> None:
        self.result = result
        where = "stored with the lab" if stored else "just played"
        self.note.value = (f'<span class="rx-small">The answer {where}: {", ".join(map(str, result.games))} games '
                           f'per variant, seed {result.seed}.</span>')
        self.sentences.value = sentences_html(result, list(self.study.metrics))
        self.chart.value = panels_html(result, list(self.study.metrics))
