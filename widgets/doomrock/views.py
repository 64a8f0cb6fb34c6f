"""HTML views of a Doomrock battle: the party and its ability cards, the battlefield, the AI card,
the expose markers, the danger table and the legend. They only read the state and the odds."""
from __future__ import annotations

from collections import Counter
from html import escape

from explorer.doomrock.damage import marker_type
from explorer.doomrock.positions import groups, hero_armour, threat

from .svg import HERO_COLOURS, die_svg, token_svg

CSS = """
<style>
.doomrock-app {max-width:100%; box-sizing:border-box}
.doomrock-app * {box-sizing:border-box}
.doomrock-app .widget-html-content {line-height:1.35; min-width:0; max-width:100%}
.dr-row {display:flex; flex-wrap:wrap; gap:6px; align-items:flex-start}
.dr-hero {border:2px solid #888; border-radius:8px; padding:5px; background:#fbfaf5; flex:1 1 300px; max-width:100%}
.dr-hero.dr-rolling {border-color:#d98b1a; box-shadow:0 0 0 2px #f6d08a}
.dr-hero.dr-down {opacity:.55}
.dr-hero h4 {margin:0 0 3px 0; font-size:14px}
.dr-stats {font-size:12px; display:flex; flex-wrap:wrap; gap:4px; align-items:center}
.dr-cards {display:flex; flex-wrap:wrap; gap:4px; margin-top:4px}
.dr-card {border:1px solid #aaa; border-radius:6px; padding:3px 4px; background:#fff; font-size:11px; flex:1 1 130px; max-width:100%}
.dr-card b {font-size:12px}
.dr-card .dr-need {color:#555}
.dr-card .dr-chance {float:right; font-weight:600; color:#1b5e20}
.dr-token {display:inline-flex; align-items:center; margin-right:3px}
.dr-count {font-size:12px; font-weight:600; margin-left:1px}
.dr-die {vertical-align:middle; margin:1px}
.dr-group {border:1px dashed #999; border-radius:8px; padding:4px; flex:1 1 160px; max-width:100%; font-size:12px}
.dr-group h5 {margin:0 0 2px 0; font-size:12px; color:#555}
.dr-enemy {border-left:4px solid #8b2d2d; padding:2px 4px; margin:2px 0; background:#fff3f0}
.dr-enemy.dr-boss {border-left-color:#5a1a7a; background:#f6eefc}
.dr-ally {border-left:4px solid #2f6fd6; padding:2px 4px; margin:2px 0; background:#eef4ff}
.dr-ai {border:2px solid #5a1a7a; border-radius:8px; padding:5px; background:#f8f3fc; font-size:12px; max-width:100%}
.dr-ai ol {margin:2px 0 0 0; padding-left:18px}
.dr-panel {font-size:12px; max-width:100%}
.dr-panel table {border-collapse:collapse; max-width:100%}
.dr-panel td, .dr-panel th {padding:1px 5px; border-bottom:1px solid #eee; text-align:left}
.dr-legend {font-size:12px; color:#333; display:flex; flex-wrap:wrap; gap:4px 12px}
.dr-legend span {white-space:nowrap}
.doomrock-app .widget-button {max-width:100%}
.doomrock-app .actions button {height:auto; white-space:normal; text-align:left}
.doomrock-app .rx-log tr + tr td {border-top:1px solid #eee}
.doomrock-app .rx-log td.rx-section {font-size:10.5px; color:#6a5a3a; font-style:italic; background:#f6f1e6;
  border-right:3px solid #d9c9a3; max-width:240px; white-space:normal}
@media (max-width:560px) {.dr-legend span {white-space:normal} .dr-legend {gap:3px 8px}}
</style>
"""


def _hp(h) -> str:
    tip = f"Hit points: {h.hp} of {h.max_hp}" + (f", plus {h.broken} broken HP from healing" if h.broken else "")
    return token_svg("hp", f"{h.life}/{h.max_hp}", tip)


