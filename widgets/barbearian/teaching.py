"""What the walkthrough needs from BarBEARian Battlegrounds: the table drawn through one seat's eyes, that
seat's choices, their exact raid odds and typed moves. Pure functions of the state (no widgets); the scenes
are in ``lessons`` and ``examples``.

Secrets stay secret: every drawing is of ``view(state, viewer)``, so another clan's placement behind its
screen and its Trial card are never written into the page before the reveal.
"""
from __future__ import annotations

from html import escape

from explorer.barbearian import (
    HIDDEN, KeepTrial, Pass, Place, Ready, StealGlory, StealResources, TakeBack, TempleSix, WalkAway, odds as bb_odds,
    rules, view,
)
from explorer.barbearian.state import BARRACKS
from explorer.core import IllegalAction, Session

from .labels import clan_name, describe_action
from .views import BB_CSS, forces_html, header_html, roll_html, villages_html


# -- drawing ----------------------------------------------------------------------------------------------

def _eyes(state, viewer) -> str:
    if viewer is None:
        return ('<div class="rx-small bb-eyes">Drawn as everyone at the table sees it (the Trial cards stay '
                'face down).</div>')
    me = state.name(viewer)
    secret = (" The other clans' placements are behind their screens until everyone is ready." if state.phase == "place"
              else "")
    return (f'<div class="rx-small bb-eyes"><b>Drawn as {escape(me)} sees the table</b>: {escape(me)}\'s own Trial '
            f'card is shown, the others\' are face down.{secret}</div>')


def _offer(state, viewer) -> str:
    """The two Trial cards a seat was dealt (only that seat sees them)."""
    if viewer is None or not state.players[viewer].offer:
        return ""
    cards = [state.deck.card(c) for c in state.players[viewer].offer]
    items = "".join(f"<li><b>{escape(c.name)}</b> ({c.glory} Glory): {escape(c.text)}</li>" for c in cards)
    return f'<div class="bb-panel bb-offer"><b>{escape(state.name(viewer))}\'s two Trial cards</b><ul>{items}</ul></div>'


def draw(state, viewer: int | None = None) -> str:
    """The table as the play dashboard draws it (header, the public roll, the Battleground, every village),
    through ``viewer``'s eyes (None: what everyone sees)."""
    v = view(state, viewer)
    return (f'{BB_CSS}<div class="wt-table bb-walk-table">{header_html(v)}{_eyes(v, viewer)}{_offer(v, viewer)}'
            f'{roll_html(v)}{forces_html(v)}{villages_html(v)}</div>')


# -- choices ------------------------------------------------------------------------------------------------

def _first_die(p, face: int) -> int | None:
    return next((d for d, (f, at) in enumerate(zip(p.faces, p.placement)) if f == face and at is None), None)


def choices(state, viewer: int | None = None) -> list:
    """The seat's choices (``viewer``, else whoever acts first): each placement once per face and space (the
    first die still to place with that face, as the example places), no taking back (a new placement has
    nothing to take back)."""
    seats = rules.acting_seats(state)
    seat = viewer if viewer is not None else (seats[0] if seats else None)
    if seat is None:
        return rules.legal_actions(state)
    out = []
    for a in rules.legal_actions(state, seat):
        if isinstance(a, TakeBack):
            continue
        if isinstance(a, Place):
            p = state.players[seat]
            if a.die != _first_die(p, p.faces[a.die]):
                continue
        out.append(a)
    return out


def describe(state, action) -> str:
    """A choice's label in words (the play dashboard's button)."""
    return describe_action(state, action)


# -- odds -----------------------------------------------------------------------------------------------------

def _of(k: int, n: int) -> str:
    """``k`` of ``n`` placements, exactly, with the percentage."""
    return f"in {k} of {n} ({k / n:.0%})"


def _placed(state, seat: int) -> tuple[dict[int, int], int]:
    """The seat's placement so far: strength sent at each opponent, and its Barracks dice."""
    p = state.players[seat]
    attack = {t: sum(p.on(f"battleground:{state.clan(t)}")) for t in range(state.n) if t != seat}
    return attack, sum(f for f, s in zip(p.faces, p.placement) if s in BARRACKS)


def raid_lines(state, seat: int) -> list[str]:
    """Exact raid odds of the seat's placement so far against each opponent, every sensible placement of the
    opponent's public roll counted equally (as the play dashboard's chart counts them; Empowers not counted)."""
    v = view(state, seat)
    attack, barracks = _placed(v, seat)
    mine = v.deck.perks(v.players[seat].upgrades)
    lines = []
    for t in v.turn_order():
        if t == seat:
            continue
        q, theirs = v.players[t], v.deck.perks(v.players[t].upgrades)
        cols = bb_odds.clash_matrix(v.players[seat].faces, q.faces, clash_tie=v.options.clash_tie, pareto=True,
                                    captains_training=(bool(mine.free_agents), bool(theirs.free_agents))).cols
        x = attack[t] + (mine.raid_bonus if attack[t] else 0)
        y = barracks + mine.sentries
        duels = [bb_odds.duel(x, y, c.attack + (theirs.raid_bonus if c.attack else 0), c.barracks + theirs.sentries,
                              v.options.clash_tie) for c in cols]
        n, them = len(cols), v.name(t)
        raid = f"your raid ({x}) breaks through {_of(sum(a for a, _ in duels), n)}; " if x else ""
        lines.append(f"over {them}'s {n} sensible placements: {raid}{them}'s raid breaks your Barracks "
                     f"({y}) {_of(sum(b for _, b in duels), n)}")
    return lines


