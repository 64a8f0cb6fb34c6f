"""Ruling DR-45 (option ``stop_hiding``): when a hidden hero may stop hiding.

Battle Effects, Hidden: "Hidden heroes may decide to stop being hidden any time during a round. A hero also stops
being hidden if attacked or at the end of the round." Battle Effects, Anytime: "it may be used to break the usual turn
sequence. For example, it may be used to interrupt enemy actions."
"""
from dataclasses import replace

import numpy as np
import pytest

from explorer.core import IllegalAction, Session
from explorer.doomrock import GreedyBot, NoReaction, Options, RandomBot, SetUpBattle
from explorer.doomrock import battle as rules
from explorer.doomrock.sim import games, quick
from explorer.doomrock.sim.compact_search import table
from explorer.doomrock.skirmish import BattleState
from explorer.doomrock.state import ActivateBoss, EndRound, StopHiding, set_pile

from .helpers import DECK

INSIDE = "inside_ai_cards"


def gob2(stop_hiding: str):
    """The goblin raid's boss about to draw GOB2 ("expose the highest threat, then attack the lowest threat", range
    any), with the rogue (threat 4) hidden (threat 0) and the wizard at threat 3: (options, battle, the boss)."""
    s = Session("doomrock-battle", Options(players=2, heroes=("wizard", "rogue"), stop_hiding=stop_hiding), DECK, seed=3)
    s.play(SetUpBattle())
    b = s.state.battle
    boss = next(e for e in b.enemies if e.boss)
    rest = tuple(c for c in b.pile(b.ai_draw, boss.deck) if c != "GOB2")
    b = replace(b, phase="boss", ai_draw=set_pile(b.ai_draw, boss.deck, ("GOB2",) + rest)).with_hero(1, hidden=True)
    assert [line.do for line in DECK.card("GOB2").boss] == ["expose", "attack"]
    return s.options, b, boss.uid


def test_by_default_no_pause_and_the_hidden_rogue_is_the_lowest_threat_attacked():
    o, b, boss = gob2("between_actions")
    life = [h.life for h in b.heroes]
    b, _ = rules.apply(b, DECK, o, ActivateBoss(boss))
    assert b.paused is None
    assert len(b.hero(0).expose) == 1  # the wizard, threat 3, is the highest threat (the rogue's is 0)
    assert b.hero(1).life < life[1] and b.hero(0).life == life[0] and not b.hero(1).hidden  # attacked: seen


def test_inside_ai_cards_the_hidden_rogue_steps_out_before_the_attack_line_and_the_wizard_is_attacked():
    o, b, boss = gob2(INSIDE)
    life = [h.life for h in b.heroes]
    b, _ = rules.apply(b, DECK, o, ActivateBoss(boss))
    assert b.paused.kind == "hiding" and len(b.paused.script) == 2  # before the first line: the card is just drawn
    assert rules.legal_actions(b, DECK, o) == [StopHiding(1), NoReaction()]
    b, _ = rules.apply(b, DECK, o, NoReaction())  # the rogue stays hidden for the expose line
    assert len(b.hero(0).expose) == 1 and b.paused.kind == "hiding" and len(b.paused.script) == 1
    b, _ = rules.apply(b, DECK, o, StopHiding(1))
    assert not b.hero(1).hidden and b.paused.kind == "hiding"  # the pause stays until the party goes on
    assert rules.legal_actions(b, DECK, o) == [NoReaction()]
    b, _ = rules.apply(b, DECK, o, NoReaction())
    assert b.paused is None
    assert b.hero(1).life == life[1] and b.hero(0).life < life[0]  # the wizard (3) is now the lowest threat (rogue 4)


def test_going_on_at_every_pause_plays_the_default_game():
    o, b, boss = gob2(INSIDE)
    b, _ = rules.apply(b, DECK, o, ActivateBoss(boss))
    while b.paused is not None and b.paused.kind == "hiding":
        b, _ = rules.apply(b, DECK, o, NoReaction())
    do, d, _ = gob2("between_actions")
    d, _ = rules.apply(d, DECK, do, ActivateBoss(boss))
    assert b == d


def test_the_pause_and_the_stepping_out_read_in_the_log():
    o, b, boss = gob2(INSIDE)
    b, events = rules.apply(b, DECK, o, ActivateBoss(boss))
    assert events[-1].text == "Goblin shaman (E3) will expose the highest threat (1): a hidden hero may stop hiding first."
    assert events[-1].section == "Battle Effects: Anytime"
    b, events = rules.apply(b, DECK, o, StopHiding(1))
    assert [e.text for e in events] == ["Rogue stops being hidden before Goblin shaman (E3) goes on."]
    b, events = rules.apply(b, DECK, o, NoReaction())  # nobody is hidden now: the card runs to its end
    texts = [e.text for e in events]
    assert b.paused is None and "Rogue is exposed (1 marker)." in texts  # the rogue (4) is now the highest threat
    assert any(t.startswith("Goblin shaman (E3) attacks Wizard for 1 damage") for t in texts)


