"""Every effect of the card registry, each shown doing what its text says."""
import pytest

from explorer.proving_grounds import (
    AssignDragonling,
    ChooseEnemy,
    ExhaustDie,
    Options,
    PlaceOnChariot,
    Reroll,
    RollActivation,
    RotateDial,
)
from explorer.proving_grounds.effects import EFFECTS

from .scenario import enemy, fillers, markers, new_session, plain, roll, showing, stop

POOL = ["W1", "W2", "W3", "W4", "W5", "B1", "G1", "Y1"]


def dice(*faces):
    return dict(zip(POOL, faces))


def inspired(effect, *modules, enemies=None, **kw):
    cards = {"inspirations": [{"id": "I1", "name": "Test Power", "module": None, "effect": effect}], **kw.pop("cards", {})}
    order = {"inspirations": ["I1"], **kw.pop("order", {})}
    opts = Options.with_modules("inspiration", *modules, **kw)
    return new_session(opts, enemies or fillers(8), order, **cards)


def test_every_registered_effect_is_tested_here():
    source = open(__file__).read()
    assert [name for name in EFFECTS if f'"{name}"' not in source] == []


def test_counts_as_two():
    s = new_session(Options(), [plain("A"), plain("B", abilities=[{"effect": "counts_as_two", "colour": "blue"}])] + fillers(6))
    roll(s, dice(1, 1, 3, 3, 4, 4, 5, 5) | {"B1": 2})  # the blue 2 is a single die
    assert [a.face for a in s.legal_actions() if isinstance(a, Reroll)] == [1, 3, 5]  # Q1: never rerollable
    stop(s)
    assert markers(s)[1] == 2  # yet it scores as a set of two


def test_extra_down_on_single():
    s = new_session(Options(), [plain("A", start=3, abilities=[{"effect": "extra_down_on_single", "spaces": 1}])] + fillers(7))
    roll(s, dice(1, 2, 2, 3, 3, 4, 4, 5))
    stop(s)
    assert markers(s)[0] == 1


def test_relentless():
    s = new_session(Options(), fillers(4) + [plain("E", start=2, abilities=[{"effect": "relentless", "spaces": 1}])] + fillers(3, "G"))
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 4))
    stop(s)
    assert markers(s)[4] == 1


def test_armoured():
    s = new_session(Options(), [plain("A", 5, abilities=[{"effect": "armoured", "max_climb": 1}])] + fillers(7))
    roll(s, dice(1, 1, 1, 1, 2, 2, 3, 3))
    stop(s)
    assert markers(s)[0] == 2  # four 1s could climb two spaces


def test_colour_blind():
    s = inspired({"effect": "colour_blind", "colour": "green"}, enemies=fillers(3) + [enemy("D", 2, (2, "green"), 2)] + fillers(4, "G"))
    roll(s, dice(1, 1, 2, 2, 4, 3, 4, 3))  # G1 shows 4
    stop(s)
    assert markers(s)[3] == 1


def test_safe_singles():
    s = inspired({"effect": "safe_singles", "count": 1}, enemies=[plain(f"A{i}", start=2) for i in range(8)])
    roll(s, dice(1, 1, 2, 3, 4, 4, 5, 5))  # singles 2 and 3
    stop(s)
    assert markers(s)[1:3] == [2, 1]  # the first single (enemy #2) is safe


def test_extra_rerolls():
    s = inspired({"effect": "extra_rerolls", "count": 2}, timer_rerolls=1)
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 4))
    for outcome in ([1, 1], [1, 1], [1, 1]):
        s.play(Reroll(1), outcome=outcome)
    assert s.state.phase != "rolling"  # 1 + 2 rerolls, then the timer is up


def test_shorter_timer():
    s = new_session(Options(conspirators=True, timer_rerolls=2), fillers(8),
                    {"conspirators": ["P1"]},
                    conspirators=[{"id": "P1", "name": "Clock", "number": 3, "effect": {"effect": "shorter_timer", "rerolls": 2}}])
    s.play(RollActivation(), outcome=[3])
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 4))
    assert s.state.phase != "rolling"


