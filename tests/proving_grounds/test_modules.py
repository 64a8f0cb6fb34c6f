"""The rulebook's worked examples for the six modules, replayed move by move.

Each test cites the example (or rule) it replays; rolls and deck orders are table dice.
"""
import pytest

from explorer.core import IllegalAction, Session
from explorer.proving_grounds import (
    AssignDragonling,
    ChaosReroll,
    ChooseEnemy,
    ExhaustDie,
    Options,
    PlaceOnChariot,
    Reroll,
    Roll,
    RollActivation,
    RotateDial,
    SetUp,
    Stop,
    TakeSunDie,
    TimeUp,
)
from explorer.proving_grounds.example_decks import CONSPIRATORS as CONSPIRATORS_DECK
from explorer.proving_grounds.example_decks import DUST_TRAIL, INSPIRATIONS, SPIKED_WHEELS
from explorer.proving_grounds.state import Chariot

from .scenario import (
    ALL_DICE,
    assert_illegal,
    enemy,
    fillers,
    make_deck,
    markers,
    new_session,
    plain,
    roll,
    showing,
    stop,
    texts,
)

MOVE = "Step 2: Resolve Attacks, A) Move Battle Markers"
DRAGON = "Module 1: The Dragonling, Gameplay"
CHARIOTS = "Module 2: Chariots, Gameplay"
CONSPIRATORS = "Module 5: Conspirators, Gameplay"
SUN, MOON = "Module 6: Sun and Moon, Sun Effects", "Module 6: Sun and Moon, Moon Effects"


# -- Module 1: The Dragonling -------------------------------------------------------------------

ICONS = [plain("E1", start=2, icon="talon"), plain("E2", start=2, icon="teeth"), plain("E3", start=2, icon="tail"),
         plain("E4", start=2), plain("E5", start=2, icon="tail"), plain("E6", start=2)]


def dragon_session(enemies=None, **options) -> Session:
    return new_session(Options.with_modules("dragonling", **options), (enemies or ICONS) + fillers(8, start=2))


def test_dragonling_example():
    """Module 1, Example: "Enemy #3 requires two 3s, but Carter has only rolled a single 3. However,
    the enemy card has the tail icon, and Carter rolled the tail result on the dragonling die.
    Therefore, he can add the dragonling die to his single 3, making it a set of two 3s instead." """
    s = dragon_session()
    assert len(s.state.pool) == 8  # the dragonling die is rolled with them ("nine dice instead of eight")
    roll(s, {"W1": 3, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "B1": 6, "G1": 6, "Y1": 6}, dragonling="tail")
    assert s.state.dragonling == "tail"
    stop(s)
    assert s.state.phase == "dragonling"
    # enemy #5 also has the tail icon but no dice attack it; the other enemies have no tail icon
    assert s.legal_actions() == [AssignDragonling(3), AssignDragonling(None)]
    cursor = s.cursor
    ev = s.play(AssignDragonling(3))
    assert texts(ev, DRAGON) == ["The tail result joins the dice attacking enemy #3 (E3), counting as a white die."]
    assert "Enemy #3 (E3): 2 white: you score a hit: marker up 1." in texts(ev, MOVE)
    assert markers(s)[2] == 3

    s.jump(cursor)  # without the dragonling die the single 3 is a single
    ev = s.play(AssignDragonling(None))
    assert "Enemy #3 (E3): 1 white: the enemy scores a hit: marker down 1." in texts(ev, MOVE)
    assert markers(s)[2] == 1


@pytest.mark.parametrize("face, target", [("talon", 1), ("teeth", 2), ("tail", 5)])
def test_dragonling_result_only_attacks_an_enemy_with_the_matching_icon(face, target):
    """Module 1: "The talon, tail, or teeth result may be added to any set or single to attack an
    enemy card with the matching icon." (Enemy #3 has the tail icon but no dice attack it.)"""
    s = dragon_session()
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 4, "B1": 4, "G1": 5, "Y1": 6}, dragonling=face)
    stop(s)
    assert s.legal_actions() == [AssignDragonling(target), AssignDragonling(None)]
    for n in (1, 2, 4, 5, 6):
        if n != target:
            assert_illegal(s, AssignDragonling(n), f"enemy #{n} (E{n}) has no {face} icon")
    assert_illegal(s, AssignDragonling(3), f"no dice attack enemy #3: the {face} result joins a set or single")
    assert_illegal(s, AssignDragonling(7), "there is no enemy in slot 7")
    ev = s.play(AssignDragonling(target))
    attack = {1: "Enemy #1 (E1): 3 white: you score a hit: marker up 1.",
              2: "Enemy #2 (E2): 3 white: you score a hit: marker up 1.",
              5: "Enemy #5 (E5): 1 green+1 white: you score a hit: marker up 1."}[target]
    assert attack in texts(ev, MOVE)
    expected = [3, 3, 2, 3, 1, 1]  # sets on #1, #2, #4 climb; singles on #5, #6 move down
    if target == 5:
        expected[4] = 3  # the single 5 became a set of two
    assert markers(s) == expected


