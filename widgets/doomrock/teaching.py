"""What the walkthrough needs from Assault on Doomrock: the drawn table (the play dashboard's battlefield,
party and adventure map), the learner's choices in words, their exact odds and typed moves. Pure functions
of the state (no widgets); the scenes are in ``lessons`` and ``examples``.
"""
from __future__ import annotations

import re
from collections import Counter

from explorer.core import IllegalAction, Session
from explorer.doomrock import (Activate, Assign, Campaign, Choose, DoneAssigning, EndInitiative, EndRound,
                               KeepDice, MakeHeroism, MakeShield, Reroll, RollLoot, TestStat)
from explorer.doomrock.adventure import waiting
from explorer.doomrock.cards import Choice, Loot, Test
from explorer.doomrock.game import BATTLE_GAME, GAME
from explorer.doomrock.odds.advice import roll_advice, unseen_markers
from explorer.doomrock.odds import damage_odds
from explorer.doomrock.positions import enemy_armour

from .campaign_view import _loot_table, best_test, decision_html, steps_text, test_odds
from .danger import enemy_threats
from .labels import describe as battle_label
from .map_view import describe_map_action, map_html
from .views import CSS, LEGEND, battlefield_html, expose_html, party_html


def staged(start):
    """The Doomrock game (battle or campaign) begun at ``start``: a worked example that starts mid-game (a
    LOOT! waiting, a boss about to act) is played from there by the engine's own rules."""
    base = type(GAME if isinstance(start, Campaign) else BATTLE_GAME)

    class Staged(base):
        def initial_state(self, options, content):
            return start

    return Staged()


def staged_session(start, seed: int = 0) -> Session:
    return Session(staged(start), start.options, start.deck, seed=seed)


# -- drawing -----------------------------------------------------------------------------------------

def battle_of(state):
    """The battle being fought in ``state``, or None (a campaign on its adventure map)."""
    if isinstance(state, Campaign):
        return state.battle if state.phase == "battle" else None
    return state.battle


def draw(state) -> str:
    """The table as the play dashboard draws it: a battle's field, expose markers and party with each card's
    chance to activate; or the campaign's adventure map with the decision waiting on it."""
    b = battle_of(state)
    if b is None:
        if state.phase == "setup":
            return '<div class="dr-panel">The campaign is not set up yet.</div>'
        return f'<div class="doomrock-app">{CSS}{map_html(state)}{decision_html(state)}</div>'
    deck, options = state.deck, state.options
    advice = roll_advice(b, deck)
    return (f'<div class="doomrock-app">{CSS}{battlefield_html(b, deck, enemy_threats(b, deck, options))}'
            f'{expose_html(b)}{party_html(b, deck, advice)}{LEGEND}</div>')


# -- choices ------------------------------------------------------------------------------------------

def keep_label(kept, hand) -> str:
    again = list((Counter(hand) - Counter(kept)).elements())
    if not again:
        return f"Keep all ({' '.join(map(str, sorted(hand)))})"
    return (f"Keep {' '.join(map(str, kept))}, re-roll {' '.join(map(str, sorted(again)))}" if kept
            else f"Re-roll all ({' '.join(map(str, sorted(again)))})")


def describe(state, action) -> str:
    """A choice's label in words (the play dashboard's, a keep said as what stays and what is re-rolled)."""
    b = battle_of(state)
    if b is None:
        return describe_map_action(state, action) or type(action).__name__
    if isinstance(action, (Reroll, KeepDice)) and b.phase == "roll" and not b.assigning:
        hand = [d.face for d in b.hero_dice(b.roller) if d.place == "rolled"]
        again = Counter(b.die(b.roller, i).face for i in action.dice) if isinstance(action, Reroll) else Counter()
        return keep_label(sorted((Counter(hand) - again).elements()), hand)
    return battle_label(b, state.deck, action)


def choices(state) -> list:
    """The learner's choices: the legal actions, one per distinct choice (re-rolling this 6 or that 6 is one
    choice: the keep choices of the roll-phase odds; placing either 4 on a card is one choice)."""
    b = battle_of(state)
    legal = list((GAME if isinstance(state, Campaign) else BATTLE_GAME).legal_actions(state))
    if b is not None and b.phase == "roll" and any(isinstance(a, Reroll) for a in legal):
        return [k.action for k in roll_advice(b, state.deck).keeps]
    out, seen = [], set()
    for a in legal:
        label = describe(state, a)
        if label not in seen:
            seen.add(label)
            out.append(a)
    return out


# -- odds ---------------------------------------------------------------------------------------------

def _pct(p) -> str:
    p = float(p)
    return "<1%" if 0 < p < 0.005 else f"{p:.0%}"


