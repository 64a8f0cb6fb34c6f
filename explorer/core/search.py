"""A search bot written once over the engine protocol: information-set Monte Carlo tree search.

In the style of OpenSpiel's IS-MCTS (single observer, open loop): every iteration samples one
world the deciding seat cannot tell from the table it sees (``Rules.determinize`` of its
``view``), walks a tree of action sequences with UCT (a child's exploration term counts how often
it was *available*, since a determinization may not offer every action), samples every roll or
draw through the game's own chance specs, finishes with a depth-limited rollout by the game's
greedy bot (or one that stops at a turn's start) and scores the end with the game's evaluation. The
tree is rebuilt for each decision (nothing is cached between decisions or between bots). With few
iterations and noisy dice the most visited action is a noisy pick, so the rollout policy's own choice
may be credited with a share of the visits (``trust``), and a game may settle choices its own
knowledge makes (``Rules.settled``) without searching.

A game joins by giving a ``Rules``: its engine plus the four things search needs that the protocol
does not say (who decides, what that seat sees, how to fill in what it does not, how good a
position is for each seat).
"""
from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable

import numpy as np

from .errors import IllegalAction

SKIPPED = frozenset({"content", "deck", "options"})
"""State fields that hold the rules' data (deck lists, options), not what lies on the table."""


@dataclass(frozen=True)
class Rules:
    """What search needs of one game.

    Attributes:
        game: the engine (``legal_actions``, ``chance``, ``apply``, ``is_terminal``, ``current_player``).
        evaluate: ``state -> tuple`` of one value in [0, 1] per seat (1: won); used at the end of every rollout,
            finished or not.
        rollout: ``rng -> bot``, the policy that plays every seat in a rollout (usually the greedy bot).
        view: ``(state, seat) -> state`` the seat may see (identity for a game without secrets).
        determinize: ``(view, seat, rng) -> state``: one full state consistent with the view (identity without
            secrets); the hidden parts drawn from what the seat has not seen.
        actor: ``state -> seat`` to act (negative: chance or the end).
        actions: ``(state, seat) -> list`` of the seat's legal actions.
        seat_of: ``(state, actions) -> seat`` the bot decides for when it is asked to choose.
        bot_input: ``(world, seat) -> what the rollout bot reads`` (the world itself unless the bot needs a view).
        chance_of_legal, apply_legal: the engine's ``chance`` and ``apply`` for an action just taken from
            ``legal`` of the very state, without listing the legal actions again to check it (None: the checked
            ones). Search takes every action inside its tree and rollouts from such a list.
        turn: ``state -> key`` that changes when a new turn starts (None: rollouts count decisions only); a
            search bot given ``turns`` plays a rollout until the key has changed that many times.
        settled: ``(view, actions) -> action or None``: a choice the game's own knowledge makes without search
            (None: search every choice).
        play_out: ``(state, rollout bot, depth) -> state``: the rollout played the game's own faster way (at most
            ``depth`` steps, the same policy); None: one listed step at a time. Not used with ``turns``.
    """

    game: Any
    evaluate: Callable[[Any], tuple]
    rollout: Callable[[np.random.Generator], Any]
    view: Callable[[Any, int], Any] = lambda state, seat: state
    determinize: Callable[[Any, int, np.random.Generator], Any] = lambda view, seat, rng: view
    actor: Callable[[Any], int] | None = None
    actions: Callable[[Any, int], list] | None = None
    seat_of: Callable[[Any, list], int] | None = None
    bot_input: Callable[[Any, int], Any] = lambda world, seat: world
    chance_of_legal: Callable[[Any, Any], Any] | None = None
    apply_legal: Callable[[Any, Any, Any], tuple] | None = None
    turn: Callable[[Any], Any] | None = None
    settled: Callable[[Any, list], Any] | None = None
    play_out: Callable[[Any, Any, int], Any] | None = None

    def to_act(self, state) -> int:
        return (self.actor or self.game.current_player)(state)

    def legal(self, state, seat: int) -> list:
        if self.actions is not None:
            return list(self.actions(state, seat))
        return list(self.game.legal_actions(state))

    def deciding(self, state, actions: list) -> int:
        return self.seat_of(state, actions) if self.seat_of is not None else self.to_act(state)


