"""Rules an outside referee found the engine reading against a printed sentence; each test quotes it."""
from dataclasses import replace

import numpy as np
import pytest

from explorer.core import Session
from explorer.doomrock import Options, SetUpBattle
from explorer.doomrock import battle as rules
from explorer.doomrock.damage import place_expose

from .helpers import DECK

RANKS = tuple(str(n) for n in range(29))


def started(players=2, seed=3, **opts) -> Session:
    s = Session("doomrock-battle", Options(players=players, **opts), DECK, seed=seed)
    s.play(SetUpBattle())
    return s


def test_an_expose_explosion_pauses_the_placement_which_then_goes_on():
    """Battle Effects, Expose explosion: "The game pauses, and all expose markers from characters are consumed."
    A pause ends: the markers the explosion revealed are shuffled into a new pool and the interrupted
    placement places every marker it names (as the odds' ``place`` counts it)."""
    s = started(heroes=("paladin", "rogue"))
    b = s.state.battle
    b = replace(b, expose_pool=(), expose_up=(), expose_out=(), ranks=RANKS)
    b = b.with_enemy("E2", expose=("blank#1", "push#1")).with_enemy("E1", expose=())
    after, events = place_expose(b, "E1", 2, DECK)
    texts = " ".join(e.text for e in events)
    assert "explosion" in texts
    assert after.enemy("E2").expose == ()
    assert len(after.enemy("E1").expose) == 2
    assert sorted(after.enemy("E1").expose) == ["blank#1", "push#1"]
    assert "(2 markers)" in texts


def test_an_explosion_with_no_marker_to_be_had_places_none():
    """Rules for the Rules: Component limitations: "In the rare case of running out of these markers, no further
    markers are placed." With every marker out of the battle, the explosion consumes nothing and the
    placement stops."""
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, expose_pool=(), expose_up=(), expose_out=tuple(f"blank#{n}" for n in range(1, 30)))
    after, events = place_expose(b, "E1", 2, DECK)
    assert after.enemy("E1").expose == ()
    assert any("No expose marker is left to place on Goblin (E1)" in e.text for e in events)


def _dragon_with(extra: str) -> Session:
    """The Dragon brings a tier I encounter: draw the one named ``extra``."""
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), encounter="the_dragon"), DECK, seed=1)
    spec = s.game.chance(s.state, SetUpBattle())
    outcome = spec.sample(np.random.default_rng(0))
    outcome["extra"] = [extra] + [e for e in outcome["extra"] if e != extra]
    s.play(SetUpBattle(), outcome=outcome)
    return s


def test_an_extra_encounters_boss_spawns_its_own_minions():
    """Battle Setup 3: the extra tier I enemies "will use their own AI deck"; Boss Activations: Enemy spawn:
    "By default, that enemy has all the properties as written at the top of the encounter card." The goblin
    shaman beside The Dragon spawns a goblin (its own card's minion), not nothing."""
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = _dragon_with("goblin_raid")
    b = replace(s.state.battle, phase="boss")
    shaman = next(e for e in b.enemies if e.name == "Goblin shaman")
    b2, events = run_script(b, DECK, replace(s.options, spawn_placement="spawner"), shaman.uid,
                            (AIAction("spawn", amount=1),), None, "Battle Sequence: Boss Activations")
    new = b2.enemies[-1]
    assert len(b2.enemies) == len(b.enemies) + 1, [e.text for e in events]
    assert (new.name, new.deck, new.hp) == ("Goblin", "goblins", 3)
    assert new.group == shaman.group


