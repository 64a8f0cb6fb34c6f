"""Headless tests of the Assault on Doomrock walkthrough: every scene is drawn with the dashboard's SVG, each
example chapter ends where its rulebook test ends, a learner's choice is answered with the engine's events and
the exact odds, an illegal one is refused with the engine's reason and nothing changes, and the handoff's seed
deals the same table on the play dashboard."""
from fractions import Fraction

import pytest

from explorer.doomrock import Activate, Assign, Choose, KeepDice, Reroll
from explorer.doomrock.damage import marker_type
from widgets.doomrock import DoomrockApp
from widgets.doomrock import lessons
from widgets.doomrock.chapters import MAP_SEED, ROUND_SEED
from widgets.doomrock.teaching import parse

PALADIN, ROGUE = 0, 1


@pytest.fixture(scope="module")
def walk():
    return lessons.walkthrough()


def chapter(walk, title_start):
    return next(i for i, c in enumerate(walk.chapters) if c.title.startswith(title_start))


def last_state(walk, title_start):
    return walk.chapters[chapter(walk, title_start)].scenes[-1].state


def go_to_decision(walk, title_start, prompt_start):
    c = chapter(walk, title_start)
    s = next(i for i, sc in enumerate(walk.chapters[c].scenes) if sc.decision and sc.decision.prompt.startswith(prompt_start))
    walk.go(c, s)
    return walk.scene


def test_every_scene_is_drawn_with_the_dashboards_svg(walk):
    for c, ch in enumerate(walk.chapters):
        for s, scene in enumerate(ch.scenes):
            walk.go(c, s)
            assert "<svg" in walk.drawing.value, (ch.title, scene.title)
            assert "<pre" not in walk.drawing.value
            assert "Rulebook: Assault on Doomrock Rulebook, " in walk.heading.value
        assert ch.handoff.startswith("<b>Try a whole round yourself")
    walk.go(0, 1)
    assert 'class="dr-group"' in walk.drawing.value and 'class="dr-die"' in walk.drawing.value


def test_the_battle_example_ends_as_the_rulebook_test_does(walk):
    b = last_state(walk, "Example: the battle example").battle
    assert b.enemy("E3").defeated and b.hero(ROGUE).heroism == 0 and "plus1#1" in b.expose_up
    assert (b.enrage, b.hero(PALADIN).hp, b.phase) == (1, 2, "actions")
    assert b.enemy("E2").group == b.hero(PALADIN).group == b.enemy("E1").group


def test_the_simple_activation_example_ends_in_two_rampages(walk):
    ch = walk.chapters[chapter(walk, "Example: simple minion activation")]
    b = ch.scenes[-1].state.battle
    assert b.phase != "minions"
    activations = [(e.text.split(" activates")[0], "rampages" in e.text) for sc in ch.scenes for e in sc.events
                   if " activates Goblin" in e.text]
    assert activations == [("Paladin", False), ("Paladin", False), ("Warrior", False), ("Warrior", False),
                           ("Cleric", True), ("Ranger", True)]


def test_the_adventuring_examples_end_as_their_tests_do(walk):
    c = last_state(walk, "Example: LOOT!")
    start = walk.chapters[chapter(walk, "Example: LOOT!")].scenes[0].state
    assert len(c.inventory) == len(start.inventory) + 1 and c.deck.card(c.inventory[-1]).rarity == "common"
    assert c.silver == start.silver and not c.pending
    ch = walk.chapters[chapter(walk, "Example: TEST")]
    assert "rolls 3, plus 2 makes 5: passed" in ch.scenes[-1].events[0].text
    assert ch.scenes[-1].state.silver == ch.scenes[0].state.silver + 2
    c = last_state(walk, "Example: venture forth")
    assert c.deck.card(c.area.id).name == "Cursed swamp" and c.area.secrets == 3
    assert [h.hp for h in c.heroes] == [4, 4]
    walk.go(chapter(walk, "Example: venture forth"), len(walk.chapters[chapter(walk, "Example: venture forth")].scenes) - 1)
    assert "Option 1" in walk.drawing.value  # the event's choice waits on the drawn map


def test_the_values_and_spawn_examples(walk):
    b = last_state(walk, "Example: activation values").battle
    assert [d.card for d in b.hero_dice(0)][:2] == ["aimed_shot", "aimed_shot"]
    assert [d.card for d in b.hero_dice(1)][:2] == ["cleave", "cleave"]
    b = last_state(walk, "Example: an extra encounter").battle
    spawned = b.enemies[-1]
    assert (spawned.name, spawned.deck, b.enrage) == ("Goblin", "goblins", 1)
    assert spawned.group not in {e.group for e in b.enemies[:-1]}


