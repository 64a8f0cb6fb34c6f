"""II - Action Phase (movement and attacks), the start and end of a turn, Feats and the end of the game."""
from __future__ import annotations

from ..core.events import Event, count
from ..core.frozen import replace
from .attack import attack_profile, resolve_attack
from .board import adjacent, distance, ring
from .effects import FeatView
from .gps import place_hero, relocate
from .health import (
    altitude,
    blocked,
    crafted_count,
    gain_pp,
    heal,
    lose_pp,
    movement_points,
)
from .injuries import injure
from .preparation import obsolescence_shift
from .state import State, Task, Turn
from .tiles import offer_tile, tile_spots

MOVE = "Movement Step"


def begin_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """Game Turns: a knocked-out Hero first returns (Knocked Out!), then obsolescence is applied."""
    s = replace(state, active=seat, turn=Turn(), pending=())
    ev = [Event(f"Round {s.round}: {s.name(seat)}'s turn begins.", "Game Turns")]
    if s.player(seat).knocked_out:
        return replace(s, pending=(Task("return", seat),)), ev
    s, e = obsolescence_shift(s, seat)
    return s, ev + e


def return_to_green(state: State, new_top: str) -> tuple[State, list[Event]]:
    """Knocked Out!: reset HP to 18 and perform a GPS relocation; then the turn goes on, obsolescence included."""
    seat = state.active
    s = replace(state, pending=state.pending[1:]).with_player(seat, hp=state.options.max_hp, knocked_out=False)
    ev = [Event(f"{s.name(seat)} is back on their feet with {s.options.max_hp} HP.", "Knocked Out! (KO)")]
    s, spaces, e = relocate(s, new_top, 1)
    ev += e
    s, e = place_hero(s, seat, spaces[0])
    ev += e
    if not (s.pending and s.pending[0].kind == "place"):
        s, e = arrive(s, seat)
        ev += e
    if s.pending and s.pending[0].kind in ("place", "teleport"):  # obsolescence waits for the Hero to be on the Green
        return replace(s, pending=s.pending[:1] + (Task("obsolescence", seat),) + s.pending[1:]), ev
    s, e = obsolescence_shift(s, seat)
    return s, ev + e


# -- movement ---------------------------------------------------------------------------
def move_cost(state: State, frm: str, to: str) -> int:
    """1 MP, +1 per level climbed (Climbing), +1 to leave an Oil Slick."""
    return move_costs(state, frm, (to,))[0]


def move_costs(state: State, frm: str, spaces) -> list[int]:
    """``move_cost`` from ``frm`` to each of ``spaces`` (the legal moves ask for all the neighbours at once)."""
    here = altitude(state, frm)
    leave = 1 + (1 if state.tile_at(frm) == "oil_slick" else 0)
    return [leave + max(0, altitude(state, to) - here) for to in spaces]


def fall(reading: str, start: int, frm: int, to: int, fallen: int = 0) -> tuple[int, int]:
    """Altitudes: Falling (ruling RP-27): the Injuries for one move between altitudes ``frm`` and ``to``.

    "move": a move that descends 2 levels or more costs 1 Injury a level. "step": the descent is counted from
    ``start`` (where the movement step began), each level once a step (``fallen`` levels are counted already).

    Returns:
        (Injuries, levels counted so far)
    """
    if reading == "move":
        drop = frm - to
        return (drop if drop >= 2 else 0), fallen
    depth = start - to
    return (depth - fallen, depth) if depth >= 2 and depth > fallen else (0, fallen)


def pick_up(state: State, seat: int, space: str) -> tuple[State, list[Event]]:
    """Picking up lootboxes: every Lootbox token (and the golden one) in the space goes to your supply."""
    n = state.lootboxes.count(space)
    golden = state.golden == space
    if not n and not golden:
        return state, []
    p = state.player(seat)
    s = replace(state, lootboxes=tuple(x for x in state.lootboxes if x != space), golden=None if golden else state.golden)
    s = s.with_player(seat, lootboxes=p.lootboxes + n, golden=p.golden or golden)
    s = replace(s, turn=replace(s.turn, picked=s.turn.picked + n + golden))
    what = " and ".join(x for x in ((f"{n} lootbox(es)" if n else ""), ("the golden Lootbox" if golden else "")) if x)
    return s, [Event(f"{state.name(seat)} picks up {what} at {space}.", "Picking up lootboxes")]


