"""Every section tag the engines put in the log names a real heading of the game's rulebook.

A tag is one heading, or a heading and one of its subsections joined by ", ", the subsection being the
first heading of that name printed after it ("Module 2: Chariots, Gameplay"). The headings are kept
with each game (``sections.HEADINGS``, in printed order); set ``RULES_EXPLORER_RULEBOOKS`` to a folder
holding the rulebooks as text to check those lists against the books themselves.
"""
from __future__ import annotations

import ast
import os
from pathlib import Path

import numpy as np
import pytest

import explorer
from explorer.barbearian import Options as BBOptions
from explorer.barbearian import sections as bb_sections
from explorer.barbearian.bots import GreedyBot, RandomBot
from explorer.core import Session
from explorer.proving_grounds import Options as PGOptions
from explorer.proving_grounds import sections as pg_sections
from explorer.proving_grounds.bots import RandomPlayer
from explorer.proving_grounds.options import MODULES

GAMES = {"proving_grounds": pg_sections, "barbearian": bb_sections}
BOOKS = {"proving_grounds": "proving-grounds.txt", "barbearian": "barbearian-battlegrounds.txt"}


def is_real(tag: str, headings: tuple[str, ...]) -> bool:
    parts = tag.split(", ")
    if len(parts) == 1:
        return tag in headings
    if len(parts) != 2 or parts[0] not in headings:
        return False
    parent = headings.index(parts[0])
    return parts[1] in headings[parent + 1:]


def test_the_rule_for_tags():
    h = pg_sections.HEADINGS
    assert is_real("Module 2: Chariots, Gameplay", h) and is_real("Step 3: Recover", h)
    assert not is_real("Q2: Activate Effects", h) and not is_real("Step 2B: Suffering Wounds", h)
    assert not is_real("Moon Effects, Module 6: Sun and Moon", h)


def _constant_tags(game: str) -> set[str]:
    """String sections written in the source: ``Event(text, "...")`` and the module's constants."""
    tags = set()
    for path in (Path(explorer.__file__).parent / game).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Event" and len(node.args) > 1:
                if isinstance(node.args[1], ast.Constant):
                    tags.add(node.args[1].value)
    module = GAMES[game]
    tags |= {v for k, v in vars(module).items() if k.isupper() and isinstance(v, str)}
    tags |= {module.setup(m) for m in (module.DRAGONLING, module.CHARIOTS, module.INSPIRATION, module.CONSPIRATORS,
                                       module.SUN_AND_MOON)} if game == "proving_grounds" else set()
    tags |= {module.gameplay(m) for m in (module.DRAGONLING, module.CHARIOTS, module.CONSPIRATORS,
                                          module.SUN_AND_MOON)} if game == "proving_grounds" else set()
    return tags


def _played_tags(game: str) -> set[str]:
    """Sections of every event in random games: all modules, several seeds; 2-4 players."""
    tags = set()
    if game == "proving_grounds":
        for seed in range(6):
            opts = PGOptions.with_modules(*MODULES, timer_rerolls=3) if seed % 2 else PGOptions(timer_rerolls=2)
            s = Session("proving-grounds", opts, seed=seed)
            bot = RandomPlayer(np.random.default_rng(seed))
            while not s.is_over():
                s.play(bot.choose(s.state, s.legal_actions()))
            tags |= {e.section for e in s.events}
    else:
        from explorer.barbearian import rules, view
        for players in (2, 3, 4):
            s = Session("barbearian", BBOptions(players=players, round_limit=8), seed=players)
            bots = [(GreedyBot if k % 2 else RandomBot)(np.random.default_rng(k)) for k in range(players)]
            while not s.is_over():
                seat = rules.current_player(s.state)
                if seat == rules.CHANCE:
                    s.play(s.legal_actions()[0])
                else:
                    v = view(s.state, seat)
                    s.play(bots[seat].choose(v, rules.legal_actions(v, seat)))
            tags |= {e.section for e in s.events}
    return tags


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_section_tag_is_a_real_heading(game):
    headings = GAMES[game].HEADINGS
    played = _played_tags(game)
    assert len(played) > 8  # the games really ran through many sections
    wrong = sorted(t for t in _constant_tags(game) | played if not is_real(t, headings))
    assert not wrong, f"section tags that are not rulebook headings: {wrong}"


@pytest.mark.skipif(not os.environ.get("RULES_EXPLORER_RULEBOOKS"), reason="set RULES_EXPLORER_RULEBOOKS to check the heading lists against the rulebooks")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_heading_lists_match_the_rulebooks(game):
    lines = [line.strip() for line in (Path(os.environ["RULES_EXPLORER_RULEBOOKS"]) / BOOKS[game]).read_text().splitlines()]
    position = 0
    for heading in GAMES[game].HEADINGS:  # each one printed, in this order
        found = [i for i, line in enumerate(lines) if i >= position and (line == heading or line.startswith(heading + ":"))]
        assert found, f"{heading!r} is not a heading after line {position}"
        position = found[0] + 1