@pytest.mark.parametrize("three, hit", [("W1", False), ("G1", True)])
def test_dragonling_die_counts_as_white_for_colour_requirements(three, hit):
    """Module 1: "the dragonling die does not count as a colored die. For purposes of color
    requirements, it counts as a white die." Enemy #3 needs two dice, one of them green: a white
    single 3 plus the dragonling die is not enough, a green single 3 plus the dragonling die is."""
    s = dragon_session([plain("E1", start=2), plain("E2", start=2), enemy("E3", 2, (2, "green"), 2, icon="tail")]
                       + [plain(f"E{i}", start=2) for i in (4, 5, 6)])
    other = "G1" if three == "W1" else "W1"
    roll(s, {three: 3, other: 6, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "B1": 6, "Y1": 6}, dragonling="tail")
    stop(s)
    ev = s.play(AssignDragonling(3))
    if hit:
        assert "Enemy #3 (E3): 1 green+1 white: you score a hit: marker up 1." in texts(ev, MOVE)
        assert markers(s)[2] == 2
    else:
        assert "Enemy #3 (E3): 2 white: incorrect combination: nothing happens." in texts(ev, MOVE)
        assert markers(s)[2] == 1


def test_wing_result_saves_one_single():
    """Module 1: "The wing result may be used to prevent the battle marker from moving down for any
    one single." (The other single still moves its marker down; a set cannot be saved.)"""
    s = dragon_session()
    roll(s, {"W1": 2, "W2": 5, "W3": 1, "W4": 1, "W5": 4, "B1": 4, "G1": 6, "Y1": 6}, dragonling="wing")
    stop(s)
    assert s.legal_actions() == [AssignDragonling(2), AssignDragonling(5), AssignDragonling(None)]
    assert_illegal(s, AssignDragonling(1), "the wing result saves a single, and 1 is shown by 2 dice")
    ev = s.play(AssignDragonling(2))
    assert texts(ev, DRAGON) == ["The wing result saves the single 2: enemy #2's marker will not move down."]
    assert texts(ev, MOVE)[1:3] == ["Enemy #2 (E2): 1 white: the single is saved: the marker stays.",
                                    "Enemy #4 (E4): 1 white+1 blue: you score a hit: marker up 1."]
    assert "Enemy #5 (E5): 1 white: the enemy scores a hit: marker down 1." in texts(ev, MOVE)
    assert markers(s) == [3, 2, 2, 3, 1, 3]


def test_chaos_result_forces_a_reroll_of_all_coloured_dice_before_attacks():
    """Module 1: "The chaos result must be used to immediately reroll all colored dice, before
    resolving any attacks. This is mandatory." """
    s = dragon_session()
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "B1": 6, "G1": 6, "Y1": 6}, dragonling="chaos")
    stop(s)
    assert s.state.phase == "dragonling" and s.legal_actions() == [ChaosReroll()]
    assert_illegal(s, AssignDragonling(None), "the chaos result must be used: reroll all coloured dice before resolving attacks")
    assert_illegal(s, AssignDragonling(6), "the chaos result must be used: reroll all coloured dice before resolving attacks")
    assert_illegal(s, ChaosReroll(), "coloured dice: expected 3 faces, got 1 face (3)", outcome=[3])
    ev = s.play(ChaosReroll(), outcome=[3, 5, 5])  # blue, green, yellow
    assert ev[0].section == DRAGON and ev[0].text.startswith("Chaos! The coloured dice are rerolled: blue 3, green 5, yellow 5.")
    assert [e.section for e in ev].index(MOVE) == 1  # the attacks come after the reroll
    # the blue 3 joins the white 3 (a set), the 6s are gone, the green and yellow 5s are a set
    assert markers(s) == [3, 3, 3, 2, 3, 2]


