"""Headless tests of the BarBEARian Battlegrounds walkthrough: every example chapter ends where its rulebook test
ends, a learner's placement is played and answered with the engine's events and exact raid odds, an illegal move
is refused with the engine's reason and nothing changes, no scene shows a placement behind another clan's screen,
and the round chapter deals what the play dashboard deals on the same seed."""
import re
from html import unescape

import pytest

from explorer.barbearian import KeepTrial, RollDice, StealGlory, WalkAway
from explorer.barbearian.state import HIDDEN
from widgets.barbearian import lessons
from widgets.barbearian.table import Table


@pytest.fixture(scope="module")
def walk():
    return lessons.walkthrough()


def chapter(walk, title_start):
    i = next(i for i, c in enumerate(walk.chapters) if c.title.startswith(title_start))
    return i, walk.chapters[i]


def last_state(walk, title_start):
    return chapter(walk, title_start)[1].scenes[-1].state


def texts(scene):
    return [e.text for step in scene.session.steps[:scene.cursor] for e in step.events]


def test_chapters_one_per_section_and_example_each_ending_in_the_handoff(walk):
    titles = [c.title for c in walk.chapters]
    assert titles == ["A round, from Setup to Clean Up", "Example: Yellow's placement (Plan Phase)",
                      "Example: Red and Yellow clash (Brawl Phase)",
                      "Example: stealing loot, then the Temple 6 (Stealing Loot, Gather Phase)",
                      "FAQ: Grin and Bear It (Trial Cards)", "FAQ: Captain's Training (Marketplace, Build Phase)"]
    for c in walk.chapters:
        assert c.handoff.startswith("<b>Try a whole round yourself:</b>") and "play.ipynb" in c.handoff
        assert all(s.section.startswith("BarBEARian Battlegrounds Rulebook, ") for s in c.scenes)


def test_yellows_placement_ends_as_the_rulebook_says(walk):
    """Plan Phase: "she decides to place both her 4s on the Forge, and her 3 on the Battleground on the Red clan
    space"."""
    yellow = last_state(walk, "Example: Yellow").players[1]
    assert sorted(zip(yellow.faces, yellow.placement)) == [(3, "battleground:red"), (4, "forge"), (4, "forge")]
    assert yellow.ready


def test_the_clash_ends_where_yellows_2_breaks_reds_barracks(walk):
    """Brawl Phase: "Red's 1 is subtracted from Yellow's 3, leaving Yellow with a strength of 2 leftover. Yellow's
    leftover 2 meets Red's 1 in the Barracks - strong enough to break through!"."""
    _, c = chapter(walk, "Example: Red and Yellow")
    end = c.scenes[-1]
    assert texts(end)[-2:] == ["Red's 1 clashes with Yellow's 3: Red's force is removed; Yellow goes on with 2.",
                               "Yellow's 2 meets Red's Barracks of 1: breaks through! Yellow gets to steal loot."]
    assert end.state.phase == "loot"
    assert end.session.game.legal_actions(end.state) == [StealGlory(1, "red"), WalkAway(1)]


def test_the_loot_chapter_ends_with_reds_glory_locked(walk):
    """Stealing Loot: "the defending player must give the raiding player one Glory token"; Plan Phase 3E: "Lock one of
    your Glory tokens. Flip that token over - it may no longer be stolen in an enemy raid"."""
    state = last_state(walk, "Example: stealing loot")
    assert state.players[1].glory == (("red", False), ("yellow", False), ("yellow", False))
    assert state.players[0].glory == (("red", True),)
    assert state.players[1].resource("ore") == 2


def test_grin_and_bear_it_ends_completed_with_both_raids_repelled(walk):
    """FAQ: "you must place five dice in your Battleground (mercenaries still count) but it does not matter if any
    of the raids are successful"."""
    _, c = chapter(walk, "FAQ: Grin")
    end = c.scenes[-1]
    red = end.state.players[0]
    assert red.completed == ("T01",) and red.glory_count == 3 and red.reserve_glory == 4 and red.mercenaries == 2
    log = texts(end)
    assert "Red's 3 meets Yellow's Barracks of 18: the raid is repelled." in log
    assert "Red's 4 meets Blue's Barracks of 15: the raid is repelled." in log


def test_captains_training_ends_with_a_barracks_of_21(walk):
    """FAQ: "you can now put two 2's, one 5, and two 6's all on the same space in the Barracks or Battleground"."""
    from explorer.barbearian.brawl import barracks_strength
    _, c = chapter(walk, "FAQ: Captain's")
    state = c.scenes[-1].state
    red = state.players[0]
    assert red.upgrades == ("U02",) and red.active == 5
    assert sorted(zip(red.faces, red.placement)) == [(f, "barracks_1") for f in (2, 2, 5, 6, 6)]
    assert barracks_strength(state, 0) == 21
    # the odds the old notebook taught: a 5 with a 6 (11) in 2 of 36 two-dice rolls with the card, never without
    assert "a force of 11 (a 5 with a 6) comes up in 2 of 36 rolls with the card and never without" in c.scenes[-1].text
    five = next(s for s in c.scenes if s.decision and s.decision.prompt == "Where does the 5 go?")
    assert any(a == five.decision.example for a in walk.choices(five.state, 0))


def first_decision(walk, title_start):
    i, c = chapter(walk, title_start)
    walk.go(i, next(k for k, s in enumerate(c.scenes) if s.decision))
    return walk.scene