def party_html(b, deck, advice=None) -> str:
    """Each hero: HP, shields, heroism, threat, armour, expose markers, and the dice on each ability card."""
    chance = {o.card: o.chance for o in advice.card_odds} if advice is not None else {}
    out = []
    for i, h in enumerate(b.heroes):
        classes = "dr-hero" + (" dr-rolling" if b.phase == "roll" and b.roller == i else "") + (" dr-down" if h.defeated else "")
        stats = [_hp(h), token_svg("shield", h.shields, "Shield markers: each absorbs 1 damage, discarded at the end of the round"),
                 token_svg("heroism", h.heroism, "Heroism markers: spent on an ability's heroism effect"),
                 token_svg("expose", len(h.expose), "Face-down expose markers on this hero: revealed by the next damage"),
                 token_svg("armour", hero_armour(b, deck, i), "Armour: absorbs damage from each source, after shields"),
                 f'<span title="Threat value: enemies pick targets by it">threat {threat(b, deck, i)}</span>',
                 f'<span title="The hero\'s group (position) on the battlefield">group {h.group}</span>']
        stolen = [d for d in b.hero_dice(i) if d.place == "stolen"]
        if stolen:
            by = ", ".join(sorted({d.card for d in stolen}))
            stats.append(f'<span class="dr-stolen" title="Dice stolen by enemies: back when the thief is defeated or the battle ends">'
                         f'{len(stolen)} die stolen ({escape(by)})</span>')
        if h.hidden:
            stats.append('<span title="Hidden: threat 0 until the hero stops hiding">hidden</span>')
        rolled = [d for d in b.hero_dice(i) if d.place == "rolled"]
        cards = []
        for cid in dict.fromkeys(h.abilities):
            card = deck.card(cid)
            act = card.activation
            need = " or ".join(map(str, act.faces)) + (f" \u00d7{act.dice} per set" if act.dice > 1 else "")
            on = b.on_card(i, cid)
            slots = [die_svg(d.face, 24, HERO_COLOURS[i % 6], f"the {d.face} on {card.name}" + (" (locked)" if d.place == "locked" else ""),
                             data={"card": cid}) for d in on]
            slots += [die_svg(None, 24, title="an empty charge") for _ in range(card.capacity - len(on))]
            flags = []
            if card.lock:
                flags.append(token_svg("lock", "", "Dice lock: a die here stays locked and works from the start of each round"))
            if act.initiative:
                flags.append('<span title="Initiative: may be activated in the initiative phase">\u26a1</span>')
            odds = f'<span class="dr-chance" title="Best chance to activate this card this roll phase">{chance[cid]:.0%}</span>' if cid in chance else ""
            cards.append(f'<div class="dr-card" data-card="{cid}" title="{escape(_effects(card))}">{odds}<b>{escape(card.name)}</b> '
                         f'{"".join(flags)}<div class="dr-need">needs {need}; charges {card.charges}</div>{"".join(slots)}</div>')
        hand = ""
        if rolled:
            hand = ('<div class="dr-hand">In hand: ' + "".join(
                die_svg(d.face, 30, HERO_COLOURS[i % 6], f"the {d.face} in hand: place it on a card, or mark it to re-roll",
                        cls="dr-die dr-rolled", data={"index": d.index})
                for d in rolled) + "</div>")
        out.append(f'<div class="{classes}" data-hero="{i}" data-life="{h.life}"><h4>{escape(h.name)}</h4><div class="dr-stats">{"".join(stats)}</div>'
                   f'{hand}<div class="dr-cards">{"".join(cards)}</div></div>')
    return f'<div class="dr-row dr-party">{"".join(out)}</div>'


def _effects(card) -> str:
    parts = [f"{e.name} {', '.join(f'{k} {v}' for k, v in e.params)}".strip() if hasattr(e, "params") else e.name
             for e in card.effects]
    return "Effects: " + "; ".join(parts)