def start_movement(state: State) -> tuple[State, list[Event]]:
    """The movement step begins: MP are counted and a Lootbox in your space is picked up."""
    seat = state.active
    t = state.turn
    mp = movement_points(state, seat)
    s = replace(state, turn=replace(t, movement="open", mp=mp, attack="done" if t.attack == "open" else t.attack,
                                    fall_from=altitude(state, state.player(seat).space), fallen=0))
    ev = [Event(f"{s.name(seat)} starts the movement step with {mp} MP.", MOVE)]
    s, e = pick_up(s, seat, s.player(seat).space)
    return s, ev + e


def enter(state: State, seat: int, frm: str, to: str, movement: bool, falls: bool = True) -> tuple[State, list[Event]]:
    """Entering a space: falling, lootboxes, turrets and squirrels, teleporters (Altitudes, Tile Effects).

    ``movement``: the Hero's own movement step (lootboxes are picked up); ``falls``: falling applies (a
    replacement falls only with ``options.placement_falls``, RP-7 and RP-11).
    """
    return entered(state, seat, frm, to, movement, falls)[:2]


def entered(state: State, seat: int, frm: str, to: str, movement: bool,
            falls: bool = True) -> tuple[State, list[Event], int]:
    """Entering a space as ``enter`` does (Altitudes, Tile Effects), and the Injuries the Hero suffered there (a
    push's, for ruling RP-37)."""
    s = state.with_player(seat, space=to)
    ev: list[Event] = []
    suffered = 0
    step = movement and seat == state.active and state.turn.movement == "open"
    t = state.turn
    hurt, fallen = fall(state.options.falling if step else "move", t.fall_from if step else altitude(state, frm),
                        altitude(state, frm), altitude(state, to), t.fallen if step else 0)
    if step and falls:
        s = replace(s, turn=replace(s.turn, fallen=fallen))
    if hurt and falls:
        s, e = injure(s, seat, hurt, "Altitudes: Falling")
        ev += e
        suffered += hurt
    if movement and not s.player(seat).knocked_out:
        s, e = pick_up(s, seat, to)
        ev += e
    dogniss = "Dogniss" in state.name(seat)
    for sp, tile in state.tiles:
        if s.player(seat).knocked_out:
            break
        if tile == "turret" and to in ring(sp, 1, state.options.ring_shape):
            s, e = injure(s, seat, 2, "Turret Tile")
            ev += e
            suffered += 2
        if tile == "squirrel" and not dogniss and to in ring(sp, 1, state.options.ring_shape):
            s, e = injure(s, seat, 3, "Squirrel Tile")
            ev += e
            suffered += 3
    if s.tile_at(to) == "teleporter" and not s.player(seat).knocked_out:
        s = replace(s, pending=s.pending + (Task("teleport", state.active, (str(seat),)),))
        ev.append(Event(f"{state.name(seat)} enters a Teleporter at {to}: a controlled GPS relocation follows.", "Teleporter Tile"))
    return s, ev, suffered


def at_once(state: State, waiting: int) -> State:
    """Teleporter Tile: "Anytime a player enters a space with a Teleporter tile, they are immediately teleported":
    what entering a space queued (a teleport, a knocked-out Hero's tiles) goes before the ``waiting`` decisions that
    were already waiting (the rest of a push, a Loot card's other rewards, the obsolescence step after a return)."""
    if waiting <= 0 or len(state.pending) == waiting:
        return state
    return replace(state, pending=state.pending[waiting:] + state.pending[:waiting])


def placed_fall(state: State, seat: int, frm: str | None) -> tuple[State, list[Event]]:
    """Altitudes: Falling, for a Hero teleported, placed or replaced from ``frm`` (ruling RP-7): "In all three
    cases, a character, tile, or token is moved into a space", so with ``options.placement_falls`` a Hero who
    lands 2 levels or more below the space they left suffers 1 Injury a level. A Hero off the Green (deployed,
    back from a knock-out) has no starting space and does not fall."""
    here = state.player(seat).space
    if not state.options.placement_falls or frm is None or here is None:
        return state, []
    hurt = fall("move", 0, altitude(state, frm), altitude(state, here))[0]
    return injure(state, seat, hurt, "Altitudes: Falling") if hurt else (state, [])


