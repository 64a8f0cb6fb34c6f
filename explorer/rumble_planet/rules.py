"""The turn structure: which actions are legal, what chance they need, and applying them.

``legal_actions`` lists exactly the allowed actions; ``apply`` refuses anything else with
``IllegalAction`` and leaves the state unchanged (it never mutates).
"""
from __future__ import annotations

from ..core.chance import CustomDie
from ..core.errors import IllegalAction
from ..core.events import Event
from ..core.frozen import replace
from . import loot, turn, words
from . import preparation as prep
from .arguments import state_of
from .attack import targets_in_range
from .board import REGIONS, adjacent
from .health import blocked, movement_points
from .setup import deploy, gps_spec, set_up, setup_chance
from .state import (
    HEROIC,
    SLOTS,
    Attack,
    Boost,
    Buy,
    BuyPrestige,
    ChooseRegion,
    ClaimFeat,
    Craft,
    Decline,
    Deploy,
    Draw,
    DropLootboxes,
    EndActions,
    EndPreparation,
    EndTurn,
    Equip,
    Move,
    MoveTile,
    OpenGolden,
    OpenLootbox,
    PlaceAt,
    Return,
    Sell,
    SetUp,
    StartMovement,
    State,
    SwapGear,
    Task,
    Taunt,
    WearOut,
)
from .tiles import task_spots

TERMINAL = -1
SHOPS = ("weapon", "armor")


def current_player(state: State) -> int:
    """The seat to act: the one a waiting decision belongs to, else the active player; TERMINAL when over."""
    state = state_of(state)
    if state.stage == "over":
        return TERMINAL
    return state.pending[0].seat if state.pending else state.active


def is_terminal(state: State) -> bool:
    """End of Game: the round in which someone reached the goal is complete."""
    return state.stage == "over"


def _task_actions(state: State) -> list:
    task = state.pending[0]
    k = task.kind
    if k == "return":
        return [Return()]
    if k == "teleport":
        return [ChooseRegion(r) for r in REGIONS]
    if k == "place":
        return [PlaceAt(s) for s in task.data[1:]]
    if k == "place_tile":
        return [PlaceAt(s) for s in task_spots(state, task)]
    if k == "move_tile":
        sources = [s for s, t in state.tiles if t == task.data[0]]
        return [MoveTile(a, b) for a in sources for b in task_spots(state, task) if a != b] + [Decline()]
    if k in SHOPS:
        return [Draw()]
    if k == "shove":
        return [PlaceAt(s) for s in turn.shove_spaces(state, task)]
    if k == "replacement":
        return [PlaceAt(s) for s in loot.replacement_spaces(state, task.seat)] + [Decline()]
    if k == "teleporter_replacement":
        return [MoveTile(a, b) for a, b in loot.teleporter_moves(state, task.seat)] + [Decline()]
    if k == "gear_swap":
        return [SwapGear(i) for i in loot.swap_slots(state, task.seat)] + [Decline()]
    if k == "taunt":
        return [Taunt(i) for i in range(len(state.players)) if i != task.seat] + [Decline()]
    raise AssertionError(k)


def legal_actions(state: State) -> list:
    """Every action the current player may take, exactly."""
    state = state_of(state)
    if state.stage == "over":
        return []
    if state.stage == "setup":
        return [SetUp()]
    if state.stage == "deploy":
        return [Deploy()]
    if state.pending:
        return _task_actions(state)
    seat, t = state.active, state.turn
    p = state.player(seat)
    out: list = []
    if t.phase == "preparation":
        if t.step == 0:
            out += [WearOut(i) for i in range(1, SLOTS + 1) if p.track[i - 1] is not None]
        if t.step <= 1:
            out += [Sell(c) for c in dict.fromkeys(p.hand)]
        if t.step <= 2:
            out += [Buy(shop) for shop in SHOPS if p.credits >= prep.price(state, shop) and prep.draw_pool(state, shop)]
            if p.credits >= state.options.pp_price:
                out.append(BuyPrestige())
        for c in dict.fromkeys(p.hand):
            kind = state.content.card(c).kind
            for i in range(1, SLOTS + 1):
                g = p.track[i - 1]
                if g is None:
                    out.append(Equip(c, i))
                elif g.secondary is None and state.content.card(g.main).kind == kind:
                    out.append(Craft(c, i))
        out += [Boost(i) for i in range(1, SLOTS + 1) if p.track[i - 1] is not None and p.boosts >= prep.boost_cost(p.track[i - 1])]
        out.append(EndPreparation())
    elif t.phase == "action":
        here = p.space
        if here is not None and t.movement != "done":
            if t.movement == "ready":
                out.append(StartMovement())
            mp = movement_points(state, seat) if t.movement == "ready" else t.mp
            block = blocked(state)
            free = [s for s in adjacent(here) if s not in block]
            out += [Move(s) for s, cost in zip(free, turn.move_costs(state, here, free)) if cost <= mp]
        if here is not None and t.attack != "done" and len(t.used) < 2:
            weapons = [HEROIC] + [str(i) for i in range(1, SLOTS + 1)]
            for w in weapons:
                if w not in t.used:  # no targets for a slot without a Weapon
                    out += [Attack(w, target) for target in targets_in_range(state, seat, w)]
        out.append(EndActions())
    else:
        if p.golden:
            out += [OpenGolden(shop) for shop in SHOPS if prep.draw_pool(state, shop)]
            if not out:
                out.append(OpenGolden("weapon"))
        if p.lootboxes:
            out.append(OpenLootbox())
        if not p.golden and not p.lootboxes:
            if t.to_drop or t.golden_drop:
                out.append(DropLootboxes())
            else:
                out.append(EndTurn())
    out += [ClaimFeat(f) for f in turn.claimable_feats(state)]
    return out