def test_stop_hiding_for_a_hero_not_hidden_is_refused_in_the_pause_and_changes_nothing():
    o, b, boss = gob2(INSIDE)
    b, _ = rules.apply(b, DECK, o, ActivateBoss(boss))
    before, legal = b, rules.legal_actions(b, DECK, o)
    with pytest.raises(IllegalAction, match="Wizard is not hidden: only a hidden hero may stop hiding"):
        rules.apply(b, DECK, o, StopHiding(0))
    with pytest.raises(IllegalAction, match="there is no hero number 7"):
        rules.apply(b, DECK, o, StopHiding(7))
    with pytest.raises(IllegalAction, match="a hidden hero may first stop hiding, or the party lets the card go on"):
        rules.apply(b, DECK, o, EndRound())
    assert b == before and rules.legal_actions(b, DECK, o) == legal


def test_the_option_takes_the_engine_path_in_simulations_and_search():
    o = games.sim_options(players=2, stop_hiding=INSIDE)
    assert "stop_hiding='inside_ai_cards'" in quick.check_supported(o, "greedy")
    assert quick.check_supported(replace(o, stop_hiding="between_actions"), "greedy") is None
    inside, b, _ = gob2(INSIDE)
    assert table(BattleState(inside, DECK, b)) is None  # the search bot searches it on the engine
    default, d, _ = gob2("between_actions")
    assert table(BattleState(default, DECK, d)) is not None
    seeds = np.random.SeedSequence(4).spawn(2)
    for bot in ("greedy", "random"):
        assert [games.fast_game("battle", o, DECK, bot, x) for x in seeds] == [
            games.play_game("battle", o, DECK, bot, x) for x in seeds]


def test_the_greedy_party_stays_hidden_in_the_pause():
    o, b, boss = gob2(INSIDE)
    b, _ = rules.apply(b, DECK, o, ActivateBoss(boss))
    assert GreedyBot().choose(BattleState(o, DECK, b), rules.legal_actions(b, DECK, o)) == NoReaction()


@pytest.mark.parametrize("seed", (4, 23, 29))
def test_random_battles_with_the_option_run_to_their_end_and_replay(seed):
    """Seeds in which the rogue hides and the pause is met and answered at random, stepping out too."""
    s = Session("doomrock-battle", Options(players=2, heroes=("wizard", "rogue"), stop_hiding=INSIDE), DECK, seed=seed)
    bot, pauses, stops = RandomBot(np.random.default_rng(seed)), 0, 0
    for _ in range(20_000):
        if s.is_over():
            break
        acts = s.legal_actions()
        a = bot.choose(s.state, acts)
        p = s.state.battle.paused
        if p is not None and p.kind == "hiding":
            assert acts[-1] == NoReaction() and all(isinstance(x, StopHiding) for x in acts[:-1])
            pauses, stops = pauses + 1, stops + isinstance(a, StopHiding)
        s.play(a)
    assert s.is_over() and s.result() is not None
    assert pauses > stops > 0
    assert s.replay().state == s.state


def test_the_option_is_checked_documented_and_offered_to_the_variant_editor():
    from explorer import lab

    with pytest.raises(ValueError, match="options.stop_hiding must be one of between_actions, inside_ai_cards"):
        Options(stop_hiding="never")
    assert Options.from_json(Options(stop_hiding=INSIDE).to_json()).stop_hiding == INSIDE
    assert Options.from_json({k: v for k, v in Options().to_json().items() if k != "stop_hiding"}) == Options()
    field = next(f for f in lab.lab_game("doomrock-battle").option_fields() if f["name"] == "stop_hiding")
    assert field["choices"] == ("between_actions", "inside_ai_cards") and field["default"] == "between_actions"
    assert "DR-45" in field["doc"] and "Anytime" in field["doc"]


def test_the_dashboard_names_the_way_on():
    from widgets.doomrock.labels import describe

    o, b, boss = gob2(INSIDE)
    assert describe(b, DECK, NoReaction()) == "No reaction: the attack goes ahead"
    b, _ = rules.apply(b, DECK, o, ActivateBoss(boss))
    assert [describe(b, DECK, a) for a in rules.legal_actions(b, DECK, o)] == [
        "Rogue stops hiding", "Go on: the hidden heroes stay hidden"]
