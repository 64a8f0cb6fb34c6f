"""Strength ladder: the search bot against the greedy bot in every game, with 95% Wilson intervals.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/bots.py --games 20``

* BarBEARian and Rumble Planet, 2 players: search's head-to-head win rate against greedy (search takes
  each seat in half the games; a game nobody won counts as lost).
* Assault on Doomrock, one standalone battle: the party's win rate with search and with greedy, on the
  same seeds.
* Proving Grounds: the win rate with search and with greedy, on the same seeds.

Each line prints the search bot's mean time per decision (decisions with one legal action are not
searched and not counted).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from explorer.core.game import get_game
from explorer.lab import wilson


class Timed:
    """A bot whose decisions (with a real choice) are timed."""

    def __init__(self, bot):
        self.bot, self.seconds, self.decisions = bot, 0.0, 0

    def choose(self, state, actions):
        start = time.perf_counter()
        action = self.bot.choose(state, actions)
        if len(actions) > 1:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return action


def play(name: str, options, bots: list, seed: int, max_steps: int = 20_000):
    """One game with one bot a seat (each seat handed its own view where the game has one); the final state."""
    game = get_game(name)
    rng = np.random.default_rng(seed)
    state = game.initial_state(options, game.default_content())
    look = getattr(game, "view", None)
    for _ in range(max_steps):
        if game.is_terminal(state):
            break
        seat = game.current_player(state)
        acts = list(game.legal_actions(state))
        if seat >= 0:
            acts = [a for a in acts if getattr(a, "seat", seat) == seat] if name == "barbearian" else acts
            action = bots[seat].choose(look(state, seat) if look else state, acts)
        else:
            action = acts[0]
        spec = game.chance(state, action)
        state, _ = game.apply(state, action, spec.sample(rng) if spec is not None else None)
    return state


def line(label: str, wins: int, n: int, timed: list[Timed], baseline: tuple[int, int] | None = None) -> str:
    lo, hi = wilson(wins, n)
    dec = sum(t.decisions for t in timed)
    mean = sum(t.seconds for t in timed) / max(1, dec)
    text = f"{label:<44} {wins:>3}/{n:<3} = {wins / max(1, n):5.1%}  95% [{lo:5.1%}, {hi:5.1%}]"
    if baseline is not None:
        blo, bhi = wilson(*baseline)
        text += f"  | greedy {baseline[0]}/{baseline[1]} = {baseline[0] / max(1, baseline[1]):5.1%} [{blo:5.1%}, {bhi:5.1%}]"
    return text + f"  | {mean * 1000:.0f} ms/decision over {dec} decisions"


def duel(name: str, options, games: int, seed: int, search) -> str:
    from importlib import import_module

    bots_of = import_module(f"explorer.{name.replace('-', '_')}.bots")
    wins, timed = 0, []
    for g in range(games):
        me = g % 2
        t = Timed(search(np.random.default_rng([seed, g, 1])))
        seats = [bots_of.make_bot("greedy", np.random.default_rng([seed, g, 2])) for _ in range(2)]
        seats[me] = t
        timed.append(t)
        wins += int(play(name, options, seats, seed * 1000 + g).winner == me)
    return line(f"{name} 2p: search vs greedy (head to head)", wins, games, timed)


def solo(name: str, options, games: int, seed: int, search, greedy, won) -> tuple[str, str]:
    wins, base, timed = 0, 0, []
    for g in range(games):
        t = Timed(search(np.random.default_rng([seed, g, 1])))
        timed.append(t)
        wins += int(won(play(name, options, [t], seed * 1000 + g)))
        base += int(won(play(name, options, [greedy(np.random.default_rng([seed, g, 2]))], seed * 1000 + g)))
    return line(f"{name}: search (party win rate)", wins, games, timed, (base, games))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per line (default 20)")
    ap.add_argument("--seconds", type=float, default=0.05, help="search budget per decision in seconds")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", nargs="*", default=None, help="games to run (default: all four)")
    args = ap.parse_args(argv)

    from explorer.barbearian import bots as bb
    from explorer.barbearian.options import Options as BBOptions
    from explorer.doomrock import bots as dr
    from explorer.doomrock.sim import sim_options
    from explorer.proving_grounds import bots as pg
    from explorer.proving_grounds.options import Options as PGOptions
    from explorer.rumble_planet import bots as rp
    from explorer.rumble_planet.options import Options as RPOptions

    budget = dict(seconds=args.seconds)
    jobs = {
        "barbearian": lambda: duel("barbearian", BBOptions(players=2), args.games, args.seed,
                                   lambda r: bb.SearchBot(r, **budget)),
        "rumble-planet": lambda: duel("rumble-planet", RPOptions(players=2), args.games, args.seed,
                                      lambda r: rp.SearchBot(r, **budget)),
        "doomrock-battle": lambda: solo("doomrock-battle", sim_options(), args.games, args.seed,
                                        lambda r: dr.SearchBot(r, **budget), dr.GreedyBot,
                                        lambda s: s.battle.result == "victory"),
        "proving-grounds": lambda: solo("proving-grounds", PGOptions(), args.games, args.seed,
                                        lambda r: pg.SearchBot(r, **budget), pg.GreedyPlayer,
                                        lambda s: s.result == "won"),
    }
    print(f"Strength ladder: {args.games} games a line, search budget {args.seconds} s a decision, seed {args.seed}")
    start = time.perf_counter()
    for name, job in jobs.items():
        if args.only is None or name in args.only:
            print(job(), flush=True)
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