def arrive(state: State, seat: int) -> tuple[State, list[Event]]:
    """A Hero placed by GPS (deployment, a return, a teleport) enters the space when ``options.placement_enters``
    (ruling RP-7): a Teleporter there teleports them, Turret and Squirrel zones hurt, and during their own movement
    step a Lootbox there is picked up. Placement is not a fall."""
    here = state.player(seat).space
    if not state.options.placement_enters or here is None:
        return state, []
    return enter(state, seat, here, here, movement=seat == state.active and state.turn.movement == "open", falls=False)


def shove_spaces(state: State, task: Task) -> tuple[str, ...]:
    """Distances: the free spaces next to the shoved Hero that are farther from the attacker's space."""
    victim, _, origin = task.data[:3]
    here = state.player(int(victim)).space
    if here is None:
        return ()
    block = blocked(state)
    return tuple(s for s in adjacent(here) if s not in block and distance(s, origin) > distance(here, origin))


def shove(state: State, to: str) -> tuple[State, list[Event]]:
    """Movement of another Hero by an effect: one space at a time, each farther away; entering effects apply.

    The task's data: the Hero, the spaces left, the attacker's space, and with ``options.push_injuries="the_attacks"``
    the attack's Injuries to the Hero so far (ruling RP-37).

    Teleporter Tile: "Anytime a player enters a space with a Teleporter tile, they are immediately teleported", so a
    teleport the step starts comes before the rest of the push, which then goes on from where the Hero lands (ruling
    RP-24)."""
    task = state.pending[0]
    victim, left, origin = int(task.data[0]), int(task.data[1]), task.data[2]
    frm = state.player(victim).space
    waiting = len(state.pending) - 1
    s = replace(state, pending=state.pending[1:])
    ev = [Event(f"{state.name(victim)} is pushed from {frm} to {to}.", "Movement, Placement, and Replacement")]
    s, e, suffered = entered(s, victim, frm, to, movement=False)
    ev += e
    rest = task.data[3:]  # with push_injuries="the_attacks": the attack's Injuries to the Hero so far
    if rest:
        s, e = push_injured(s, task.seat, victim, int(rest[0]), suffered)
        ev += e
        rest = (str(int(rest[0]) + suffered),)
    s = at_once(s, waiting)
    if left > 1 and not s.player(victim).knocked_out:  # the rest of the push, after what entering queued
        k = len(s.pending) - waiting
        s = replace(s, pending=s.pending[:k] + (Task("shove", task.seat, (str(victim), str(left - 1), origin) + rest),)
                    + s.pending[k:])
    return s, ev


def push_injured(state: State, seat: int, victim: int, hit: int, suffered: int) -> tuple[State, list[Event]]:
    """Ways to Gain or Lose PP, "Attack and injure an opponent (once per turn, per opponent) +1 PP", with
    ``options.push_injuries="the_attacks"`` (ruling RP-37): the Injuries the push causes are the attack's, so they
    injure the opponent and add to the attack's ``hit`` Injuries on them (a Feat's "Injuries in one attack")."""
    if suffered <= 0:
        return state, []
    s = replace(state, turn=replace(state.turn, best_hit=max(state.turn.best_hit, hit + suffered)))
    return attack_injured(s, seat, victim)


def attack_injured(state: State, seat: int, victim: int) -> tuple[State, list[Event]]:
    """Ways to Gain or Lose PP: "Attack and injure an opponent (once per turn, per opponent) +1 PP"."""
    if victim in state.turn.injured:
        return state, []
    s = replace(state, turn=replace(state.turn, injured=state.turn.injured + (victim,)))
    return gain_pp(s, seat, 1, f"injured {state.name(victim)}")


def move(state: State, to: str) -> tuple[State, list[Event]]:
    """Movement Step: spend MP to move into an adjacent free space."""
    seat = state.active
    ev: list[Event] = []
    if state.turn.movement == "ready":
        state, ev = start_movement(state)
    frm = state.player(seat).space
    cost = move_cost(state, frm, to)
    state = replace(state, turn=replace(state.turn, mp=state.turn.mp - cost))
    ev.append(Event(f"{state.name(seat)} moves from {frm} to {to} for {cost} MP ({state.turn.mp} left).", MOVE))
    s, e = enter(state, seat, frm, to, movement=True)
    return s, ev + e