def test_a_keep_choice_is_played_and_answered_with_the_exact_odds(walk):
    scene = go_to_decision(walk, "Example: the battle example", "Which of the rogue's dice")
    before = walk.drawing.value
    best = next(a for a in walk.choices(scene.state) if isinstance(a, Reroll))
    assert walk.choose(best)
    answer = walk.answer.value
    assert "You chose: Keep 6 6, re-roll 3 6." in answer and "re-rolls 2 dice" in answer
    assert "The rulebook's example chose <b>Keep all (3 6 6 6)</b>" in answer
    assert "Each choice, exactly:" in answer and "3.58 expected sets" in answer and "3.00 expected sets" in answer
    assert "<svg" in walk.answer_drawing.value and walk.drawing.value == before  # the example's scene stays


def test_the_heroism_stab_shows_the_chance_that_the_marker_is_a_plus_one(walk):
    scene = go_to_decision(walk, "Example: the battle example", "The second stab")
    b = scene.state.battle
    face_down = b.expose_pool + tuple(m for e in b.enemies for m in e.expose) + tuple(m for h in b.heroes for m in h.expose)
    plus = Fraction(sum(marker_type(m) == "plus1" for m in face_down), len(face_down))
    assert walk.choose(Activate(ROGUE, "poisonous_stab", "E3", 1))
    assert f"defeats it: {float(plus):.0%}" in walk.answer.value
    assert "The rulebook's example made the same choice." in walk.answer.value


def test_an_illegal_move_is_refused_with_the_engines_reason_and_nothing_changes(walk):
    scene = go_to_decision(walk, "Example: the battle example", "What does the rogue do with his third 6")
    drawing, state = walk.drawing.value, scene.state
    assert not walk.choose(Assign(2, "poisonous_stab"))
    assert "Not allowed:" in walk.answer.value and "charge" in walk.answer.value
    assert not walk.choose_typed("place 6 on poisonous stab")
    assert "Not allowed:" in walk.answer.value and "charge" in walk.answer.value
    assert walk.drawing.value == drawing and walk.scene.state == state and walk.answer_drawing.value == ""
    assert not walk.choose_typed("fly away")
    assert "is not a move I know here" in walk.answer.value


def test_typed_moves_name_the_same_choices_as_the_buttons(walk):
    scene = go_to_decision(walk, "Example: the battle example", "Which of the rogue's dice")
    assert parse(scene.state, "keep all") == KeepDice()
    assert parse(scene.state, "keep 6 6 6") == Reroll((3,))
    assert parse(scene.state, "reroll 3 6") in walk.choices(scene.state)
    scene = go_to_decision(walk, "A turn on the adventure map", "Which of the event")
    assert parse(scene.state, "option 2") == Choose(1)


def test_the_round_ends_the_round_and_the_dashboard_deals_it_on_the_same_seed(walk):
    ch = walk.chapters[0]
    assert f"<b>{ROUND_SEED}</b> in the <b>Seed</b> box" in ch.handoff
    assert ch.scenes[-1].state.battle.round == 2 or "Round 1 ends" in ch.scenes[-1].events[-1].text
    app = DoomrockApp()
    app.seed.value = ROUND_SEED
    app.new_button.click()
    assert app.session.state == ch.scenes[1].state  # the same battle set up
    for step in ch.scenes[-1].session.steps[1:]:  # the chapter's choices, played on the dashboard
        assert app.act(step.action), app.status.value
    assert app.session.state == ch.scenes[-1].state


def test_the_map_turn_is_dealt_by_the_dashboards_campaign_on_its_seed(walk):
    ch = walk.chapters[chapter(walk, "A turn on the adventure map")]
    assert f"<b>{MAP_SEED}</b> in the <b>Seed</b> box" in ch.handoff and "<b>Campaign</b>" in ch.handoff
    app = DoomrockApp()
    app.seed.value = MAP_SEED
    app.kind.value = "doomrock"
    assert app.session.state == ch.scenes[0].state
    scene = go_to_decision(walk, "A turn on the adventure map", "Which of the event")
    assert walk.choose(Choose(1)) and "LOOT! +1" in walk.answer.value and "33%" in walk.answer.value


def test_the_expose_explosion_consumes_the_markers_on_characters(walk):
    ch = walk.chapters[chapter(walk, "Example: an expose explosion")]
    before, after = ch.scenes[0].state.battle, ch.scenes[-1].state.battle
    shaman = next(e.uid for e in after.enemies if e.name == "Goblin shaman")
    assert after.enemy(shaman).expose == () and after.enemy(shaman).hp == before.enemy(shaman).hp - 1
    assert len(after.enemies[-1].expose) == 1
    assert any("expose explosion" in e.text for e in ch.scenes[-1].events)
