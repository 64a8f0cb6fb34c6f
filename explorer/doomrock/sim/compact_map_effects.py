"""The compact campaign's map effects: the engine's ``adventure`` module (pending effects resolved top to bottom,
perils and events, LOOT!, HP and party damage on the map), ``campaign_setup.reveal`` and the campaign's side of a
battle (``campaign.start_battle``, ``campaign.finish_battle``, ``campaign.final_victory``) over a ``CCampaign``,
changed in place. Each function is the engine function of the same name (its docstring names the rule), without
the log.
"""
from __future__ import annotations

from ..campaign_state import (
    CampTask, DrawEvent, FreeLevelUps, GlobalEffect, KeepTask, PartyDamageTask, PickItems, ShopTask,
)
from ..adventure import map_share_room
from ..cards import Choice, Loot, Test
from ..state import Battle
from .compact import CBattle, CDie, from_battle, regroup
from .compact_map import CArea, CCampaign, c_hero

DECISIONS = frozenset({Loot, Test, Choice, CampTask, ShopTask, KeepTask, FreeLevelUps, PickItems, PartyDamageTask})


def waiting(m: CCampaign):
    """The pending effect that needs the party (or chance), or None."""
    if not m.pending:
        return None
    head = m.pending[-1]
    kind = type(head)
    if kind in DECISIONS:
        return head
    if kind is DrawEvent and not m.event_draw.get(head.deck) and m.event_discard.get(head.deck):
        return head
    return None


def push(m: CCampaign, steps: tuple) -> None:
    """Put effects at the head of the queue (they resolve next, top to bottom)."""
    if steps:
        m.pending.extend(reversed(steps))


def run(m: CCampaign) -> None:
    """Resolve pending effects until one needs a decision (or none are left)."""
    pending = m.pending
    while pending and m.result is None and waiting(m) is None:
        _resolve(m, pending.pop())


def _resolve(m: CCampaign, step) -> None:
    """Location Effects: one map effect (SHIELD, EXPOSE, HEROISM, silver, HP, PERIL, CAMP, SHOP...)."""
    kind = type(step)
    if kind is DrawEvent:
        draw_event(m, step)
        return
    if kind is GlobalEffect:  # (the log names the card whose effect follows)
        return
    name, n = step.name, m.t.amount(step)
    if name == "SHIELD":
        for h in m.heroes:
            h.shields = max(0, h.shields + n)
    elif name == "HEROISM":
        for h in m.heroes:
            h.heroism = max(0, h.heroism + n)
    elif name == "EXPOSE":
        expose(m, n)
    elif name == "SILVER":
        m.silver = max(0, m.silver + n)
    elif name == "TIME":
        m.time = max(0, m.time + n)
    elif name == "HP":
        hp(m, n)
    elif name == "PARTY_DAMAGE":
        party_damage(m, n)
    elif name == "PERIL":
        m.pending.append(m.t.perils[m.area.id][0])
    elif name == "CAMP":
        m.pending.append(CampTask())
    elif name == "SHOP":
        m.pending.append(ShopTask())
    elif name == "ITEM":
        gain_items(m, step.param("rarity"), step.param("count"))
    # NOTHING: nothing happens


def gain_items(m: CCampaign, rarity: str, count: int) -> None:
    """Received items go to the shared party inventory (an empty deck gives nothing, DR-13)."""
    deck = m.common if rarity == "common" else m.epic
    m.inventory += deck[:count]
    del deck[:count]


def expose(m: CCampaign, n: int) -> None:
    """EXPOSE +/-: face-down markers from the pool; lost markers go back under the pool (DR-12)."""
    pool = m.expose_pool
    for h in m.heroes:
        if n > 0:
            h.expose += pool[:n]
            del pool[:n]
        else:
            cut = max(0, len(h.expose) + n)
            pool += h.expose[cut:]
            del h.expose[cut:]


def hp(m: CCampaign, n: int) -> None:
    """HP +/-: healing up to the maximum, or damage to each hero (shields may prevent it)."""
    if n > 0:
        for h in m.heroes:
            h.hp = min(h.max_hp, h.hp + n)
        return
    for h in m.heroes:
        wound(m, h, -n)
    check_defeat(m)


def wound(m: CCampaign, h, n: int) -> None:
    """HP -: damage to one hero on the map; shields may prevent it (DR-11)."""
    blocked = min(h.shields, n) if m.options.map_shields else 0
    h.shields -= blocked
    h.hp -= min(h.hp, n - blocked)


def party_damage(m: CCampaign, n: int) -> None:
    """Party damage: "the damage may be divided between any number of heroes as they see fit"."""
    alive = [k for k, h in enumerate(m.heroes) if h.hp > 0]
    room = tuple(map_share_room(m.options, h.hp, h.shields) for h in m.heroes)
    if len(alive) == 1:
        wound(m, m.heroes[alive[0]], min(n, room[alive[0]]))
        check_defeat(m)
        return
    m.pending.append(PartyDamageTask(n, room))