def teleport(state: State, seat: int, region: str, new_top: str) -> tuple[State, list[Event]]:
    """Teleportation: a controlled GPS relocation; the active player chooses the region."""
    waiting = len(state.pending) - 1
    s, spaces, ev = relocate(replace(state, pending=state.pending[1:]), new_top, 1, controlled=region)
    if s.options.teleport_ends_movement and seat == s.active and s.turn.movement == "open":
        s = replace(s, turn=replace(s.turn, movement="done", mp=0))
        ev.append(Event(f"{s.name(seat)}'s movement step ends with the teleport; the MP left are lost.", "Teleporter Tile"))
    frm = s.player(seat).space
    s, e = place_hero(s, seat, spaces[0])
    ev += e
    if not (s.pending and s.pending[0].kind == "place"):
        s, e = placed_fall(s, seat, frm)
        ev += e
        s, e = arrive(s, seat)
        ev += e
        s = at_once(s, waiting)
    return s, ev


# -- attack ---------------------------------------------------------------------------
def attack(state: State, weapon: str, target: str, face: str) -> tuple[State, list[Event]]:
    """Detailed Attack Sequence: one die, every target in the area, Injuries, PP for injuring."""
    seat = state.active
    t = state.turn
    s = replace(state, turn=replace(t, attack="open", used=t.used + (weapon,), movement="done" if t.movement == "open" else t.movement))
    profile = attack_profile(state, seat, weapon, target)
    hits = resolve_attack(profile, face)
    ev = [Event(f"{state.name(seat)} attacks {profile.targets[0].label} with {profile.weapon}; the attack die shows {face}.",
                "Detailed Attack Sequence")]
    for h in hits:
        detail = f"{h.damage} Damage against {h.defense} Defense"
        if h.tile is not None:
            if h.destroyed:
                kind = s.tile_at(h.tile)
                s = replace(s, tiles=tuple(x for x in s.tiles if x[0] != h.tile))
                ev.append(Event(f"{detail}: {h.label} suffers {h.injuries} Injuries and is destroyed.", "Blocking Tiles"))
                if kind == "squirrel":
                    ev.append(Event("Agent Dogniss retrieves the Squirrel tile into their supply.", "Squirrel Tile"))
            else:
                ev.append(Event(f"{detail}: {h.label} suffers {h.injuries} Injuries; nothing happens.", "Blocking Tiles"))
            continue
        protected = f" ({'; '.join(h.protections)})" if h.protections else ""
        ev.append(Event(f"{detail} on {h.label}: {count(h.injuries, 'Injury', 'Injuries')}{protected}.",
                        "Detailed Attack Sequence"))
        s, e = injure(s, h.seat, h.injuries, "Detailed Attack Sequence")
        ev += e
        if h.injuries > 0:  # the PP for injuring follows the Injuries it is for
            s, e = attack_injured(s, seat, h.seat)
            ev += e
        s, e = heal(s, h.seat, h.heal, "Equipment Effects: On Failed Protection")
        ev += e
        if h.reflect and not s.player(seat).knocked_out:
            s, e = injure(s, seat, h.reflect, "Equipment Effects: On Successful Protection")
            ev += e
    victim = profile.targets[0].seat
    if profile.shove and victim is not None and s.player(victim).space is not None:
        push = (str(victim), str(profile.shove), state.player(seat).space)
        if state.options.push_injuries == "the_attacks":  # ruling RP-37: the push's Injuries add to the hit's
            push += (str(hits[0].injuries),)
        s = replace(s, pending=s.pending + (Task("shove", seat, push),))
    if profile.squirrel:
        if "Dogniss" in state.name(seat):
            before = tile_spots(state, "squirrel", profile.center, False)  # "just before rolling the attack die"
            s, e = offer_tile(s, seat, "squirrel", profile.center, "Squirrel Tile", own_space=False, before=before)
            ev += e
        else:
            ev.append(Event("Only Agent Dogniss can place the Squirrel tile.", "Squirrel Tile"))
    best = max([h.injuries for h in hits if h.seat is not None], default=0)
    s = replace(s, turn=replace(s.turn, best_hit=max(s.turn.best_hit, best), criticals=s.turn.criticals + (face == "critical")))
    return s, ev


# -- feats and the end of the turn ---------------------------------------------------------------
def feat_view(state: State) -> FeatView:
    """Accomplishing a Feat: what the active player has done this turn, as Feat conditions read it."""
    seat, t = state.active, state.turn
    here = state.player(seat).space
    return FeatView(len(t.injured), t.knockouts, t.picked, t.best_hit, t.criticals,
                    altitude(state, here) if here else 0, crafted_count(state, seat))