def _gains(state, seat: int) -> str:
    """What the seat's dice on the Farm, Forge and Temple bring for certain in the Gather Phase."""
    p = state.players[seat]
    honey, ore, temple = len(p.on("farm")), len(p.on("forge")), p.on("temple")
    parts = [f"{n} {r}" for n, r in ((honey, "Honey"), (ore, "Ore"), (sum(1 for f in temple if f < 6), "Faith")) if n]
    sixes = sum(1 for f in temple if f == 6)
    if sixes:
        parts.append(f"{sixes} Temple 6 (two Faith or a locked Glory)")
    return ("certain in the Gather Phase: " + ", ".join(parts)) if parts else ""


def consequence(before, after, seat: int) -> str:
    """What a choice with no dice left to chance changes, in words (Glory, Resources, the Trial kept)."""
    out = []
    for s in range(before.n):
        a, b = before.players[s], after.players[s]
        if a.glory_count != b.glory_count:
            out.append(f"{before.name(s)} {a.glory_count} to {b.glory_count} Glory")
        locked = sum(lk for _, lk in b.glory) - sum(lk for _, lk in a.glory)
        if locked > 0:
            out.append(f"{before.name(s)} locks {locked} Glory (safe from raids)")
        if a.resources != b.resources:
            out.append(f"{before.name(s)} Resources {sum(a.resources)} to {sum(b.resources)}")
    p = after.players[seat]
    if p.trial and p.trial != before.players[seat].trial and p.trial != HIDDEN:
        card = after.deck.card(p.trial)
        out.append(f"{before.name(seat)} is on the Trial {card.name} ({card.glory} Glory when completed)")
    return "; ".join(out) or "no token changes hands"


def odds(session: Session, viewer: int | None = None) -> list[tuple[object, str]]:
    """The exact value of each choice now. A placement: the raid odds of the placement so far against every
    sensible placement of the other clans' public rolls, and what its economy dice bring for certain; any other
    choice has no dice left to chance: its result in words."""
    state = session.state
    seats = [viewer] if viewer is not None else rules.acting_seats(state)
    if not seats:
        return []
    out = []
    for seat in seats:
        for action in choices(state, seat):
            trial = Session.from_json(session.to_json(), game=session.game)
            trial.jump(session.cursor)
            trial.play(action)
            if isinstance(action, (Place, Ready)):
                words = raid_lines(trial.state, seat)
                gains = _gains(trial.state, seat)
                out.append((action, "; ".join(words + ([gains] if gains else []))))
            else:
                out.append((action, "certain: " + consequence(state, trial.state, seat)))
        if state.phase == "place":
            break  # a simultaneous phase: the choices are the first seat's (the walkthrough asks one seat at a time)
    return out


# -- typed moves ----------------------------------------------------------------------------------------------

TYPED_MOVES = "4 forge, 3 raid red, 1 barracks, 2 farm, 6 temple, ready, steal red, walk away, lock red, faith, pass"
SPACES = {"farm": "farm", "forge": "forge", "temple": "temple", "barracks": "barracks_1"}


def _space(state, seat: int, words: list[str]) -> str:
    if words and words[0] in ("raid", "attack", "battleground", "battle"):
        clans = [w for w in words[1:] if w in state.options.clans]
        if not clans:
            foes = ", ".join(clan_name(state.clan(t)) for t in range(state.n) if t != seat)
            raise IllegalAction(f"say which clan to raid ({foes}), e.g. '3 raid {state.clan((seat + 1) % state.n)}'")
        return f"battleground:{clans[0]}"
    if words[:1] == ["barracks"] and "2" in words[1:]:
        return "barracks_2"
    if words and words[0] in SPACES:
        return SPACES[words[0]]
    raise IllegalAction(f"{' '.join(words) or 'nothing'!r} is not a Village space; say farm, forge, temple, barracks, "
                        f"barracks 2 or raid <clan>")


def parse_at(state, text: str, viewer: int | None = None):
    """A typed move in plain words (see ``TYPED_MOVES``) for ``viewer`` (else the first seat to act); the engine
    judges whether it is legal."""
    words = text.lower().replace("->", " ").split()
    seats = rules.acting_seats(state)
    seat = viewer if viewer is not None else (seats[0] if seats else 0)
    name = state.name(seat)
    if words[:1] and words[0].isdigit():
        face = int(words[0])
        p = state.players[seat]
        if face not in p.faces:
            raise IllegalAction(f"{name} has no die showing {face} (the roll: {', '.join(map(str, p.faces)) or 'none yet'})")
        die = _first_die(p, face)
        return Place(seat, die if die is not None else p.faces.index(face), _space(state, seat, words[1:]))
    match words:
        case ["ready", *_]:
            return Ready(seat)
        case ["steal", clan, *_] if clan in state.options.clans:
            return StealGlory(seat, clan)
        case ["take", "resources", *_] | ["resources", *_]:
            return StealResources(seat)
        case ["walk", *_]:
            return WalkAway(seat)
        case ["lock", clan, *_] if clan in state.options.clans:
            return TempleSix(seat, clan)
        case ["faith", *_] | ["two", "faith", *_]:
            return TempleSix(seat, None)
        case ["pass", *_]:
            return Pass(seat)
        case ["keep", *rest] if rest:
            wanted = " ".join(rest)
            for card in state.players[seat].offer:
                if wanted in (card.lower(), state.deck.card(card).name.lower()):
                    return KeepTrial(seat, card)
            raise IllegalAction(f"{name} was not dealt a Trial card named {wanted!r}")
    raise IllegalAction(f"{text.strip() or 'an empty move'!r} is not a move I know; type one like: {TYPED_MOVES}")
