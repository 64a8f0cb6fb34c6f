"""The campaign's decisions in the players' words: a TEST with each hero's chance to pass, a LOOT! table
with the chance of each reward, an event's options, the shop's stock with price and effect.

Presentation only: the chances come from ``explorer.doomrock.odds`` (Items: TEST; Location Effects: LOOT!).
"""
from __future__ import annotations

from html import escape

from explorer.doomrock import Buy
from explorer.doomrock.adventure import stat, waiting
from explorer.doomrock.campaign_state import (
    CampTask, DrawEvent, FreeLevelUps, KeepTask, PartyDamageTask, PickItems, ShopTask,
)
from explorer.doomrock.cards import Choice, Loot, Test
from explorer.doomrock.effects import STATS
from explorer.doomrock.odds import loot_odds, pass_chance

#: What the party is asked to do now, for each kind of waiting effect (never a class name on screen).
WAITING = {Loot: "roll the LOOT! die", Test: "choose who takes the TEST", Choice: "choose one of the event's options",
           CampTask: "level up at the camp, or end it", ShopTask: "buy or sell at the shop, then leave it",
           KeepTask: "keep one of the drawn ability cards", DrawEvent: "reshuffle the empty event deck",
           FreeLevelUps: "choose the heroes who level up for free", PickItems: "keep the common items you want",
           PartyDamageTask: "divide the party damage among the heroes"}
SLOTS = {"armor": "worn as armour", "one_hand": "held in one hand", "two_hand": "held in two hands", "artifact": "an artifact",
         "consumable": "consumable (used once)"}


def now_doing(c) -> str:
    """The decision the party faces, in words ('' on the plain map)."""
    head = waiting(c)
    return WAITING.get(type(head), "resolve the card's effect") if head is not None else ""


def steps_text(steps) -> str:
    """Map effects in the rulebook's words: 'HP +2, CAMP', a TEST with what passing and failing do."""
    parts = []
    for s in steps:
        if isinstance(s, Test):
            parts.append(f"{test_name(s)} (pass: {steps_text(s.passed)}; fail: {steps_text(s.failed)})")
        elif isinstance(s, Loot):
            parts.append(f"LOOT! {s.modifier:+}")
        elif isinstance(s, Choice):
            parts.append(" or ".join(f"({steps_text(o)})" for o in s.options))
        else:
            parts.append(s.text)
    return ", ".join(parts) or "nothing"


def test_name(t: Test) -> str:
    return "TEST " + " or ".join(f"{k.upper()} {d}" for k, d in t.checks)


def test_odds(c, t: Test) -> list[tuple[int, str, int, int, object]]:
    """Each (hero, statistic) that may take the TEST: (hero, stat, stat value, difficulty, chance to pass)."""
    rows = []
    for i, h in enumerate(c.heroes):
        for s in STATS:
            diffs = [d for k, d in t.checks if k in (s, "any")]
            if diffs:
                value = stat(c, i, s)
                rows.append((i, s, value, min(diffs), pass_chance(value, min(diffs))))
    return rows


def best_test(c, t: Test):
    """The best (hero, stat) row of a TEST: the highest chance to pass."""
    rows = test_odds(c, t)
    return max(rows, key=lambda r: r[4]) if rows else None


def _pct(p) -> str:
    return f"{float(p):.0%}"


def test_html(c, t: Test) -> str:
    """Items: TEST: "the hero rolls a D6 and adds his statistic value ... higher or equal to the test difficulty"."""
    body = "".join(
        f'<tr data-hero="{i}" data-stat="{s}" data-chance="{float(p):.6f}"><td>{escape(c.heroes[i].name)}</td>'
        f'<td>{s.upper()} {v}</td><td>{d}</td><td title="Passes on a D6 roll of {max(1, d - v)} or more">'
        f'<b>{_pct(p)}</b></td></tr>' for i, s, v, d, p in test_odds(c, t))
    return (f'<div class="dr-panel dr-test"><b>{escape(test_name(t))}</b>: the hero rolls a D6 and adds the statistic; '
            f'the test passes if the total is at least the difficulty.<br>Pass: {escape(steps_text(t.passed))}. '
            f'Fail: {escape(steps_text(t.failed))}.<table><tr><th>hero</th><th>statistic</th><th>difficulty</th>'
            f'<th>chance to pass</th></tr>{body}</table></div>')


def _loot_table(c, loot: Loot):
    """The LOOT! table read (the setting card's unless the effect has its own) and each row's chance."""
    table = loot.table or c.deck.card(c.setting).loot
    return table, loot_odds(loot.modifier, [(r.low, k) for k, r in enumerate(table)])


