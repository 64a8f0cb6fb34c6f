"""The compact campaign (``sim.campaigns``: the map as a ``CCampaign``, each battle as a ``CBattle``) replays the
plain engine's campaigns exactly: for the same seed, every legal list, every decision, every chance outcome and
the whole campaign state after every step (map, Battle Setup and battle steps alike) are equal, and so are the
records, over both bots and every option the compact map reads. Options are spelled as changes from the
simulators' defaults, so a new default is replayed too."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.core.seeds import children_of
from explorer.doomrock import GAME
from explorer.doomrock.sim import campaigns, games, play_game, simulate
from explorer.doomrock.sim import compact_bots, compact_play, compact_rules, compact_setup
from explorer.doomrock.sim import compact_map_rules as map_rules
from explorer.doomrock.sim.compact_map import from_campaign, to_campaign
from explorer.doomrock.sim.compact_map_bots import MAP_MAKERS
from explorer.doomrock.sim.compact_map_effects import finish_battle
from explorer.doomrock.sim.draws import Draws

from .helpers import DECK
from .test_compact_replay import OTHER_TRAITS, check_books, engine_game, engine_outcome, read_choices

OPTION_SETS = {
    "defaults": {},
    "three heroes, together, shares capped at HP": {"players": 3, "formation": "together", "party_damage_limit": "hp"},
    "four heroes, no map shields": {"players": 4, "map_shields": False},
    "quick play": {"quick_play": True},
    "quick play, early final battle, three heroes": {"quick_play": True, "early_final_battle": True, "players": 3},
    "a short map action limit": {"map_action_limit": 12},
    "chosen heroes, other traits, spawner": {"deck": OTHER_TRAITS, "heroes": ("cleric", "rogue"),
                                             "spawn_placement": "spawner", "locked_dice": "stay"},
    "heavy planning, assign if able, scarce markers": {"heavy_planning": True, "assign_if_able": True,
                                                       "expose_blank": 2, "expose_plus1": 1, "expose_cumulation": 1},
}


def engine_campaign(options, bot: str, seed, deck=DECK):
    """The engine's campaign from ``seed`` as ``games.play_game`` plays it, one (state, legal actions, action,
    outcome) per step, then the final state."""
    return engine_game(GAME, options, bot, seed, deck)


def replay_campaign(options, bot: str, seed, deck=DECK) -> dict:
    """Both campaigns side by side, step by step; returns how many steps of each kind were played compact."""
    ref = engine_campaign(options, bot, seed, deck)
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot_rng = np.random.Generator(np.random.PCG64(bot_seed))
    draws, bot_draws = Draws(rng), Draws(bot_rng)
    fast, on_map = compact_bots.MAKERS[bot](bot_draws), MAP_MAKERS[bot](bot_draws)
    state, acts, action, outcome = next(ref)
    while state.phase == "setup":  # the Setup is the engine's
        spec = GAME.chance_of_legal(state, action)
        assert (spec.sample(rng) if spec is not None else None) == outcome
        state, _ = GAME.apply_legal(state, action, outcome)
        state, acts, action, outcome = next(ref)
    m = from_campaign(state)
    counts = {"map": 0, "setup": 0, "battle": 0}
    while True:
        step = sum(counts.values())
        assert to_campaign(m) == state, f"step {step}: the campaigns differ"
        if action is None:
            assert m.result is not None and m.result == state.result
            return counts
        if m.phase == "battle":
            g = m.battle
            check_books(g)
            kind = "setup" if g.phase == "setup" else "battle"
            mine = compact_setup.legal(g) if kind == "setup" else compact_rules.legal(g)
            assert [compact_rules.to_action(a) for a in mine] == acts, f"step {step}: the legal actions differ"
            twin, turn = read_choices(fast, bot_rng, g) if kind == "battle" else (None, None)
            chance = len(mine) == 1 and (kind == "setup" or mine[0][0] in compact_rules.CHANCE_TAGS)
            a = mine[0] if chance else fast.choose(g, mine)
            assert compact_rules.to_action(a) == action, f"step {step}: the engine chose {action}, the compact bot {a}"
            assert twin in (None, a), f"step {step}: the choice read without the legal list is {twin}, not {a}"
            assert turn in (None, a), f"step {step}: the roll phase's choice read from the dice is {turn}, not {a}"
            drawn = (compact_setup.draw if kind == "setup" else compact_rules.draw)(g, a, draws)
            assert engine_outcome(drawn) == outcome, f"step {step}: {action} drew {outcome} and {drawn}"
            (compact_setup.play if kind == "setup" else compact_play.play)(g, a, drawn)
            if g.result is not None:
                finish_battle(m)
        else:
            kind = "map"
            mine = map_rules.legal(m)
            assert [map_rules.to_action(a) for a in mine] == acts, f"step {step}: the map actions differ"
            a = mine[0] if len(mine) == 1 and mine[0][0] in map_rules.CHANCE_TAGS else on_map.choose(m, mine)
            assert map_rules.to_action(a) == action, f"step {step}: the engine chose {action}, the compact bot {a}"
            drawn = map_rules.draw(m, a, draws)
            assert drawn == outcome, f"step {step}: {action} drew {outcome} and {drawn}"
            map_rules.play(m, a, drawn)
        counts[kind] += 1
        state, acts, action, outcome = next(ref)


CASES = [(name, bot) for name in OPTION_SETS for bot in ("greedy", "random")]


@pytest.mark.parametrize("name, bot", CASES)
def test_the_compact_campaign_replays_the_engine(name, bot):
    extra = dict(OPTION_SETS[name])
    deck = extra.pop("deck", DECK)
    options = games.sim_options(**extra)
    case = CASES.index((name, bot))
    played = {"map": 0, "setup": 0, "battle": 0}
    for seed in children_of(np.random.SeedSequence([2026, 11, case]), 3):
        for kind, n in replay_campaign(options, bot, seed, deck).items():
            played[kind] += n
        assert campaigns.play_campaign(options, deck, bot, seed, games.MAX_STEPS) == play_game(
            "campaign", options, deck, bot, seed)
    assert played["map"] > 0


def test_every_kind_of_map_step_and_battle_is_replayed():
    """The option sets above reach every map action, the gear-up of a Battle Setup and battles won and lost."""
    seen: set[str] = set()
    for name, bot in CASES:
        extra = dict(OPTION_SETS[name])
        deck = extra.pop("deck", DECK)
        options = games.sim_options(**extra)
        for seed in children_of(np.random.SeedSequence([2026, 11, CASES.index((name, bot))]), 3):
            log: list = []
            record = campaigns.play_campaign(options, deck, bot, seed, games.MAX_STEPS, log)
            seen |= {e[2][0] for e in log if e[0] == "map"}
            seen |= {"setup " + a[0] for e in log if e[0] == "battle" for _, a, _ in e[1]
                     if a[0] in ("equip", "unequip")}
            seen |= {"won" if won else "lost" for _, won in record.battles}
    wanted = set(map_rules.MAP_TYPES) | {"setup equip", "setup unequip", "won", "lost"}
    assert seen >= wanted, wanted - seen


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_campaigns_are_the_engines_action_by_action(bot):
    options = games.sim_options(players=2)
    for seed in children_of(np.random.SeedSequence([2026, 7, len(bot)]), 3 if bot == "greedy" else 4):
        log = []
        record = campaigns.play_campaign(options, DECK, bot, seed, games.MAX_STEPS, log)
        assert record == play_game("campaign", options, DECK, bot, seed)
        assert bool([s for e in log if e[0] == "battle" for s in e[1]]) == bool(record.battles)
        flat = []
        for entry in log:
            if entry[0] == "battle":
                flat += [(compact_rules.to_action(a), engine_outcome(o)) for _, a, o in entry[1]]
            elif entry[0] == "map":
                flat.append((map_rules.to_action(entry[2]), entry[3]))
            else:
                flat.append(entry[1:])
        assert flat == [(action, outcome) for _, _, action, outcome in engine_campaign(options, bot, seed)][:-1]
    assert simulate("campaign", 3, seed=2, options=options, bot=bot).records == tuple(
        play_game("campaign", options, DECK, bot, s) for s in children_of(np.random.SeedSequence(2), 3))


def test_a_campaign_capped_on_the_map_in_a_battle_or_on_its_last_step_is_the_engines():
    options = games.sim_options(players=2)
    seed = children_of(np.random.SeedSequence([2026, 7, 6]), 4)[3]  # a won battle, then a long lost one
    full = play_game("campaign", options, DECK, "greedy", seed)
    assert len(full.battles) == 2 and not full.capped
    for cap in (1, 5, 30, 50, 60, 61, 80, 120, 400, full.steps - 1, full.steps, full.steps + 1):
        engine = play_game("campaign", options, DECK, "greedy", seed, cap)
        assert campaigns.play_campaign(options, DECK, "greedy", seed, cap) == engine, cap
        assert engine.capped == (cap <= full.steps)
