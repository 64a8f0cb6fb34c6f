"""Referee checks: rulebook sentences the engine must follow, each a scenario on the sample deck."""
from dataclasses import replace

import numpy as np

from explorer.core import Session
from explorer.doomrock import EndRound, Options, SetUpBattle
from explorer.doomrock import battle as rules

from .helpers import DECK


def started(players=2, **opts) -> Session:
    s = Session("doomrock-battle", Options(players=players, **opts), DECK, seed=3)
    s.play(SetUpBattle())
    return s


def test_armour_reduction_ends_with_the_round():
    """End of Round: "With the exception of abilities with locked dice, no ability and item effects carry over
    to the next round." An ability's armour reduction lasts for the round only."""
    s = started()
    b = replace(s.state.battle, phase="actions").with_enemy("E1", armour=2, armour_down=1)
    b, _ = rules.apply(b, DECK, s.options, EndRound())
    assert b.enemy("E1").armour_down == 0


def _campaign_battle_won(final: bool):
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.campaign_state import SetUp, StartBattle
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin")), DECK, seed=7)
    s.play(SetUp())
    c = replace(s.state, time=0, doomrock_revealed=True)
    if final:
        c = replace(c, encounters=c.encounters[-1:])
    c, _ = camp.apply(c, StartBattle())
    spec = camp.chance(c, SetUpBattle())
    c, _ = camp.apply(c, SetUpBattle(), spec.sample(np.random.default_rng(0)))
    b = c.battle
    b = replace(b, enemies=tuple(replace(e, hp=0) for e in b.enemies), result="victory")
    return camp, replace(c, battle=b)


def test_the_final_battle_also_pays_the_battle_rewards():
    """End of Round: "Afterwards, the party receives battle rewards as listed on the setting card. If the battle
    was the final battle, heroes win the game." The rewards come first, then the win (and the score counts them)."""
    camp, c = _campaign_battle_won(final=True)
    silver = c.silver
    rewards = {e.name: e.param("amount") for e in DECK.card(c.setting).rewards if e.name == "SILVER"}
    c, _ = camp.finish_battle(c)
    assert c.result == "victory"
    assert c.silver == silver + rewards["SILVER"]


def test_party_damage_is_no_attack_and_keeps_a_hero_hidden():
    """Battle Effects, Hidden: "A hero also stops being hidden if attacked or at the end of the round." Damage
    that is not an attack (a share of party damage) leaves the hero hidden; an attack reveals the hero."""
    from explorer.doomrock.damage import deal_damage
    from explorer.doomrock.enemies import divided_damage
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, phase="minions").with_hero(1, hidden=True)
    shared, _ = divided_damage(b, DECK, s.options, ((1, 1),))
    assert shared.hero(1).hidden and shared.hero(1).hp == b.hero(1).hp - 1
    attacked, _ = deal_damage(b, DECK, 1, 1)
    assert not attacked.hero(1).hidden


def test_expose_explosion_damage_meets_the_heroes_armour_and_is_no_attack():
    """Battle Effects: "Whenever damage is dealt to characters, they must consume their expose markers, then
    reduce the total damage by their shields and then by their armor." In an expose explosion a hero's +1
    marker is damage like any other: a locked armour ability absorbs it, and the hero is not attacked."""
    from explorer.doomrock.damage import place_expose
    s = started(heroes=("paladin", "rogue"))
    b = s.state.battle
    aura = next(a for a in b.hero(0).abilities if any(e.name == "armour" for e in DECK.card(a).passive))
    b = b.with_die(b.die(0, 0), place="locked", card=aura, face=DECK.card(aura).activation.faces[0])
    b = replace(b, expose_pool=(), expose_up=(), expose_out=()).with_hero(0, expose=("plus1#1",), hidden=True)
    hp = b.hero(0).hp
    b, events = place_expose(b, "E1", 1, DECK)
    assert any("explosion" in e.text for e in events)
    assert b.hero(0).hp == hp and b.hero(0).hidden


