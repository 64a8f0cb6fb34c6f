"""Headless tests of the Rumble Planet walkthrough: every example chapter ends where its rulebook test (or the
old notebook's check) ends, the round is the play dashboard's table on the same seed, a learner's walk or attack
is played and answered with the engine's events and exact odds, an illegal one is refused with the engine's
reason and nothing changes, and every scene is drawn as SVG from the deciding seat's point of view."""
import pytest

from explorer.rumble_planet import Attack, Gear
from widgets.rumble_planet import lessons, teaching
from widgets.rumble_planet.table import Table


@pytest.fixture(scope="module")
def walk():
    return lessons.walkthrough()


def chapter(walk, start):
    return next(i for i, c in enumerate(walk.chapters) if c.title.startswith(start))


def last_state(walk, start):
    return walk.chapters[chapter(walk, start)].scenes[-1].state


def test_every_scene_is_drawn_as_svg_with_its_section(walk):
    for ci, c in enumerate(walk.chapters):
        for si, scene in enumerate(c.scenes):
            walk.go(ci, si)
            assert "<svg" in walk.drawing.value and "<pre" not in walk.drawing.value, (c.title, scene.title)
            assert "Rulebook: Rumble Planet Rulebook, " in walk.heading.value
        walk.go(ci, len(c.scenes) - 1)
        assert walk.handoff.value.startswith('<div class="wt-box wt-handoff"><b>Try a whole round yourself')


def test_the_round_is_the_play_dashboards_table_on_the_same_seed(walk):
    table = Table(2, None, lessons.ROUND_SEED)
    table.start()
    first = walk.chapters[chapter(walk, "A round")].scenes[0].state
    assert first == table.state
    assert f"<b>{lessons.ROUND_SEED}</b> in the <b>Seed</b> box" in walk.chapters[1].handoff
    end = last_state(walk, "A round")
    dogniss, birdie = end.players
    # the fall (2), Birdie's attack (1); Dogniss's attack from two levels up (3), its PP and King of the Hill's
    assert (end.round, dogniss.hp, dogniss.pp, birdie.hp, birdie.pp) == (2, 15, 2, 15, 1)


def test_movement_example_seven_mp_then_climbing_and_falling(walk):
    # "the 4 equipment slots ... are empty, so your character gains +4 MP for a total of 7 MP on their first turn"
    scenes = walk.chapters[chapter(walk, "Example: movement")].scenes
    assert "7 MP" in scenes[1].events[0].text
    end = scenes[-1].state
    assert end.turn.mp == 0 and end.player(0).hp == 16 and end.player(0).lootboxes == 1


def test_boost_example_costs_one_two_three(walk):
    scenes = walk.chapters[chapter(walk, "Example: boosting")].scenes
    paid = [a.player(1).boosts - b.player(1).boosts for a, b in zip((s.state for s in scenes), (s.state for s in scenes[1:]))]
    end = scenes[-1].state
    assert paid == [1, 2, 3] and end.player(1).track[0].boosts == 3
    assert end.bank_boosts == scenes[0].state.bank_boosts + 0 + 1 + 2