def test_shield_bash():
    s = inspired({"effect": "shield_bash"}, "shields", enemies=[enemy("A", 2, (2, "blue"), 2, start=1)] + fillers(7))
    roll(s, dice(1, 1, 3, 3, 4, 4, 5, 5))  # two white 1s against a blue requirement
    stop(s)
    assert s.state.slot(1).shield and markers(s)[0] == 1
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 4) | {"W8": 2})  # W8 is back from the exhaustion track
    stop(s)
    assert not s.state.slot(1).shield and markers(s)[0] == 1  # knocked away: no step down


CHARIOT = {"id": "C1", "name": "Pair", "face": None, "effect": {"effect": "extra_down_on_single", "spaces": 1}}


def test_chariot_pair_single():
    s = inspired({"effect": "chariot_pair_single"}, "chariots", cards={"chariots": [CHARIOT]}, order={"chariots": ["C1"]})
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 5))
    s.play(PlaceOnChariot(1, ("G1",)))  # the single 4 alone stops a pair chariot
    assert s.state.chariots[0].placed == (("G1", 4),)


def test_reserve_skip():
    s = inspired({"effect": "reserve_skip"}, "chariots", cards={"chariots": [CHARIOT]}, order={"chariots": ["C1"]})
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 4))
    s.play(PlaceOnChariot(1, ("W1", "W2")))
    stop(s)
    assert s.state.reserve == () and "W1" in s.state.pool


def test_activation_ignore():
    s = inspired({"effect": "activation_ignore", "faces": [4]}, "conspirators", order={"conspirators": ["P4"]},
                 cards={"conspirators": [{"id": "P4", "name": "Four", "number": 4, "effect": {"effect": "relentless", "spaces": 1}}]})
    s.play(RollActivation(), outcome=[4])
    assert s.state.active is None
    assert s.events[-1].text == "Activation roll 4: Four would be active, but Test Power keeps them quiet."


def test_activation_ignore_names_no_conspirator_that_is_not_there():
    s = inspired({"effect": "activation_ignore", "faces": [3, 4]}, "conspirators", order={"conspirators": ["P4"]},
                 cards={"conspirators": [{"id": "P4", "name": "Four", "number": 4, "effect": {"effect": "relentless", "spaces": 1}}]})
    s.play(RollActivation(), outcome=[3])
    assert s.events[-1].text == "Activation roll 3: no revealed conspirator has that number; nothing happens."


def test_moon_mercy():
    s = inspired({"effect": "moon_mercy"}, "sun_and_moon", enemies=[plain(f"A{i}", start=2) for i in range(8)])
    s.play(RotateDial(1))  # moon on #4
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 5) | {"Y1": 6})  # a single 4 attacks the moon enemy, no hit
    stop(s)
    assert markers(s)[3] == 1  # down one for the single, but no moon penalty on top
    moon = [e.text for e in s.events if e.section == "Module 6: Sun and Moon, Moon Effects"]
    assert moon == ["You attacked the enemy in the moon position (#4) without scoring a hit; Test Power spares you "
                    "the moon effect: nothing happens."]


def test_sun_on_set():
    s = inspired({"effect": "sun_on_set"}, "sun_and_moon", enemies=[enemy("A", 2, (2, "blue"), 2, start=1)] + [plain(f"A{i}", start=2) for i in range(7)])
    s.play(RotateDial(1))
    roll(s, dice(1, 1, 2, 2, 3, 3, 4, 4))  # two white 1s: the wrong combination, no hit
    stop(s)
    assert markers(s)[0] == 1 and s.state.phase == "sun_die"


