"""A walkthrough: a worked example told as scenes, each a drawn state, a short explanation, the rulebook
section it teaches and what the engine did, with the learner choosing at the decisions that matter.

One component for every game. A game gives it chapters (built by ``Script`` from a ``Session`` and the
text of each step) and a ``draw(state) -> html`` function that draws the game's own board (the same SVG the
play dashboard shows). The widgets are made once; stepping changes their values, never the widgets.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape
from typing import Any, Callable

import ipywidgets as w

from explorer.core import IllegalAction, Session

from .theme import CSS

WALK_CSS = """
<style>
.rx-walk {max-width:100%; min-width:0}
.rx-walk .widget-html-content {line-height:1.4; min-width:0; max-width:100%; white-space:normal}
.rx-walk .widget-html, .rx-walk .widget-box {max-width:100%; min-width:0}
.rx-walk .widget-button {max-width:100%; height:auto; min-height:30px; white-space:normal; line-height:1.25; padding:4px 10px}
.rx-walk .wt-title {font-size:18px; font-weight:700; margin:6px 0 2px 0}
.rx-walk .wt-section {font-size:12px; color:#5d4037; font-style:italic}
.rx-walk .wt-text {font-size:14px; margin:4px 0; max-width:760px}
.rx-walk .wt-events {font-size:13px; margin:2px 0 4px 0; padding-left:18px; max-width:760px}
.rx-walk .wt-events li {margin:1px 0}
.rx-walk .wt-events .rx-small {font-style:italic}
.rx-walk .wt-box {border-left:4px solid #1565c0; background:#f3f7fd; padding:4px 10px; margin:6px 0; max-width:760px}
.rx-walk .wt-answer {border-left-color:#2e7d32; background:#f2f8f2}
.rx-walk .wt-odds td {padding:1px 8px 1px 0; vertical-align:top}
.rx-walk .wt-odds tr.wt-mine td {font-weight:700}
.rx-walk .wt-handoff {border-left-color:#f9a825; background:#fffbe8}
.rx-walk .wt-where {font-size:12px; color:#555}
</style>
"""


@dataclass(frozen=True)
class Decision:
    """A choice the learner makes at a scene; the example's own choice is the next scene's action."""

    prompt: str  # the question, in words
    example: Any  # the action the rulebook's example takes
    why: str = ""  # why the example chose it, in our words


@dataclass(frozen=True)
class Scene:
    """One step of a worked example: the state after ``cursor`` steps of ``session`` and what it teaches."""

    title: str
    text: str  # our explanation (simple HTML: <b>, <i>)
    section: str  # the rulebook section it teaches, by title and section
    session: Session
    cursor: int
    events: tuple = ()  # the engine's events for this step
    decision: Decision | None = None
    viewer: Any = None  # whose eyes the scene is drawn through (a game with secrets); None: the game's default

    @property
    def state(self):
        if self.cursor:
            return self.session.steps[self.cursor - 1].state
        return self.session.game.initial_state(self.session.options, self.session.content)


@dataclass(frozen=True)
class Chapter:
    title: str
    scenes: tuple[Scene, ...]
    handoff: str = ""  # shown at the chapter's last scene (HTML): where to try a whole round
    line: str = "The rulebook's example"  # whose moves Next plays: a rulebook example, or a game of our own


@dataclass
class Script:
    """Builds one chapter's scenes by playing a session: ``show`` the state as it is, ``step`` to play an
    action and show the result, ``ask`` before a step to make its choice the learner's."""

    session: Session
    scenes: list[Scene] = field(default_factory=list)
    _ask: Decision | None = None
    viewer: Any = None  # the scenes made from now on are drawn through this seat's eyes (``look``)
    play: Callable | None = None  # ``play(session, action, outcome) -> events`` for a choice made of several actions

    def show(self, title: str, text: str, section: str) -> "Script":
        self.scenes.append(Scene(title, text, section, self.session, self.session.cursor, viewer=self.viewer))
        return self

    def look(self, viewer) -> "Script":
        """Draw the next scenes as ``viewer`` sees the table (a seat behind its screen; None: the game's default)."""
        self.viewer = viewer
        return self

    def ask(self, prompt: str, why: str = "") -> "Script":
        """The next ``step`` is a decision: the learner is asked ``prompt`` at the scene shown now."""
        self._ask = (prompt, why)
        return self

    def step(self, action, title: str, text: str, section: str, outcome=None) -> "Script":
        if self._ask:
            prompt, why = self._ask
            self.scenes[-1] = _with(self.scenes[-1], decision=Decision(prompt, action, why))
            self._ask = None
        events = tuple(self.play(self.session, action, outcome) if self.play else self.session.play(action, outcome))
        self.scenes.append(Scene(title, text, section, self.session, self.session.cursor, events, viewer=self.viewer))
        return self

    def fork(self, scene: int) -> "Script":
        """Go on from scene number ``scene`` on a copy of the session (the example's other branch); the
        scenes already built keep their own session."""
        self.session = trial_session(self.scenes[scene])
        return self

    def chapter(self, title: str, handoff: str = "", line: str | None = None) -> Chapter:
        """The scenes as a chapter; ``line`` names whose moves they are when not a rulebook example's."""
        return Chapter(title, tuple(self.scenes), handoff, *([line] if line else []))


def _with(scene: Scene, **changes) -> Scene:
    return replace(scene, **changes)


def events_html(events, empty: str = "") -> str:
    """The engine's events as plain sentences, each with the section it applies."""
    if not events:
        return f'<div class="rx-small">{escape(empty)}</div>' if empty else ""
    items = "".join(f'<li>{escape(e.text)} <span class="rx-small">({escape(e.section)})</span></li>' for e in events)
    return f'<ul class="wt-events">{items}</ul>'


def same_choice(session: Session, state, a, b) -> bool:
    """Whether two actions are one choice (equal, or made equal by the game's ``canonical``)."""
    if a == b:
        return True
    canonical = getattr(session.game, "canonical", None)
    return canonical is not None and canonical(state, a) == canonical(state, b)


def trial_session(scene: Scene) -> Session:
    """A copy of the scene's session at its step, to play the learner's choice on (the example stays)."""
    copy = Session.from_json(scene.session.to_json(), game=scene.session.game)
    copy.jump(scene.cursor)
    return copy


class Walkthrough(w.VBox):
    """Back / Next through chapters of scenes; a chapter menu; choices at decisions.

    Args:
        chapters: the chapters, in order.
        draw: ``draw(state) -> html`` with the game's own board drawing.
        describe: ``describe(state, action) -> str``, a choice's label in words.
        choices: ``choices(state) -> actions`` the learner may pick from (default: the legal actions).
        odds: ``odds(session) -> [(action, text)]``, the exact value of each choice at the session's state.
        parse: ``parse(text) -> action`` for a typed move (None: no typing box).
        title: the page heading.
        parse_at: ``parse_at(state, text) -> action``, a typed move read against the scene's state (a game whose
            moves name its pieces, e.g. "the 4 to the Forge"); used instead of ``parse`` when given.
        play: ``play(session, action, outcome) -> events`` when a choice is more than one engine action (a walk of
            several moves); default ``session.play``.

    A scene with a ``viewer`` (a game with secrets) is drawn by ``draw(state, viewer)``, and its choices, their odds
    and typed moves are ``choices(state, viewer)``, ``odds(session, viewer)`` and ``parse_at(state, text, viewer)``:
    that seat's, as that seat sees them.
    """

    def __init__(self, chapters, draw: Callable, describe: Callable, choices: Callable | None = None,
                 odds: Callable | None = None, parse: Callable | None = None, title: str = "",
                 typed_hint: str = "", parse_at: Callable | None = None, play: Callable | None = None):
        super().__init__(layout=w.Layout(max_width="100%"))
        self.add_class("rx-walk")
        self.chapters = list(chapters)
        self.draw, self.describe, self.odds, self.parse = draw, describe, odds, parse
        self.parse_at = parse_at
        self.choices = choices or (lambda state, *viewer: None)
        self.play = play or (lambda session, action, outcome=None: session.play(action, outcome))
        self.chapter_i, self.scene_i = 0, 0
        self.menu = w.Dropdown(options=[(f"{i + 1}. {c.title}", i) for i, c in enumerate(self.chapters)],
                               description="Chapter", layout=w.Layout(width="100%", max_width="520px"))
        self.menu.add_class("wt-menu")
        self.menu.observe(self._menu_changed, "value")
        self.back = w.Button(description="Back", icon="arrow-left", tooltip="The previous step of the example")
        self.next = w.Button(description="Next", icon="arrow-right", button_style="primary",
                             tooltip="The next step of the example")
        self.back.add_class("wt-back")
        self.next.add_class("wt-next")
        self.back.on_click(lambda _: self.step(-1))
        self.next.on_click(lambda _: self.step(1))
        self.where = w.HTML()
        self.where.add_class("wt-where")
        self.heading = w.HTML()
        self.heading.add_class("wt-heading")
        self.drawing = w.HTML(layout=w.Layout(max_width="100%"))
        self.drawing.add_class("wt-drawing")
        self.happened = w.HTML()
        self.happened.add_class("wt-happened")
        # the learner's choice: a prompt, a pool of buttons reused from scene to scene, an optional typed move
        self.prompt = w.HTML()
        self.buttons: list[w.Button] = []
        self.button_row = w.HBox(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.button_row.add_class("rx-wrap")
        self.button_row.add_class("wt-choices")
        self.typed = w.Text(placeholder=typed_hint or "type a move", layout=w.Layout(width="240px", max_width="100%"))
        self.typed.add_class("wt-typed")
        self.try_typed = w.Button(description="Try it", tooltip="Play the move you typed")
        self.try_typed.add_class("wt-try")
        self.try_typed.on_click(lambda _: self.choose_typed(self.typed.value))
        typing = w.HBox([self.typed, self.try_typed], layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        typing.add_class("rx-wrap")
        if parse is None and parse_at is None:
            typing.layout.display = "none"
        self.answer = w.HTML()
        self.answer.add_class("wt-answer-html")
        self.answer_drawing = w.HTML(layout=w.Layout(max_width="100%"))
        self.answer_drawing.add_class("wt-answer-drawing")
        self.decision_box = w.VBox([self.prompt, self.button_row, typing, self.answer, self.answer_drawing],
                                   layout=w.Layout(max_width="100%"))
        self.decision_box.add_class("wt-decision")
        self.handoff = w.HTML()
        self.handoff.add_class("wt-handoff-html")
        nav = w.HBox([self.back, self.next, self.where], layout=w.Layout(flex_flow="row wrap", align_items="center",
                                                                         max_width="100%"))
        nav.add_class("rx-wrap")
        nav.add_class("wt-nav")
        head = f'<h2 class="rx-title">{escape(title)}</h2>' if title else ""
        self.children = (w.HTML(CSS + WALK_CSS + head), self.menu, nav, self.heading, self.happened,
                         self.decision_box, self.drawing, self.handoff)
        self.show()

    # -- moving -------------------------------------------------------------------------------------
    @property
    def chapter(self) -> Chapter:
        return self.chapters[self.chapter_i]

    @property
    def scene(self) -> Scene:
        return self.chapter.scenes[self.scene_i]

    def go(self, chapter: int, scene: int = 0) -> None:
        self.chapter_i, self.scene_i = chapter, scene
        self.menu.value = chapter
        self.show()

    def _menu_changed(self, change) -> None:
        if change["new"] != self.chapter_i:  # the learner picked a chapter (not ``go`` keeping the menu in step)
            self.go(change["new"], 0)

    def step(self, by: int) -> None:
        """Next or Back; past a chapter's end, into the next (or previous) chapter."""
        i = self.scene_i + by
        if 0 <= i < len(self.chapter.scenes):
            self.go(self.chapter_i, i)
        elif i < 0 and self.chapter_i > 0:
            self.go(self.chapter_i - 1, len(self.chapters[self.chapter_i - 1].scenes) - 1)
        elif i >= len(self.chapter.scenes) and self.chapter_i < len(self.chapters) - 1:
            self.go(self.chapter_i + 1, 0)

    # -- showing ------------------------------------------------------------------------------------
    def show(self) -> None:
        scene, chapter = self.scene, self.chapter
        last_chapter = self.chapter_i == len(self.chapters) - 1
        self.back.disabled = self.chapter_i == 0 and self.scene_i == 0
        self.next.disabled = last_chapter and self.scene_i == len(chapter.scenes) - 1
        self.next.description = "Next chapter" if self.scene_i == len(chapter.scenes) - 1 else "Next"
        self.where.value = (f'<span class="wt-where">Step {self.scene_i + 1} of {len(chapter.scenes)} of chapter '
                            f'{self.chapter_i + 1} of {len(self.chapters)}</span>')
        self.heading.value = (f'<div class="wt-title">{escape(scene.title)}</div>'
                              f'<div class="wt-section">Rulebook: {escape(scene.section)}</div>'
                              f'<div class="wt-text">{scene.text}</div>')
        self.happened.value = (f'<div class="wt-box"><b>What the engine did</b>{events_html(scene.events)}</div>'
                               if scene.events else "")
        self._show_decision(scene)
        self.handoff.value = (f'<div class="wt-box wt-handoff">{chapter.handoff}</div>'
                              if chapter.handoff and self.scene_i == len(chapter.scenes) - 1 else "")
        # the drawing goes last: a page showing this scene's drawing has every other part of the scene too
        self.drawing.value = (f'<div class="wt-scene" data-scene="{self.chapter_i + 1}-{self.scene_i + 1}">'
                              f'{self._draw(scene, scene.state)}</div>')

    def _show_decision(self, scene: Scene) -> None:
        self.answer.value = self.answer_drawing.value = ""
        self.typed.value = ""
        if scene.decision is None:
            self.decision_box.layout.display = "none"
            return
        self.decision_box.layout.display = None
        self.prompt.value = (f'<div class="wt-box"><b>Your move:</b> {escape(scene.decision.prompt)} '
                             f'<span class="rx-small">Pick one; then Next goes on with {escape(self.chapter.line[0].lower() + self.chapter.line[1:])}.</span></div>')
        state = scene.state
        actions = self.choices(state) if scene.viewer is None else self.choices(state, scene.viewer)
        actions = list(scene.session.game.legal_actions(state)) if actions is None else list(actions)
        if not any(same_choice(scene.session, state, a, scene.decision.example) for a in actions):
            actions.append(scene.decision.example)  # a legal choice the list names by another die: offer it as well
        while len(self.buttons) < len(actions):
            b = w.Button(layout=w.Layout(width="auto", max_width="100%"))
            b.add_class("wt-choice")
            b.on_click(lambda btn: self.choose(btn._wt_action))
            self.buttons.append(b)
        for b, a in zip(self.buttons, actions):
            b._wt_action = a
            b.description = self.describe(state, a)
            b.tooltip = f"Play: {b.description}"
            b.layout.display = None
        for b in self.buttons[len(actions):]:
            b.layout.display = "none"
        if tuple(self.button_row.children) != tuple(self.buttons):
            self.button_row.children = tuple(self.buttons)

    # -- the learner's choice -------------------------------------------------------------------------
    def choose(self, action) -> bool:
        """Play the learner's ``action`` on a copy of the example: show the result, the example's choice
        and the odds of each choice. An illegal action is refused with the engine's reason; nothing changes."""
        scene = self.scene
        if scene.decision is None:
            return False
        trial = trial_session(scene)
        try:
            events = self.play(trial, action)
        except IllegalAction as e:
            self.answer.value = f'<div class="wt-box"><span class="rx-error">Not allowed: {escape(str(e))}</span></div>'
            self.answer_drawing.value = ""
            return False
        state = scene.state
        mine, example = self.describe(state, action), self.describe(state, scene.decision.example)
        same = same_choice(scene.session, state, action, scene.decision.example)
        line = self.chapter.line
        verdict = (f"{line} made the same choice." if same else f"{line} chose <b>{escape(example)}</b>.")
        why = f" {scene.decision.why}" if scene.decision.why else ""
        self.answer.value = (f'<div class="wt-box wt-answer"><b>You chose: {escape(mine)}.</b> What the engine did:'
                             f'{events_html(events, "Nothing happened yet.")}{verdict}{why}'
                             f'{self._odds_html(scene, action)}'
                             f'<div class="rx-small">Your result is drawn below. Press Next to go on with the '
                             f'example\'s line.</div></div>')
        self.answer_drawing.value = (f'<div class="wt-where"><b>After your choice</b></div>{self._draw(scene, trial.state)}'
                                     if not same else "")
        return True

    def _draw(self, scene: Scene, state) -> str:
        return self.draw(state) if scene.viewer is None else self.draw(state, scene.viewer)

    def choose_typed(self, text: str) -> bool:
        try:
            scene = self.scene
            if self.parse_at is None:
                action = self.parse(text)
            else:
                action = self.parse_at(scene.state, text) if scene.viewer is None else self.parse_at(scene.state, text, scene.viewer)
        except IllegalAction as e:
            self.answer.value = f'<div class="wt-box"><span class="rx-error">Not allowed: {escape(str(e))}</span></div>'
            return False
        return self.choose(action)

    def _odds_html(self, scene: Scene, mine) -> str:
        if self.odds is None:
            return ""
        rows = []
        trial = trial_session(scene)
        for action, text in self.odds(trial) if scene.viewer is None else self.odds(trial, scene.viewer):
            is_mine = same_choice(scene.session, scene.state, action, mine)
            is_example = same_choice(scene.session, scene.state, action, scene.decision.example)
            tags = [t for t, hit in (("your choice", is_mine), ("the example's", is_example)) if hit]
            tag = f' <span class="rx-small">({", ".join(tags)})</span>' if tags else ""
            rows.append(f'<tr class="{"wt-mine" if is_mine else ""}"><td>{escape(self.describe(scene.state, action))}'
                        f'{tag}</td><td>{escape(text)}</td></tr>')
        return f'<div><b>Each choice, exactly:</b><table class="wt-odds">{"".join(rows)}</table></div>' if rows else ""
