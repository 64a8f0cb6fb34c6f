"""The battle's damage figures for the page: per enemy the odds of its attacks (a tooltip), per hero the
odds of an attack of each size, and the round's threat (cached per board the enemies would act on)."""
from __future__ import annotations

from dataclasses import replace

from explorer.doomrock.odds.advice import attack_damage, hero_damage_odds
from explorer.doomrock.odds.threat import enemy_phase_start, round_threat

#: The threat line's work: exact up to this many engine actions, else an estimate from this many play-outs.
THREAT_STEPS = 1_500
THREAT_SAMPLES = 200


def threat_board(b, deck):
    """What the threat line depends on: the board the enemies would act on, less the dice not locked and
    the heroism (the party neither reacts nor uses items while the enemies act, ruling DR-O12, so a die
    on a card changes whom a steal robs, never the HP lost), so placing dice keeps the cached figures."""
    start = enemy_phase_start(b, deck)
    return replace(start, dice=tuple(d for d in start.dice if d.place in ("locked", "stolen")),
                   heroes=tuple(replace(h, heroism=0, heroism_on=()) for h in start.heroes))


def _hit(b, deck, i, n):
    """An attack of ``n`` damage on hero ``i``: (HP lost on average, chance of defeat)."""
    odds = hero_damage_odds(b, deck, i, [n])
    lost = float(sum(k * p for k, p in odds.items()))
    dead = float(sum(p for k, p in odds.items() if k >= b.hero(i).life))
    return lost, dead


def enemy_threats(b, deck, options) -> dict[str, str]:
    """Per enemy, the damage odds of each attack its AI deck holds, against the heroes it can reach."""
    out = {}
    for e in b.alive_enemies:
        lines = [a for c in deck.card(e.deck).cards for a in (c.boss if e.boss else c.minion) if a.do == "attack"]
        if not lines:
            out[e.uid] = f"{e.name} {e.uid}: its AI deck holds no attack."
            continue
        near = [i for i in b.alive_heroes if b.hero(i).group == e.group] or list(b.alive_heroes)
        text = [f"{e.name} {e.uid}, {e.hp} of {e.max_hp} HP. Attacks in its AI deck (enrage included), if they hit:"]
        for amount in sorted({a.amount for a in lines}):
            n = attack_damage(b, deck, options, amount, e.uid)
            for i in near:
                lost, dead = _hit(b, deck, i, n)
                text.append(f"{n} damage to {b.hero(i).name}: {lost:.2f} HP lost on average, defeat {dead:.0%}")
        out[e.uid] = "\n".join(text)
    return out


def danger_rows(b, deck, options):
    """Per hero, for an enemy attack of 1, 2 and 3 (enrage included): (damage, HP lost on average, defeat)."""
    rows = []
    for i in b.alive_heroes:
        cells = []
        for base in (1, 2, 3):
            n = attack_damage(b, deck, options, base)
            cells.append((n, *_hit(b, deck, i, n)))
        rows.append((b.hero(i).name, cells))
    return rows


class ThreatCache:
    """Threat this round, exact when small enough, else a seeded estimate; rolling and re-rolling in the roll
    phase leave the board the enemies act on as it is, so the figure is computed once."""

    def __init__(self):
        self._cache: dict = {}

    def get(self, b, deck, options):
        key = (threat_board(b, deck), id(deck), options)
        if key not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            try:
                self._cache[key] = round_threat(b, deck, options, max_steps=THREAT_STEPS, samples=THREAT_SAMPLES)
            except Exception as e:  # a sentence on the page, never a traceback
                self._cache[key] = f"no threat odds here ({type(e).__name__}: {e})"
        return self._cache[key]
