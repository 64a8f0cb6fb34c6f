"""The compact game's decisions: what a seat may choose (``rules.legal_actions``, in the same order),
what a choice does (``rules.HANDLERS``), and the engine's ``advance`` (automatic tasks, Trial checks
and decisions with nothing to decide)."""
from __future__ import annotations

from ..state import BARRACKS
from .compact import AUTO, PASS, QUIET_TASKS, READY, Game, Seat

REINFORCE, OFFERING = ("reinforce",), ("offering",)


FOLDS: dict[tuple, object] = {}  # (an Upgrade card's effect, the perks before it) -> the perks after it


# -- decisions: what may be chosen (in the engine's order) and what a choice does --------------------

def representatives(faces, dice) -> list[int]:
    seen: dict[int, int] = {}
    for d in dice:
        seen.setdefault(faces[d], d)
    return list(seen.values())


def space_ok(p: Seat, face: int, space: str, free) -> bool:
    """``plan._space_problem`` is None."""
    return space_allows(p.faces, p.placement, face, space, free)


def space_allows(faces, placement, face: int, space: str, free) -> bool:
    """``space_ok`` on a seat's faces and a placement of them."""
    if space == "farm" and face > 3 or space == "forge" and face < 4:
        return False
    there = [f for f, s in zip(faces, placement) if s == space]
    if not there:
        return True
    if not (space.startswith("battleground:") or space in BARRACKS):
        free = frozenset()
    return len({f for f in there if f not in free} | ({face} - free)) <= 1


def legal_places(p: Seat, board: list[str], free) -> list[tuple]:
    """Every ``("place", die, space)`` allowed now, in ``plan.place_actions``' order (``space_ok`` for all)."""
    faces, placement = p.faces, p.placement
    held: dict[str, set[int]] = {}  # the faces already on each space that are not free agents there
    for f, s in zip(faces, placement):
        if s is not None:
            group = held.setdefault(s, set())
            if not (free and f in free and joins(s)):
                group.add(f)
    shown: set[int] = set()
    out = []
    for d, f in enumerate(faces):
        if placement[d] is not None or f in shown:
            continue
        shown.add(f)
        agent = free and f in free
        for s in board:
            if s == "farm" and f > 3 or s == "forge" and f < 4:
                continue
            group = held.get(s)
            # a free agent joins any one group; any other die only a group of its own value
            if group is None or (len(group) <= 1 if agent and joins(s) else not group or len(group) == 1 and f in group):
                out.append(("place", d, s))
    return out


def joins(space: str) -> bool:
    """Free agents (Captain's Training) join any group here: the Battleground and the Barracks."""
    return space.startswith("battleground:") or space in BARRACKS


def place_actions(g: Game, seat: int) -> list[tuple]:
    p = g.seats[seat]
    board = g.board[seat]
    free = p.perks.free_agents
    unplaced = [d for d in range(len(p.faces)) if p.placement[d] is None]
    acts = legal_places(p, board, free)
    placed: dict[tuple[int, str], int] = {}
    for d, s in enumerate(p.placement):
        if s is not None:
            placed.setdefault((p.faces[d], s), d)
    acts += [("takeback", d) for d in placed.values()]
    if not unplaced:
        acts.append(READY)
    return acts


def empowerable(g: Game, seat: int, task) -> list[str]:
    _, a, b, kind, _, _ = task
    other = b if seat == a else a
    if kind == "clash" or seat == a:
        return [g.bg[other]]
    return ["barracks"] if g.seats[seat].on(BARRACKS) else []


def loot_actions(g: Game, a: int, d: int) -> list[tuple]:
    defender = g.seats[d]
    glory = [("steal_glory", c) for c in defender.unlocked_colours()]
    if g.seats[a].perks.pillaging:
        return glory
    return glory + ([("steal_resources",)] if sum(defender.res) else [("walk",)] if glory else [])


def build_actions(g: Game, seat: int) -> list[tuple]:
    p = g.seats[seat]
    res = p.res
    if res[0] + res[1] + res[2] < g.cheapest:  # nothing on sale is affordable
        return [PASS]
    acts: list[tuple] = []
    price = g.price
    if affords(res, price["specialist"]):
        supply = g.supply
        acts += [a for a in g.specialist_offers if supply[a[1]] > 0]
    copies, owned, caps = g.copies, p.upgrades, g.caps
    held = (min(res[0], caps[0]), min(res[1], caps[1]), min(res[2], caps[2]))  # as much as any card asks
    within = g.within.get(held)
    if within is None:  # the Upgrade cards these Resources pay for, in deck order
        within = g.within[held] = [(cid, act) for cid, cost, act in g.upgrade_offers
                                   if all(held[i] >= k for i, k in cost)]
    for cid, act in within:
        if copies[cid] > 0 and cid not in owned:
            acts.append(act)
    if p.active < g.o.clan_dice and affords(res, price["reinforcements"]):
        acts.append(REINFORCE)
    if p.reserve > 0 and affords(res, price["grand_offering"]):
        acts.append(OFFERING)
    acts.append(PASS)
    return acts