def test_dragonling_die_is_rerolled_only_with_a_set():
    """Module 1: "You may reroll the dragonling die each time you reroll a set. However, the
    dragonling die cannot be combined with a single and rerolled (as this is not a "set")." """
    s = dragon_session()
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "B1": 4, "G1": 5, "Y1": 6}, dragonling="chaos")
    assert s.legal_actions() == [Reroll(1), Reroll(1, dragonling=True), Reroll(2), Reroll(2, dragonling=True), Stop(), TimeUp()]
    assert_illegal(s, Reroll(5, dragonling=True), "5 is a single; only a set (two or more dice showing the same number) can be rerolled",
                   outcome={"dice": [5], "dragonling": "tail"})
    s.play(Reroll(1), outcome=[1, 1])
    assert s.state.dragonling == "chaos"  # rerolling a set alone keeps the dragonling result
    s.play(Reroll(1, dragonling=True), outcome={"dice": [2, 2], "dragonling": "tail"})
    assert s.state.dragonling == "tail" and showing(s)["W1"] == 2 and showing(s)["W2"] == 2


# -- Module 2: Chariots ---------------------------------------------------------------------------

SPIKED, DUST = SPIKED_WHEELS, DUST_TRAIL
TEAM = [{"id": f"A{i}", "name": f"Team {i}", "face": None, "effect": {"effect": "armoured", "max_climb": 1}} for i in range(1, 7)]
CHARIOT_ROLL = {"W1": 1, "W2": 1, "W3": 3, "W4": 5, "W5": 5, "B1": 6, "G1": 6, "Y1": 6}


def chariot_session(first: str, e3_start: int = 3) -> Session:
    order = ["C1", "C2"] if first == "C1" else ["C2", "C1"]
    enemies = [plain(f"E{i}", 5, start=3) for i in (1, 2)] + [plain("E3", 5, start=e3_start)] + \
              [plain(f"E{i}", 5, start=3) for i in (4, 5, 6)] + fillers(6, start=3)
    return new_session(Options.with_modules("chariots"), enemies, order={"chariots": order}, chariots=[SPIKED, DUST])


def test_chariot_example():
    """Module 2, Example: "The revealed chariot card has this effect: "For every single, move that
    enemy's battle marker down one extra space this round." Preventing this effect requires placing
    two dice with the same number. Carter [...] forgets to place dice on the chariot card. He has a
    single 3. When resolving his attack on enemy #3, he is forced to move the battle marker down two
    spaces, instead of one." """
    s = chariot_session("C1")
    assert s.state.chariots == (Chariot("C1"),) and s.state.chariot_deck == ("C2",)
    roll(s, CHARIOT_ROLL)
    assert PlaceOnChariot(1, ("W1", "W2")) in s.legal_actions()
    ev = stop(s)
    assert texts(ev, CHARIOTS)[0] == "Chariot Spiked Wheels activates: For every single, move that enemy's battle marker down 1 extra space(s)."
    assert [e.section for e in ev].index(CHARIOTS) < [e.section for e in ev].index(MOVE)  # before the attacks
    assert texts(ev, MOVE)[1] == "Enemy #3 (E3): 1 white: the enemy scores a hit: marker down 2."
    assert markers(s) == [4, 3, 1, 3, 4, 4]
    assert s.state.chariot_discard == ("C1",) and s.state.chariots == (Chariot("C2"),)


def test_dice_placed_on_a_chariot_stop_it_and_wait_in_the_reserve():
    """Module 2: "If you placed the required dice on the chariot card, you have prevented it from
    activating. Move those dice to the reserve (next to the exhaustion track) and discard the chariot
    card." and "After advancing the dice on the exhaustion track, retrieve any dice from the reserve,
    adding them back into your dice pool." (Enemy #3 starts one above its bottom space, so the single
    3 wounds and the reserve can be seen during Step 2B.)"""
    s = chariot_session("C1", e3_start=1)
    roll(s, CHARIOT_ROLL)
    s.play(PlaceOnChariot(1, ("W1", "W2")))  # "placing two dice with the same number", while rolling
    assert "W1" not in s.state.pool and s.state.chariots == (Chariot("C1", (("W1", 1), ("W2", 1))),)
    assert not any(isinstance(a, PlaceOnChariot) for a in s.legal_actions())
    assert_illegal(s, PlaceOnChariot(1, ("W4", "W5")), "chariot #1 (Spiked Wheels) is already stopped")
    ev = stop(s)
    assert texts(ev, CHARIOTS) == ["Chariot Spiked Wheels is stopped: its dice go to the reserve and the card is discarded."]
    assert "Enemy #3 (E3): 1 white: the enemy scores a hit: marker down 1." in texts(ev, MOVE)
    assert markers(s) == [3, 3, 0, 3, 4, 4]  # no 1s attacked enemy #1: they were on the chariot
    assert s.state.phase == "wound" and s.state.reserve == ("W1", "W2")
    assert {a.die for a in s.legal_actions()} == {"W5", "B1", "G1", "Y1"}  # reserve dice are not in the pool
    assert_illegal(s, ExhaustDie("W1"), "die W1 is not in the dice pool; choose one of W3, W4, W5, B1, G1, Y1")

    ev = s.play(ExhaustDie("W3"))
    recover = texts(ev)[texts(ev).index("The health marker moves down to space 2 of 6.") + 2:]
    assert recover[:2] == [
        "All dice return to the dice pool; the exhaustion track moves down one space and 1 die comes back from its bottom space.",
        "2 dice come back from the reserve.",
    ]
    assert recover[-1] == "Chariot revealed: Dust Trail (stopped by a single 3)."
    assert s.state.reserve == () and s.state.exhaustion == ((), ("W6", "W3"), ("W7",))
    assert s.state.pool == ("W1", "W2", "W4", "W5", "W8", "B1", "G1", "Y1")
    assert sorted(s.state.all_dice()) == ALL_DICE


