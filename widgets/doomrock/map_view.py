"""The campaign's adventure map as HTML (areas, locations, party marker, time, secrets) and map action labels."""
from __future__ import annotations

from html import escape

from explorer.doomrock.views import next_battle

from explorer.doomrock import (
    Buy,
    Choose,
    EndCamp,
    Equip,
    Explore,
    KeepAbility,
    KeepItem,
    LeaveShop,
    LevelUp,
    RollLoot,
    Sell,
    SetUp,
    ShuffleEvents,
    StartBattle,
    TestStat,
    Travel,
    Unequip,
    VentureForth,
    Visit,
)
from explorer.doomrock.campaign import locations

from .svg import token_svg

AREA_COLOURS = {"wilderness": "#e4f2dc", "mountain": "#e6e1ea", "town": "#f7ecd2", "doomrock": "#f3d6d2"}
COST_WORDS = {"time": "time", "secret": "secret", "coin": "silver", "heroism": "heroism each", "shield": "shield each",
              "peril": "peril"}

MAP_CSS = """
<style>
.dr-map {display:flex; flex-wrap:wrap; gap:6px}
.dr-area {border:2px solid #888; border-radius:8px; padding:5px; flex:1 1 170px; max-width:100%; font-size:12px}
.dr-area.dr-here {border-color:#d98b1a; box-shadow:0 0 0 2px #f6d08a}
.dr-area h5 {margin:0 0 2px 0; font-size:13px}
.dr-area ul {margin:2px 0; padding-left:16px}
</style>
"""


def _cost(cost) -> str:
    return ", ".join(f"{n} {COST_WORDS.get(k, k)}" for k, n in cost) or "free"


def map_html(c) -> str:
    """The areas in a row, the party marker, secrets, locations with entry costs, the party's resources."""
    d = c.deck
    areas = []
    for k, a in enumerate(c.board):
        card = d.card(a.id)
        here = k == c.position
        locs = card.locations + tuple(d.card(e).permanent for e in a.events)
        items = "".join(f"<li>{escape(loc.name)} <span class='rx-small'>({_cost(loc.cost)})</span></li>" for loc in locs)
        shop = f"<div>shop: {len(a.shop)} item(s)</div>" if a.shop else ""
        marker = ' <span class="dr-party-marker" title="The party marker: the party is here">\u25c6 party</span>' if here else ""
        areas.append(
            f'<div class="dr-area{" dr-here" if here else ""}" data-area="{k}" style="background:{AREA_COLOURS.get(card.type, "#eee")}">'
            f"<h5>{k + 1}. {escape(card.name)}{marker}</h5><div>{escape(card.type)}; "
            f'<span title="Secrets left: exploring removes one">{a.secrets} secret(s)</span></div><ul>{items}</ul>{shop}</div>')
    heroes = " ".join(f"{escape(h.name)} {token_svg('hp', f'{h.hp}/{h.max_hp}', 'Hit points')}"
                      f"{token_svg('heroism', h.heroism, 'Heroism markers')}{token_svg('shield', h.shields, 'Shields')}"
                      for h in c.heroes)
    nxt = next_battle(c) if c.encounters else "none"
    pending = type(c.pending[0]).__name__ if c.pending else ""
    head = (f'<div class="dr-panel dr-map-head"><b>Adventure map</b> \u2014 <span title="Time markers left on the setting card: '
            f'at 0 the next battle starts">{c.time} time left</span>; {c.silver} silver; '
            f"{len(c.area_deck)} area card(s) face down; Doomrock {'revealed' if c.doomrock_revealed else 'not revealed'}; "
            f"battles won {c.battles_won}; next battle: {escape(nxt)}."
            + (f" Waiting: {escape(pending)}." if pending else "") + f"<div>{heroes}</div></div>")
    legend = ('<div class="dr-legend"><span>\u25c6 party marker (the party\'s area)</span><span>secrets: '
              'removed by exploring</span><span>(cost): a location\'s entry cost</span><span>time: markers left '
              'before the next battle</span></div>')
    return MAP_CSS + head + f'<div class="dr-map">{"".join(areas)}</div>' + legend


def describe_map_action(c, action) -> str | None:
    """A short sentence for a map action (None: not a map action)."""
    d = c.deck
    if isinstance(action, Travel):
        return f"Travel to {d.card(c.board[action.area].id).name}"
    if isinstance(action, Visit):
        return f"Visit {locations(c)[action.location].name}"
    if isinstance(action, Explore):
        return "Explore (1 time, a secret)"
    if isinstance(action, VentureForth):
        return "Venture forth"
    if isinstance(action, Buy):
        return f"Buy {d.card(action.item).name}"
    if isinstance(action, Sell):
        return "Sell " + " and ".join(d.card(i).name for i in action.items)
    if isinstance(action, LeaveShop):
        return "Leave the shop"
    if isinstance(action, RollLoot):
        return "Roll LOOT!"
    if isinstance(action, TestStat):
        return f"TEST: {c.heroes[action.hero].name} uses {action.stat}"
    if isinstance(action, Choose):
        return f"Choose option {action.option + 1}"
    if isinstance(action, LevelUp):
        return f"Level up {c.heroes[action.hero].name}"
    if isinstance(action, KeepAbility):
        return f"Keep {d.card(action.card).name}"
    if isinstance(action, KeepItem):
        return f"Keep {d.card(action.item).name}"
    if isinstance(action, EndCamp):
        return "End the camp"
    if isinstance(action, ShuffleEvents):
        return f"Shuffle the {action.deck} events"
    if isinstance(action, StartBattle):
        return "Start the battle"
    if isinstance(action, SetUp):
        return "Set up the campaign"
    if isinstance(action, (Equip, Unequip)):
        verb = "equips" if isinstance(action, Equip) else "unequips"
        return f"{c.heroes[action.hero].name} {verb} {d.card(action.item).name}"
    return None