def _check(state: State, action) -> None:
    if action not in legal_actions(state):
        raise IllegalAction(_why(state, action))


def _why(state: State, action) -> str:
    if state.stage == "over":
        return "the game is over"
    if state.pending:
        return f"{action} is not allowed: the rules wait for {words.a(words.decision(state.pending[0].kind))} decision"
    t = state.turn
    if isinstance(action, Move):
        if t.movement == "done":
            return "the movement step is over this turn"
        return f"{state.name(state.active)} cannot move to {action.to}: it must be an adjacent free space within the MP left"
    if isinstance(action, Attack):
        if t.attack == "done":
            return "the attack step is over this turn"
        if action.weapon in t.used:
            return "each Weapon can only be used once per attack step"
        return f"{action.target} is not a target within range of weapon {action.weapon}"
    reason = prep.refusal(state, action)
    if reason is not None:
        return reason
    return f"{action} is not allowed now ({t.phase} phase)"


def chance(state: State, action):
    """The chance spec an action needs: the attack die, a card drawn, the Feat shuffles."""
    _check(state, action)
    return _spec(state, action)


def _spec(state: State, action):
    if isinstance(action, SetUp):
        return setup_chance(state)
    if isinstance(action, (Deploy, Return, ChooseRegion, DropLootboxes)):
        return gps_spec(state)
    if isinstance(action, Attack):
        return CustomDie(state.options.attack_die, "attack die")
    if isinstance(action, OpenGolden) and not prep.draw_pool(state, action.shop):
        return None
    if isinstance(action, (Buy, OpenGolden)):
        return CustomDie(prep.draw_pool(state, action.shop), f"{action.shop} shop")
    if isinstance(action, Draw):
        shop = state.pending[0].kind
        return CustomDie(prep.draw_pool(state, shop), f"{shop} shop")
    if isinstance(action, OpenLootbox):
        return CustomDie(state.loot_deck or state.loot_discard, "Loot deck")
    return None


def _prep_step(state: State, step: int) -> State:
    return replace(state, turn=replace(state.turn, step=max(state.turn.step, step)))


def apply(state: State, action, outcome=None) -> tuple[State, list[Event]]:
    """Apply a legal action (its chance outcome already drawn); anything else raises IllegalAction."""
    spec = chance(state, action)
    if spec is not None:
        if outcome is None:
            raise IllegalAction(f"{action} needs a chance outcome")
        outcome = spec.validate(outcome)
    return _step(state, action, outcome)


def chance_of_legal(state: State, action):
    """``chance`` for an action taken from ``legal_actions(state)`` itself: the same spec, without listing the
    legal actions again to check it (the simulator's fast path; tests hold it to ``chance``)."""
    return _spec(state, action)


def apply_legal(state: State, action, outcome=None) -> tuple[State, list[Event]]:
    """``apply`` for an action taken from ``legal_actions(state)`` and an outcome its spec sampled: the same
    state and events, without checking either again (the simulator's fast path; tests replay its games through
    ``apply``)."""
    return _step(state, action, outcome)


def _step(state: State, action, outcome) -> tuple[State, list[Event]]:
    s, ev = _apply(state, action, outcome)
    return loot.settle(s, list(ev)) if s.pending and s.stage == "play" else (s, list(ev))


