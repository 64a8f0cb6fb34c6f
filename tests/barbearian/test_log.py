"""The log says what happened: who has which Glory, what the Barracks is made of, where Resources come
from and what stands on each space."""
from .helpers import start


def duel_where_red_breaks_blue():
    t = start(2, first="red")
    t.roll(red=[6, 1, 1], blue=[1, 2, 2])
    t.place(0, (6, "battleground:blue"), (1, "farm"), (1, "farm"))
    return t


def test_a_defender_without_glory_is_not_said_to_have_locked_glory():
    t = duel_where_red_breaks_blue()
    t.set(1, glory=(), resources=(2, 0, 0))  # honey only: no ore to Empower with
    t.place(1, (1, "barracks_1"), (2, "farm"), (2, "farm"))
    texts = t.texts
    assert "Blue has no Glory tokens: Red must take Resources." in texts
    assert not any("only locked Glory" in x for x in texts)


def test_the_raid_total_names_the_sentry_tokens():
    t = duel_where_red_breaks_blue()
    t.set(1, upgrades=("U03",))  # Sentry Post (sample card): two Sentry tokens
    t.place(1, (1, "barracks_1"), (2, "farm"), (2, "farm"))
    assert "Red's 6 meets Blue's Barracks of 3 (dice 1, 2 Sentry tokens): breaks through! Red gets to steal loot." in t.texts


def test_the_honey_hollow_bonus_is_not_credited_to_the_farm():
    t = start(2, first="red")
    t.set(0, upgrades=("U04",))  # Honey Hollow (sample card): one extra honey each Gather
    t.roll(red=[4, 5, 6], blue=[4, 5, 6])
    t.place(0, (4, "forge"), (5, "barracks_1"), (6, "temple"))
    t.place(1, (4, "forge"), (5, "barracks_1"), (6, "temple"))
    texts = t.texts
    assert "Red collects 1 honey from Honey Hollow." in texts
    assert not any(x.startswith("Red collects") and "from the Farm" in x for x in texts)  # no die on the Farm


def test_one_captains_training_space_is_reported_as_one_group():
    t = start(2, first="red")
    t.set(0, upgrades=("U02",), active=5)  # Captain's Training (sample card): 5s and 6s join any group
    t.roll(red=[2, 2, 5, 6, 6], blue=[1, 2, 3])
    t.place(0, (2, "barracks_1"), (2, "barracks_1"), (5, "barracks_1"), (6, "barracks_2"), (6, "barracks_2"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    assert "Red reveals: 2, 2 and 5 on the Barracks (space 1); 6 and 6 on the Barracks (space 2)." in t.texts


def test_a_force_stronger_than_its_dice_says_why():
    t = start(2, first="red")
    t.set(0, upgrades=("U07",))  # the sample raid bonus card: each force is 1 stronger
    t.roll(red=[6, 1, 1], blue=[1, 2, 2])
    t.place(0, (6, "battleground:blue"), (1, "farm"), (1, "farm"))
    t.place(1, (2, "barracks_1"), (2, "barracks_1"), (1, "farm"))
    name = t.state.deck.card("U07").name
    assert f"Red's force against Blue is 7: dice 6 and 1 from {name}." in t.texts
    assert "Red's 7 meets Blue's Barracks of 4: breaks through! Red gets to steal loot." in t.texts
