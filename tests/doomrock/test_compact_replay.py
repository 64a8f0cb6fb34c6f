"""The compact battle (``sim.quick``) replays the plain engine's battles exactly: for the same seed, every legal
list, every decision, every chance outcome and the whole battle state after every step are equal, and so are the
records, over encounters, party sizes, both bots and option sets. Options are spelled as changes from the
defaults, so a new default is replayed too."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.core.seeds import children_of
from explorer.doomrock import BATTLE_GAME, CHANCE, Options
from explorer.doomrock.bots import GreedyBot, make_bot
from explorer.doomrock.sim import fast_game, games, play_game, quick, simulate
from explorer.doomrock.sim import compact, compact_bots, compact_play, compact_rules, compact_setup
from explorer.doomrock.sim.draws import Draws

from explorer.doomrock.deckfile import deck_from_json

from .helpers import DECK

# The sample deck with the trait cards naming other abilities, so that standalone battles also play extra dice,
# activation conditions, pushes and reactions of the ability deck, and heroes tied two by two in threat, so that
# the AI cards' ties are the players' to break (DR-5).
OTHER_TRAITS = deck_from_json({
    **DECK.raw,
    "traits": [{**t, "ability": a} for t, a in zip(DECK.raw["traits"], (
        "second_wind", "backstab", "charge", "riposte", "shove", "fireball", "hex", "smoke_bomb"))],
    "heroes": [{**h, "threat": n} for h, n in zip(DECK.raw["heroes"], (6, 6, 4, 4, 5, 5))]}, "other_traits.json")

ENCOUNTERS = ("goblin_raid", "zombie_horde", "orc_warband", "tentacle_monster", "the_lich", "the_dragon")
OPTION_SETS = {
    "defaults": {},
    "spawner, together, locked dice stay, assign if able": {
        "spawn_placement": "spawner", "formation": "together", "locked_dice": "stay", "assign_if_able": True},
    "few markers, under, earlier blanks, no explosion damage, hp limit, own enrage, pairs across": {
        "cumulation_flip": "under", "cumulation_blanks": "earlier", "explosion_damage": "none",
        "party_damage_limit": "hp", "enrage_cards": "own", "enemy_pairs": "across", "expose_blank": 1,
        "expose_plus1": 2, "expose_push": 1, "expose_cumulation": 1},
    "scarce markers, earlier blanks, few tokens, strong enrage": {
        "expose_blank": 2, "expose_plus1": 1, "expose_push": 0, "expose_cumulation": 2, "cumulation_blanks": "earlier",
        "minion_tokens": 4, "enraged_bonus": 2},
    "a party with items": {"heroes": ("ranger", "cleric", "rogue"), "players": 3,
                           "items": ("short_sword", "sling", "healing_draught", "buckler", "smoke_vial", "caltrops")},
    "other traits, four heroes hiding": {
        "deck": OTHER_TRAITS, "heroes": ("warrior", "rogue", "wizard", "ranger"), "players": 4,
        "items": ("smoke_vial", "smoke_vial", "smoke_vial", "war_axe", "flame_sword", "phoenix_feather",
                  "amulet_of_wards")},
    "other traits, spawner": {"deck": OTHER_TRAITS, "spawn_placement": "spawner", "locked_dice": "stay"},
    "heavy planning": {"heavy_planning": True},
}


def engine_game(game, options: Options, bot: str, seed, deck=DECK):
    """The engine's game from ``seed`` as ``games.play_game`` plays it, one (state, legal actions, action, outcome)
    per step, then the final state."""
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    player = make_bot(bot, np.random.Generator(np.random.PCG64(bot_seed)))
    state = game.initial_state(options, deck)
    while not game.is_terminal(state):
        acts = game.legal_actions(state)
        action = acts[0] if game.player_of(acts) == CHANCE else player.choose(state, acts)
        spec = game.chance_of_legal(state, action)
        outcome = spec.sample(rng) if spec is not None else None
        yield state, acts, action, outcome
        state, _ = game.apply_legal(state, action, outcome)
    yield state, [], None, None


def engine_steps(options: Options, bot: str, seed, deck=DECK):
    """The engine's standalone battle from ``seed``, one (battle, legal actions, action, outcome) per step."""
    for state, acts, action, outcome in engine_game(BATTLE_GAME, options, bot, seed, deck):
        yield state.battle, acts, action, outcome