def take_damage(m: CCampaign, i: int) -> None:
    """One point of the party damage to hero ``i``; when all is divided (or no hero may accept more), defeated
    heroes are checked."""
    task = m.pending.pop()
    wound(m, m.heroes[i], 1)
    room = tuple(r - (k == i) for k, r in enumerate(task.room))
    if task.left > 1 and any(room):
        m.pending.append(PartyDamageTask(task.left - 1, room))
        return
    check_defeat(m)


def check_defeat(m: CCampaign) -> None:
    """Defeated heroes on the map are restored to 1 HP, unless all are defeated: the game is lost."""
    if all(h.hp <= 0 for h in m.heroes):
        m.result, m.phase = "defeat", "over"
        m.pending.clear()
        return
    for h in m.heroes:
        if h.hp <= 0:
            h.hp = 1


def draw_event(m: CCampaign, task: DrawEvent) -> None:
    """Perils and events: the first keyword of the area picks the deck; permanent events stay."""
    draw = m.event_draw.get(task.deck)
    if not draw:
        return
    card_id = draw.pop(0)
    ev = m.deck.card(card_id)
    if task.peril:
        m.event_discard.setdefault(task.deck, []).append(card_id)
        push(m, ev.peril)
    elif ev.permanent is not None:
        m.area.events.append(card_id)
    else:
        m.event_discard.setdefault(task.deck, []).append(card_id)
        push(m, ev.steps)


def remove_secret(m: CCampaign, n: int = 1) -> None:
    """Removing the last secret marker gains the exploration bonus immediately."""
    area = m.area
    area.secrets -= n
    if area.secrets == 0:
        push(m, m.deck.card(area.id).bonus)


def reveal(m: CCampaign) -> None:
    """``campaign_setup.reveal``: the top area card to the right, secrets placed, a SHOP draws its stock."""
    top = m.area_deck.pop(0)
    area = m.deck.card(top)
    shop: list = []
    if area.shop is not None:
        commons, epics = area.shop
        shop = m.common[:commons] + m.epic[:epics]
        del m.common[:commons]
        del m.epic[:epics]
    m.board.append(CArea(top, area.secrets, shop, []))
    m.doomrock_revealed = m.doomrock_revealed or area.type == "doomrock"


def final_victory(m: CCampaign) -> None:
    """Adventuring, Victory and loss conditions: the game is won once the final battle's rewards are collected."""
    if m.result is None and m.phase == "map" and not m.encounters and not m.pending:
        m.result, m.phase = "victory", "over"


def start_battle(m: CCampaign) -> None:
    """``campaign.start_battle``: time ran out, the next encounter (the final one needs the Doomrock area
    revealed); the battle, compact, waits for its Battle Setup."""
    if len(m.encounters) == 1 and not m.doomrock_revealed:
        m.result, m.phase = "defeat", "over"
        return
    m.battle = new_battle(m)
    m.phase, m.inventory, m.map_actions = "battle", [], 0


def new_battle(m: CCampaign) -> CBattle:
    """``setup.new_battle``, compact: the next encounter's battle waiting for ``SetUpBattle``; the heroes (copies)
    keep HP, expose, shield and heroism markers and take the default formation."""
    g = from_battle(Battle(m.encounters[0], ()), m.deck, m.options)  # (every other field as a new battle has it)
    heroes = [c_hero(h) for h in m.heroes]
    groups = (0,) * len(heroes) if m.options.formation == "together" else tuple(range(len(heroes)))
    for h, x in zip(heroes, groups):
        h.hidden, h.used_items, h.heroism_on, h.group = False, (), (), x + 1
    g.heroes, g.next_group, g.inventory = heroes, max(groups) + 2, tuple(m.inventory)
    g.dice = [CDie(i, k) for i, h in enumerate(heroes) for k in range(len(h.abilities))]
    regroup(g)
    markers = [x for h in heroes for x in h.expose]
    g.cumulations = frozenset(x for x in markers if x.partition("#")[0] == "cumulation")
    g.markers = len(markers)
    return g


def finish_battle(m: CCampaign) -> None:
    """``campaign.finish_battle``: after a battle, markers discarded, defeated heroes restored to 1 HP, rewards,
    a new setting (a lost battle loses the game and stays in the state)."""
    g: CBattle = m.battle
    if g.result != "victory":
        m.result, m.phase = "defeat", "over"
        return
    markers = g.expose_pool + g.expose_up + g.expose_out
    for x in g.heroes + g.enemies:
        markers += x.expose
    for h in g.heroes:
        h.hp, h.broken, h.shields, h.heroism, h.heroism_on, h.expose = max(1, h.hp), 0, 0, 0, (), []
        h.hidden, h.used_items, h.group, h.extra, h.redirected = False, (), 0, 0, False
    m.heroes, m.battle, m.expose_pool, m.inventory = g.heroes, None, markers, list(g.inventory)
    del m.encounters[0]
    m.battles_won += 1
    rewards = m.deck.card(m.setting).rewards
    m.phase = "map"
    if m.encounters:
        if m.settings_deck:
            m.setting = m.settings_deck.pop(0)
        m.time = m.deck.card(m.setting).time
    push(m, rewards)
    run(m)
    if not m.encounters:  # "the party receives battle rewards ... If the battle was the final battle, heroes win"
        final_victory(m)