def test_chariot_requirements_single_number_or_two_equal_dice():
    """Module 2: "Each chariot card has a specific die requirement: either a single die of a specific
    number or any two dice of equal number." """
    s = chariot_session("C2")  # Dust Trail: a single 3
    roll(s, {"W1": 3, "W2": 3, "W3": 5, "W4": 5, "W5": 6, "B1": 3, "G1": 6, "Y1": 6})
    placements = [a for a in s.legal_actions() if isinstance(a, PlaceOnChariot)]
    assert placements == [PlaceOnChariot(1, ("W2",)), PlaceOnChariot(1, ("B1",))]
    assert_illegal(s, PlaceOnChariot(1, ("W3",)), "chariot #1 (Dust Trail) needs a single die showing 3")
    assert_illegal(s, PlaceOnChariot(1, ("W1", "W2")), "chariot #1 (Dust Trail) needs a single die showing 3")
    assert_illegal(s, PlaceOnChariot(1, ("W8",)), "die W8 is not a rolled die in your pool")
    assert_illegal(s, PlaceOnChariot(2, ("W1",)), "there is no chariot #2; 1 in play")
    s.play(PlaceOnChariot(1, ("W1",)))
    assert s.state.chariots[0].placed == (("W1", 3),)

    s = chariot_session("C1")  # Spiked Wheels: two dice of equal number
    roll(s, {"W1": 3, "W2": 3, "W3": 5, "W4": 5, "W5": 6, "B1": 3, "G1": 6, "Y1": 6})
    placements = [a for a in s.legal_actions() if isinstance(a, PlaceOnChariot)]
    assert placements == [PlaceOnChariot(1, ("W1", "W2")), PlaceOnChariot(1, ("W1", "B1")),
                          PlaceOnChariot(1, ("W3", "W4")), PlaceOnChariot(1, ("W5", "G1")),
                          PlaceOnChariot(1, ("W5", "Y1")), PlaceOnChariot(1, ("G1", "Y1"))]
    assert_illegal(s, PlaceOnChariot(1, ("W1", "W3")), "chariot #1 (Spiked Wheels) needs two dice of equal number")
    assert_illegal(s, PlaceOnChariot(1, ("W1",)), "chariot #1 (Spiked Wheels) needs two dice of equal number")
    s.play(PlaceOnChariot(1, ("W5", "Y1")))
    assert s.state.chariots[0].placed == (("W5", 6), ("Y1", 6))


def test_second_chariot_when_the_exhaustion_track_is_empty():
    """Module 2: "reveal the top card of the chariot deck [...]. If there are now no dice on the
    exhaustion track, reveal another card from the chariot deck" and "If there are multiple chariot
    cards in play, resolve them in the order that they were drawn." """
    s = new_session(Options.with_modules("chariots"), [plain(f"E{i}", 6) for i in range(1, 7)] + fillers(6),
                    order={"chariots": [c["id"] for c in TEAM]}, chariots=TEAM)
    tracks, in_play = [], []
    for extra in ({}, {"W8": 4}, {"W8": 4, "W7": 1}):
        roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "B1": 3, "G1": 4, "Y1": 4, **extra})
        stop(s)
        tracks.append(s.state.exhaustion)
        in_play.append(tuple(c.card for c in s.state.chariots))
    assert tracks == [((), ("W6",), ("W7",)), ((), (), ("W6",)), ((), (), ())]
    assert in_play == [("A2",), ("A3",), ("A4", "A5")]
    assert texts(s.events, CHARIOTS)[-2:] == ["Chariot revealed: Team 4 (stopped by two dice of equal number).",
                                              "Chariot revealed: Team 5 (stopped by two dice of equal number)."]
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "W6": 3, "W7": 1, "W8": 4, "B1": 4, "G1": 4, "Y1": 4})
    ev = stop(s)
    assert texts(ev, CHARIOTS)[:2] == ["Chariot Team 4 activates: The battle marker moves up at most 1 space(s) per round.",
                                       "Chariot Team 5 activates: The battle marker moves up at most 1 space(s) per round."]


