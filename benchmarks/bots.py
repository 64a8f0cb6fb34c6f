"""Strength ladder: the search bot against the greedy bot in every game, with 95% Wilson intervals.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/bots.py`` (``--games``, ``--seconds``, ``--only`` to change a run)

* BarBEARian and Rumble Planet, 2 players: search's head-to-head win rate against greedy (search takes
  each seat in half the games; a game nobody won counts as lost).
* Assault on Doomrock, standalone battles and whole campaigns: the party's win rate with search and with greedy.
  The battles take turns among ``DOOMROCK_BATTLES`` (one encounter of each tier and party sizes 2 to 4, each
  one the greedy party wins 15% to 40% of the time: room to win more and to lose); the campaigns are played by
  3 heroes (the greedy party wins about a quarter). Greedy plays the search's seeds and ``BASELINE`` times as
  many more (it is quick), so its interval is the narrower.
* Proving Grounds, with a 10-reroll timer: the win rate with search, with greedy and with the odds bot (each
  rolling decision the exact solver's best), on the same seeds.

Each line prints the search bot's mean and longest time per decision (decisions with one legal action, and those
a bot settles without searching, such as Doomrock's map left to the greedy party, are not counted).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from explorer.core.game import get_game
from explorer.lab import wilson


class Timed:
    """A bot whose searched decisions are timed (not those with one legal action, nor those it settles without
    searching: ``last_iterations`` 0)."""

    def __init__(self, bot):
        self.bot, self.seconds, self.decisions, self.longest = bot, 0.0, 0, 0.0

    def choose(self, state, actions):
        start = time.perf_counter()
        action = self.bot.choose(state, actions)
        if len(actions) > 1 and getattr(self.bot, "last_iterations", 1):
            spent = time.perf_counter() - start
            self.seconds += spent
            self.decisions += 1
            self.longest = max(self.longest, spent)
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


def rate(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins:>3}/{n:<3} = {wins / max(1, n):5.1%}  95% [{lo:5.1%}, {hi:5.1%}]"


def line(label: str, wins: int, n: int, timed: list[Timed], baselines: dict | None = None) -> str:
    """One ladder line: the win rate and its interval, each baseline's, the search's mean decision time."""
    dec = sum(t.decisions for t in timed)
    mean = sum(t.seconds for t in timed) / max(1, dec)
    text = f"{label:<50} {rate(wins, n)}"
    for b, (w, m) in (baselines or {}).items():
        text += f"  | {b} {rate(w, m)}"
    longest = max((t.longest for t in timed), default=0.0)
    return text + f"  | {mean * 1000:.0f} ms/decision (longest {longest * 1000:.0f}) over {dec} decisions"


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


def solo(name: str, options, games: int, seed: int, search, baselines: dict, won, base_games: int | None = None,
         label: str | None = None) -> str:
    """The win rate with search and with each baseline bot (``name -> factory``), on the same seeds (the baselines
    on ``base_games`` seeds, the search's first). ``options``: one value, or a list game ``g`` takes ``g % len`` of."""
    settings = options if isinstance(options, list) else [options]
    base_games = games if base_games is None else max(games, base_games)
    wins, base, timed = 0, dict.fromkeys(baselines, 0), []
    for g in range(base_games):
        options = settings[g % len(settings)]
        if g < games:
            t = Timed(search(np.random.default_rng([seed, g, 1])))
            timed.append(t)
            wins += int(won(play(name, options, [t], seed * 1000 + g)))
        for b, make in baselines.items():
            base[b] += int(won(play(name, options, [make(np.random.default_rng([seed, g, 2]))], seed * 1000 + g)))
    return line(label or f"{name}: search (party win rate)", wins, games, timed,
                {b: (base[b], base_games) for b in baselines})


SECONDS = {"barbearian": 0.05, "rumble-planet": 0.2, "doomrock-battle": 0.03, "doomrock": 0.03,
           "proving-grounds": 0.05}
"""The search budget a decision per line (``--seconds`` sets one for all)."""
GAMES = {"barbearian": 20, "rumble-planet": 10, "doomrock-battle": 32, "doomrock": 16, "proving-grounds": 8}
"""Games per line (``--games`` sets one for all): each line takes a few minutes on a busy machine (Doomrock's two
about five together; a campaign asks the search about 300 times)."""
BASELINE = 8
"""Doomrock's greedy party plays this many times the search's games (``--baseline``)."""
DOOMROCK_BATTLES = (("goblin_raid", 2), ("orc_warband", 3), ("the_lich", 3), ("the_dragon", 4))
"""The standalone battles (encounter, heroes) Doomrock's battle line takes turns among: tiers I, II and III."""
DOOMROCK_CAMPAIGN_HEROES = 3
PG_TIMER = 10  # Proving Grounds is played with a 10-reroll timer, so the odds bot knows the rerolls left


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help=f"games per line (default {GAMES})")
    ap.add_argument("--seconds", type=float, default=None, help=f"search budget a decision (default {SECONDS})")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", nargs="*", default=None, help="lines to run (default: all)")
    ap.add_argument("--baseline", type=int, default=BASELINE,
                    help=f"Doomrock's greedy games as a multiple of the search's (default {BASELINE})")
    args = ap.parse_args(argv)

    from explorer.barbearian import bots as bb
    from explorer.barbearian.options import Options as BBOptions
    from explorer.doomrock import bots as dr
    from explorer.doomrock.sim import sim_options
    from explorer.proving_grounds import bots as pg
    from explorer.proving_grounds.options import Options as PGOptions
    from explorer.rumble_planet import bots as rp
    from explorer.rumble_planet.options import Options as RPOptions

    games = {g: args.games or n for g, n in GAMES.items()}
    sec = {g: args.seconds or t for g, t in SECONDS.items()}
    jobs = {
        "barbearian": lambda: duel("barbearian", BBOptions(players=2), games["barbearian"], args.seed,
                                   lambda r: bb.SearchBot(r, seconds=sec["barbearian"])),
        "rumble-planet": lambda: duel("rumble-planet", RPOptions(players=2), games["rumble-planet"], args.seed,
                                      lambda r: rp.SearchBot(r, seconds=sec["rumble-planet"])),
        "doomrock-battle": lambda: solo(
            "doomrock-battle", [sim_options(encounter=e, players=n) for e, n in DOOMROCK_BATTLES],
            games["doomrock-battle"], args.seed, lambda r: dr.SearchBot(r, seconds=sec["doomrock-battle"]),
            {"greedy": dr.GreedyBot}, lambda s: s.battle.result == "victory", args.baseline * games["doomrock-battle"],
            f"doomrock-battle: search ({len(DOOMROCK_BATTLES)} battles, party win rate)"),
        "doomrock": lambda: solo(
            "doomrock", sim_options(players=DOOMROCK_CAMPAIGN_HEROES), games["doomrock"], args.seed,
            lambda r: dr.SearchBot(r, seconds=sec["doomrock"]), {"greedy": dr.GreedyBot},
            lambda s: s.result == "victory", args.baseline * games["doomrock"],
            f"doomrock: search ({DOOMROCK_CAMPAIGN_HEROES}-hero campaign, party win rate)"),
        "proving-grounds": lambda: solo("proving-grounds", PGOptions(timer_rerolls=PG_TIMER), games["proving-grounds"],
                                        args.seed, lambda r: pg.SearchBot(r, seconds=sec["proving-grounds"]),
                                        {"greedy": pg.GreedyPlayer, "odds": pg.OddsPlayer}, lambda s: s.result == "won"),
    }
    print(f"Strength ladder, seed {args.seed} (games a line, search seconds a decision): "
          + ", ".join(f"{g} {games[g]} x {sec[g]} s" for g in jobs if args.only is None or g in args.only))
    start = time.perf_counter()
    for name, job in jobs.items():
        if args.only is None or name in args.only:
            t0 = time.perf_counter()
            print(job() + f"  ({time.perf_counter() - t0:.0f} s)", flush=True)
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
