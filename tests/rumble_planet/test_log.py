"""The log says what happened in words: right articles, display names, no identifiers, each line in its section."""
import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from explorer.rumble_planet import Attack, Decline, EndTurn, Options, rules, sample_content
from explorer.rumble_planet.loot import settle
from explorer.rumble_planet.preparation import obsolescence_shift
from explorer.rumble_planet.setup import initial_state
from explorer.rumble_planet.sim.games import BOTS, heroes_for
from explorer.rumble_planet.state import Task

from .helpers import at, gear, phase, play, started

MISTAKES = {
    "'a' before a vowel": re.compile(r"\b[aA] (?!one\b|uni|use)[aeiouAEIOU]"),
    "'an' before a consonant": re.compile(r"\b[aA]n (?!hour)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]"),
    "a raw identifier": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "doubled punctuation": re.compile(r"[.;:,!?]\)?[.;:,!?]"),
    "a space before punctuation": re.compile(r" [.;:,!?)]"),
    "Python text": re.compile(r"[\[\]{}]|\(\)|\bNone\b|\bTrue\b|\bFalse\b"),
}


def test_every_line_of_many_random_games_reads_as_english():
    """Random and greedy bots, 2-4 players, both sides of the Green: every event text is scanned."""
    content = sample_content()
    wrong, lines = {}, 0
    for g in range(9):
        n = 2 + g % 3
        kinds = ["random" if (g + k) % 2 else "greedy" for k in range(n)]
        opts = Options(players=n, heroes=heroes_for(g, n, content), side="AB"[g % 2], round_limit=25)
        rng = np.random.default_rng(g)
        bots = [BOTS[k](np.random.default_rng(100 * g + i)) for i, k in enumerate(kinds)]
        s = initial_state(opts, content)
        while s.stage != "over":
            a = bots[rules.current_player(s)].choose(s, rules.legal_actions(s))
            spec = rules.chance(s, a)
            s, events = rules.apply(s, a, None if spec is None else spec.sample(rng))
            for e in events:
                lines += 1
                for what, pattern in MISTAKES.items():
                    if pattern.search(e.text):
                        wrong.setdefault(what, e.text)
    assert lines > 2000 and wrong == {}


def test_a_feat_card_filled_by_one_players_tokens_says_so():
    # "if there are as many tokens on a Feat card as there are players in the game, remove the card from the game
    # and each player retrieves the Feat tokens placed on it" (Accomplishing a Feat)
    s = phase(started(), "loot")
    s = replace(s, feats=(("F01", (0, 0)), ("F02", ())), feat_deck=("F03",)).with_player(0, feat_tokens=3)
    s, ev = play(s, EndTurn())
    text = next(e.text for e in ev if "leaves the game" in e.text)
    assert "from every player" not in text and "2 Feat tokens, as many as there are players" in text
    assert f"{s.name(0)} 2 tokens" in text and s.player(0).feat_tokens == 5
    s = replace(phase(s, "loot"), feats=(("F03", (1, 0)), ("F02", ())), feat_deck=())
    s, ev = play(s, EndTurn())
    assert any("has a Feat token from every player" in e.text for e in ev)


@pytest.mark.parametrize("task,words,section", [
    (Task("taunt", 0), "taunts no one", "Accomplishing a Feat"),
    (Task("move_tile", 0, ("oil_slick", "E5", "own")), "replaces no oil slick tile", "Shortages"),
    (Task("gear_swap", 0), "declines the Gear Swap", "Loot Cards"),
])
def test_a_decline_is_logged_in_words_under_its_own_section(task, words, section):
    # a Level 2 Feat's taunt is "Accomplishing a Feat", a tile replacement when none is left is "Shortages"
    s = at(phase(started(), "loot"), p0="E5", p1="B1")
    s = gear(gear(replace(s, pending=(task,), tiles=s.tiles + (("C3", "oil_slick"),)), 0, 1, "W14"), 0, 2, "W09")
    s, ev = play(s, Decline())
    assert [(e.section, words in e.text) for e in ev] == [(section, True)], ev


def test_a_replacement_skipped_off_the_green_says_why():
    s = replace(at(phase(started(), "loot"), p1="B1").with_player(0, space=None), pending=(Task("replacement", 0, (0,)),))
    _, ev = settle(s, [])
    assert "is off the Green" in ev[0].text and "Replacement is skipped" in ev[0].text


def test_the_attack_log_names_each_armours_protection_effect():
    # "On Successful Protection: Apply this effect when the attack die hits a body part protected by this Armor";
    # "On Failed Protection: ... when the attack hits a body part not protected by this Armor" (Equipment Effects)
    s = at(phase(started(), "action"), p0="E5", p1="E6")
    s = gear(gear(gear(s, 0, 1, "W09"), 1, 1, "A06"), 1, 2, "A14", boosts=2)  # Bunker Suit: padding; Golf Cart: spikes
    said = []
    for face in s.options.attack_die:
        _, ev = play(s, Attack("1", "E6"), face)
        said += [e.text for e in ev]
    assert any("Golf Cart Armor's spikes deal 1 Injury to the attacker" in t for t in said), said
    assert any(re.search(r"Bunker Suit's padding (stops \d+ Injur|has nothing left to stop)", t) for t in said), said


def test_buying_names_the_card_with_its_article():
    s = phase(started(), "preparation").with_player(0, credits=20)
    s, ev = play(s, next(a for a in rules.legal_actions(s) if getattr(a, "shop", "") == "armor"), s.armor_shop[0])
    assert ev[0].text.endswith("pays 6 Credits for an Armor card.") and "draws an Armor card" in ev[1].text


