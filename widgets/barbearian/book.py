"""The BarBEARian walkthrough's shared words: the rulebook sections it cites, the chapter handoff to the
play dashboard, and the note on how its odds count the other clan's placements."""
from __future__ import annotations

GAME = "barbearian"
BOOK = "BarBEARian Battlegrounds Rulebook"
SETUP, GAMEPLAY, PLAN, BRAWL, LOOT, GATHER, BUILD, CLEAN, TRIALS, MARKET, FAQ = (f"{BOOK}, {s}" for s in (
    "Setup", "Gameplay", "Plan Phase", "Brawl Phase", "Brawl Phase, Stealing Loot", "Gather Phase", "Build Phase",
    "Clean Up Phase", "Trial Cards", "Marketplace", "FAQ"))
ROUND_SEED = 50  # a first round with a clash, a raid that breaks through, loot and a purchase
PLAY_PAGE = "play.ipynb"


def handoff(seed: int | None = None) -> str:
    """The chapter's end: where to try a whole round on the play dashboard."""
    same = (f" To sit at the same table as this chapter: leave <b>Players</b> at 2 and both seats (Red, Blue) on "
            f"<b>Human</b>, type <b>{seed}</b> in the <b>Seed</b> box and press <b>New game</b>. Each clan is dealt "
            f"this chapter's two Trial cards (press <b>I am Blue: show my screen</b>, keep one, then the same for Red), "
            f"and <b>Roll everyone's dice</b> rolls this chapter's dice." if seed is not None else
            " Press <b>New game</b> there for a fresh table (Seed 0 picks a fresh seed).")
    return (f'<b>Try a whole round yourself:</b> open the <a href="{PLAY_PAGE}" target="_blank">play dashboard</a> '
            f'(in JupyterLab, the notebook <i>play.ipynb</i> beside this one).{same}')


ODDS_NOTE = ("The odds of each choice count every <i>sensible</i> placement of the other clan's public roll "
             "equally: one that no other placement beats on raid strength, Barracks strength and dice used all at once.")
