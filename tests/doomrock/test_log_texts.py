"""The log says what happened: victory by default, global effects by card, venturing forth with its
time, and an expose explosion with the markers it consumed."""
from dataclasses import replace

from explorer.core import Session
from explorer.doomrock import Options, SetUpBattle, Travel, VentureForth
from explorer.doomrock import abilities, adventure
from explorer.doomrock.effects import EffectRef
from explorer.doomrock import battle as rules
from explorer.doomrock.campaign_state import SetUp
from explorer.doomrock.damage import deal_damage, place_expose

from .helpers import DECK


def battle(encounter: str):
    s = Session("doomrock-battle", Options(encounter=encounter), DECK, seed=4)
    s.play(SetUpBattle())
    return replace(s.state.battle, phase="actions")


def test_a_battle_without_objectives_is_won_when_all_enemies_are_defeated():
    """Battle victory: "By default, victory is achieved through defeating all enemies." """
    b = battle("goblin_raid")
    for e in b.enemies:
        b = b.with_enemy(e.uid, hp=0)
    b, events = rules.settle(b, DECK)
    assert b.result == "victory"
    assert [e.text for e in events] == ["All enemies are defeated: the battle is won!"]


def test_a_battle_with_an_objective_is_won_when_every_objective_is_defeated():
    """Battle victory: "The battle ends with victory immediately after all enemies marked as objectives are defeated." """
    b = battle("tentacle_monster")
    monster = next(e for e in b.enemies if e.objective)
    b, events = rules.settle(b.with_enemy(monster.uid, hp=0), DECK)
    assert b.result == "victory" and b.alive_enemies
    assert [e.text for e in events] == ["Every objective is defeated: the battle is won!"]


def campaign(**overrides) -> Session:
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin")), DECK, seed=7)
    spec = s.game.chance(s.state, SetUp())
    outcome = {name: list(part.cards) for name, part in spec.parts}
    outcome.update(overrides)
    s.play(SetUp(), outcome=outcome)
    return s


def test_global_effects_name_their_card():
    """Area Card Anatomy, Global effect: "This effect is always in play ..."; Encounter Deck Setup: the setting
    card's "Global effect: This effect is in play as long as the setting card is in play." Travel: "After
    travel is complete, check active global effects for additional effects." """
    s = campaign(settings=["long_winter", "harvest_moon", "festival"],
                 revealed=["mountain", "wilderness", "town"], mountain=["cursed_swamp", "eagle_peaks", "abandoned_mine"])
    board = [DECK.card(a.id).name for a in s.state.board]
    assert board[0] == "Abandoned mine" and s.state.board[0].secrets > 0
    texts = [e.text for e in s.play(Travel(next(k for k in range(3) if k != s.state.position)))]
    mine = texts.index("Global effect of the unexplored area Abandoned mine: HP -1.")
    setting = texts.index("Global effect of the setting card Long winter: EXPOSE +1.")
    assert "Rogue takes 1 damage" in texts[mine + 1] and texts[setting + 1] == "Each hero gains 1 face-down expose marker (EXPOSE +1)."


def test_venture_forth_cites_its_step_and_the_time_paid():
    """Adventuring, 4. Venture forth: "Players may pay 1 time to travel to a new area card from the area deck." """
    s = campaign()
    time = s.state.time
    events = s.play(VentureForth())
    assert events[0].text == f"The party pays 1 time to venture forth ({time - 1} time left)."
    revealed = next(e for e in events if "is revealed with" in e.text)
    assert {events[0].section, events[1].section, revealed.section} == {"Adventuring: 4. Venture forth"}


def test_an_expose_explosion_says_which_markers_are_consumed():
    """Battle Effects, Expose explosion: "The game pauses, and all expose markers from characters are consumed." """
    b = battle("goblin_raid")
    goblin = b.enemies[0]
    b = replace(b, expose_pool=(), expose_up=(), expose_out=())
    b = b.with_hero(0, expose=("plus1#1", "blank#1")).with_enemy(goblin.uid, expose=("push#1",))
    _, events = place_expose(b, b.enemies[-1].uid, 1, DECK)
    hero = b.hero(0).name
    assert [e.text for e in events[:2]] == [
        "The expose markers have run out: expose explosion!",
        f"The 3 expose markers on characters are consumed: {hero}'s +1 damage, blank; {goblin.name} ({goblin.uid})'s push."]