def battlefield_html(b, deck, threats=None, secret: bool = False) -> str:
    """Groups (positions) with the heroes and enemies in each: HP, armour, shields, expose markers.

    ``threats`` maps an enemy id to the tooltip of its attacks' damage odds (shown on hover). With ``secret``
    (a campaign battle before its card is drawn, Battle Setup 2) the encounter is not named.
    """
    threats = threats or {}
    enc = deck.card(b.encounter)
    cols = []
    for g in groups(b):
        items = []
        for i, h in enumerate(b.heroes):
            if h.group == g and not h.defeated:
                items.append(f'<div class="dr-ally">{escape(h.name)} {_hp(h)}</div>')
        for e in b.alive_enemies:
            if e.group != g:
                continue
            armour = max(0, e.armour - e.armour_down)
            boss = " dr-boss" if e.boss else ""
            tags = (" (boss)" if e.boss else "") + (" \u2691" if e.objective else "")
            items.append(
                f'<div class="dr-enemy{boss}" data-enemy="{e.uid}" data-hp="{e.hp}" title="{escape(threats.get(e.uid, ""))}">'
                f'<b>{escape(e.name)}</b> {e.uid}{tags} '
                + token_svg("hp", f"{e.hp}/{e.max_hp}", f"Hit points: {e.hp} of {e.max_hp}; at 0 the enemy is defeated")
                + token_svg("armour", armour, "Armour: absorbs damage from each source")
                + token_svg("shield", e.shields, "Shields: absorb damage first")
                + token_svg("expose", len(e.expose), "Face-down expose markers on this enemy")
                + ('<span title="Already activated this round">\u2713</span>' if e.activated else "") + "</div>")
        if items:
            cols.append(f'<div class="dr-group" data-group="{g}"><h5>Group {g}</h5>{"".join(items)}</div>')
    if secret and b.phase == "setup":
        head = ('<div class="dr-panel"><b>Battle setup</b>: take a formation and gear up; the encounter card is '
                'drawn when the battle is set up (Battle Setup 2).</div>')
        return head + f'<div class="dr-row dr-field">{"".join(cols)}</div>'
    marks = ", ".join(str(t) for t in enc.enrage)
    head = (f'<div class="dr-panel"><b>{escape(enc.name)}</b> (tier {enc.tier}) \u2014 round {b.round}, '
            f'{escape(b.phase)} phase. ' + token_svg("enrage", b.enrage, "Enrage value: at each marked value enemy attacks deal more damage")
            + f' enrage (more damage from {marks})</div>')
    return head + f'<div class="dr-row dr-field">{"".join(cols)}</div>'


def expose_html(b) -> str:
    """Where the expose markers are: face down in the pool, on characters, face up, out of the battle."""
    on_chars = sum(len(h.expose) for h in b.heroes) + sum(len(e.expose) for e in b.enemies)
    up = Counter(marker_type(m) for m in b.expose_up)
    out = Counter(marker_type(m) for m in b.expose_out)
    words = {"blank": "blank", "plus1": "+1", "push": "push", "cumulation": "cumulation"}
    fmt = lambda c: ", ".join(f"{n} {words[k]}" for k, n in sorted(c.items())) or "none"
    return (f'<div class="dr-panel dr-expose">{token_svg("expose", len(b.expose_pool), "Face-down expose markers in the pool")} in the pool, '
            f'{on_chars} on characters; face up: {fmt(up)}; out of the battle: {fmt(out)}.</div>')


def ai_card_html(b, deck, drawn) -> str:
    """The AI card just drawn: the enemy, the card and its script lines top to bottom."""
    if drawn is None:
        return '<div class="dr-ai dr-ai-card"><b>AI card</b>: none drawn yet this battle.</div>'
    uid, card_id, boss = drawn
    card = deck.card(card_id)
    lines = card.boss if boss else card.minion
    try:
        who = f"{b.enemy(uid).name} {uid}"
    except KeyError:
        who = uid
    items = "".join(f"<li>{escape(a.text)}</li>" for a in lines) or "<li>(nothing)</li>"
    return (f'<div class="dr-ai dr-ai-card" data-card="{card_id}"><b>AI card {escape(card_id)}</b> drawn for {escape(who)} '
            f'({"boss" if boss else "minion"} part):<ol>{items}</ol></div>')


