"""Rules read against a printed sentence (each test quotes it) and the rulings that settle what the rulebook
leaves open: several responses to one attack, stat requirements of equipped items, the reach of cards with no
damage, enrage and pairing with an extra tier I encounter, an AI card's attack and push, party damage on the map."""
from dataclasses import replace

from explorer.core import Session
from explorer.core.errors import IllegalAction
from explorer.doomrock import (
    Activate, ActivateBoss, ActivateMinion, Assign, DoneAssigning, EndInitiative, Equip, KeepDice, NoReaction, Options,
    Roll, SetUpBattle, UseItem,
)
from explorer.doomrock import battle as rules

import pytest

from .helpers import DECK


def _attacked_by_the_boss() -> Session:
    """Ranger (with Evade) and rogue (with a buckler) against a goblin raid, the boss attacking the ranger."""
    s = Session("doomrock-battle", Options(players=2, heroes=("ranger", "rogue"), encounter="goblin_raid",
                                           items=("buckler",)), DECK, seed=3)
    s.play(Equip(0, "buckler"))
    out = s.game.chance(s.state, SetUpBattle()).sample(__import__("numpy").random.default_rng(3))
    out["ai:goblins"] = ["GOB3", "GOB5", "GOB6", "GOB1", "GOB2"]
    s.play(SetUpBattle(), outcome=out)
    s.play(Roll(), outcome=[1, 5, 3, 2])
    s.play(KeepDice())
    s.play(Assign(0, "evade"))
    s.play(DoneAssigning())
    s.play(Roll(), outcome=[5, 5, 5, 5])
    s.play(KeepDice())
    s.play(DoneAssigning())
    s.play(EndInitiative())
    for hero, enemy in ((0, "E1"), (0, "E2"), (1, "E1")):
        s.play(ActivateMinion(hero, enemy))
    s.play(ActivateBoss("E3"))
    return s


def test_after_a_reaction_an_item_may_still_interrupt_the_attack():
    """Items: "To use an item, at any time rotate it 90 degrees"; Battle Effects, Anytime: "it may be used to
    break the usual turn sequence ... to interrupt enemy actions". A reaction does not close the pause: the
    buckler may still be used before the damage, and the attack lands when nothing is left or the party
    lets it go (ruling DR-17)."""
    s = _attacked_by_the_boss()
    b = s.state.battle
    assert b.paused is not None and b.paused.kind == "reaction" and b.paused.hero == 0
    acts = s.legal_actions()
    assert Activate(0, "evade", "self", 0) in acts and UseItem(0, "buckler", "self") in acts
    life = b.hero(0).life
    s.play(Activate(0, "evade", "self", 0))
    b = s.state.battle
    assert b.paused is not None and b.paused.kind == "reaction"  # still waiting: the buckler is unused
    assert b.hero(0).life == life and b.hero(0).shields == 1
    assert s.legal_actions() == [UseItem(0, "buckler", "self"), NoReaction()]
    s.play(UseItem(0, "buckler", "self"))
    b = s.state.battle  # nothing left to use: the 2 damage attack meets two shields
    assert b.paused is None
    assert b.hero(0).shields == 0 and b.hero(0).life == life


def test_the_party_may_let_the_attack_go_after_one_response():
    """NoReaction after a reaction resolves the attack at once, the item unused."""
    s = _attacked_by_the_boss()
    s.play(Activate(0, "evade", "self", 0))
    life = s.state.battle.hero(0).life
    s.play(NoReaction())
    b = s.state.battle
    assert b.paused is None and b.hero(0).life == life - 1  # one shield, 2 damage
    assert "buckler" not in b.hero(0).used_items


REQUIREMENT = "Cleric cannot unequip Lucky charm: Elven bow requires agi 2 and without it Cleric would have agi 1"


def test_an_unequip_that_breaks_a_stat_requirement_is_refused_at_gear_up():
    """Items: "In order to equip an item, a hero must meet the stat requirement ... equal to or higher than the
    indicated value." The cleric's Agi 2 for the elven bow comes from the lucky charm: the charm stays on while
    the bow does (the bow itself may come off first)."""
    from explorer.doomrock import Unequip
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "cleric"), items=("lucky_charm", "elven_bow")),
                DECK, seed=1)
    s.play(Equip(1, "lucky_charm"))
    s.play(Equip(1, "elven_bow"))
    acts = s.legal_actions()
    assert Unequip(1, "lucky_charm") not in acts and Unequip(1, "elven_bow") in acts
    before = s.state
    with pytest.raises(IllegalAction, match=REQUIREMENT):
        s.play(Unequip(1, "lucky_charm"))
    assert s.state == before
    s.play(Unequip(1, "elven_bow"))
    assert Unequip(1, "lucky_charm") in s.legal_actions()


