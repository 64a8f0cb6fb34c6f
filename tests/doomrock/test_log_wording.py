"""The log's smaller words: dice counted right, a returned die told apart from extra dice, the end-of-round
shrink of the dice pool, a consumable discarded, the initiative phase named, Quick Play's setting cards."""
import re
from dataclasses import replace

from explorer.core import Session
from explorer.doomrock import Activate, DoneAssigning, Options, Reroll, Roll, RollExtra, SetUpBattle
from explorer.doomrock import battle as rules
from explorer.doomrock.abilities import extra_dice, use_item

from .helpers import DECK
from .test_cumulation import stab_twice


def started(**opts) -> Session:
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), **opts), DECK, seed=3)
    s.play(SetUpBattle())
    return s


def test_a_reroll_of_one_die_says_die():
    """Roll Phase: "Each player is allowed to re-roll twice. Players may re-roll any dice." """
    s = started()
    s.play(Roll(), outcome=[6, 4, 2, 1])
    texts = [e.text for e in s.play(Reroll((1,)), outcome=[5])]
    assert texts == ["Paladin re-rolls 1 die: now 6, 5, 2, 1."]
    assert [e.text for e in s.play(Reroll((1, 2)), outcome=[3, 3])] == ["Paladin re-rolls 2 dice: now 6, 3, 3, 1."]


def test_a_returned_stolen_die_is_logged_as_one_die_under_die_steal():
    """Battle Effects, Die steal and Extra dice: "Later during battle, if a die is returned from being stolen ..."
    A returned die is the hero's own die given back, not an extra die."""
    s = started()
    b = replace(s.state.battle, phase="actions")
    die = b.hero_dice(0)[0]
    b = b.with_die(die, place="stolen", card="E1").with_enemy("E1", hp=0)
    b, events = rules.settle(b, DECK)
    assert "Paladin gets a stolen die back and rolls it." in [e.text for e in events]
    assert rules.chance(b, DECK, s.options, RollExtra()).what == "returned die"
    b, events = rules.apply(b, DECK, s.options, RollExtra(), [3])
    assert [(e.section, e.text) for e in events][0] == (
        "Battle Effects: Die steal", "Paladin rolls 3; it may be placed on ability cards at once.")
    b, events = rules.apply(b, DECK, s.options, DoneAssigning())
    # "Unassigned dice are immediately considered spent" (Roll Phase: Assign dice); not an extra die
    assert [(e.section, e.text) for e in events] == [
        ("Roll Phase: Assign dice", "Paladin is done placing the rolled dice; any left unplaced are spent.")]
    assert b.die(0, die.index).place == "spent"


def test_the_end_of_round_shrink_after_extra_dice_is_logged():
    """Battle Effects, Extra dice: "At the end of the round, hero must reduce his dice pool by the number equal to
    extra dice he had this round." """
    s = started()
    b = replace(s.state.battle, phase="actions")
    b, events = extra_dice(b, 0, 1)
    assert events[0].text == "Paladin gains 1 extra die for this round."
    b, events = rules.apply(b, DECK, s.options, RollExtra(), [4])
    assert events[0].section == "Battle Effects: Extra dice"
    assert events[0].text == "Paladin rolls 4; it may be placed on ability cards at once."
    before = len(b.hero_dice(0))
    b, events = rules.end_round(b, s.options)
    assert len(b.hero_dice(0)) == before - 1
    assert ("Battle Effects: Extra dice", "Paladin's dice pool shrinks by the 1 extra die of this round.") in [
        (e.section, e.text) for e in events]


def test_an_initiative_activation_is_logged_under_the_initiative_phase():
    """Battle Sequence, Initiative Phase: "During the initiative phase, players have an opportunity to activate
    their initiative enabled abilities, before enemies perform their actions." """
    state = stab_twice()  # the Rogue in the initiative phase next to E1, two 6s on Poisonous stab
    b = state.battle.with_enemy("E1", expose=())
    assert b.phase == "initiative"
    _, events = rules.apply(b, DECK, state.options, Activate(0, "poisonous_stab", "E1", 0))
    assert events[0].text.startswith("Rogue activates Poisonous stab")
    assert events[0].section == "Battle Sequence: Initiative Phase"