def test_the_players_decide_where_a_spawned_enemy_goes():
    """Rules for the Rules: Other player decision: "If a marker or card needs to be placed in game, and the
    effect does not specify the exact placement, players decide where to place the object." The AI card
    pauses once per spawned enemy: any group on the battlefield or a new, distant group."""
    from explorer.doomrock import PlaceSpawn
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    from explorer.doomrock.positions import groups
    s = started(players=2, heroes=("paladin", "rogue"), encounter="the_lich")
    b = replace(s.state.battle, phase="boss")
    lich = next(e for e in b.enemies if e.boss)
    script = (AIAction("spawn", amount=2), AIAction("enrage", amount=1))
    b, events = run_script(b, DECK, s.options, lich.uid, script, None, "Battle Sequence: Boss Activations")
    assert b.paused is not None and b.paused.kind == "spawn"
    acts = rules.legal_actions(b, DECK, s.options)
    assert acts == [PlaceSpawn(g) for g in groups(b)] + [PlaceSpawn(None)]
    hero_group = b.hero(0).group
    b, events = rules.apply(b, DECK, s.options, PlaceSpawn(hero_group))
    assert b.enemies[-1].group == hero_group and b.paused is not None and b.enrage == 0
    b, events = rules.apply(b, DECK, s.options, PlaceSpawn(None))
    assert b.paused is None and b.enrage == 1  # the card goes on after the last spawn
    assert b.enemies[-1].group not in {e.group for e in b.enemies[:-1]} | {h.group for h in b.heroes}
    assert "new, distant group" in " ".join(e.text for e in events)


def test_a_spawn_that_finds_no_marker_left_does_not_pause():
    """Boss Activations: Enemy spawn: "enemy markers are limited components, so the maximum number of enemies
    that may spawn during a battle is limited." With no marker left nothing is placed and nothing is asked."""
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = started(players=2, heroes=("paladin", "rogue"), encounter="the_lich", minion_tokens=1)
    b = replace(s.state.battle, phase="boss")
    lich = next(e for e in b.enemies if e.boss)
    b2, events = run_script(b, DECK, s.options, lich.uid, (AIAction("spawn", amount=2),), None, "x")
    assert b2.paused is None and len(b2.enemies) == len(b.enemies)
    assert any("No enemy markers are left" in e.text for e in events)


def _campaign_at_battle_setup(seed=0) -> Session:
    from explorer.doomrock.bots import GreedyBot
    s = Session("doomrock", Options(players=2), DECK, seed=seed)
    bot = GreedyBot()
    while s.state.phase != "battle":
        s.play(bot.choose(s.state, s.legal_actions()))
    assert s.state.battle.phase == "setup"
    return s


def test_the_next_battle_stays_secret_until_its_card_is_drawn():
    """Encounter Deck Setup: the encounter cards "represent the secret battles waiting for the heroes"; Battle
    Setup 1: gear-up is "the final opportunity for the heroes to switch gear, before the battle card is drawn".
    Neither the map, nor the log of the battle's start, nor the battle view at formation names the encounter."""
    from explorer.doomrock.bots import GreedyBot
    from explorer.doomrock.views import describe_map
    from widgets.doomrock.map_view import map_html
    from widgets.doomrock.views import battlefield_html
    s = Session("doomrock", Options(players=2), DECK, seed=0)
    bot = GreedyBot()
    s.play(bot.choose(s.state, s.legal_actions()))
    secret = DECK.card(s.state.encounters[0]).name
    assert secret not in describe_map(s.state) and "secret tier I encounter" in describe_map(s.state)
    assert secret not in map_html(s.state)
    s = _campaign_at_battle_setup()
    b = s.state.battle
    name = DECK.card(b.encounter).name
    assert not any(name in e.text for e in s.events)
    assert name not in battlefield_html(b, DECK, secret=True)
    events = s.play(next(a for a in s.legal_actions() if type(a).__name__ == "SetUpBattle"))
    assert any(f"The party faces {name}" in e.text for e in events)