def check_books(g) -> None:
    """What the compact battle keeps besides the engine's fields agrees with its dice: each hero's dice, the dice on
    dice-lock cards and on enemies."""
    assert g.mine == [[d for d in g.dice if d.owner == i] for i in range(len(g.heroes))]
    assert g.locked == sum(d.place == "locked" for d in g.dice)
    assert g.stolen == sum(d.place == "stolen" for d in g.dice)


def engine_outcome(outcome):
    """A compact outcome in the engine's terms (its shuffles of ranks are strings)."""
    if isinstance(outcome, dict):
        return {k: v if k == "ai" else [str(r) for r in v] for k, v in outcome.items()}
    return outcome


def replay(options: Options, bot: str, seed, deck=DECK) -> int:
    """Both games side by side, step by step; returns the steps played compact."""
    ref = engine_steps(options, bot, seed, deck)
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot_rng = np.random.Generator(np.random.PCG64(bot_seed))
    draws, player = Draws(rng), compact_bots.MAKERS[bot](Draws(bot_rng))
    battle, acts, action, outcome = next(ref)
    state = BATTLE_GAME.initial_state(options, deck)
    g = compact.from_battle(state.battle, deck, options)
    while battle.phase == "setup":  # Battle Setup compact too (formation, gear-up, the setup shuffles)
        assert compact.to_battle(g) == battle, "in Battle Setup: the battles differ"
        mine = compact_setup.legal(g)
        assert [compact_rules.to_action(a) for a in mine] == acts, "in Battle Setup: the legal actions differ"
        a = mine[0] if len(mine) == 1 else player.choose(g, mine)
        assert compact_rules.to_action(a) == action
        drawn = compact_setup.draw(g, a, draws)
        assert drawn == outcome, f"Battle Setup drew {outcome} and {drawn}"
        compact_setup.play(g, a, drawn)
        battle, acts, action, outcome = next(ref)
    steps = 0
    while True:
        assert compact.to_battle(g) == battle, f"step {steps}: the battles differ"
        check_books(g)
        mine = compact_rules.legal(g)
        assert [compact_rules.to_action(a) for a in mine] == acts, f"step {steps}: the legal actions differ"
        if action is None:
            return steps
        # the choices a bot reads without the legal list (a twin's: it may draw from the bot's generator)
        twin, turn = read_choices(player, bot_rng, g)
        a = mine[0] if len(mine) == 1 and mine[0][0] in compact_rules.CHANCE_TAGS else player.choose(g, mine)
        assert compact_rules.to_action(a) == action, f"step {steps}: the engine chose {action}, the compact bot {a}"
        assert twin in (None, a), f"step {steps}: the choice read without the legal list is {twin}, not {a}"
        assert turn in (None, a), f"step {steps}: the roll phase's choice read from the dice is {turn}, not {a}"
        drawn = compact_rules.draw(g, a, draws)
        assert engine_outcome(drawn) == outcome, f"step {steps}: {action} drew {outcome} and {drawn}"
        compact_play.play(g, a, drawn)
        battle, acts, action, outcome = next(ref)
        steps += 1


def read_choices(player, bot_rng, g) -> tuple:
    """What twins of ``player`` (drawing from copies of its generator) choose without the legal list: its
    ``shortcut``, and its ``roll_choice`` where the fight loop plays the roll phase with it."""
    twin = getattr(type(player)(Draws(_copy(bot_rng))), "shortcut", lambda g: None)(g)
    turn = None
    if g.phase == "roll" and compact_play.fresh_roll_phase(g):
        turn = getattr(type(player)(Draws(_copy(bot_rng))), "roll_choice", lambda g: None)(g)
    return twin, turn