def placed_sets(b, deck, i: int) -> int:
    """Sets of dice hero ``i`` has on cards (Roll Phase: Assign dice)."""
    total = 0
    for cid in dict.fromkeys(b.hero(i).abilities):
        card = deck.card(cid)
        total += min(card.charges, len(b.on_card(i, cid)) // card.activation.dice)
    return total


def hit_odds(b, deck, action: Activate):
    """The exact HP an ability takes from its enemy target (Battle Effects: Damage: expose markers, then
    shields, then armour), over the face-down expose markers nobody has seen; None if it deals no damage."""
    try:
        e = b.enemy(action.target)
    except KeyError:
        return None
    card = deck.card(action.card)
    amounts = [x.param("amount") for x in card.effects if x.name == "damage"]
    if not amounts:
        return None
    amounts[0] += sum(x.param("amount") for x in card.heroism if x.name == "bonus_damage") * action.heroism
    return damage_odds(amounts, shields=e.shields, armour=enemy_armour(b, e.uid), exposed=len(e.expose),
                       unseen=unseen_markers(b), hp=e.hp)


def _trial(session: Session, action) -> Session:
    trial = Session.from_json(session.to_json(), game=session.game)
    trial.jump(session.cursor)
    trial.play(action)
    return trial


def odds(session: Session) -> list[tuple[object, str]]:
    """The exact value of each choice now, where the odds package answers it: a keep's expected sets this
    roll phase, a placement's sets, an attack's HP and defeat chance, a TEST's chance to pass, a LOOT!'s
    rewards. Other choices (which minion activates, where to travel) have no odds here."""
    state = session.state
    b = battle_of(state)
    if b is None:
        return _map_odds(state)
    deck = state.deck
    if b.phase == "roll" and not b.assigning and b.rolls:
        advice = roll_advice(b, deck)
        return [(k.action, f"{k.value:.2f} expected sets placed on cards this roll phase, best play after "
                           f"({advice.rerolls_left} re-roll(s) left)") for k in advice.keeps]
    if b.phase == "roll" and b.assigning:
        i, out = b.roller, []
        for a in choices(state):
            after = battle_of(_trial(session, a).state)
            more = roll_advice(after, deck) if after.phase == "roll" and after.roller == i and after.assigning else None
            value = more.value if more is not None else placed_sets(after, deck, i)
            out.append((a, f"{value:.0f} set(s) on cards with the best placement of the rest"))
        return out
    out = []
    for a in choices(state):
        if isinstance(a, Activate):
            lost = hit_odds(b, deck, a)
            if lost is not None:
                hp = b.enemy(a.target).hp
                spread = ", ".join(f"{k} HP {_pct(p)}" for k, p in lost.items())
                out.append((a, f"HP lost: {spread}; defeats it: {_pct(sum(p for k, p in lost.items() if k >= hp))}"))
    return out


def _map_odds(c) -> list[tuple[object, str]]:
    head = waiting(c) if c.phase == "map" else None
    if isinstance(head, Test):
        return [(TestStat(i, s), f"passes {_pct(p)} (a D6 roll of {max(1, d - v)} or more)")
                for i, s, v, d, p in test_odds(c, head)]
    if isinstance(head, Loot):
        table, chances = _loot_table(c, head)
        return [(RollLoot(), "; ".join(f"{steps_text(r.steps)} {_pct(chances[k])}" for k, r in enumerate(table)
                                       if k in chances))]
    if isinstance(head, Choice):
        out = []
        for k, option in enumerate(head.options):
            notes = [f"LOOT! {x.modifier:+}: " + "; ".join(f"{steps_text(r.steps)} {_pct(p[j])}" for j, r in enumerate(t) if j in p)
                     for x in option if isinstance(x, Loot) for t, p in [_loot_table(c, x)]]
            notes += [f"best chance to pass: {_pct(best[4])}" for x in option if isinstance(x, Test)
                      for best in [best_test(c, x)] if best]
            out.append((Choose(k), "; ".join(notes) or "no chance involved"))
        return out
    return []


# -- typed moves --------------------------------------------------------------------------------------

TYPED = "keep 6 6, reroll 3, place 6 on poisonous stab, heroism 6, shield 1, done, end, or a button's words"


def parse(state, text: str):
    """A typed move in plain words (see ``TYPED``); the engine judges whether it is legal."""
    words = text.lower().replace("\u2192", " ").split()
    nums = [int(x) for x in words if re.fullmatch(r"[1-6]", x)]
    b = battle_of(state)
    if b is not None and b.phase == "roll" and words[:1] in (["keep"], ["reroll"], ["re-roll"]) and not b.assigning:
        rolled = [d for d in b.hero_dice(b.roller) if d.place == "rolled"]
        hand = Counter(d.face for d in rolled)
        if words[:2] == ["keep", "all"]:
            return KeepDice()
        want = Counter(nums) if words[0] == "keep" else hand - Counter(nums)
        if words[0] != "keep" and Counter(nums) - hand or words[0] == "keep" and want - hand:
            raise IllegalAction(f"the dice in hand are {' '.join(map(str, sorted(hand.elements())))}: "
                                f"{' '.join(map(str, nums)) or 'no die'} cannot be {words[0]}ed")
        again, left = [], Counter(want)
        for d in rolled:
            if left[d.face]:
                left[d.face] -= 1
            else:
                again.append(d.index)
        return Reroll(tuple(again)) if again else KeepDice()
    if b is not None and b.phase == "roll" and b.assigning and words[:1] in (["place"], ["shield"], ["heroism"]) and nums:
        die = next((d.index for d in b.hero_dice(b.roller) if d.place == "rolled" and d.face == nums[0]), None)
        if die is None:
            raise IllegalAction(f"no {nums[0]} is left in hand")
        if words[0] == "shield":
            return MakeShield(die)
        if words[0] == "heroism":
            return MakeHeroism(die)
        name = " ".join(w for w in words[2:] if w != "on")
        card = next((c for c in b.hero(b.roller).abilities if state.deck.card(c).name.lower() == name), None)
        if card is None:
            raise IllegalAction(f"{b.hero(b.roller).name} has no card called {name!r}")
        return Assign(die, card)
    legal = choices(state)
    if words in (["done"],):
        return DoneAssigning()
    if words in (["end"],) and b is not None:
        return EndInitiative() if b.phase == "initiative" else EndRound()
    said = " ".join(words)
    hits = [a for a in legal if said and said in describe(state, a).lower()]
    if len(hits) == 1:
        return hits[0]
    raise IllegalAction(f"{text.strip() or 'an empty move'!r} is not a move I know here; type one like: {TYPED}")