def test_play_has_no_safety_limits_and_the_simulators_count_theirs():
    """Rulings DR-10: the round and map-action limits are not in the rulebook: a game played has none (a long
    battle or a long stay on the map is legal); a simulation sets them and reports the games they ended."""
    from explorer.doomrock.sim import SIM_LIMITS, simulate
    assert Options().round_limit is None and Options().map_action_limit is None
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, round=31, phase="actions")
    b2, events = rules.apply(b, DECK, s.options, rules.EndRound())
    assert b2.result is None and b2.round == 32
    result = simulate("battle", 6, seed=2, options=Options(encounter="the_lich", round_limit=2))
    assert result.limit_hits == sum(r.hit_limit for r in result.records) > 0
    assert all(not r.won for r in result.records if r.hit_limit)
    assert SIM_LIMITS == {"round_limit": 30, "map_action_limit": 200}


def _with_locked_die(s: Session):
    """The paladin's first die locked on a dice-lock card, at the start of a roll phase."""
    b = s.state.battle
    lock = next(a for a in b.hero(0).abilities if DECK.card(a).lock)
    die = b.die(0, 0)
    return b.with_die(die, place="locked", card=lock, face=DECK.card(lock).activation.faces[0]), lock


def test_a_locked_die_may_be_picked_up_and_rolled():
    """Battles: Dice lock: "Locked dice do not have to be rolled during consecutive roll phases. They may
    remain on the card": they may also be picked up and rolled (option ``locked_dice``, DR-18)."""
    from explorer.doomrock import PickUpLocked, Roll
    s = started(heroes=("paladin", "rogue"))
    b, lock = _with_locked_die(s)
    acts = rules.legal_actions(b, DECK, s.options)
    assert acts == [Roll(), PickUpLocked(0)]
    b2, events = rules.apply(b, DECK, s.options, PickUpLocked(0))
    assert b2.die(0, 0).place == "pool" and "lasting effect ends" in events[0].text
    assert rules.chance(b2, DECK, s.options, Roll()).count == len(b.hero_dice(0))
    stay = replace(s.options, locked_dice="stay")
    assert rules.legal_actions(b, DECK, stay) == [Roll()]
    with pytest.raises(Exception, match="locked_dice='stay'"):
        rules.apply(b, DECK, stay, PickUpLocked(0))


def test_party_damage_may_be_accepted_up_to_what_reaches_the_hp():
    """Battle Effects, Party damage: "A hero may not accept an amount of damage that would reduce his or her HP
    below zero." A point a shield absorbs reduces no HP: with 1 HP and 1 shield a hero may accept 2 points
    (option ``party_damage_limit``, DR-11; "hp" caps the share at the HP left)."""
    from explorer.doomrock import TakeDamage
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script, share_room
    s = started(heroes=("paladin", "rogue"))
    b0 = replace(s.state.battle, phase="boss").with_hero(1, hp=1, broken=0, shields=1)
    assert share_room(b0, DECK, s.options, 1) == 2
    b, _ = run_script(b0, DECK, s.options, "E3", (AIAction("party_damage", amount=2),), None, "x")
    b, _ = rules.apply(b, DECK, s.options, TakeDamage(1))
    assert TakeDamage(1) in rules.legal_actions(b, DECK, s.options)
    b, _ = rules.apply(b, DECK, s.options, TakeDamage(1))
    assert b.paused is None and b.hero(1).hp == 0 and b.hero(1).shields == 0
    hp_only = replace(s.options, party_damage_limit="hp")
    b, _ = run_script(b0, DECK, hp_only, "E3", (AIAction("party_damage", amount=2),), None, "x")
    b, _ = rules.apply(b, DECK, hp_only, TakeDamage(1))
    assert rules.legal_actions(b, DECK, hp_only)[:1] == [TakeDamage(0)]
    assert TakeDamage(1) not in rules.legal_actions(b, DECK, hp_only)