def affords(res: list[int], cost) -> bool:
    """``Game.afford`` on a seat's Resources."""
    for i, k in cost:
        if res[i] < k:
            return False
    return True


def actions(g: Game, task, seat: int) -> list[tuple]:
    """``rules.legal_actions(state, seat)`` as tuples, in the same order."""
    name = task[0]
    if name in ("keep_trials", "keep_trial"):
        return [("keep", c) for c in g.seats[seat].offer]
    if name == "mercenaries":
        return ([("hire",)] if g.mercs_left > 0 and g.afford(seat, g.price["mercenary"]) else []) + [PASS]
    if name == "fate":
        p = g.seats[seat]
        acts = []
        if g.afford(seat, g.price["change_fate"]):
            for d in representatives(p.faces, range(len(p.faces))):
                acts += [("fate", d, f) for f in range(1, 7) if f != p.faces[d]]
        return acts + [PASS]
    if name == "place":
        return place_actions(g, seat)
    if name == "window":
        acts = [("empower", s) for s in empowerable(g, seat, task)] if g.afford(seat, g.price["empower"]) else []
        return acts + [PASS]
    if name == "loot":
        return loot_actions(g, task[1], task[2])
    if name in ("give", "pillage"):
        giver = task[1] if name == "give" else task[2]
        return [("resources", c) for c in g.resource_choices(giver, task[3])]
    if name == "six":
        return [("six", c) for c in g.seats[seat].unlocked_colours()] + [("six", None)]
    if name == "build":
        listed, g.listed = g.listed, None
        return listed[1] if listed is not None and listed[0] is task else build_actions(g, seat)
    raise ValueError(f"no decision in task {task!r}")


def acting_seat(g: Game, task) -> int:
    name = task[0]
    if name == "keep_trials" or name == "place":
        seats = g.seats
        for s in g.turn:
            if (seats[s].offer if name == "keep_trials" else not seats[s].ready):
                return s
        raise ValueError(f"no seat acts in task {task!r}")
    if name == "window":
        return task[4]
    return task[1]


def play(g: Game, task, seat: int, act: tuple) -> None:
    """The engine's handler for ``act`` in ``task`` (``rules.HANDLERS``)."""
    name, kind = task[0], act[0]
    tasks = g.tasks
    p = g.seats[seat]
    if kind == "place":
        p.placement[act[1]] = act[2]
    elif kind == "ready":
        p.ready = True
        if all(q.ready for q in g.seats):
            tasks.pop()
    elif kind == "takeback":
        p.placement[act[1]] = None
    elif kind == "pass":
        if name == "window":
            pass_window(g, task)
        else:
            tasks.pop()
    elif kind == "specialist":
        g.pay(seat, g.price["specialist"])
        p.spec[act[1]] += 1
        g.supply[act[1]] -= 1
    elif kind == "upgrade":
        g.pay(seat, g.cost_of_card[act[1]])
        p.upgrades += (act[1],)
        effect = g.effect_of[act[1]]
        perks = FOLDS.get((effect, p.perks))
        if perks is None:  # ``deck.perks(upgrades)`` folds the cards in this order
            if len(FOLDS) > 100_000:
                FOLDS.clear()
            perks = FOLDS[effect, p.perks] = effect.modify(p.perks)
        p.perks = perks
        for i, b in enumerate(g.bonus_of[act[1]]):
            if b:
                p.bonus[i].append(b)
        g.copies[act[1]] -= 1
    elif kind == "reinforce":
        g.pay(seat, g.price["reinforcements"])
        p.active += 1
    elif kind == "offering":
        g.pay(seat, g.price["grand_offering"])
        g.gain_reserve_glory(seat, 1)
    elif kind == "keep":
        g.keep(seat, act[1])
    elif kind == "hire":
        g.pay(seat, g.price["mercenary"])
        p.mercs += 1
        g.mercs_left -= 1
    elif kind == "fate":
        g.pay(seat, g.price["change_fate"])
        p.faces[act[1]] = act[2]
    elif kind == "empower":
        _, a, b, wkind, turn, _ = task
        g.pay(seat, g.price["empower"])
        if act[1] == "barracks":
            g.boost[seat] += 1
        else:
            other = b if seat == a else a
            g.forces[seat, other] += 1
        tasks[-1] = ("window", a, b, wkind, b if turn == a else a, 0)
    elif kind == "steal_glory":
        _, a, d = task
        tasks.pop()
        g.steal_glory(a, d, act[1])
        if g.result is None and g.seats[a].perks.pillaging and sum(g.seats[d].res) > 0:
            g.push(("pillage", a, d, g.loot_size(a)))
    elif kind == "steal_resources":
        _, a, d = task
        tasks.pop()
        g.push(("give", d, a, g.loot_size(a)))
    elif kind == "walk":
        tasks.pop()
    elif kind == "resources":
        giver, taker = (task[1], task[2]) if name == "give" else (task[2], task[1])
        tasks.pop()
        g.hand_over(giver, taker, act[1])
    elif kind == "six":
        tasks.pop()
        if act[1] is None:
            g.gain(seat, 2, 2)
        else:
            p.unlocked[act[1]] -= 1
            p.locked[act[1]] = p.locked.get(act[1], 0) + 1
    else:
        raise ValueError(f"unknown action {act!r}")


