"""Every event names a real section of the Rumble Planet Rulebook."""
import re
from pathlib import Path

import numpy as np

from explorer.core import Session
from explorer.rumble_planet import Options, RandomBot, rules

from .helpers import CONTENT

# The rulebook's headings, then the lead words of its paragraphs, list items and table rows, as printed.
HEADINGS = (
    "Game Objective", "Setup", "Card Anatomy", "Game Turns", "I - Preparation Phase", "1 - Obsolescence", "2 - Selling",
    "3 - Buying", "4 - Tinkering", "Equipping", "Crafting", "Boosting", "Heroic Object", "II - Action Phase",
    "Movement Step", "Climbing", "Picking up lootboxes", "Altitudes", "Attack Step", "Detailed Attack Sequence",
    "Summary of the Attack Sequence", "Multiple Targets", "III - Loot Phase", "Opening a Lootbox", "Looting", "Loot Cards",
    "Lootbox Drops", "End of Game", "Game Effects", "Equipment Effects", "Tile Effects", "Non-Blocking Tiles",
    "Blocking Tiles", "Summary Table of Tiles", "Additional Rules", "Rule Conflicts", "Green Rules: Localization and Altitude",
    "Adjacency and Ring", "Distances", "Alignment", "Blocked Space / Free Space", "Movement, Placement, and Replacement",
    "Impossible Placement or Replacement", "GPS System", "GPS Relocation", "Controlled Relocation",
    "Multiple GPS Relocations", "Equipment Board", "Health Points (HP)", "Damage and Injuries",
    "Losing Health Points and Healing", "Knocked Out! (KO)", "Level-Up!", "Prestige Points (PP)", "Gaining and Losing PP",
    "Exceeding 18 PP", "Ways to Gain or Lose PP", "Accomplishing a Feat", "Shortages",
)
LEADS = (
    "3 – Prepare Feat Cards", "6 – Choose the first player", "7 – Deploy character figurines on the Green",
    "Obsolete equipment", "Gain Boost tokens", "Voluntary Obsolescence", "Effects Triggered by Obsolescence",
    "Buying Prestige Points", "Effects Triggered on Placement", "Falling", "Advantageous Position", "Golden Lootbox",
    "Passive", "On Placement", "Upon Obsolescence", "On Attack", "On Successful Protection", "On Failed Protection",
    "Teleporter Tile", "Teleportation", "Drone Tile", "Oil Slick Tile", "Defensive Field Tile", "Turret Tile",
    "Squirrel Tile", "Energy Wall Tile",
)


def real(section: str) -> bool:
    if section in HEADINGS or section in LEADS:
        return True
    head, _, lead = section.partition(": ")
    return head in HEADINGS and (lead in LEADS or lead in HEADINGS)


def test_events_of_whole_games_name_rulebook_sections():
    seen = set()
    for k, (players, side) in enumerate(((2, "A"), (3, "B"), (4, "A"))):
        s = Session("rumble-planet", Options(players=players, side=side, round_limit=12), CONTENT, seed=k)
        bots = [RandomBot(np.random.default_rng(10 * k + i)) for i in range(players)]
        while not s.is_over():
            s.play(bots[rules.current_player(s.state)].choose(s.state))
        seen |= {e.section for e in s.events}
    assert {"Setup: 3 – Prepare Feat Cards", "1 - Obsolescence", "Detailed Attack Sequence", "End of Game"} <= seen
    assert sorted(x for x in seen if not real(x)) == []


def test_every_section_written_in_the_engine_is_a_rulebook_section():
    package = Path(__file__).parents[2] / "explorer" / "rumble_planet"
    written = set()
    for path in package.glob("*.py"):
        text = path.read_text()
        written |= set(re.findall(r'Event\(.*?, "([^"{}]+)"\)', text))
        written |= set(re.findall(r'Event\((?:[^()]|\([^()]*\))*?,\s*"([^"{}]+)"\)', text, re.DOTALL))
        written |= set(re.findall(r'"([A-Z][^"{}]+)" if controlled', text))
        written |= set(re.findall(r'(?:injure|heal|take_credits|take_boosts|fire|draw_card|offer_tile|apply_gain)\(.*?"([A-Z][^"{}]+)"\)', text))
        written |= set(re.findall(r'^(?:MOVE|GPS|OBSOLESCENCE|HP|PP|SETUP) = "([^"]+)"$', text, re.MULTILINE))
    written -= {"rumble-planet"}
    assert len(written) > 30
    assert sorted(x for x in written if not real(x)) == []