def test_what_an_explosions_plus_one_markers_deal_is_an_option():
    """Battle Effects: "each +1 marker increases the damage dealt to the target by 1"; an expose explosion is no
    attack (DR-4). With ``explosion_damage="markers"`` a +1 marker deals 1 damage; with "none" nothing is dealt,
    the markers are only revealed."""
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, expose_pool=(), expose_up=(), expose_out=(), ranks=RANKS)
    b = b.with_enemy("E2", expose=("plus1#1", "plus1#2"), shields=0, armour=0)
    hp = b.enemy("E2").hp
    hit, _ = place_expose(b, "E1", 1, DECK, s.options)
    spared, _ = place_expose(b, "E1", 1, DECK, replace(s.options, explosion_damage="none"))
    assert hit.enemy("E2").hp == hp - 2
    assert spared.enemy("E2").hp == hp and spared.enemy("E2").expose == ()
    assert len(hit.enemy("E1").expose) == len(spared.enemy("E1").expose) == 1


def test_whether_this_attacks_blanks_leave_with_a_battle_cumulation_is_an_option():
    """Battle Effects: battle cumulation: "Place this marker and all previously revealed blank expose markers away
    from the expose marker pool." ``cumulation_blanks="all"`` sets aside every revealed blank, this attack's too;
    "earlier" only those revealed before it (this attack's blank is flipped back into the pool). The exact
    odds read "all" and refuse "earlier"."""
    from explorer.doomrock.damage import deal_damage
    from explorer.doomrock.odds.advice import shuffled_cumulation
    s = started(heroes=("paladin", "rogue"))
    b = s.state.battle
    pool = tuple(m for m in b.expose_pool if not m.startswith(("blank#1", "blank#2", "cumulation#1")))
    b = replace(b, expose_pool=pool, expose_up=("blank#1",), expose_out=(), flips=(RANKS,))
    b = b.with_enemy("E1", expose=("blank#2", "cumulation#1"))
    everything, _ = deal_damage(b, DECK, "E1", 1, options=s.options)
    earlier, _ = deal_damage(b, DECK, "E1", 1, options=replace(s.options, cumulation_blanks="earlier"))
    assert sorted(everything.expose_out) == ["blank#1", "blank#2", "cumulation#1"]
    assert sorted(earlier.expose_out) == ["blank#1", "cumulation#1"] and "blank#2" in earlier.expose_pool
    with pytest.raises(ValueError, match="cumulation_blanks"):
        shuffled_cumulation(replace(s.options, cumulation_blanks="earlier"))


@pytest.mark.parametrize("on_e2, up, out, count", [
    (("blank#1", "plus1#1"), (), (), 3),
    (("cumulation#1", "blank#1", "push#1"), (), (), 2),
    (("plus1#1",), (), tuple(f"blank#{n}" for n in range(2, 30)), 4),
    ((), ("blank#1",), (), 2),
])
def test_the_engine_places_as_many_markers_as_the_odds_count(on_e2, up, out, count):
    """Ruling DR-O6: the odds' ``place`` and the engine agree on how many markers a placement places through
    reshuffles and expose explosions."""
    from explorer.doomrock.odds.damage import ExposeMarkers, ExposeStock, place
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, expose_pool=(), expose_up=up, expose_out=out, ranks=RANKS, flips=(RANKS, RANKS))
    b = b.with_enemy("E2", expose=on_e2, hp=20).with_enemy("E1", expose=(), hp=20)
    after, events = place_expose(b, "E1", count, DECK, s.options)
    kinds = lambda ms: ExposeMarkers(*(sum(m.startswith(k) for m in ms) for k in ("blank", "plus1", "push", "cumulation")))
    odds = place(ExposeStock(kinds(on_e2), on_characters=len(on_e2), face_up=kinds(up)), count)
    # the log counts the markers placed before and after each explosion apart: they add up to the placement
    placed = sum(int(e.text.split("(")[-1].split()[0]) for e in events if " is exposed (" in e.text)
    assert placed == odds.placed
    assert len(after.enemy("E1").expose) + len(after.enemy("E2").expose) == odds.stock.on_characters
    assert kinds(after.expose_up) == odds.stock.face_up
    assert len(odds.explosions) == sum("expose explosion" in e.text for e in events)