def test_an_unequip_that_breaks_a_stat_requirement_is_refused_on_the_map():
    """Items: "In order to equip an item, a hero must meet the stat requirement" (outside battle too: "Heroes
    may trade, equip and unequip items outside of battle")."""
    from explorer.doomrock import Unequip
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.campaign_state import SetUp
    s = Session("doomrock", Options(players=2, heroes=("paladin", "cleric")), DECK, seed=7)
    s.play(SetUp())
    c = replace(s.state, inventory=s.state.inventory + ("lucky_charm", "elven_bow"))
    c = c.with_hero(1, abilities=("mend", "smite", "sanctuary", "evade"))  # Agi 1, as in the battle above
    c, _ = camp.apply(c, Equip(1, "lucky_charm"))
    c, _ = camp.apply(c, Equip(1, "elven_bow"))
    acts = camp.legal_actions(c)
    assert Unequip(1, "lucky_charm") not in acts and Unequip(1, "elven_bow") in acts
    with pytest.raises(IllegalAction, match=REQUIREMENT):
        camp.apply(c, Unequip(1, "lucky_charm"))
    with pytest.raises(IllegalAction, match="no hero number 5"):
        camp.apply(c, Unequip(5, "lucky_charm"))


def test_a_card_with_no_damage_reaches_distant_enemies_a_damaging_one_by_its_range():
    """Battlefield: "Characters may be either distant or adjacent to each other." The rulebook prints no range
    for abilities (ruling DR-1): the reach belongs to a card's damage ("range"), a push needs the target
    adjacent, and a card with neither (Snare's armour reduction and expose, Arcane mark's expose) reaches any
    enemy. At the start every enemy is distant ("Heroes must start distant from enemies")."""
    s = Session("doomrock-battle", Options(players=2, heroes=("ranger", "wizard")), DECK, seed=3)
    s.play(SetUpBattle())
    for faces, card in (([3, 3, 2, 2], "snare"), ([2, 2, 3, 3], "arcane_mark")):
        s.play(Roll(), outcome=faces)
        s.play(KeepDice())
        s.play(Assign(0, card))
        s.play(DoneAssigning())
    b = s.state.battle
    assert all(e.group != h.group for e in b.enemies for h in b.heroes)
    acts = s.legal_actions()
    uids = [e.uid for e in b.alive_enemies]
    assert [a.target for a in acts if isinstance(a, Activate) and a.card == "snare"] == uids
    assert [a.target for a in acts if isinstance(a, Activate) and a.card == "arcane_mark"] == uids
    from explorer.doomrock.abilities import reach
    assert reach(DECK.card("holy_strike").effects) == "adjacent" and reach(DECK.card("ray_of_doom").effects) == "any"
    assert reach(DECK.card("sunder").effects) == "adjacent"  # armour reduction, then adjacent damage
    push_only = tuple(e for e in DECK.card("shove").effects if e.name == "push")
    assert push_only and reach(push_only) == "adjacent"


def test_an_ai_card_attacks_then_pushes_in_the_order_it_lists():
    """Minion Activation: "Perform the actions listed on the minion part of the AI card, following it from top
    to bottom." AI card anatomy: "The sword symbols by the action name indicate that this action is an attack."
    A push action is its own action, not an attack's damage dealt "during a push effect" (ruling DR-38): the
    goblin hits the paladin while adjacent, then pushes him away."""
    from explorer.doomrock.enemies import run_script
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue")), DECK, seed=3)
    s.play(SetUpBattle())
    b = replace(s.state.battle, phase="minions")
    b = b.with_enemy("E1", group=b.hero(0).group)
    script = DECK.card("GOB3").minion
    assert [a.do for a in script] == ["attack", "push"]
    life = b.hero(0).life
    after, events = run_script(b, DECK, s.options, "E1", script, 0)
    texts = [e.text for e in events]
    hit = next(k for k, t in enumerate(texts) if "attacks Paladin" in t)
    push = next(k for k, t in enumerate(texts) if "pushes Paladin" in t)
    assert hit < push
    assert after.hero(0).life < life  # the attack landed before the push moved him out of reach
    assert after.hero(0).group != after.enemy("E1").group