def test_a_used_consumable_is_said_to_be_discarded():
    """Items: "Some items are marked with a consumable trait. These items may be used and discarded at any time"."""
    s = started()
    b = replace(s.state.battle, phase="actions").with_hero(0, items=("healing_draught",), hp=3)
    b, events = use_item(b, DECK, 0, "healing_draught", "hero:0")
    assert "healing_draught" not in b.hero(0).items
    assert (events[-1].section, events[-1].text) == ("Items: Using items",
                                                     "Paladin's Healing draught is used up and discarded.")


def test_quick_play_names_the_reward_only_setting_card_and_resolves_its_reward_first():
    """Difficulty and Optional Rules, Quick Play: "Before drawing a setting card that will be used during the game,
    players draw one setting card, resolve the battle reward section, and then discard the card." """
    from explorer.doomrock.campaign_state import SetUp
    s = Session("doomrock", Options(players=2, quick_play=True), DECK, seed=3)
    spec = s.game.chance(s.state, SetUp())
    out = {name: list(part.cards) for name, part in spec.parts}
    texts = [e.text for e in s.play(SetUp(), outcome=out)]
    first, used = DECK.card(out["settings"][0]).name, DECK.card(out["settings"][1]).name
    named = next(k for k, t in enumerate(texts) if t.startswith(f"Quick Play: the setting card {first} is drawn"))
    reward = next(k for k, t in enumerate(texts) if "silver (now" in t)
    setting = next(k for k, t in enumerate(texts) if t.startswith(f"Setting: {used},"))
    assert named < reward < setting
    assert texts[setting].endswith(f"the party has {s.state.silver} silver and starts at "
                                   f"{DECK.card(s.state.area.id).name}.")


LOG_FLAWS = {"a count of one with a plural": re.compile(r"\b1 dice\b"),
             "doubled punctuation": re.compile(r"[.,;:!?]\s*[.,;:!?]|\(\)"),
             "a raw identifier": re.compile(r"\b[a-z]+_[a-z0-9_]+\b")}


def test_random_battles_and_campaigns_log_clean_sentences():
    """Rules for the Rules: the log is read by players, so every event is a sentence in the rulebook's words:
    no "1 dice", no doubled punctuation, no snake_case card or effect ids."""
    import numpy as np
    from explorer.doomrock.bots import RandomBot
    runs = [("doomrock", 2, seed, {}) for seed in range(4)] + [("doomrock", 3, 9, {"quick_play": True})]
    runs += [("doomrock-battle", players, seed, {}) for players in (2, 3, 4) for seed in range(3)]
    flaws, seen = [], 0
    for game, players, seed, opts in runs:
        s = Session(game, Options(players=players, **opts), DECK, seed=seed)
        bot = RandomBot(np.random.default_rng(seed))
        for _ in range(3000):
            if s.is_over():
                break
            for e in s.play(bot.choose(s.state, s.legal_actions())) or ():
                seen += 1
                flaws += [(what, e.text) for what, rx in LOG_FLAWS.items() if rx.search(e.text)]
    assert seen > 2000
    assert flaws == []


def test_a_revealed_area_counts_its_secrets():
    """Adventure Map Setup: each revealed area card receives its secret markers; the log counts them in words."""
    from explorer.doomrock.campaign_state import SetUp
    s = Session("doomrock", Options(players=2), DECK, seed=3)
    texts = [e.text for e in s.play(SetUp())]
    revealed = [t for t in texts if " is revealed with " in t]
    assert len(revealed) == 3
    for t, area in zip(revealed, s.state.board):
        n = area.secrets
        assert t.endswith(f" is revealed with {n} secret{'s' * (n != 1)}.")