def claimable_feats(state: State) -> tuple[str, ...]:
    """Accomplishing a Feat: up to 2 different Feats a turn, one token each, while tokens last."""
    seat, t = state.active, state.turn
    if len(t.feats) >= 2 or state.player(seat).feat_tokens <= 0:
        return ()
    v = feat_view(state)
    return tuple(f for f, _ in state.feats if f not in t.feats and state.content.card(f).condition(v))


def claim_feat(state: State, feat: str) -> tuple[State, list[Event]]:
    """Accomplishing a Feat: a token on the card, 1 or 2 PP, and a taunt offered for a Level 2 Feat."""
    seat = state.active
    card = state.content.card(feat)
    s = replace(state, feats=tuple((f, toks + (seat,)) if f == feat else (f, toks) for f, toks in state.feats),
                turn=replace(state.turn, feats=state.turn.feats + (feat,)))
    s = s.with_player(seat, feat_tokens=s.player(seat).feat_tokens - 1)
    ev = [Event(f"{state.name(seat)} accomplishes the Feat {card.name} and places a Feat token on it.", "Accomplishing a Feat")]
    s, e = gain_pp(s, seat, card.level, f"Level {card.level} Feat")
    ev += e
    if card.level == 2:
        s = replace(s, pending=s.pending + (Task("taunt", seat),))
    return s, ev


def taunt(state: State, victim: int) -> tuple[State, list[Event]]:
    """Accomplishing a Feat: the taunted player loses 1 PP (never below 0)."""
    s = replace(state, pending=state.pending[1:])
    ev = [Event(f"{state.name(state.active)} taunts {state.name(victim)}.", "Accomplishing a Feat")]
    s, e = lose_pp(s, victim, 1, "taunted")
    return s, ev + e


def _feat_leaves(state: State, feat: str, tokens: tuple[int, ...]) -> str:
    """"as many tokens on a Feat card as there are players": one player's tokens can fill it too."""
    name = state.content.card(feat).name
    back = ", ".join(f"{state.name(seat)} {count(tokens.count(seat), 'token')}" for seat in dict.fromkeys(tokens))
    if len(set(tokens)) == len(state.players):
        head = f"{name} has a Feat token from every player"
    else:
        head = f"{name} has {len(tokens)} Feat tokens, as many as there are players"
    return f"{head} and leaves the game; each takes back their own ({back})."


def end_turn(state: State) -> tuple[State, list[Event]]:
    """End of the turn: full Feat cards leave, then the next player; the game ends when the round is complete."""
    ev: list[Event] = []
    n = len(state.players)
    feats, deck, players = [], state.feat_deck, list(state.players)
    for f, toks in state.feats:
        if len(toks) >= n:
            for seat in toks:
                players[seat] = replace(players[seat], feat_tokens=players[seat].feat_tokens + 1)
            ev.append(Event(_feat_leaves(state, f, toks), "Accomplishing a Feat"))
            if deck:
                feats.append((deck[0], ()))
                ev.append(Event(f"{state.content.card(deck[0]).name} is revealed.", "Accomplishing a Feat"))
                deck = deck[1:]
        else:
            feats.append((f, toks))
    s = replace(state, feats=tuple(feats), feat_deck=deck, players=tuple(players))
    last = state.active == n - 1
    o = state.options
    if last and (s.first_to_goal is not None or (o.round_limit is not None and s.round >= o.round_limit)):
        return finish(s, ev)
    nxt = (state.active + 1) % n
    if nxt == 0:
        s = replace(s, round=s.round + 1)
    s, e = begin_turn(s, nxt)
    return s, ev + e


def finish(state: State, ev: list[Event]) -> tuple[State, list[Event]]:
    """End of Game: the most PP wins; a tie goes by turn order (ruling RP-14)."""
    order = list(range(len(state.players)))
    if state.options.tie_break == "later":
        order.reverse()
    best = max(p.pp for p in state.players)
    winner = next(i for i in order if state.players[i].pp == best)
    why = "reached the goal" if state.first_to_goal is not None else "round limit"
    result = f"{state.name(winner)} wins with {best} PP"
    s = replace(state, stage="over", winner=winner, result=result, pending=())
    return s, ev + [Event(f"The game ends ({why}): {result}, crowned Rumble Planet Champion!", "End of Game")]