def _dragon_and_goblins(**opts):
    """The Dragon with a goblin raid as its extra tier I encounter (Battle Setup 3)."""
    import numpy as np
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), encounter="the_dragon", **opts),
                DECK, seed=3)
    out = s.game.chance(s.state, SetUpBattle()).sample(np.random.default_rng(1))
    out["extra"] = ["goblin_raid", "zombie_horde"]
    s.play(SetUpBattle(), outcome=out)
    b = replace(s.state.battle, phase="boss")
    assert b.extra == "goblin_raid" and b.enemy("E1").name == "The Dragon" and b.enemy("E4").name == "Goblin shaman"
    return s, b


def _enrage_and_hit(s, b, enraging: str, times: int):
    """``enraging`` enrages ``times`` times; then the dragon and a goblin each hit the paladin for 1."""
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    b, _ = run_script(b, DECK, s.options, enraging, (AIAction("enrage", (), times),), None)
    lost = {}
    for uid in ("E1", "E2"):
        life = b.hero(0).life
        hit, _ = run_script(b, DECK, s.options, uid, (AIAction("attack", ("highest",), 1, "any"),), None)
        lost[uid] = life - hit.hero(0).life
    return b, lost


def test_with_an_extra_encounter_every_enrage_goes_on_the_battles_card_by_default():
    """Boss Activations, Enrage: "When an effect calls for an ENRAGE +/-, add or remove a time marker from the
    encounter card. The amount of time markers on the encounter card is the enrage value." Read literally
    there is one encounter card for the battle (The Dragon's), so the goblin shaman's ENRAGE +3 reaches the
    Dragon's first enrage value (3) and every enemy's attacks deal 1 more (ruling DR-7)."""
    s, b = _dragon_and_goblins()
    b, lost = _enrage_and_hit(s, b, "E4", 3)
    assert (b.enrage, b.enrage_extra) == (3, 0)
    assert lost == {"E1": 2, "E2": 2}


def test_with_enrage_cards_own_each_encounter_card_keeps_its_enrage_value():
    """Options.enrage_cards="own": the shaman's time markers go on the goblin raid's card; the Dragon's value
    stays 0, and the goblins' attacks count the goblin raid's enrage value (4) only."""
    s, b = _dragon_and_goblins(enrage_cards="own")
    b3, lost = _enrage_and_hit(s, b, "E4", 3)
    assert (b3.enrage, b3.enrage_extra) == (0, 3)
    assert lost == {"E1": 1, "E2": 1}
    b4, lost = _enrage_and_hit(s, b, "E4", 4)
    assert lost == {"E1": 1, "E2": 2}
    b5, lost = _enrage_and_hit(s, b, "E1", 3)  # the Dragon enrages on its own card
    assert (b5.enrage, b5.enrage_extra) == (3, 0) and lost == {"E1": 2, "E2": 1}
    with pytest.raises(ValueError, match="enrage_cards"):
        Options(enrage_cards="each")


def test_an_extra_encounters_enemies_are_paired_among_themselves():
    """Battle Setup 2: "The topmost section of the card will explain how to set up the enemies ... By default,
    enemies are grouped in pairs." Battle Setup 3: "draw a random tier I encounter card from all available
    cards and setup the additional enemies accordingly" ("according to normal rules", its example). Each card
    is set up by its own top section, so The Dragon stands alone and the goblins pair among themselves
    (ruling DR-39); Options.enemy_pairs="across" pairs the Dragon with the first goblin."""
    s, b = _dragon_and_goblins()
    assert [(e.name, e.group) for e in b.enemies] == [("The Dragon", 3), ("Goblin", 4), ("Goblin", 4),
                                                     ("Goblin shaman", 5)]
    assert all(e.group != h.group for e in b.enemies for h in b.heroes) and b.next_group == 6
    s, b = _dragon_and_goblins(enemy_pairs="across")
    assert [e.group for e in b.enemies] == [3, 3, 4, 4] and b.next_group == 5
    with pytest.raises(ValueError, match="enemy_pairs"):
        Options(enemy_pairs="none")