def _copy(rng: np.random.Generator) -> np.random.Generator:
    twin = np.random.Generator(np.random.PCG64())
    twin.bit_generator.state = rng.bit_generator.state
    return twin


CASES = [(name, enc, bot) for name in OPTION_SETS for enc in ENCOUNTERS for bot in ("greedy", "random")]


@pytest.mark.parametrize("name, encounter, bot", CASES)
def test_the_compact_battle_replays_the_engine(name, encounter, bot):
    extra = dict(OPTION_SETS[name])
    deck = extra.pop("deck", DECK)
    case = CASES.index((name, encounter, bot))
    for k, seed in enumerate(children_of(np.random.SeedSequence([2026, case]), 2)):
        options = Options(**{"players": 2 + (case + k) % 3, "round_limit": 30, "encounter": encounter, **extra})
        assert quick.check_supported(options, bot) is None
        assert replay(options, bot, seed, deck) > 0
        engine = play_game("battle", options, deck, bot, seed)
        assert quick.play_game(options, deck, bot, seed, games.MAX_STEPS) == engine


def test_records_of_simulate_are_the_engines_and_a_step_cap_is_the_same_cap():
    options = games.sim_options(players=3, encounter="orc_warband")
    r = simulate("battle", 6, seed=5, options=options, bot="random")
    seeds = children_of(np.random.SeedSequence(5), 6)
    assert r.records == tuple(play_game("battle", options, DECK, "random", s) for s in seeds)
    full = play_game("battle", options, DECK, "greedy", seeds[0]).steps
    for cap in (1, 3, 40, full, full + 1):  # in Battle Setup, just after it, in the battle, on its last step, after
        assert (quick.play_game(options, DECK, "greedy", seeds[0], cap)
                == play_game("battle", options, DECK, "greedy", seeds[0], cap))
        assert quick.play_game(options, DECK, "greedy", seeds[0], cap).capped == (cap <= full)


def test_unsupported_games_are_named_and_go_to_the_engine_loop():
    options = games.sim_options(players=3)
    assert "search" in quick.check_supported(options, "search")
    assert "bot" in quick.check_supported(options, GreedyBot)  # a factory rng -> bot: any policy at all
    seeds = children_of(np.random.SeedSequence(8), 2)
    for kind in ("battle", "campaign"):
        r = simulate(kind, 2, seed=8, options=options, bot=GreedyBot)
        assert r.records == tuple(play_game(kind, options, DECK, GreedyBot, s) for s in seeds)
        assert r.records == tuple(fast_game(kind, options, DECK, "greedy", s) for s in seeds)  # the same party


def test_the_compact_battle_knows_every_option():
    """A new option is a new rule: until the compact battle learns it, simulations use the engine loop."""
    assert set(Options.__dataclass_fields__) == quick.KNOWN_OPTIONS
    with_new = type("Options", (), {"__dataclass_fields__": {**Options.__dataclass_fields__, "new_rule": None},
                                    "heavy_planning": False})()
    assert "new_rule" in quick.check_supported(with_new, "greedy")


def test_draws_are_numpys_own_draws_from_the_same_generator():
    """``Draws`` bounds the bit generator's words as ``Generator.integers`` does and shuffles as ``permutation``
    does (several orders in one call as many calls do), leaving the generator in the same state (a numpy that
    changed its algorithms would fail here)."""
    for seed in range(40):
        a = np.random.Generator(np.random.PCG64(seed))
        b = np.random.Generator(np.random.PCG64(seed))
        d = Draws(b)
        for k in (1, 2, 3, 6, 7, 16, 100, 2**31 + 7):
            assert int(a.integers(k)) == d.below(k)
            assert a.integers(1, 7, size=k % 9).tolist() == d.dice(k % 9)
            assert a.permutation(k % 40).tolist() == d.order(k % 40)
            assert [a.permutation(k % 40).tolist() for _ in range(k % 5)] == d.orders(k % 5, k % 40)
        assert a.bit_generator.state == b.bit_generator.state
