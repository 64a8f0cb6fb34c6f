"""The campaign's adventure map drawn as a board (area cards in a row, the party marker, secrets, entry and
travel costs, the face-down area deck) with the battle's token SVGs, and the map actions' button labels."""
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
    TakeDamage,
    TestStat,
    Travel,
    Unequip,
    UseItem,
    VentureForth,
    Visit,
)
from explorer.doomrock.adventure import stat, waiting
from explorer.doomrock.campaign import locations
from explorer.doomrock.cards import Choice, Loot, Test
from explorer.doomrock.effects import STATS

from .campaign_view import buy_label, now_doing, steps_text, test_odds
from .svg import token_svg

AREA_COLOURS = {"wilderness": "#e4f2dc", "mountain": "#e6e1ea", "town": "#f7ecd2", "doomrock": "#f3d6d2"}
COST_WORDS = {"time": "time", "secret": "secret", "coin": "silver", "heroism": "heroism each", "shield": "shield each",
              "peril": "peril"}
COST_TOKENS = {"time": "time", "secret": "secret", "coin": "silver", "heroism": "heroism", "shield": "shield"}

MAP_CSS = """
<style>
.dr-map {display:flex; flex-wrap:wrap; gap:6px; align-items:flex-start}
.dr-area {border:2px solid #888; border-radius:8px; padding:4px 6px; flex:1 1 190px; max-width:100%; font-size:12px; min-width:0;
  line-height:1.3}
.dr-area.dr-here {border-color:#d98b1a; box-shadow:0 0 0 3px #f6d08a}
.dr-area h5 {margin:0 0 2px 0; font-size:13px; display:flex; gap:4px; align-items:center; flex-wrap:wrap}
.dr-area ul {margin:2px 0; padding-left:16px}
.dr-area .dr-travel {margin-top:3px; color:#444}
.dr-area-deck {border:2px dashed #6b4a8f; border-radius:8px; padding:4px 6px; flex:1 1 190px; max-width:100%; font-size:12px;
  line-height:1.3;
  background:#f3eef8}
.dr-map-head .dr-heroes {display:flex; flex-wrap:wrap; gap:2px 12px}
.dr-now {border-left:4px solid #d98b1a; padding:2px 6px; margin:3px 0; background:#fff7e6; font-size:13px}
</style>
"""


def _cost(cost) -> str:
    return ", ".join(f"{n} {COST_WORDS.get(k, k)}" for k, n in cost) or "free"


def _cost_tokens(cost) -> str:
    """An entry cost as tokens (a time marker, silver...), with the words in each tooltip."""
    if not cost:
        return '(<span title="No entry cost: visit it as often as you like">free</span>)'
    return "(" + " ".join(token_svg(COST_TOKENS[k], n, f"Entry cost: {n} {COST_WORDS[k]}") if k in COST_TOKENS
                          else f'<span title="Entry cost: {n} {escape(k)}">{n} {escape(k)}</span>' for k, n in cost) + ")"


def _area(c, k, a) -> str:
    d = c.deck
    card = d.card(a.id)
    here = k == c.position
    locs = card.locations + tuple(d.card(e).permanent for e in a.events)
    items = "".join(f"<li>{escape(loc.name)} {_cost_tokens(loc.cost)}<span class='rx-small'>: "
                    f"{escape(steps_text(loc.steps))}</span></li>" for loc in locs)
    shop = ""
    if a.shop:
        wares = ", ".join(f"{escape(d.card(i).name)} ({d.card(i).price} silver)" for i in a.shop)
        shop = f'<div class="dr-stock" title="Items for sale at this area\'s shop">shop: {wares}</div>'
    marker = token_svg("party", "", "The party marker: the party is in this area") + "<b>party</b>" if here else ""
    secrets = "".join(token_svg("secret", "", "A secret marker: exploring (1 time) removes one and draws an event")
                      for _ in range(a.secrets))
    secrets = (f'<span title="Secret markers left: exploring removes one; the last gives the exploration bonus">'
               f'{secrets} {a.secrets} secret(s)</span>' if a.secrets else
               '<span title="No secret left: the exploration bonus was gained">explored</span>')
    travel = ("The party is here." if here else
              f'Travel here: {token_svg("time", "", "Travel costs 1 time marker")} 1 time')
    return (f'<div class="dr-area{" dr-here" if here else ""}" data-area="{k}" style="background:{AREA_COLOURS.get(card.type, "#eee")}">'
            f'<h5>{k + 1}. {escape(card.name)} {marker}</h5><div>{escape(card.type)}; {secrets}</div>'
            f'<ul>{items}</ul>{shop}<div class="dr-travel">{travel}</div></div>')