@pytest.mark.parametrize("divided", [False, True], ids=["one hero left", "divided by the party"])
def test_party_damage_reads_the_cumulation_blanks_option_too(divided):
    """Battle Effects: battle cumulation (DR-3): the ``cumulation_blanks`` reading holds for every damage that
    reveals a battle cumulation marker, party damage too (Battle Effects: Party damage), whether one hero is left
    to take it or the party divides it."""
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "rogue"))
    opts = replace(s.options, cumulation_blanks="earlier")
    b = s.state.battle
    pool = tuple(m for m in b.expose_pool if not m.startswith(("blank#1", "blank#2", "cumulation#1")))
    b = replace(b, phase="boss", expose_pool=pool, expose_up=("blank#1",), expose_out=(), flips=(RANKS,))
    b = b.with_hero(0, expose=("blank#2", "cumulation#1"), shields=0)
    if not divided:
        b = b.with_hero(1, hp=0)
    b, _ = run_script(b, DECK, opts, "E3", (AIAction("party_damage", amount=1),), None)
    if divided:
        b, _ = rules.apply(b, DECK, opts, rules.TakeDamage(0))
    assert b.paused is None and b.hero(0).expose == ()
    assert sorted(b.expose_out) == ["blank#1", "cumulation#1"] and "blank#2" in b.expose_pool


def test_the_dragons_extra_encounter_may_be_the_one_already_fought():
    """Battle Setup 3: "draw a random tier I encounter card from all available cards" (ruling DR-42): in a
    campaign the card the encounter deck drew for the first battle is among them."""
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.campaign_state import SetUp, StartBattle
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin")), DECK, seed=7)
    s.play(SetUp())
    fought = s.state.encounters[0]
    assert DECK.card(fought).tier == 1
    c = replace(s.state, time=0, doomrock_revealed=True, encounters=("the_dragon",))
    c, _ = camp.apply(c, StartBattle())
    extra = dict(camp.chance(c, SetUpBattle()).parts)["extra"]
    assert set(extra.cards) == {e.id for e in DECK.encounters if e.tier == 1}
    assert fought in extra.cards


def test_an_ai_expose_line_reaches_a_distant_hero():
    """AI card anatomy: "Follow the arrows to look for an alternative action target, if the first target is not
    valid"; the Battle Example fails a move and an attack for position only (ruling DR-43). A zombie engaged
    with the rogue cannot move to the active paladin, yet its expose line exposes him across the battlefield."""
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "rogue"), encounter="zombie_horde")
    b = replace(s.state.battle, phase="minions")
    b = b.with_enemy("E1", group=b.hero(1).group)
    assert b.hero(0).group != b.enemy("E1").group
    script = DECK.card("ZOM4").minion
    assert [(a.do, a.target) for a in script] == [("move", ("active",)), ("expose", ("active",))]
    after, events = run_script(b, DECK, s.options, "E1", script, 0)
    assert "cannot move to the active hero" in events[0].text
    assert after.enemy("E1").group == b.enemy("E1").group
    assert len(after.hero(0).expose) == 1


def test_enrage_adds_to_an_ai_lines_party_damage_too():
    """Boss Activations, Enrage: "the added effect of the enrage value shall bring doom upon the heroes" (ruling
    DR-7): with the zombie horde's first enrage value reached, a zombie's party damage of 1 deals 2."""
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "rogue"), encounter="zombie_horde")
    b = replace(s.state.battle, phase="minions", enrage=DECK.card("zombie_horde").enrage[0])
    script = DECK.card("ZOM6").minion
    assert [(a.do, a.amount) for a in script] == [("party_damage", 1)]
    after, events = run_script(b, DECK, s.options, "E1", script, 0)
    assert events[0].text == "Zombie (E1) deals 2 damage to the party."
    assert after.paused.kind == "party_damage" and after.paused.left == 2