def test_an_explosion_mid_placement_logs_the_markers_before_it_and_after_it():
    """Battle Effects, Expose explosion: "The game pauses, and all expose markers from characters are consumed."
    The markers placed before the pause are consumed with the others, so the log counts them apart from those
    placed after it, and the count matches what the character holds."""
    b = battle("goblin_raid")
    goblin = b.enemies[-1]
    b = replace(b, expose_pool=("push#1",), expose_up=(), expose_out=(), ranks=("2", "0", "1"))
    b = b.with_hero(0, expose=("plus1#1",)).with_enemy(goblin.uid, expose=("blank#1",))
    after, events = place_expose(b, goblin.uid, 2, DECK)
    texts = [e.text for e in events]
    name = f"{goblin.name} ({goblin.uid})"
    assert texts[0] == f"{name} is exposed (1 marker)."
    assert texts[1] == "The expose markers have run out: expose explosion!"
    assert texts[-1] == f"{name} is exposed (1 more marker)."
    assert len(after.enemy(goblin.uid).expose) == 1


def test_a_hidden_hero_who_is_attacked_is_told_to_stop_being_hidden():
    """Battle Effects, Hidden: "A hero also stops being hidden if attacked or at the end of the round." """
    b = battle("goblin_raid").with_hero(0, hidden=True)
    after, events = deal_damage(b, DECK, 0, 1, attack=True)
    assert not after.hero(0).hidden
    assert f"{b.hero(0).name} is attacked and stops being hidden." in [e.text for e in events]
    _, events = deal_damage(b, DECK, 0, 1, attack=False)
    assert not any("hidden" in e.text for e in events)


def test_healing_at_the_maximum_logs_what_each_hero_healed():
    """Location Effects, HP +/-: "Heroes may not gain hit points above their maximum." """
    c = campaign().state
    c = c.with_hero(1, hp=c.heroes[1].max_hp - 1)
    c, events = adventure.hp(c, 3)
    rogue, paladin = c.heroes
    assert [e.text for e in events] == [
        f"HP +3, up to the maximum: Rogue heals 0 HP (now {rogue.max_hp}/{rogue.max_hp}), "
        f"Paladin heals 1 HP (now {paladin.max_hp}/{paladin.max_hp})."]


def test_silver_and_time_stop_at_zero_and_the_log_says_so():
    """Silver and time are markers: a party cannot lose more than it holds (Rules for the Rules: Component
    limitations), so the log gives the amount lost."""
    c = replace(campaign().state, silver=1, time=0)
    c, events = adventure._resolve(c, EffectRef("SILVER", (("amount", -2),)))
    assert c.silver == 0 and events[0].text == "The party loses 1 of 2 silver (now 0)."
    c, events = adventure._resolve(c, EffectRef("TIME", (("amount", -1),)))
    assert events[0].text == "The party loses 0 of 1 time: 0 time markers left."
    c, events = adventure._resolve(c, EffectRef("TIME", (("amount", 1),)))
    assert events[0].text == "The party gains 1 time: 1 time marker left."


def test_map_damage_that_shields_prevent_is_not_logged_as_taken():
    """Location Effects, HP +/-: "Heroes may discard their shield markers to prevent this effect." """
    c = campaign().state
    c = c.with_hero(1, shields=1)
    hp = c.heroes[1].hp
    _, events = adventure.wound(c, 1, 1)
    assert events[0].text == f"Paladin takes 0 damage (1 prevented by shields): {hp} HP left."


def test_an_armour_reduction_on_armour_zero_logs_nothing_reduced():
    """Battle Effects, Armor: "Armor reduction is cumulative, but may not reduce armor below zero." """
    b = battle("goblin_raid")
    goblin = b.enemies[0]
    b = b.with_enemy(goblin.uid, armour=1, armour_down=0)
    snare = (EffectRef("armour_down", (("amount", 1),)),)
    b, events = abilities.resolve(b, DECK, 0, snare, (), 0, goblin.uid, "Snare")
    name = f"{goblin.name} ({goblin.uid})"
    assert events[-1].text == f"{name}'s armour is reduced by 1 (now 0)."
    _, events = abilities.resolve(b, DECK, 0, snare, (), 0, goblin.uid, "Snare")
    assert events[-1].text == f"{name}'s armour is reduced by 0 (it is already 0)."


def test_a_marker_loss_logs_what_each_hero_really_lost():
    """Location Effects: SHIELD and HEROISM "+/-": a hero with no marker left loses none, and the log says so."""
    c = campaign().state
    c = c.with_hero(0, shields=0).with_hero(1, shields=2)
    c, events = adventure._resolve(c, EffectRef("SHIELD", (("amount", -1),)))
    assert [h.shields for h in c.heroes] == [0, 1]
    assert events[0].text == "SHIELD -1: Rogue loses 0 shield markers, Paladin loses 1 shield marker."
    c, events = adventure._resolve(c, EffectRef("SHIELD", (("amount", 1),)))
    assert events[0].text == "Each hero gains 1 shield marker (SHIELD +1)."