def map_html(c, compact: bool = False) -> str:
    """The adventure map: the area cards in a row with the party marker, secrets, locations with their entry
    costs and what travel costs; the face-down area deck; the party and what it must do now."""
    areas = [_area(c, k, a) for k, a in enumerate(c.board)]
    areas.append(f'<div class="dr-area-deck" data-deck="{len(c.area_deck)}">'
                 + "".join(token_svg("card", "", "A face-down area card") for _ in range(min(3, len(c.area_deck))))
                 + f'<div><b>Area deck</b>: {len(c.area_deck)} card(s) face down.</div>'
                 f'<div class="rx-small">Venture forth ({token_svg("time", "", "Venturing forth costs 1 time marker")}1 time): '
                 'the leftmost area leaves, the next card is revealed on the right and the party moves there; '
                 'then a PERIL and an event.</div></div>')
    heroes = "".join(
        f'<span data-hero="{i}">{escape(h.name)} {token_svg("hp", f"{h.hp}/{h.max_hp}", f"Hit points: {h.hp} of {h.max_hp}")}'
        f'{token_svg("heroism", h.heroism, "Heroism markers")}{token_svg("shield", h.shields, "Shield markers: each prevents 1 damage")}'
        f'<span title="Statistics for a TEST: strength, agility, intelligence">'
        + " ".join(f"{s.upper()} {stat(c, i, s)}" for s in STATS) + "</span></span>"
        for i, h in enumerate(c.heroes))
    nxt = next_battle(c) if c.encounters else "none"
    doing = now_doing(c) or ("choose a map action below: travel, visit a location, explore or venture forth; the "
                             "battle starts when the time runs out" if c.phase == "map" else "")
    below = " (the chances and the choices are just below the map)" if isinstance(waiting(c), (Test, Loot, Choice)) else ""
    now = f'<div class="dr-now"><b>Now</b>: {escape(doing)}{below}.</div>' if doing else ""
    line = (f'<b>Adventure map</b> \u2014 <span title="Time markers left on the setting card: at 0 the next battle starts">'
            f'{token_svg("time", "", "Time markers left")}{c.time} time left</span>; '
            f'{token_svg("silver", c.silver, "Silver: pays entry costs, the shop and level ups")} silver; battles won '
            f'{c.battles_won}; Doomrock {"revealed" if c.doomrock_revealed else "not revealed"}')
    if compact:  # in a battle: the map in one line, so the battle is in view
        here = c.deck.card(c.area.id).name
        return (MAP_CSS + f'<div class="dr-panel dr-map-head">{line}; the party fights at {escape(here)}; the map '
                'returns after the battle.</div>')
    head = (f'<div class="dr-panel dr-map-head">{line}; next battle: {escape(nxt)}.'
            f'<div class="dr-heroes">{heroes}</div>{now}</div>')
    legend = ('<div class="dr-legend">'
              f'<span>{token_svg("party", "", "")} the party marker</span>'
              f'<span>{token_svg("secret", "", "")} a secret (explore: 1 time)</span>'
              f'<span>{token_svg("time", "", "")} time (travel, explore, venture forth: 1 each)</span>'
              f'<span>{token_svg("silver", "", "")} silver</span>'
              f'<span>{token_svg("card", "", "")} the face-down area deck</span></div>')
    return MAP_CSS + head + f'<div class="dr-map">{"".join(areas)}</div>' + legend


def describe_map_action(c, action) -> str | None:
    """A short sentence for a map action (None: not a map action)."""
    d = c.deck
    if isinstance(action, Travel):
        return f"Travel to {d.card(c.board[action.area].id).name} (1 time)"
    if isinstance(action, Visit):
        loc = locations(c)[action.location]
        return f"Visit {loc.name} ({_cost(loc.cost)}): {steps_text(loc.steps)}"
    if isinstance(action, Explore):
        return "Explore (1 time): remove a secret, draw an event"
    if isinstance(action, VentureForth):
        return "Venture forth (1 time): reveal the next area"
    if isinstance(action, Buy):
        return buy_label(c, action.item)
    if isinstance(action, Sell):
        return "Sell " + " and ".join(d.card(i).name for i in action.items)
    if isinstance(action, LeaveShop):
        return "Leave the shop"
    if isinstance(action, RollLoot):
        return "Roll LOOT!"
    if isinstance(action, TestStat):
        return test_label(c, action)
    if isinstance(action, Choose):
        head = waiting(c)
        what = steps_text(head.options[action.option]) if isinstance(head, Choice) else ""
        return f"Option {action.option + 1}: {what}" if what else f"Choose option {action.option + 1}"
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
        return "Start the battle (the encounter stays secret until its card is drawn)"
    if isinstance(action, SetUp):
        return "Set up the campaign"
    if c.phase == "map" and isinstance(action, TakeDamage):
        h = c.heroes[action.hero]
        return f"{h.name} takes 1 point of the party damage ({h.hp} HP now)"
    if c.phase == "map" and isinstance(action, UseItem):
        j = action.hero if action.target == "self" else int(action.target.split(":")[1])
        return f"{c.heroes[action.hero].name} uses {d.card(action.item).name} on {c.heroes[j].name}"
    if isinstance(action, (Equip, Unequip)):
        verb = "equips" if isinstance(action, Equip) else "unequips"
        return f"{c.heroes[action.hero].name} {verb} {d.card(action.item).name}"
    return None


def test_label(c, action) -> str:
    """A TEST button: the hero, the statistic and its value, the difficulty and the exact chance to pass."""
    head = waiting(c)
    for i, s, v, diff, p in test_odds(c, head):
        if (i, s) == (action.hero, action.stat):
            return f"{c.heroes[i].name} tests {s.upper()} {v} against {diff}: {float(p):.0%} to pass"
    return f"{c.heroes[action.hero].name} tests {action.stat.upper()}"