def loot_html(c, loot: Loot) -> str:
    """Location Effects: LOOT!: one D6 plus the modifier, read on the table; each reward's exact chance."""
    table, odds = _loot_table(c, loot)
    rows = "".join(
        f'<tr data-row="{k}" data-chance="{float(odds.get(k, 0)):.6f}"><td>{r.low}+</td><td>{escape(steps_text(r.steps))}</td>'
        f'<td><b>{_pct(odds.get(k, 0))}</b></td></tr>' for k, r in enumerate(table))
    return (f'<div class="dr-panel dr-loot"><b>LOOT! {loot.modifier:+}</b>: roll a D6 and add {loot.modifier}; '
            f'the result picks a row (below the first row gains the first, above the last the last).'
            f'<table><tr><th>result</th><th>reward</th><th>chance</th></tr>{rows}</table></div>')


def choice_html(c, ch: Choice) -> str:
    """A text event: each option's effects; a TEST inside an option shows the best hero's chance, a LOOT!
    the chance of each reward."""
    items = []
    for k, option in enumerate(ch.options):
        odds = ""
        for loot in (s for s in option if isinstance(s, Loot)):
            table, chances = _loot_table(c, loot)
            odds += (f' <span class="dr-chance-note">LOOT! {loot.modifier:+}: ' + "; ".join(
                f"{escape(steps_text(r.steps))} {_pct(chances[j])}" for j, r in enumerate(table) if j in chances) + "</span>")
        for t in (s for s in option if isinstance(s, Test)):
            best = best_test(c, t)
            if best:
                odds += (f' <span class="dr-chance-note">best chance to pass the {escape(test_name(t))}: '
                         f'<b>{_pct(best[4])}</b> ({escape(c.heroes[best[0]].name)}, {best[1].upper()} {best[2]})</span>')
        items.append(f'<li data-option="{k}">Option {k + 1}: {escape(steps_text(option))}{odds}</li>')
    return f'<div class="dr-panel dr-choice"><b>Event: choose one option</b><ol>{"".join(items)}</ol></div>'


def item_text(card) -> str:
    """An item's effect for a shop button or a tooltip: slot, passive and use effects, requirement."""
    what = [e.text for e in card.passive] + [f"use: {e.text}" for e in card.use]
    need = "; needs " + ", ".join(f"{k.upper()} {v}" for k, v in card.requires) if card.requires else ""
    return f"{SLOTS.get(card.slot, card.slot)}; {', '.join(what) or 'no effect'}{need}"


def buy_label(c, item: str) -> str:
    """A shop button: the item, its price and its effect (how many copies, when more than one)."""
    card, copies = c.deck.card(item), c.area.shop.count(item)
    return f"Buy {card.name} ({card.price} silver): {item_text(card)}" + (f" [{copies} for sale]" if copies > 1 else "")


def shop_offers(c, legal) -> list[tuple[str, str, str, str]]:
    """Every item for sale: (item id, button label, tooltip, reason it cannot be bought now or '')."""
    out = []
    for it in dict.fromkeys(c.area.shop):
        card, label = c.deck.card(it), buy_label(c, it)
        reason = ""
        if Buy(it) not in legal:
            reason = (f"not enough silver: it costs {card.price}, the party has {c.silver}" if card.price > c.silver
                      else "it cannot be bought now")
        tip = (f"{card.name}, a {card.rarity} item: {item_text(card)}. Costs {card.price} silver; it goes to the party "
               f"inventory, then a hero may equip it." + (f" Not now: {reason}." if reason else ""))
        out.append((it, label, tip, reason))
    return out


def shop_html(c) -> str:
    """SHOP: the party's silver and what selling gives (each item's price and effect is on its button)."""
    return (f'<div class="dr-panel dr-shop"><b>Shop</b>: the party has {c.silver} silver; each button shows the price and '
            'the effect. Selling gives 1 silver for one epic item or two common items. Bought items go to the party '
            'inventory: equip them from the map.</div>')


def decision_html(c) -> str:
    """The panel for the decision the party faces on the map ('' when none needs odds or a table)."""
    head = waiting(c)
    if isinstance(head, Test):
        return test_html(c, head)
    if isinstance(head, Loot):
        return loot_html(c, head)
    if isinstance(head, Choice):
        return choice_html(c, head)
    if isinstance(head, ShopTask):
        return shop_html(c)
    if isinstance(head, CampTask):
        return ('<div class="dr-panel dr-camp"><b>Camp</b>: a hero with the fewest ability cards may level up, paying '
                f'silver equal to the ability cards held (the party has {c.silver}); then draw 3 and keep one.</div>')
    return ""