# -- Module 3: Inspiration Powers --------------------------------------------------------------------

@pytest.mark.parametrize("modules, usable", [
    (("inspiration",), ("I01",)),
    (("inspiration", "dragonling"), ("I01", "I04", "I05")),
    (("inspiration", "chariots", "shields"), ("I01", "I06", "I10")),
])
def test_inspiration_cards_need_their_module(modules, usable):
    """Module 3, Setup: "After deciding which modules to use, remove any inspiration cards that
    require modules that are not in play. Shuffle the remaining cards and draw one" and "a card
    marked with the dragonling icon can only be used when the dragonling module is included." """
    deck = make_deck(fillers(6), inspirations=INSPIRATIONS, chariots=[SPIKED])
    s = Session("proving-grounds", Options.with_modules(*modules), content=deck, seed=0)
    parts = dict(s.game.chance(s.state, SetUp()).parts)
    assert parts["inspirations"].cards == usable
    enemies = [f"F{i}" for i in range(1, 7)]
    chariots = {"chariots": ["C1"]} if "chariots" in modules else {}
    banned = [i["id"] for i in INSPIRATIONS if i["id"] not in usable][:1]
    with pytest.raises(IllegalAction, match=r"^inspiration deck: expected an ordering of"):
        s.play(SetUp(), outcome={"enemies": enemies, "inspirations": list(usable) + banned, **chariots})
    assert s.cursor == 0
    s.play(SetUp(), outcome={"enemies": enemies, "inspirations": list(reversed(usable)), **chariots})
    assert s.state.inspiration == usable[-1]  # the top card is drawn; the rest go back to the box


def test_dragonscale_armor_example():
    """Module 3, Example: "Carter has decided to play with the dragonling module. The inspiration
    card he draws is Dragonscale Armor. This card's power allows him to use the tail result of the
    dragonling die against any enemy — not just against those with the tail icon." """
    enemies = [plain("E1", start=2, icon="talon"), plain("E2", start=2), plain("E3", start=2, icon="teeth")] + \
              [plain(f"E{i}", start=2) for i in (4, 5, 6)] + fillers(6)

    def play(card):
        s = new_session(Options.with_modules("dragonling", "inspiration"), enemies,
                        order={"inspirations": [card] + [c for c in ("I01", "I04", "I05") if c != card]}, inspirations=INSPIRATIONS)
        roll(s, {"W1": 3, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "B1": 6, "G1": 6, "Y1": 6}, dragonling="tail")
        return s, stop(s)

    s, ev = play("I04")
    assert texts(s.events, "Module 3: Inspiration Powers, Setup") == ["Inspiration: Dragonscale Armor (The tail result may attack any enemy, not only those with the tail icon.)"]
    assert s.legal_actions() == [AssignDragonling(1), AssignDragonling(3), AssignDragonling(4), AssignDragonling(6),
                                 AssignDragonling(None)]
    ev = s.play(AssignDragonling(3))  # enemy #3 has the teeth icon, not the tail icon
    assert "Enemy #3 (E3): 2 white: you score a hit: marker up 1." in texts(ev, MOVE)
    assert markers(s)[2] == 3

    s, ev = play("I05")  # without the armour no enemy has the tail icon: the result is of no use
    assert texts(ev, DRAGON) == ["The dragonling result (tail) has no use this round."]
    assert markers(s)[2] == 1


# -- Module 4: Shields ------------------------------------------------------------------------------