def test_the_players_share_out_returned_dice_among_heroes_missing_dice():
    """Battle Effects, Die steal: "When an enemy holding stolen dice is defeated, the dice may be distributed
    among any heroes currently missing dice." With two heroes missing dice the players choose who gets it."""
    from explorer.doomrock import ChooseTarget, RollExtra
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, phase="actions")
    b = b.with_die(b.die(0, 0), place="stolen", card="E1").with_die(b.die(1, 0), place="stolen", card="E2")
    b, _ = rules.settle(b.with_enemy("E1", hp=0), DECK)
    assert b.die(0, 0).place == "stolen"  # it waits on the defeated enemy for the players' choice
    assert rules.legal_actions(b, DECK, s.options) == [ChooseTarget(0), ChooseTarget(1)]
    b2, events = rules.apply(b, DECK, s.options, ChooseTarget(1))
    got = [d for d in b2.dice if d.owner == 1 and d.place == "waiting"]
    assert len(got) == 1 and "Rogue gets a stolen die back" in " ".join(e.text for e in events)
    assert rules.legal_actions(b2, DECK, s.options) == [RollExtra()]
    b3, _ = rules.apply(b, DECK, s.options, ChooseTarget(0))
    assert b3.die(0, 0).place == "waiting"


# The rulebook's table of contents (Assault on Doomrock): every event names one of these sections first.
SECTIONS = {
    "Rules for the Rules", "Component List", "Setup", "Adventure Map Setup", "Encounter Deck Setup", "Adventuring",
    "Area Card Anatomy", "Location Effects", "Level Up", "Items", "Battles", "Ability Card Anatomy",
    "Battle Basics and Positioning", "Battle Setup", "Battle Sequence", "Roll Phase", "Start of Round",
    "Initiative Phase", "Minion Activation", "Boss Activations", "Hero Action Phase", "End of Round",
    "Battle Example", "Battle Effects", "Scoring", "Difficulty and Optional Rules", "Player Aid",
}


def test_every_event_names_a_rulebook_section():
    """Events are tagged with a real section of the rulebook (its table of contents)."""
    from explorer.doomrock.bots import RandomBot
    seen = set()
    runs = (("doomrock", 2, 0), ("doomrock", 3, 1), ("doomrock-battle", 4, 2), ("doomrock-battle", 2, 3))
    for game, players, seed in runs:
        s = Session(game, Options(players=players, heavy_planning=seed == 1), DECK, seed=seed)
        bot = RandomBot(np.random.default_rng(seed))
        for _ in range(3000):
            if s.is_over():
                break
            for e in s.play(bot.choose(s.state, s.legal_actions())) or ():
                seen.add(e.section)
    assert len(seen) > 20
    assert {sec for sec in seen if sec.split(":")[0] not in SECTIONS} == set()


def test_early_final_battle_at_doomrock_scores_the_remaining_time():
    """Scoring: "2 points per time marker remaining on setting card, if the game was won." With the option
    (DR-28) the party at the Doomrock area may start the final battle with time left; otherwise it waits."""
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.campaign_state import AreaInPlay, SetUp, StartBattle
    doomrock = next(a.id for a in DECK.areas if a.type == "doomrock")
    for early in (False, True):
        s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin"), early_final_battle=early), DECK, seed=7)
        s.play(SetUp())
        c = s.state
        c = replace(c, time=3, encounters=c.encounters[-1:], doomrock_revealed=True,
                    board=c.board[1:] + (AreaInPlay(doomrock, 0),), position=len(c.board) - 1)
        assert (StartBattle() in camp.legal_actions(c)) == early
        assert StartBattle() not in camp.legal_actions(replace(c, position=0))
    c, events = camp.apply(c, StartBattle())
    assert c.phase == "battle" and c.time == 3 and "Doomrock" in events[0].text
    before = camp.score(replace(c, result="victory"))
    assert before - camp.score(replace(c, result="victory", time=0)) == 6


def test_assign_if_able_keeps_the_hero_placing_dice_that_fit():
    """Roll Phase: "The result of the third roll must be kept, assigned to cards and spent, if able." With
    ``assign_if_able`` (DR-29) a hero may be done only when no die left fits a card; by default the party
    may leave dice unassigned ("Dice with results matching the ability cards may be placed")."""
    from explorer.doomrock import Assign, DoneAssigning, KeepDice, Roll
    for must in (False, True):
        s = started(heroes=("paladin", "rogue"), assign_if_able=must)
        s.play(Roll(), outcome=[4, 4, 2, 2])
        s.play(KeepDice())
        acts = s.legal_actions()
        assert any(isinstance(a, Assign) for a in acts)
        assert (DoneAssigning() in acts) != must
        while DoneAssigning() not in s.legal_actions():
            s.play(next(a for a in s.legal_actions() if isinstance(a, Assign)))
        assert not any(isinstance(a, Assign) for a in s.legal_actions()) or not must