def incoming_html(b, incoming) -> str:
    """The attack waiting for a reaction: its exact HP-loss odds if no one reacts."""
    if incoming is None:
        return ""
    spread = ", ".join(f"{lost} HP {float(p):.0%}" for lost, p in incoming.odds.items())
    return (f'<div class="dr-panel dr-incoming" data-enemy="{incoming.enemy}" data-hero="{incoming.hero}" '
            f'style="border:2px solid #b00020; border-radius:6px; padding:4px; margin:3px 0">'
            f'<b>Incoming attack</b>: {escape(b.enemy(incoming.enemy).name)} {incoming.enemy} attacks '
            f'{escape(b.hero(incoming.hero).name)} for {incoming.damage}. If no one reacts: {spread}; '
            f'defeat {float(incoming.defeat):.0%} \u2620.</div>')


def danger_html(b, rows, incoming=None) -> str:
    """Per hero, for an enemy attack of each size: expected HP lost and the chance to be defeated."""
    if not rows:
        return ""
    sizes = sorted({n for _, cells in rows for n, _, _ in cells})
    head = "".join(f"<th>hit for {n}</th>" for n in sizes)
    body = ""
    for name, cells in rows:
        body += f"<tr><td>{escape(name)}</td>" + "".join(
            f'<td title="An attack of {n} damage on {escape(name)}: {lost:.2f} HP lost on average (after shields, armour and '
            f'expose markers), {dead:.0%} chance to be defeated">{lost:.2f} HP, {dead:.0%} \u2620</td>' for n, lost, dead in cells) + "</tr>"
    return incoming_html(b, incoming) + (f'<div class="dr-panel dr-danger"><b>Damage odds</b> (enrage included; expose markers drawn from those not seen):'
            f'<div style="overflow-x:auto"><table><tr><th>hero</th>{head}</tr>{body}</table></div></div>')



def threat_html(b, threat) -> str:
    """Threat this round: per hero, the chance the enemy activations still to come defeat the hero."""
    if threat is None:
        return ""
    if isinstance(threat, str):
        return f'<div class="dr-panel dr-threat"><b>Threat this round</b>: {escape(threat)}.</div>'
    if threat.activations == 0:
        return ('<div class="dr-panel dr-threat" data-activations="0"><b>Threat this round</b>: '
                'the enemies have no activation left this round.</div>')
    def chance(p, se):
        text = "<1%" if 0 < float(p) < 0.005 else f"{float(p):.0%}"  # never "0%" for a real chance
        return text if threat.exact else f"\u2248{text} \u00b1{se:.0%}"
    rows = ""
    for h in threat.heroes:
        if h.life <= 0:
            continue
        rows += (f'<div class="dr-threat-hero" data-hero="{h.hero}" data-defeat="{float(h.defeated):.6f}">'
                 f'{escape(h.name)} defeated {chance(h.defeated, h.stderr)} \u2620 '
                 f'({h.expected_loss:.2f} HP lost on average)</div>')
    how = ("exact over every AI card the enemies may draw" if threat.exact
           else escape(threat.note))
    return (f'<div class="dr-panel dr-threat" data-activations="{threat.activations}" data-exact="{int(threat.exact)}">'
            f'<b>Threat this round</b> ({threat.activations} enemy activation(s) to come; {how}; '
            f'no reactions or items, the board as it stands):{rows}'
            f'<div class="dr-threat-party">The party loses a hero: {chance(threat.party_loses, threat.party_stderr)}</div></div>')

LEGEND = ('<div class="dr-legend"><b>Legend:</b>'
          f'<span>{die_svg(4, 18)} a die (pips = face)</span><span>{die_svg(None, 18)} empty charge</span>'
          f'<span>{token_svg("hp", "", "")} hit points</span><span>{token_svg("shield", "", "")} shields</span>'
          f'<span>{token_svg("heroism", "", "")} heroism</span><span>{token_svg("expose", "", "")} face-down expose markers</span>'
          f'<span>{token_svg("armour", "", "")} armour</span><span>{token_svg("enrage", "", "")} enrage</span>'
          f'<span>{token_svg("lock", "", "")} dice lock</span><span>\u26a1 initiative</span><span>\u2691 objective</span>'
          '<span>\u2713 activated</span><span>\u2620 chance of defeat</span>'
          '<span>% best chance to activate a card this roll phase</span>'
          '<span>\u27f3 n: mark a die of face n to re-roll</span>'
          '<span>hover an enemy: the damage odds of its attacks</span>'
          '<span>threat this round: chance of defeat by the enemy activations still to come</span></div>')