def shielded_session() -> tuple[Session, int]:
    """Module 4, Example: "Carter rolled four 3s, but unfortunately none of them are blue, which is
    required for an attack on enemy #3. Since he rolled a set, but it is not the correct combination
    to attack, he instead places a shield token on the enemy card." """
    s = new_session(Options.with_modules("shields"), [plain("E1", start=2), plain("E2", start=2),
                                                      enemy("E3", 2, 2, (3, "blue"), 2, start=2)]
                    + [plain(f"E{i}", start=2) for i in (4, 5, 6)] + fillers(6))
    roll(s, {"W1": 3, "W2": 3, "W3": 3, "W4": 3, "W5": 5, "B1": 5, "G1": 6, "Y1": 6})
    ev = stop(s)
    assert texts(ev, MOVE)[0] == "Enemy #3 (E3): 4 white: incorrect combination: the enemy raises its shield."
    return s, s.cursor


def test_shield_example_four_3s_without_blue_raise_the_shield():
    """Module 4, Example: four 3s, none blue, against enemy #3 (which needs a blue die): shield."""
    s, _ = shielded_session()
    assert s.state.slot(3).shield and s.state.slot(3).marker == 2
    assert [bool(slot.shield) for slot in s.state.slots] == [False, False, True, False, False, False]


def test_shield_example_a_single_breaks_the_shield():
    """Module 4, Example: "Enemy #3 is shielded. Carter has rolled a single 3. When he resolves this
    attack, he removes the shield token, but does not move the battle marker." """
    s, _ = shielded_session()
    roll(s, {"W1": 3, "W2": 1, "W3": 1, "W4": 2, "W5": 2, "W8": 5, "B1": 5, "G1": 6, "Y1": 6})
    ev = stop(s)
    assert "Enemy #3 (E3): 1 white: the single breaks the shield." in texts(ev, MOVE)
    assert not s.state.slot(3).shield and s.state.slot(3).marker == 2


def test_shield_example_a_set_moves_a_shielded_enemy_down():
    """Module 4, Example: "Enemy #3 is shielded. Carter has rolled three 3s and one is blue. Instead
    of scoring a hit, he must move the battle marker down one space." """
    s, _ = shielded_session()
    roll(s, {"W1": 3, "W2": 3, "B1": 3, "W3": 1, "W4": 1, "W5": 2, "W8": 2, "G1": 6, "Y1": 6})
    ev = stop(s)
    assert "Enemy #3 (E3): 2 white+1 blue: the set strikes the shield: marker down one." in texts(ev, MOVE)
    assert s.state.slot(3).marker == 1 and s.state.slot(3).shield  # only a single breaks the shield


# -- Module 5: Conspirators ---------------------------------------------------------------------------


def conspirator_session() -> Session:
    enemies = [plain("E1", 2), plain("E2", 2)] + [plain(f"E{i}", 6, start=2) for i in range(3, 7)] + fillers(6, start=2)
    return new_session(Options.with_modules("conspirators"), enemies, order={"conspirators": ["P6", "P4", "P1", "P2"]},
                       conspirators=CONSPIRATORS_DECK)


def test_conspirator_example():
    """Module 5, Example: "At the start of the round, there are two conspirators in play: Queen
    Brianna (6) and Fern Greenbush (4). Carter rolls one die, with a result of 4. This activates
    Fern Greenbush, who has this effect: "Choose an enemy and move their battle marker down one
    space." " (Fern Greenbush is revealed the round after an enemy is defeated.)"""
    s = conspirator_session()
    assert s.state.conspirators == ("P6",) and s.state.phase == "activation"
    assert_illegal(s, Roll(), "Roll is not possible now (Module 5: roll for the conspirators); possible: RollActivation")
    ev = s.play(RollActivation(), outcome=[4])
    assert texts(ev, CONSPIRATORS) == ["Activation roll 4: no revealed conspirator has that number; nothing happens."]
    roll(s, {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 4, "G1": 5, "Y1": 5})
    ev = stop(s)
    assert s.state.defeated == ("E1",)
    assert texts(ev, CONSPIRATORS) == ["Conspirator revealed: Fern Greenbush (4): Choose an enemy and move their battle marker down 1 space(s)."]
    assert s.state.round == 2 and s.state.conspirators == ("P6", "P4") and s.state.phase == "activation"

    ev = s.play(RollActivation(), outcome=[4])
    assert texts(ev, CONSPIRATORS) == ["Activation roll 4: Fern Greenbush is active this round: Choose an enemy and move their battle marker down 1 space(s)."]
    assert s.state.active == "P4" and s.state.phase == "choose_enemy"
    assert s.legal_actions() == [ChooseEnemy(n) for n in range(1, 7)]
    before = markers(s)
    ev = s.play(ChooseEnemy(5))
    assert texts(ev) == ["Enemy #5 (E5): battle marker down 1."]
    assert markers(s) == before[:4] + [before[4] - 1] + before[5:]
    assert s.state.phase == "roll"  # the effect is immediate, before the timer starts