class _Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self):
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0


class SearchBot:
    """IS-MCTS over a game's ``Rules``; ``choose(state, actions)`` decides from the seat's own view.

    Args:
        rng: every random choice (determinizations, chance outcomes, rollouts) comes from it.
        rules: the game's ``Rules``.
        iterations: at most this many iterations a decision (None: no limit but ``seconds``).
        seconds: at most this long a decision (None: no limit but ``iterations``). With both None, 200 iterations.
        depth: decisions a rollout plays (at most) before the evaluation judges the position.
        exploration: UCT's constant ``c``.
        turns: with it, a rollout stops once this many new turns have started (``Rules.turn``), so every
            rollout is judged at a turn's start, where no seat is halfway through what it meant to do.
        trust: the share of the decision's iterations (0 to 1) the rollout policy's own choice is credited with
            when the most visited action is chosen: another action must earn that many more visits to replace it
            (0: none), so a few noisy rollouts do not overturn a sound default.
    Same seed and an iteration budget (no ``seconds``) give the same choices.
    """

    def __init__(self, rng: np.random.Generator, rules: Rules, iterations: int | None = None,
                 seconds: float | None = 0.5, depth: int = 40, exploration: float = 1.0, turns: int | None = None,
                 trust: float = 0.0):
        for name, value in (("iterations", iterations), ("depth", depth), ("turns", turns)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise IllegalAction(f"search bot: {name} must be a whole number >= 1, got {value!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0):
            raise IllegalAction(f"search bot: seconds must be a positive number, got {seconds!r}")
        if isinstance(trust, bool) or not isinstance(trust, (int, float)) or not 0 <= trust <= 1:
            raise IllegalAction(f"search bot: trust must be a number from 0 to 1, got {trust!r}")
        if turns is not None and rules.turn is None:
            raise IllegalAction("search bot: turns needs a game whose search rules say when a turn starts")
        self.rng, self.rules = rng, rules
        self.iterations = 200 if iterations is None and seconds is None else iterations
        self.seconds, self.depth, self.c, self.turns, self.trust = seconds, depth, exploration, turns, trust
        self._rollout = rules.rollout(rng)
        self.last_iterations = 0

    def choose(self, state, actions: list):
        actions = list(actions)
        if len(actions) <= 1:
            return actions[0]
        seat = self.rules.deciding(state, actions)
        seen = self.rules.view(state, seat)
        if len(set(actions)) == 1:
            return actions[0]
        if self.rules.settled is not None:
            known = self.rules.settled(seen, actions)
            if known is not None:
                self.last_iterations = 0
                return known
        root = _Node()
        first = self._rollout.choose(self.rules.bot_input(seen, seat), actions)
        order = [first] + [a for a in actions if a != first]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while (self.iterations is None or n < self.iterations) and (deadline is None or time.perf_counter() < deadline):
            world = self.rules.determinize(seen, seat, self.rng)
            self._iterate(root, world, order)
            n += 1
        self.last_iterations = n
        # the most visited action (the rollout policy's own choice, first in ``order``, credited with ``trust``
        # of the iterations and winning ties)
        def visits(a):
            return (root.children[a].visits if a in root.children else -1) + (self.trust * n if a == first else 0)
        return max(order, key=lambda a: (visits(a), -order.index(a)))

    # -- one iteration -------------------------------------------------------------------------------
    def _iterate(self, root: _Node, state, root_actions: list) -> None:
        rules, game = self.rules, self.rules.game
        node, path = root, []
        state = self._settle(state)
        while not game.is_terminal(state):
            mover = rules.to_act(state)
            acts = root_actions if node is root else rules.legal(state, mover)
            if not acts:
                break
            untried = [a for a in acts if a not in node.children]
            for a in acts:
                if a in node.children:
                    node.children[a].avail += 1
            if untried:
                action = untried[0] if node is root else untried[int(self.rng.integers(len(untried)))]
                child = node.children[action] = _Node()
                child.avail = 1
                path.append((child, mover))
                state = self._settle(self._step(state, action, checked=node is root))
                break
            action = max(acts, key=lambda a: self._uct(node.children[a]))
            checked = node is root
            node = node.children[action]
            path.append((node, mover))
            state = self._settle(self._step(state, action, checked))
        values = rules.evaluate(self._play_out(state))
        for child, mover in path:
            child.visits += 1
            child.value += values[mover]

    def _uct(self, child: _Node) -> float:
        return child.value / child.visits + self.c * math.sqrt(math.log(max(child.avail, 1)) / child.visits)

    def _step(self, state, action, checked: bool = False):
        """``action`` applied with a sampled outcome; ``checked``: it came from the caller, not from ``legal`` of
        this very state, so the engine checks it (a determinization must offer what the seat's view offers)."""
        rules, game = self.rules, self.rules.game
        fast = not checked and rules.apply_legal is not None
        spec = (rules.chance_of_legal if fast else game.chance)(state, action)
        outcome = spec.sample(self.rng) if spec is not None else None
        state, _ = (rules.apply_legal if fast else game.apply)(state, action, outcome)
        return state

    def _settle(self, state):
        """Play the table's own moves (rolls, shuffles, deals) until a seat decides or the game ends."""
        game = self.rules.game
        while not game.is_terminal(state) and self.rules.to_act(state) < 0:
            state = self._step(state, game.legal_actions(state)[0])
        return state

    def _play_out(self, state):
        """Up to ``depth`` decisions by the rollout policy, every seat alike (and no more than ``turns`` turns)."""
        rules, game = self.rules, self.rules.game
        if rules.play_out is not None and self.turns is None:
            return rules.play_out(state, self._rollout, self.depth)
        turn = rules.turn(state) if self.turns is not None else None
        started = 0
        for _ in range(self.depth):
            state = self._settle(state)
            if game.is_terminal(state):
                break
            if turn is not None and rules.turn(state) != turn:
                turn, started = rules.turn(state), started + 1
                if started >= self.turns:
                    break
            seat = rules.to_act(state)
            acts = rules.legal(state, seat)
            if not acts:
                break
            action = acts[0] if len(acts) == 1 else self._rollout.choose(rules.bot_input(state, seat), acts)
            state = self._step(state, action)
        return state


# -- helpers for a game's determinize and evaluate -------------------------------------------------------

def seen_strings(value) -> Counter:
    """Every string on the table in ``value`` (a state or a view), counted: the cards a seat can see.

    Walks dataclasses, tuples, lists and dicts, skipping the rules' data (``SKIPPED`` fields)."""
    out: Counter = Counter()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out[v] += 1
        elif isinstance(v, (tuple, list)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in fields(v) if f.name not in SKIPPED)
    return out


def unseen(cards, seen: Counter) -> list:
    """The cards of ``cards`` (a deck list, copies repeated) that ``seen`` does not account for, sorted."""
    left = Counter(cards) - seen
    return sorted(left.elements())


def shuffled(items, rng: np.random.Generator) -> list:
    """``items`` in a random order drawn from ``rng`` (the items themselves, never numpy copies)."""
    items = list(items)
    return [items[i] for i in rng.permutation(len(items))]


def margin_values(scores, winner: int | None, scale: float) -> tuple[float, ...]:
    """Each seat's value: 1 for the winner and 0 for the others when the game is decided; otherwise
    0.5 plus half the tanh of the seat's lead over its best rival (in ``scale`` units)."""
    n = len(scores)
    if winner is not None:
        return tuple(1.0 if s == winner else 0.0 for s in range(n))
    out = []
    for s in range(n):
        rival = max(scores[q] for q in range(n) if q != s) if n > 1 else 0
        out.append(0.5 + 0.5 * math.tanh((scores[s] - rival) / scale))
    return tuple(out)


def make_search(rules: Rules, **budget) -> Callable[[np.random.Generator], SearchBot]:
    """A factory ``rng -> SearchBot`` with this budget (for ``make_bot`` and the simulators)."""
    return lambda rng: SearchBot(rng, rules, **budget)