def test_dragonling_any_enemy_and_wing_singles():
    s = inspired({"effect": "wing_singles", "count": 2}, "dragonling", enemies=[plain(f"A{i}", start=2) for i in range(8)])
    roll(s, dice(1, 1, 2, 3, 4, 4, 5, 5), dragonling="wing")
    stop(s)
    s.play(AssignDragonling(2))
    s.play(AssignDragonling(3))
    assert markers(s)[1:3] == [2, 2]
    t = inspired({"effect": "dragonling_any_enemy", "face": "tail"}, "dragonling", enemies=[plain(f"A{i}") for i in range(8)])
    roll(t, dice(1, 2, 2, 3, 3, 4, 4, 5), dragonling="tail")
    stop(t)
    t.play(AssignDragonling(1))  # no enemy has the tail icon
    assert markers(t)[0] == 2


def chariot_session(effect, enemies=None):
    card = {"id": "C1", "name": "Test Chariot", "face": 6, "effect": effect}
    return new_session(Options(chariots=True), enemies or [plain(f"A{i}", start=2) for i in range(8)], {"chariots": ["C1"]}, chariots=[card])


def test_slot_down():
    s = chariot_session({"effect": "slot_down", "slot": 3, "spaces": 1})
    roll(s, dice(1, 1, 2, 2, 4, 4, 5, 5))
    stop(s)
    assert markers(s)[2] == 1


def test_choose_enemy_down():
    s = chariot_session({"effect": "choose_enemy_down", "spaces": 1})
    roll(s, dice(1, 1, 2, 2, 4, 4, 5, 5))
    stop(s)
    assert [a.slot for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6]
    s.play(ChooseEnemy(6))
    assert markers(s)[5] == 1


def test_exhaust_die_takes_a_rolled_die_out_of_the_attack():
    s = chariot_session({"effect": "exhaust_die", "colour": None})
    roll(s, dice(1, 1, 2, 2, 4, 4, 5, 5))
    stop(s)
    offered = {(a.die[0], showing(s)[a.die]) for a in s.legal_actions()}
    assert offered == {("W", 1), ("W", 2), ("W", 4), ("B", 4), ("G", 5), ("Y", 5)}  # face matters before attacks
    s.play(ExhaustDie("W1"))
    assert "W1" in s.state.exhaustion[1] and markers(s)[0] == 1  # the lone 1 left is a single (the round has recovered)


def test_unknown_effect_names_are_rejected_at_load():
    with pytest.raises(ValueError, match="unknown effect 'teleport'"):
        new_session(Options(), [plain("A", abilities=[{"effect": "teleport"}])] + fillers(7))


def test_a_replacement_before_the_attacks_lets_you_choose_the_white_die():
    """Replacing Dice: "replace one of the white dice in your dice pool" - before the attacks
    (a chariot's wound, ruling PG-6) the choice matters, since the white dice are about to attack."""
    from explorer.proving_grounds import Replace

    card = {"id": "C1", "name": "Charge", "face": 6, "effect": {"effect": "slot_down", "slot": 1, "spaces": 1}}
    s = new_session(Options(chariots=True, stack_space=1), [plain("A", start=1)] + [plain(f"A{i}", start=2) for i in range(7)],
                    {"chariots": ["C1"]}, chariots=[card])
    roll(s, dice(6, 3, 3, 5, 5, 2, 4, 4))  # W1 shows 6 alone; W4 and W5 are a pair of 5s
    stop(s)  # the chariot charges enemy #1 onto its bottom space: a wound before the attacks
    s.play(ExhaustDie("B1"))
    assert s.state.phase == "replace"
    offered = {(a.colour, a.white) for a in s.legal_actions()}
    assert ("green", "W1") in offered and ("green", None) in offered and (None, None) in offered
    s.play(Replace("green", "W1"))
    assert "W1" in s.state.box and markers(s)[4] == 3  # the pair of 5s still attacked enemy #5
    t = new_session(Options(chariots=True, stack_space=1), [plain("A", start=1)] + [plain(f"A{i}", start=2) for i in range(7)],
                    {"chariots": ["C1"]}, chariots=[card])
    roll(t, dice(6, 3, 3, 5, 5, 2, 4, 4))
    stop(t)
    t.play(ExhaustDie("B1"))
    t.play(Replace("green"))  # the default discards the pool's last white die, one of the 5s
    assert "W5" in t.state.box and markers(t)[4] == 1