def test_one_conspirator_is_revealed_the_round_after_each_defeat():
    """Module 5: "Each time you defeat an enemy, reveal the top card of the conspirator deck at the
    start of the following round [...] (If you defeat multiple enemies in a round, reveal multiple
    conspirators in the following round.)" """
    s = conspirator_session()
    s.play(RollActivation(), outcome=[3])
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "B1": 3, "G1": 5, "Y1": 5})
    ev = stop(s)
    assert s.state.defeated == ("E1", "E2")
    assert texts(ev, CONSPIRATORS) == [
        "Conspirator revealed: Fern Greenbush (4): Choose an enemy and move their battle marker down 1 space(s).",
        "Conspirator revealed: Magistrate Orrin (1): This round you have 2 fewer set rerolls when the timer is counted in rerolls.",
    ]
    assert s.state.conspirators == ("P6", "P4", "P1") and s.state.conspirator_deck == ("P2",)
    s.play(RollActivation(), outcome=[3])
    roll(s, {"W1": 3, "W2": 3, "W3": 4, "W4": 4, "W5": 5, "W8": 5, "B1": 6, "G1": 6, "Y1": 6})
    ev = stop(s)  # no defeat this round: nobody is revealed next round
    assert s.state.defeated == ("E1", "E2") and texts(ev, CONSPIRATORS) == []
    assert s.state.conspirators == ("P6", "P4", "P1")


# -- Module 6: Sun and Moon ----------------------------------------------------------------------------


def test_sun_and_moon_example():
    """Module 6, Example: "Carter decides to rotate the sun and moon dial to face enemy #2 this round.
    After resolving his attacks, he checks for sun and moon effects. He scored a hit on enemy #2, so
    he chooses the green die from the sun and moon dial for use next round. But he rolled no 5s, so
    he moves the battle marker down one space on enemy #5." Then: "After resolving attacks, return to
    the sun and moon dial any colored dice you gained in the previous round" and "You must rotate the
    dial each round." """
    s = new_session(Options.with_modules("sun_and_moon"), [plain(f"E{i}", start=2) for i in range(1, 7)] + fillers(6))
    assert s.state.dial == ("G2", "Y2", "B2") and s.state.stack == ()
    assert s.state.phase == "dial" and s.legal_actions() == [RotateDial(n) for n in range(1, 7)]
    ev = s.play(RotateDial(2))
    assert texts(ev) == ["Maia faces enemy #2 (sun); enemy #5 is behind her (moon)."]
    roll(s, {"W1": 2, "W2": 2, "W3": 1, "W4": 1, "W5": 3, "B1": 3, "G1": 6, "Y1": 6})  # no 5s
    ev = stop(s)
    sections = [e.section for e in ev]
    assert sections.index(SUN) > max(i for i, x in enumerate(sections) if x == MOVE)
    assert texts(ev, SUN) == ["You scored a hit on the enemy in the sun position (#2): choose a die from the dial."]
    assert texts(ev, MOON) == ["Enemy #5 (E5): battle marker down 1."]
    assert markers(s) == [3, 3, 3, 2, 1, 3]
    assert s.state.phase == "sun_die"
    assert s.legal_actions() == [TakeSunDie("green"), TakeSunDie("yellow"), TakeSunDie("blue")]
    assert_illegal(s, TakeSunDie("white"), "there is no white die on the dial; it holds green, yellow, blue")
    ev = s.play(TakeSunDie("green"))
    assert texts(ev, SUN) == ["You take the green die from the dial for next round."]
    assert s.state.dial == ("Y2", "B2") and "G2" in s.state.pool

    # next round: the dial must turn; the green die is rolled with the others
    assert s.state.round == 2 and s.state.phase == "dial"
    assert s.legal_actions() == [RotateDial(n) for n in (1, 3, 4, 5, 6)]
    assert_illegal(s, RotateDial(2), "you must rotate the dial: Maia faced enemy #2 last round")
    s.play(RotateDial(3))  # moon: #6
    assert s.state.pool == ("W1", "W2", "W3", "W4", "W5", "W8", "B1", "G1", "G2", "Y1")
    roll(s, {"G2": 6, "W1": 6, "W2": 1, "W3": 1, "W4": 2, "W5": 2, "W8": 4, "B1": 4, "G1": 5, "Y1": 5})
    ev = stop(s)
    assert "Enemy #6 (E6): 1 white+1 green: you score a hit: marker up 1." in texts(ev, MOVE)
    returned = texts(ev).index("The green die gained last round returns to the dial.")
    assert returned > max(i for i, e in enumerate(ev) if e.section == MOVE)
    assert texts(ev, SUN) == ["No hit on the enemy in the sun position (#3): nothing happens."]
    assert texts(ev, MOON) == ["No enemy is in the moon position (#6): nothing happens."]
    assert s.state.dial == ("Y2", "B2", "G2") and "G2" not in s.state.pool and s.state.lent is None
    assert sorted(s.state.all_dice()) == ALL_DICE