def test_shop_attack_ring_gps_tiles_obsolescence_knockout_and_end(walk):
    shop = last_state(walk, "The shop")
    assert shop.player(0).track[:2] == (Gear("W02", "W01"), Gear("A02")) and shop.player(0).credits == 3 + 3 - 6 + 2
    duel = last_state(walk, "Example: the attack")
    assert duel.player(2).hp == 18 - (6 - 3) and duel.player(1).pp == 2
    ring = last_state(walk, "Example: multiple")
    assert ring.player(1).hp == 18 - 4 and ring.player(2).hp == 18 - 4  # one die, head, for both targets
    gps = last_state(walk, "Example: the GPS")
    assert gps.golden == "I10" and gps.lootboxes == ("B1", "I1") and gps.turn.to_drop == 0
    tiles = walk.chapters[chapter(walk, "Example: tiles")].scenes
    teleported = next(s.state for s in tiles if s.title == "To I10")
    assert teleported.player(0).space == "I10" and teleported.player(0).lootboxes == 1
    assert tiles[-1].state.turn.mp == 7 - 2 - 2 and tiles[-1].state.player(0).hp == 16
    worn = last_state(walk, "Example: obsolescence")
    assert worn.player(2).boosts == 2 and worn.player(2).track == (None,) * 4
    ko = walk.chapters[chapter(walk, "Example: knock-outs")].scenes[-1].state
    assert ko.player(2).knocked_out and ko.player(2).level == 2 and ko.player(1).pp == 2
    end = last_state(walk, "Example: the end")
    assert end.stage == "over" and end.winner == 0 and end.player(0).pp == 20


def test_a_learners_walk_is_played_and_answered_with_the_odds(walk):
    c = chapter(walk, "A round")
    walk.go(c, next(i for i, s in enumerate(walk.chapters[c].scenes) if s.decision))
    scene = walk.scene
    before, steps = scene.state, scene.session.history_length
    other = next(b._wt_action for b in walk.buttons if isinstance(b._wt_action, teaching.Walk)
                 and b._wt_action != scene.decision.example and b.layout.display != "none")
    assert walk.choose(other)
    assert f"You chose: {teaching.describe(scene.state, other)}" in walk.answer.value
    assert "moves from C9" in walk.answer.value and "This chapter's game chose <b>Walk to H9" in walk.answer.value
    assert "3.00 expected Injuries" in walk.answer.value  # the odds of the example's walk, from the odds package
    assert "<svg" in walk.answer_drawing.value
    assert walk.scene is scene and scene.state == before and scene.session.history_length == steps  # untouched


def test_a_learners_attack_is_answered_with_each_face(walk):
    c = chapter(walk, "Example: the attack")
    walk.go(c, 0)
    assert walk.choose(Attack("heroic", "E4"))  # the Tee Cannon's 1 Damage: the Vest's padding stops it
    assert "with Tee Cannon; the attack die shows" in walk.answer.value
    assert "The rulebook's example chose <b>Attack Caddie Kong at E4 with Driver Rifle" in walk.answer.value
    assert "this attack alone: 3.83 expected Injuries" in walk.answer.value and "by face: head" in walk.answer.value


def test_an_illegal_move_is_refused_with_the_engines_reason_and_nothing_changes(walk):
    c = chapter(walk, "A round")
    walk.go(c, next(i for i, s in enumerate(walk.chapters[c].scenes) if s.decision))
    before, drawing = walk.scene.state, walk.drawing.value
    assert not walk.choose_typed("walk A1")
    assert "Not allowed: A1 is out of reach" in walk.answer.value
    assert not walk.choose(Attack("heroic", "H7"))  # Birdie is out of range from C9
    assert "Not allowed" in walk.answer.value and "range" in walk.answer.value
    assert not walk.choose_typed("fly away")
    assert "not a move I know" in walk.answer.value
    assert walk.scene.state == before and walk.drawing.value == drawing


def test_typed_walks_and_attacks_are_parsed():
    assert teaching.parse("walk h9") == teaching.Walk("H9")
    assert teaching.parse("Walk H9 safest") == teaching.Walk("H9", safest=True)
    assert teaching.parse("attack heroic H7") == Attack("heroic", "H7")


def test_the_table_is_drawn_from_the_deciding_seats_view():
    state = lessons.started().state.with_player(1, hand=("W01", "A01")).with_player(0, hand=("W03",))
    html = teaching.draw(state)  # seat 0 (Agent Dogniss) decides
    assert "hand: Wedge Launcher" in html and "hand: 2 face-down card(s)" in html
    assert "Putter Pistol" not in html and "Seen by Agent Dogniss Tailor" in html