def pass_window(g: Game, task) -> None:
    _, a, b, kind, turn, passes = task
    if passes + 1 >= 2:
        g.tasks.pop()
    else:
        g.tasks[-1] = ("window", a, b, kind, b if turn == a else a, passes + 1)


MOVED, QUIET = 1, 2  # what ``skip_empty`` did: something, or nothing that can meet a Trial


def skip_empty(g: Game, task) -> int:
    """``rules._skip_empty_decision``: 0, or MOVED or QUIET when the head task passed by itself."""
    name = task[0]
    if name in ("mercenaries", "fate", "build", "window"):
        seat = task[4] if name == "window" else task[1]
        if name == "mercenaries":
            empty = not (g.mercs_left > 0 and g.afford(seat, g.price["mercenary"]))
        elif name == "fate":
            empty = not g.afford(seat, g.price["change_fate"])
        elif name == "window":
            empty = not (g.afford(seat, g.price["empower"]) and empowerable(g, seat, task))
        else:
            acts = build_actions(g, seat)
            g.listed = (task, acts)  # the decision about to be asked for lists these
            empty = acts == [PASS]
        if not empty:
            return 0
        if name == "window":
            pass_window(g, task)
        else:
            g.tasks.pop()
        return QUIET
    if name == "six":
        if g.seats[task[1]].unlocked_colours():
            return 0
        play(g, task, task[1], ("six", None))
        return MOVED
    if name == "loot":
        _, a, d = task
        acts = loot_actions(g, a, d)
        if not acts:
            g.tasks.pop()
            if g.seats[a].perks.pillaging and sum(g.seats[d].res) > 0:
                g.push(("pillage", a, d, g.loot_size(a)))
            return QUIET
        if acts == [("steal_resources",)]:
            play(g, task, a, acts[0])
            return QUIET
        return 0
    if name in ("give", "pillage"):
        acts = actions(g, task, task[1])
        if len(acts) == 1:
            play(g, task, task[1], acts[0])
            return MOVED
        if not acts:
            g.tasks.pop()
            return QUIET
        return 0
    if name == "keep_trial":
        offer = g.seats[task[1]].offer
        if len(offer) == 1:
            g.keep(task[1], offer[0])
            return MOVED
        if not offer:
            g.tasks.pop()
            return QUIET
        return 0
    if name == "draw_trials" and not g.trial_deck:
        g.tasks.pop()
        if g.tasks and g.tasks[-1][0] == "keep_trial" and g.tasks[-1][1] == task[1]:
            g.tasks.pop()
        return QUIET
    return 0


def advance(g: Game, checked: bool = False, only: int | None = None) -> None:
    """``rules.advance``: automatic tasks, Trial checks and choiceless decisions.

    The engine checks the Trials before every step; a check is left out here only when the
    last check found nothing and what happened since cannot meet a Trial (``checked``: the
    caller's step was one of ``QUIET_ACTIONS``; the automatic tasks in ``QUIET_TASKS``), and
    looks at one seat only when the step since changed that seat's pieces alone (``only``: the
    caller's step was one of ``OWN_ACTIONS``; a Gather), as every requirement reads its holder's.
    """
    tasks, auto_for, check = g.tasks, AUTO.get, g.check_trials
    while tasks and g.result is None:
        if not checked:
            check(only)
            if g.result is not None:
                break
        only = None
        task = tasks[-1]
        name = task[0]
        auto = auto_for(name)
        if auto is not None:
            auto(g, task)
            checked = name in QUIET_TASKS
            if name == "gather":
                only = task[1]
            continue
        done = skip_empty(g, task)
        if not done:
            break
        checked = done == QUIET