def test_the_round_threat_counts_a_paused_boss_card_that_still_deals_damage():
    """Battle Effects, Party damage: a boss's party damage pauses its AI card while the party divides it. The
    last boss has activated, but its card still goes on: the threat of the round is that damage, not nothing."""
    from explorer.doomrock import TakeDamage
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.odds.threat import round_threat
    from explorer.doomrock.state import Pause
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue")), DECK, seed=3)
    s.play(SetUpBattle())
    b = replace(s.state.battle, phase="boss").with_enemy("E3", activated=True)
    b = replace(b, paused=Pause("E3", (AIAction("party_damage", (), 2),), None, "Battle Sequence: Boss Activations",
                                "party_damage", left=2))
    threat = round_threat(b, DECK, s.options)
    assert threat.exact and sum(h.expected_loss for h in threat.heroes) == 2
    end = b
    while end.paused is not None:
        end, _ = rules.apply(end, DECK, s.options, TakeDamage(1))
    assert b.hero(1).life - end.hero(1).life == 2


def _map_party_damage(limit: str, points: int = 3):
    """A campaign whose rogue has 1 HP and 2 shields when the party is dealt ``points`` damage on the map."""
    from explorer.doomrock.adventure import party_damage
    from explorer.doomrock.campaign_state import SetUp
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin"), party_damage_limit=limit), DECK, seed=7)
    s.play(SetUp())
    c, _ = party_damage(s.state.with_hero(0, hp=1, shields=2), points)
    return c


def _rogue_takes_all_he_may(c):
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.state import TakeDamage
    took = 0
    while TakeDamage(0) in camp.legal_actions(c):
        c, _ = camp.apply(c, TakeDamage(0))
        took += 1
    return c, took


def test_party_damage_on_the_map_caps_each_share_at_the_hp_with_that_reading():
    """Battle Effects, Party damage: "Whenever a card states that the party is dealt damage, the damage may be
    divided between any number of heroes. A hero may not accept an amount of damage that would reduce his or her
    HP below zero." Ruling DR-11: with ``party_damage_limit="hp"`` a hero accepts at most the HP left, shields or
    not, on the adventure map as in battle: the rogue with 1 HP and 2 shields accepts 1 point (a shield absorbs
    it), and the paladin takes the other 2."""
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.state import TakeDamage
    c, took = _rogue_takes_all_he_may(_map_party_damage("hp"))
    assert took == 1 and (c.heroes[0].hp, c.heroes[0].shields) == (1, 1)
    with pytest.raises(IllegalAction, match="may accept no more of this party damage"):
        camp.apply(c, TakeDamage(0))
    c, _ = camp.apply(c, TakeDamage(1))
    c, _ = camp.apply(c, TakeDamage(1))
    assert not c.pending and c.heroes[1].hp == c.heroes[1].max_hp - 2


def test_party_damage_on_the_map_counts_the_shields_by_default():
    """DR-11, the literal reading ("after_absorbing"): points the shields absorb reduce no HP, so the rogue with
    1 HP and 2 shields may accept all 3 points (he drops to 0 and is restored to 1: "Heroes defeated on the world
    map are immediately restored to 1 hit point")."""
    c, took = _rogue_takes_all_he_may(_map_party_damage("after_absorbing"))
    assert took == 3 and not c.pending and (c.heroes[0].hp, c.heroes[0].shields) == (1, 0)


def test_a_lone_heros_share_of_party_damage_is_capped_too():
    """Battle Effects, Party damage: "A hero may not accept an amount of damage that would reduce his or her HP
    below zero." With ``party_damage_limit="hp"`` (DR-11) the rogue, the only hero standing, with 1 HP and 2
    shields accepts 1 point of a party damage of 3 (a shield absorbs it) and the other 2 are lost, as they would be
    with a second hero to share them; he is not dealt all 3 and defeated."""
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), encounter="zombie_horde",
                                           party_damage_limit="hp"), DECK, seed=3)
    s.play(SetUpBattle())
    b = replace(s.state.battle, phase="minions").with_hero(0, hp=0).with_hero(1, hp=1, shields=2)
    after, events = run_script(b, DECK, s.options, "E1", (AIAction("party_damage", amount=3),), 1)
    assert after.paused is None
    assert (after.hero(1).life, after.hero(1).shields) == (1, 1)
    assert "Rogue loses 0 HP (1 absorbed by shields)." in [e.text for e in events]
