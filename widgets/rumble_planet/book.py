"""The Rumble Planet walkthrough's shared pieces: the rulebook sections it cites, the sample content and the
examples' typed table, and the chapter handoff to the play dashboard."""
from __future__ import annotations

from explorer.core import Session
from explorer.rumble_planet import Deploy, Options, SetUp, sample_content

BOOK = "Rumble Planet Rulebook"
SETUP, GPS, MULTI = (f"{BOOK}, {s}" for s in ("Setup", "GPS System, GPS Relocation", "GPS System, Multiple GPS Relocations"))
TURNS, MOVE, CLIMB, FALL, LOOT_UP = (f"{BOOK}, {s}" for s in (
    "Game Turns", "II - Action Phase, Movement Step", "Altitudes: Climbing", "Altitudes: Falling",
    "Movement Step, Picking up lootboxes"))
ATTACK, ADVANTAGE, PP, FEAT = (f"{BOOK}, {s}" for s in (
    "II - Action Phase, Detailed Attack Sequence", "Altitudes: Advantageous Position", "Prestige Points (PP), Ways to Gain or Lose PP",
    "Prestige Points (PP), Accomplishing a Feat"))
LOOTING, DROPS = f"{BOOK}, III - Loot Phase, Looting", f"{BOOK}, III - Loot Phase, Lootbox Drops"
OBSOLETE, SELLING, BUYING, EQUIP, CRAFT = (f"{BOOK}, I - Preparation Phase, {s}" for s in (
    "1 – Obsolescence", "2 – Selling", "3 – Buying", "4 – Tinkering, Equipping", "4 – Tinkering, Crafting"))
ROUND_SEED = 7  # Agent Dogniss falls, picks up a lootbox, climbs and attacks from above in her first turn
PLAY_PAGE = "play.ipynb"
CONTENT = sample_content()
LEVEL1 = [f.id for f in CONTENT.feats if f.level == 1]
LEVEL2 = [f.id for f in CONTENT.feats if f.level == 2]


def handoff(seed: int | None = None, moves: str = "") -> str:
    """The chapter's end: where to try a whole round on the play dashboard (and how to get this chapter's table)."""
    same = (f" To deal this chapter's table, leave <b>Players</b> at <b>2</b> and <b>Board</b> at <b>side A</b>, type "
            f"<b>{seed}</b> in the <b>Seed</b> box, leave both seats <b>Human</b> and press <b>New game</b>.{moves}"
            if seed is not None else " Press <b>New game</b> there for a fresh Green (a Seed of 0 means a new "
            "random one; any other number deals the same table every time).")
    return (f'<b>Try a whole round yourself:</b> open the <a href="{PLAY_PAGE}" target="_blank">play dashboard</a> '
            f'(in JupyterLab, the notebook <i>play.ipynb</i> beside this one).{same}')


def typed_session(players: int = 3, seed: int = 2026) -> Session:
    """The rulebook examples' table: the Feat and GPS cards typed in, before setup."""
    return Session("rumble-planet", Options(players=players, side="A"), CONTENT, seed=seed)


def started() -> Session:
    """The rulebook examples' three-Hero table after setup and deployment (cards typed in)."""
    s = typed_session()
    s.play(SetUp(), outcome={"level1": LEVEL1, "level2": LEVEL2, "gps": "G01"})
    s.play(Deploy(), outcome="G02")
    return s