def test_a_placement_is_played_on_a_copy_and_answered_with_events_and_exact_odds(walk):
    scene = first_decision(walk, "Example: Red and Yellow")
    before, cursor, shown = scene.session.state, scene.session.cursor, walk.drawing.value
    labels = [b.description for b in walk.button_row.children if b.layout.display != "none"]
    assert "1 → Barracks 1" in labels and "6 → Temple" in labels
    assert "1 → Forge" not in labels  # the Forge takes 4, 5 or 6 only: not offered
    next(b for b in walk.button_row.children if b.description == "6 → Barracks 1").click()
    answer = unescape(walk.answer.value)
    assert "You chose: 6 → Barracks 1." in answer and "Red places a die behind the Clan screen." in answer
    assert "The rulebook's example chose <b>1 → Barracks 1</b>" in answer
    # every choice's exact odds against Yellow's sensible placements of 3, 4, 4
    assert answer.count("over Yellow's ") == len(labels)
    assert re.search(r"Yellow's raid breaks your Barracks \(6\) in \d+ of \d+ \(\d+%\)", answer)
    assert "(your choice)" in answer and "(the example's)" in answer
    assert "<svg" in walk.answer_drawing.value
    assert scene.session.state is before and scene.session.cursor == cursor and walk.drawing.value == shown


def test_a_loot_choice_is_answered_with_its_certain_result(walk):
    i, c = chapter(walk, "Example: stealing loot")
    walk.go(i, 0)
    next(b for b in walk.button_row.children if b.description == "Walk away empty-handed").click()
    answer = unescape(walk.answer.value)
    assert "You chose: Walk away empty-handed." in answer and "Steal a red Glory token" in answer
    assert "Yellow walks away empty-handed from Red's village." in answer and "certain: no token changes hands" in answer
    assert "certain: Red 2 to 1 Glory; Yellow 2 to 3 Glory" in answer


def test_an_illegal_typed_move_is_refused_with_the_engines_reason_and_nothing_changes(walk):
    scene = first_decision(walk, "Example: Yellow")
    before, cursor, shown = scene.session.state, scene.session.cursor, walk.drawing.value
    walk.typed.value = "4 farm"
    assert not walk.choose_typed("4 farm")
    assert "Not allowed: a 4 cannot go on the Farm: only dice with value 1, 2, or 3 may be placed there" in unescape(walk.answer.value)
    assert not walk.choose_typed("fly away")
    assert "is not a move I know" in unescape(walk.answer.value)
    assert not walk.choose_typed("5 forge")
    assert "Yellow has no die showing 5" in unescape(walk.answer.value)
    assert scene.session.state is before and scene.session.cursor == cursor and walk.drawing.value == shown
    assert walk.choose_typed("3 raid red")  # a legal typed move is played
    assert "You chose: 3 → Battleground vs Red." in unescape(walk.answer.value)


def village_chunks(html):
    """Each clan's village drawing in a scene, by clan."""
    parts = re.split(r'<div class="bb-village bb-village-(\w+)"', html)[1:]
    return dict(zip(parts[::2], parts[1::2]))


def test_no_scene_shows_a_placement_behind_another_clans_screen(walk):
    """Plan Phase 2: "they secretly place their dice onto the different spaces of their Village board"; "When
    everyone is ready, all players remove their Clan screens"."""
    from widgets.barbearian.teaching import draw
    checked = 0
    for c in walk.chapters:
        for scene in c.scenes:
            state = scene.state
            if state.revealed or not any(p.placement and any(p.placement) for p in state.players):
                continue
            html = draw(state, scene.viewer) if scene.viewer is not None else draw(state)
            for clan, chunk in village_chunks(html).items():
                seat = state.seat_of(clan)
                if seat != scene.viewer:
                    assert "bb-placed" not in chunk, (c.title, scene.title, clan)
                    checked += 1
            for q, p in enumerate(state.players):  # the roll shows others' dice as behind the screen
                if q != scene.viewer and p.placement:
                    assert f'data-clan="{p.clan}" data-face="{p.faces[0]}" data-space="{HIDDEN}"' in html
    assert checked >= 10


def test_every_scene_is_drawn_as_svg(walk):
    for i, c in enumerate(walk.chapters):
        for k in range(len(c.scenes)):
            walk.go(i, k)
            assert walk.drawing.value.count('class="rx-svg village-svg') == c.scenes[k].state.n
            assert "<pre" not in walk.drawing.value


def test_the_round_chapter_deals_and_rolls_what_the_dashboard_does_on_its_seed(walk):
    """The handoff: the play dashboard on the same seed deals the same Trial cards, the same First Player and
    the same roll."""
    c = walk.chapters[0]
    rolled = next(s for s in c.scenes if s.title.startswith("Plan Phase 1")).state
    offers = [s.state.players[s.viewer].offer for s in c.scenes if s.title.endswith("two Trial cards")]
    table = Table(2, seed=lessons.ROUND_SEED)
    table.start()
    assert table.state.first == rolled.first
    seen = []
    while table.state.phase == "keep_trials":
        seat = table.waiting()[0]
        table.take_screen(seat)
        seen.append(table.state.players[seat].offer)
        table.act(KeepTrial(seat, table.state.players[seat].offer[1]))  # another card than the chapter's line
    assert seen == offers
    table.act(RollDice())
    assert [p.faces for p in table.state.players] == [p.faces for p in rolled.players]