def test_a_push_with_damage_moves_the_target_before_the_damage():
    """Battle Effects, Push: "If damage is dealt during a push effect, the damage is dealt after the push move
    takes place." Shove (damage and push) pushes first, then deals its damage."""
    from explorer.doomrock.abilities import resolve
    s = started(heroes=("paladin", "rogue"))
    b = s.state.battle
    b = b.with_hero(0, group=b.enemy("E1").group).with_enemy("E1", hp=5, armour=0, shields=0)
    card = DECK.card("shove")
    b2, events = resolve(b, DECK, 0, card.effects, card.heroism, 0, "E1", card.name)
    texts = [e.text for e in events]
    pushed = next(k for k, t in enumerate(texts) if "pushed" in t)
    hurt = next(k for k, t in enumerate(texts) if "loses" in t)
    assert pushed < hurt
    assert b2.enemy("E1").group != b.enemy("E1").group and b2.enemy("E1").hp < 5


def test_an_item_may_be_used_while_the_party_divides_party_damage():
    """Items: consumables "may be used and discarded at any time and this action may interrupt enemy actions".
    While the party divides party damage, a hero may still use an item (the AI card stays paused)."""
    from explorer.doomrock import UseItem
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "rogue"))
    b0 = replace(s.state.battle, phase="boss").with_hero(1, hp=3, items=("buckler",))
    b, _ = run_script(b0, DECK, s.options, "E3", (AIAction("party_damage", amount=2),), None)
    acts = rules.legal_actions(b, DECK, s.options)
    assert UseItem(1, "buckler", "self") in acts and rules.TakeDamage(0) in acts
    b, _ = rules.apply(b, DECK, s.options, UseItem(1, "buckler", "self"))
    assert b.paused is not None and b.paused.kind == "party_damage" and b.hero(1).shields >= 1
    b, _ = rules.apply(b, DECK, s.options, rules.TakeDamage(1))
    b, _ = rules.apply(b, DECK, s.options, rules.TakeDamage(1))
    assert b.paused is None and b.hero(1).hp == 3 - 2 + 1  # the buckler's shield absorbed a point


def test_the_expose_pool_reshuffles_when_it_runs_out_after_a_reaction_pause():
    """Battle Effects: "If players ever run out of face down expose markers, all face up expose markers should
    immediately be turned face down and shuffled to form a new marker pool." An AI card that goes on after
    the party declines to react still places every marker it names."""
    from explorer.doomrock import NoReaction
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.state import Pause
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, phase="boss")
    pool = b.expose_pool
    b = replace(b, expose_pool=pool[:1], expose_up=pool[1:6])
    script = (AIAction("attack", ("highest",), 1, "any"), AIAction("expose", ("highest",), 3))
    b = replace(b, paused=Pause("E3", script, None, "Battle Sequence: Boss Activations", "reaction", hero=0))
    spec = rules.chance(b, DECK, s.options, NoReaction())
    assert spec is not None
    b2, events = rules.apply(b, DECK, s.options, NoReaction(), spec.sample(np.random.default_rng(1)))
    assert len(b2.hero(0).expose) == 3 and any("exposed (3 markers)" in e.text for e in events)


def test_a_consumable_may_be_used_on_the_adventure_map():
    """Items: "Some items are marked with a consumable trait. These items may be used and discarded at any
    time." On the map a healing draught heals real HP (never above the maximum) and is discarded."""
    from explorer.doomrock import UseItem
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.campaign_state import SetUp
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin")), DECK, seed=7)
    s.play(SetUp())
    c = s.state.with_hero(0, items=("healing_draught", "short_sword")).with_hero(1, hp=2)
    acts = camp.legal_actions(c)
    assert UseItem(0, "healing_draught", "hero:1") in acts
    assert not any(isinstance(a, UseItem) and a.item == "short_sword" for a in acts)  # not a consumable
    c2, events = camp.apply(c, UseItem(0, "healing_draught", "hero:1"))
    heal = next(e.param("amount") for e in DECK.card("healing_draught").use if e.name == "heal")
    assert c2.heroes[1].hp == min(c.heroes[1].max_hp, 2 + heal)
    assert c2.heroes[0].items == ("short_sword",) and "Healing draught" in events[0].text