def _apply(state: State, a, outcome):
    if isinstance(a, SetUp):
        return set_up(state, outcome)
    if isinstance(a, Deploy):
        return deploy(state, outcome)
    if isinstance(a, Return):
        return turn.return_to_green(state, outcome)
    if isinstance(a, WearOut):
        return prep.wear_out(state, a.slot)
    if isinstance(a, Sell):
        return prep.sell(_prep_step(state, 1), a.card)
    if isinstance(a, Buy):
        return prep.buy(_prep_step(state, 2), a.shop, outcome)
    if isinstance(a, BuyPrestige):
        return prep.buy_prestige(_prep_step(state, 2))
    if isinstance(a, Equip):
        return prep.equip(_prep_step(state, 3), a.card, a.slot)
    if isinstance(a, Craft):
        return prep.craft(_prep_step(state, 3), a.card, a.slot)
    if isinstance(a, Boost):
        return prep.boost(_prep_step(state, 3), a.slot)
    if isinstance(a, EndPreparation):
        return replace(state, turn=replace(state.turn, phase="action")), [
            Event(f"{state.name(state.active)} ends the Preparation Phase.", "II - Action Phase")]
    if isinstance(a, StartMovement):
        return turn.start_movement(state)
    if isinstance(a, Move):
        return turn.move(state, a.to)
    if isinstance(a, Attack):
        return turn.attack(state, a.weapon, a.target, outcome)
    if isinstance(a, EndActions):
        return replace(state, turn=replace(state.turn, phase="loot", movement="done", attack="done")), [
            Event(f"{state.name(state.active)} ends the Action Phase.", "III - Loot Phase")]
    if isinstance(a, OpenGolden):
        return loot.open_golden(state, a.shop, outcome)
    if isinstance(a, OpenLootbox):
        return loot.open_lootbox(state, outcome)
    if isinstance(a, DropLootboxes):
        return loot.drop_lootboxes(state, outcome)
    if isinstance(a, ClaimFeat):
        return turn.claim_feat(state, a.feat)
    if isinstance(a, EndTurn):
        return turn.end_turn(state)
    return _apply_task(state, a, outcome)


def _apply_task(state: State, a, outcome):
    task = state.pending[0]
    rest = replace(state, pending=state.pending[1:])
    if isinstance(a, ChooseRegion):
        return turn.teleport(state, int(task.data[0]), a.region, outcome)
    if isinstance(a, PlaceAt) and task.kind == "place":
        seat = int(task.data[0])
        s, ev = turn.placed_fall(rest.with_player(seat, space=a.space), seat, state.player(seat).space)
        if not s.player(seat).knocked_out:
            s, e = turn.arrive(s, seat)
            ev += e
        s = turn.at_once(s, len(rest.pending))
        return loot.settle(s, [Event(f"{state.name(seat)} is placed at {a.space}.", "Impossible Placement or Replacement")] + ev)
    if isinstance(a, PlaceAt) and task.kind == "place_tile":
        tile = task.data[0]
        s = replace(rest, tiles=tuple(sorted(rest.tiles + ((a.space, tile),))))
        ev = [Event(f"{words.capital(words.a_tile(tile))} is placed at {a.space}.", "Tile Effects")]
        who = s.seat_at(a.space)
        if tile == "teleporter" and who is not None:  # "if a Teleporter tile is ... placed ... in your space"
            s = replace(s, pending=(Task("teleport", state.active, (str(who),)),) + s.pending)
            ev.append(Event(f"{s.name(who)} is in that space and is teleported.", "Teleporter Tile"))
        return loot.settle(s, ev)
    if isinstance(a, PlaceAt) and task.kind == "shove":
        return loot.settle(*turn.shove(state, a.space))
    if isinstance(a, PlaceAt) and task.kind == "replacement":
        frm = state.player(task.seat).space
        moves = state.options.replacement_loot == "move"
        if moves or state.options.placement_enters:  # rulings RP-11 and RP-7
            s, ev = turn.enter(rest, task.seat, frm, a.space, movement=False, falls=moves or state.options.placement_falls)
        else:
            s, ev = turn.placed_fall(rest.with_player(task.seat, space=a.space), task.seat, frm)
        s = turn.at_once(s, len(rest.pending))  # a teleport before the Loot card's other rewards
        verb = "moves to" if state.options.replacement_loot == "move" else "is replaced at"  # RP-11: not Movement
        return loot.settle(s, [Event(f"{state.name(task.seat)} {verb} {a.space}.", "Loot Cards")] + ev)
    if isinstance(a, Draw):
        return loot.settle(*prep.draw_card(rest, task.seat, task.kind, outcome, "Loot Cards"))
    if isinstance(a, MoveTile):
        return loot.move_tile(state, a.source, a.to)
    if isinstance(a, SwapGear):
        track = list(state.player(task.seat).track)
        track[a.slot - 1], track[a.slot] = track[a.slot], track[a.slot - 1]
        s = rest.with_player(task.seat, track=tuple(track))
        return loot.settle(s, [Event(f"{state.name(task.seat)} swaps the equipment in slots {a.slot} and {a.slot + 1}.", "Loot Cards")])
    if isinstance(a, Taunt):
        return turn.taunt(state, a.seat)
    if isinstance(a, Decline):
        return loot.settle(rest, [Event(words.declined(state.name(task.seat), task.kind, task.data),
                                         words.section_of(task.kind))])
    raise IllegalAction(f"{a} is not allowed now")