def test_the_odds_notebook_keeps_boost_tokens_on_the_equipment():
    # "Boost tokens stay attached to the equipment and move with it when it becomes obsolete." (Boosting)
    nb = json.loads((Path(__file__).parents[2] / "notebooks" / "rumble_planet" / "odds.ipynb").read_text())
    text = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown").replace("\n", " ")
    assert "lost at the next obsolescence shift" not in text and "Boost tokens stay on it" in text
    s, _ = obsolescence_shift(gear(phase(started(), "preparation"), 0, 1, "W09", boosts=2), 0)
    assert s.player(0).track[1].boosts == 2  # the engine agrees: the tokens moved with the weapon


def test_an_impossible_placement_two_spaces_away_says_every_space_next_to_it_is_blocked():
    # Impossible Placement or Replacement: "In the very rare case where all adjacent spaces are also blocked, the
    # active player chooses a free space one space farther away." The log once said "a free space next to it".
    from explorer.rumble_planet.gps import place_hero

    s = at(phase(started(), "action"), p0="J10", p1="D3")
    walls = {"C3": "energy_wall", "D2": "energy_wall", "D4": "turret", "E3": "energy_wall"}
    s = replace(s, tiles=tuple(sorted(walls.items())))
    s2, ev = place_hero(s, 0, "D3")
    assert ev[-1].text == ("D3 is blocked and so is every space next to it: the active player chooses a free space "
                           "one space farther away for Agent Dogniss Tailor.")
    assert all(sp not in walls for sp in s2.pending[0].data[1:])
    s = replace(s, tiles=(("C3", "energy_wall"),))
    assert place_hero(s, 0, "D3")[1][-1].text == ("D3 is blocked: the active player chooses a free space next to it "
                                                  "for Agent Dogniss Tailor.")


def test_healing_lost_by_a_knocked_out_or_unhurt_hero_is_logged():
    # Spiked Shoes ("Upon obsolescence: heal 2 HP") leave the track when their knocked-out Hero's equipment becomes
    # obsolete; "Knocked Out!": the HP cube is reset to 18 on the return, so the 2 HP are lost. The log once said
    # nothing of them, and "heals 0 HP: 18 HP" for a Hero already at the top of the track.
    from explorer.rumble_planet.health import heal

    s = gear(at(phase(started(), "action"), p0="E1", p1="E2"), 1, 4, "A04").with_player(1, hp=2)
    s, ev = play(s, Attack("heroic", "E2"), "torso")
    texts = [e.text for e in ev]
    assert "Birdie Blaster is knocked out: the healing of 2 HP is lost." in texts
    assert texts.index("Birdie Blaster is knocked out: the healing of 2 HP is lost.") > texts.index(
        "Birdie Blaster is knocked out.")
    full = started()
    assert heal(full, 0, 2, "Loot Cards")[1][0].text == ("Agent Dogniss Tailor is already at 18 HP, the top of the "
                                                         "track: the healing of 2 HP is lost.")


def test_a_replacement_not_considered_movement_is_logged_as_a_replacement():
    # Replacement is "not considered Movement" (replacement_loot="replace", ruling RP-11): the log once said "moves to".
    from explorer.rumble_planet import OpenLootbox, PlaceAt

    s = at(phase(started(replacement_loot="replace"), "loot"), p0="E1", p1="J10").with_player(0, lootboxes=1)
    s, _ = play(s, OpenLootbox(), "L14")
    s, ev = play(s, PlaceAt("D1"))
    assert ev[0].text == "Agent Dogniss Tailor is replaced at D1."


def test_the_squirrel_goes_back_into_their_supply():
    # Squirrel Tile: "it is destroyed, removed from the Green, and Agent Dogniss retrieves it into their supply".
    s = at(phase(started(), "action"), p0="A1", p1="J10").with_player(0, level=2)
    s = replace(s, tiles=(("A2", "squirrel"),))
    _, ev = play(s, Attack("heroic", "A2"), "critical")
    assert "Agent Dogniss retrieves the Squirrel tile into their supply." in [e.text for e in ev]


def test_the_pp_for_injuring_follows_the_injuries():
    # Ways to Gain or Lose PP: the PP is for injuring, so the log tells the Injuries first (it once came before them).
    s = at(phase(started(), "action"), p0="E1", p1="E2")
    _, ev = play(s, Attack("heroic", "E2"), "torso")
    texts = [e.text for e in ev]
    suffers = next(i for i, t in enumerate(texts) if "Birdie Blaster suffers" in t)
    assert "(injured Birdie Blaster)" in texts[suffers + 1]


def test_a_hero_deployed_on_a_teleporter_enters_it_before_round_one_begins():
    # Setup step 7 deploys the Heroes; the first turn begins after it (the teleport was once logged after
    # "Round 1: ... turn begins").
    from explorer.rumble_planet import Deploy

    from .helpers import session

    start = session().steps[0].state
    s = replace(start, tiles=tuple(sorted(dict(start.tiles, I10="teleporter").items())))
    s, ev = play(s, Deploy(), "G02")
    texts = [e.text for e in ev]
    assert texts.index("Agent Dogniss Tailor enters a Teleporter at I10: a controlled GPS relocation follows.") < \
        texts.index("Round 1: Agent Dogniss Tailor's turn begins.") == len(texts) - 1
    assert s.pending[0].kind == "teleport" and s.active == 0