def test_eight_defeats_do_not_win_if_you_die_in_the_same_round():
    """Winning the Game: "If you defeat eight enemies and are still alive at the end of the round,
    you win!"; Losing the Game: "If the health marker ever reaches the last space on your health
    track, you immediately lose!" The moon's penalty wounds after the eighth defeat (three health
    spaces: the second wound loses)."""
    s = new_session(Options.with_modules("sun_and_moon", health_spaces=3, stack_space=1),
                    [plain(f"E{i}", 2) for i in range(1, 15)])
    s.play(RotateDial(2))
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "B1": 3, "G1": 4, "Y1": 4})
    stop(s)
    assert s.state.phase == "wound" and markers(s)[4] == 0  # the moon (#5) was not hit
    s.play(ExhaustDie("W1"))
    s.play(TakeSunDie("blue"))
    assert s.state.health == 1 and len(s.state.defeated) == 4 and s.state.round == 2
    s.play(RotateDial(3))
    assert len(s.state.pool) == 9
    roll(s, {"W2": 1, "W3": 1, "W4": 2, "W5": 2, "W8": 3, "B1": 3, "B2": 4, "G1": 4, "Y1": 4})
    stop(s)
    assert len(s.state.defeated) == 8 and s.result() is None and s.state.phase == "wound"
    ev = s.play(ExhaustDie("W2"))
    assert s.result() == "lost" and texts(ev, "Winning the Game") == []
    assert ev[-1].section == "Losing the Game"


# -- Q2: timing --------------------------------------------------------------------------------------------


def test_q2_timing_sequence_with_every_module():
    """Q2: "Reveal conspirators, Set the sun and moon dial, Roll dice, Activate chariot effects,
    Assign dragonling die, Resolve attacks, Resolve sun and moon effects, Recover, Retrieve dice from
    the reserve, Draw enemy cards, Draw chariot cards." """
    enemies = [plain("E1", 2), plain("E2", 2, icon="tail")] + [plain(f"E{i}", start=2) for i in range(3, 7)] + fillers(6, start=2)
    s = new_session(Options.with_modules(*("dragonling", "chariots", "inspiration", "shields", "conspirators", "sun_and_moon")),
                    enemies, order={"chariots": ["C1", "C2"], "inspirations": ["I01", "I04", "I05", "I06", "I10"],
                                    "conspirators": ["P6", "P4", "P1", "P2"]},
                    chariots=[SPIKED, DUST], inspirations=INSPIRATIONS, conspirators=CONSPIRATORS_DECK)
    assert s.state.phase == "dial"  # nothing to reveal in the first round
    s.play(RotateDial(3))  # sun: #3 (not attacked), moon: #6 (not attacked)
    s.play(RollActivation(), outcome=[2])
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 3, "W5": 3, "B1": 4, "G1": 4, "Y1": 4}, dragonling="tail")
    s.play(PlaceOnChariot(1, ("W4", "W5")))
    ev = stop(s)
    assert texts(ev, CHARIOTS) == ["Chariot Spiked Wheels is stopped: its dice go to the reserve and the card is discarded."]
    assert s.state.phase == "dragonling"  # the chariots come before the dragonling die
    ev = s.play(AssignDragonling(2))
    order = list(dict.fromkeys(e.section for e in ev))
    assert order == [DRAGON, MOVE, "Step 2: Resolve Attacks, Defeating an Enemy", SUN, MOON, "Step 3: Recover", CHARIOTS, CONSPIRATORS]
    recover = texts(ev)
    assert recover.index("2 dice come back from the reserve.") < recover.index("Enemy #1: F1 enters the arena.") \
        < recover.index("Chariot revealed: Dust Trail (stopped by a single 3).") \
        < recover.index("Conspirator revealed: Fern Greenbush (4): Choose an enemy and move their battle marker down 1 space(s).")
    assert s.state.round == 2 and s.state.phase == "dial"
