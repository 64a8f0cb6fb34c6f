"""The search bot's battles on the compact battle: the engine protocol over a ``CBattle`` changed in place, so a
search iteration costs a copy of the table and a battle played on at lab speed, not an engine battle rebuilt at
every step.

Open-loop search never goes back to a position: each iteration plays one determinization from the root to the
rollout's end, so a game whose ``apply`` changes the state in place and returns it serves as well as a pure one,
as long as ``determinize`` hands out a fresh copy. The table is the party's view (``search.view``: face-down piles
in a fixed order) made compact once a decision; a determinization is a copy with the AI decks and the expose pool
shuffled. Actions are ``compact_rules``' tuples (the engine's are ``to_action`` of them, in the same order).
"""
from __future__ import annotations

import numpy as np

from ...core.errors import IllegalAction
from ...core.search import Rules, shuffled
from ..search import battle_value, view
from ..state import CHANCE, PARTY
from ..skirmish import BattleState
from . import compact_setup, quick
from .compact import CBattle, clone, from_battle
from .compact_bots import GreedyBot
from .compact_play import fight, play
from .compact_rules import CHANCE_TAGS, SETUP, draw, from_action, legal
from .draws import Draws

TABLE_TAGS = CHANCE_TAGS | {SETUP}  # the table's own actions (``skirmish.player_of``)
HORIZON = 5_000  # steps a rollout may play: a battle ends long before (simulations lose one at round 30, DR-10)
ROUNDS = 0  # rounds a rollout plays after its own before the evaluation judges the battle (0: to the round's end)


def table(state) -> CBattle | None:
    """The party's view of the battle in ``state`` (a standalone battle or a campaign in battle), compact; None
    where the compact battle does not play it (the map, a campaign's Battle Setup, a standalone one with gear to
    change)."""
    b = state.battle
    standalone = isinstance(state, BattleState)
    if b is None or b.result is not None or (not standalone and state.phase != "battle"):
        return None
    if b.phase == "setup" and not standalone:  # a campaign's Battle Setup is the engine's (``sim.campaigns``)
        return None
    if quick.engine_only(state.options):  # a reading the compact battle does not play (``quick.ENGINE_ONLY``)
        return None
    g = from_battle(view(state).battle, state.deck, state.options)
    if g.phase == "setup" and not compact_setup.supported(g):
        return None
    return g


def determinize(g: CBattle, seat: int, rng: np.random.Generator) -> CBattle:
    """A copy of the party's table with the face-down piles (the AI decks, the expose pool) in a random order."""
    c = clone(g)
    c.ai_draw = {k: shuffled(v, rng) for k, v in c.ai_draw.items()}
    c.expose_pool = shuffled(c.expose_pool, rng)
    return c


class _Draw:
    """A compact action's chance, drawn as ``compact_rules.draw`` (or ``compact_setup.draw``) draws it."""

    __slots__ = ("game", "g", "a")

    def __init__(self, game, g, a):
        self.game, self.g, self.a = game, g, a

    def sample(self, rng: np.random.Generator):
        draws = self.game.draws_of(rng)
        return compact_setup.draw(self.g, self.a, draws) if self.g.phase == "setup" else draw(self.g, self.a, draws)


class CompactBattleGame:
    """``legal_actions``, ``chance``, ``apply``, ``is_terminal``, ``current_player`` over a compact battle, from
    Battle Setup on (with no gear to change) to its end."""

    def __init__(self):
        self._draws: Draws | None = None

    def draws_of(self, rng: np.random.Generator) -> Draws:
        if self._draws is None or self._draws.rng is not rng:
            self._draws = Draws(rng)
        return self._draws

    @staticmethod
    def legal_actions(g: CBattle) -> list:
        return compact_setup.legal(g) if g.phase == "setup" else legal(g)

    @staticmethod
    def is_terminal(g: CBattle) -> bool:
        return g.result is not None

    def current_player(self, g: CBattle) -> int:
        acts = self.legal_actions(g)
        return CHANCE if len(acts) == 1 and acts[0][0] in TABLE_TAGS else PARTY

    def chance_of_legal(self, g: CBattle, a: tuple) -> _Draw:
        return _Draw(self, g, a)

    def chance(self, g: CBattle, a: tuple) -> _Draw:
        if a not in self.legal_actions(g):
            raise IllegalAction(f"compact battle: {a!r} is not a legal action here")
        return _Draw(self, g, a)

    @staticmethod
    def apply_legal(g: CBattle, a: tuple, outcome=None):
        (compact_setup.play if g.phase == "setup" else play)(g, a, outcome)
        return g, ()

    def apply(self, g: CBattle, a: tuple, outcome=None):
        if a not in self.legal_actions(g):
            raise IllegalAction(f"compact battle: {a!r} is not a legal action here")
        return self.apply_legal(g, a, outcome)


def rules(rounds: int | None = ROUNDS) -> Rules:
    """Search's view of a compact battle, rolling out with the compact greedy bot to the end of the round a rollout
    starts in and ``rounds`` more (None: to the battle's end), then judged by ``search.battle_value``."""
    game = CompactBattleGame()

    def evaluate(g: CBattle) -> tuple[float]:
        return (battle_value(g),)

    def play_out(g: CBattle, bot: GreedyBot, depth: int) -> CBattle:
        if g.phase == "setup":  # the table sets up as the greedy party would (Battle Setup 1: set up now)
            acts = compact_setup.legal(g)
            a = acts[0] if len(acts) == 1 else bot.choose(g, acts)
            game.apply_legal(g, a, game.chance_of_legal(g, a).sample(bot.rng.rng))
        fight(g, bot, bot.rng, 0, depth, until_round=None if rounds is None else g.round + rounds + 1)
        return g

    return Rules(game=game, evaluate=evaluate, rollout=lambda rng: GreedyBot(Draws(rng)), determinize=determinize,
                 seat_of=lambda g, actions: PARTY, chance_of_legal=game.chance_of_legal, apply_legal=game.apply_legal,
                 play_out=play_out)
