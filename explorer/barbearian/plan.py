"""Setup and the Plan phase: mercenaries, the public roll, Change Fate, secret placement, the reveal."""
from __future__ import annotations

from ..core.chance import CustomDie, Dice, Joint, Shuffle
from ..core.errors import ContentError, IllegalAction
from ..core.events import Event, count
from . import economy
from . import sections as S
from .cards import Deck
from .options import Options
from .state import (
    BARRACKS,
    HIDDEN,
    ChangeFate,
    HireMercenary,
    KeepTrial,
    Pass,
    Place,
    Player,
    Ready,
    State,
    TakeBack,
    battleground,
    evolve,
    is_battleground,
    pop,
    push,
    set_force,
    set_player,
)

COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
SPACE_NAMES = {"barracks_1": "the Barracks", "barracks_2": "the Barracks", "farm": "the Farm", "forge": "the Forge", "temple": "the Temple"}


def space_name(space: str) -> str:
    if is_battleground(space):
        return f"the Battleground against {space.split(':')[1].capitalize()}"
    return SPACE_NAMES.get(space, space)


# -- Setup ------------------------------------------------------------------------------------------

def initial_state(options: Options, deck: Deck) -> State:
    """Setup steps 1-4: clans, three active dice, two Glory tokens, the supplies."""
    o = options
    players = tuple(
        Player(clan=c, active=o.start_dice, glory=((c, False),) * o.start_glory,
               reserve_glory=o.glory_per_clan - o.start_glory, resources=(o.start_resources,) * 3,
               specialists=tuple((s, 0) for s in o.specialist_spaces))
        for c in o.clans)
    trials = deck.trials_for(o.players)
    if len(trials) < 2 * o.players:
        raise ContentError(deck.source, "file", "trials", f"has {len(trials)} trials for {o.players} players; dealing needs {2 * o.players}")
    return State(
        options=o, deck=deck, players=players, mercenaries_left=o.mercenary_dice,
        specialist_supply=tuple((s, o.specialist_supply) for s in o.specialist_spaces),
        upgrade_supply=tuple((c.id, o.players) for c in deck.upgrades),
        trial_deck=tuple(sorted(trials)), barracks_boost=(0,) * o.players,
    )


def setup_chance(state: State) -> Joint:
    """Setup step 5 and "Gameplay": the Trial deck is shuffled; a random player starts."""
    return Joint((("first", CustomDie(state.options.clans, "first player")),
                  ("trials", Shuffle(state.trial_deck, "trial deck"))))


def set_up(state: State, action, outcome: dict) -> tuple[State, list[Event]]:
    """Setup step 5: deal two Trial cards to each player; Gameplay: give out the First Player token."""
    first = state.seat_of(outcome["first"])
    order = list(outcome["trials"])
    state = evolve(pop(state), first=first, trial_deck=tuple(sorted(order[2 * state.n:])))
    for seat in range(state.n):
        state = set_player(state, seat, offer=tuple(order[2 * seat: 2 * seat + 2]))
    ev = [Event(f"{state.name(s)} takes the {state.clan(s)} dice, Clan screen and Village board: "
                f"{state.options.start_dice} active dice, {state.options.start_glory} Glory tokens.", S.SETUP) for s in range(state.n)]
    ev.append(Event(f"Each player is dealt two Trial cards ({len(state.trial_deck)} left in the deck).", S.SETUP))
    ev.append(Event(f"{state.name(first)} receives the First Player token.", S.GAMEPLAY))
    return push(state, ("keep_trials",), ("round",)), ev


def keep_trial(state: State, action: KeepTrial, outcome=None) -> tuple[State, list[Event]]:
    """Setup step 5 / Trial Cards: keep one of two, shuffle the other back into the deck."""
    p = state.players[action.seat]
    if action.card not in p.offer:
        raise IllegalAction(f"{state.name(action.seat)} was not dealt Trial card {action.card!r}")
    rest = list(p.offer)
    rest.remove(action.card)
    state = set_player(state, action.seat, trial=action.card, offer=())
    state = evolve(state, trial_deck=tuple(sorted(state.trial_deck + tuple(rest))))
    if state.phase == "keep_trial" or not any(q.offer for q in state.players):
        state = pop(state)
    return state, [Event(f"{state.name(action.seat)} keeps one Trial card, face down, and shuffles the other back.", S.TRIALS)]


# -- Plan phase ------------------------------------------------------------------------------------

def round_tasks(state: State) -> tuple[tuple, ...]:
    """One round: the four phases and Clean Up, turn order from the first player."""
    order = state.turn_order()
    return (tuple(("mercenaries", s) for s in order) + (("roll",),) + tuple(("fate", s) for s in order)
            + (("place",), ("reveal",)) + tuple(("brawl", s) for s in order)
            + tuple(("gather", s) for s in order) + tuple(("build", s) for s in order) + (("cleanup",),))


def start_round(state: State) -> tuple[State, list[Event]]:
    """Gameplay: a new round (or the round limit of ruling BB-20 ends the game)."""
    state = pop(state)
    limit = state.options.round_limit
    if limit is not None and state.round >= limit:
        return end_at_limit(state)
    state = evolve(state, round=state.round + 1)
    ev = [Event(f"Round {state.round}: {state.name(state.first)} has the First Player token.", S.GAMEPLAY)]
    return push(state, *round_tasks(state)), ev


def end_at_limit(state: State) -> tuple[State, list[Event]]:
    """Ruling BB-20: at the round limit the most Glory wins; a tie is a draw."""
    best = max(p.glory_count for p in state.players)
    top = [s for s in range(state.n) if state.players[s].glory_count == best]
    if len(top) == 1:
        result, winner = f"{state.clan(top[0])} wins", top[0]
        text = (f"The round limit ({state.options.round_limit} rounds, an option: ruling BB-20) is reached: "
                f"{state.name(top[0])} has the most Glory ({best}) and wins.")
    else:
        result, winner = "draw: " + ", ".join(state.clan(s) for s in top), None
        names = ", ".join(state.name(s) for s in top)
        text = (f"The round limit ({state.options.round_limit} rounds, an option: ruling BB-20) is reached: "
                f"{names} share the most Glory ({best}).")
    return evolve(state, result=result, winner=winner, tasks=()), [Event(text, S.WINNING)]


def mercenary_actions(state: State, seat: int) -> list:
    """Marketplace A: hire one more mercenary (while any are left and affordable) or pass."""
    o = state.options
    acts = []
    if state.mercenaries_left > 0 and economy.can_afford(state, seat, o.price_mercenary):
        acts.append(HireMercenary(seat))
    return acts + [Pass(seat)]


def hire_mercenary(state: State, action: HireMercenary, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace A: one purple die for this round, while any of the five are left."""
    if state.mercenaries_left <= 0:
        raise IllegalAction(f"all {state.options.mercenary_dice} mercenary dice are hired this round")
    state = economy.pay(state, action.seat, state.options.price_mercenary, "a mercenary")
    p = state.players[action.seat]
    state = set_player(state, action.seat, mercenaries=p.mercenaries + 1)
    state = evolve(state, mercenaries_left=state.mercenaries_left - 1)
    return state, [Event(f"{state.name(action.seat)} hires a mercenary ({economy.describe(state.options.price_mercenary)}); "
                         f"{state.mercenaries_left} purple dice left.", S.HIRE_MERCENARY)]


def roll_chance(state: State) -> Joint:
    """Plan Phase 1: everyone's active dice (and mercenaries), rolled together."""
    return Joint(tuple((p.clan, Dice(p.active + p.mercenaries, f"{p.clan} dice")) for p in state.players))


def roll(state: State, action, outcome: dict) -> tuple[State, list[Event]]:
    """Plan Phase 1: roll in plain sight and announce the results."""
    state = pop(state)
    ev = []
    for seat, p in enumerate(state.players):
        faces = tuple(outcome[p.clan])
        state = set_player(state, seat, faces=faces, placement=(None,) * len(faces), ready=False)
        ev.append(Event(f"{state.name(seat)} rolls {describe_dice(state.players[seat])}.", S.PLAN))
    return state, ev


def describe_dice(p: Player) -> str:
    clan = ", ".join(map(str, p.faces[:p.active]))
    mercs = ", ".join(map(str, p.faces[p.active:]))
    return clan + (f" and mercenaries {mercs}" if mercs else "")


def representatives(faces, dice) -> list[int]:
    """One die per face among ``dice``: dice showing the same face are interchangeable."""
    seen: dict[int, int] = {}
    for d in dice:
        seen.setdefault(faces[d], d)
    return list(seen.values())


def fate_actions(state: State, seat: int) -> list:
    """Marketplace B: change one die (one choice per face shown) to another face, or pass."""
    p = state.players[seat]
    acts = []
    if economy.can_afford(state, seat, state.options.price_change_fate):
        for d in representatives(p.faces, range(len(p.faces))):
            acts += [ChangeFate(seat, d, f) for f in range(1, 7) if f != p.faces[d]]
    return acts + [Pass(seat)]


def change_fate(state: State, action: ChangeFate, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace B: immediately after rolling, set one die to any face."""
    p = state.players[action.seat]
    _check_die(state, action.seat, action.die)
    if not isinstance(action.face, int) or not 1 <= action.face <= 6:
        raise IllegalAction(f"a die has faces 1-6, not {action.face!r}")
    if p.faces[action.die] == action.face:
        raise IllegalAction(f"die #{action.die + 1} already shows {action.face}")
    state = economy.pay(state, action.seat, state.options.price_change_fate, "Change Fate")
    faces = list(p.faces)
    old, faces[action.die] = faces[action.die], action.face
    state = set_player(state, action.seat, faces=tuple(faces))
    return state, [Event(f"{state.name(action.seat)} changes fate: a {old} becomes a {action.face} "
                         f"(now {describe_dice(state.players[action.seat])}).", S.CHANGE_FATE)]


# -- secret placement -------------------------------------------------------------------------------

def spaces(state: State, seat: int) -> list[str]:
    """Plan Phase 3: a Battleground space per opponent, two Barracks spaces, Farm, Forge, Temple."""
    return [battleground(state.clan(t)) for t in state.turn_order() if t != seat] + list(BARRACKS) + ["farm", "forge", "temple"]


def _check_die(state: State, seat: int, die) -> None:
    k = len(state.players[seat].faces)
    if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die < k:
        n = die + 1 if isinstance(die, int) and not isinstance(die, bool) else die
        raise IllegalAction(f"{state.name(seat)} has {k} dice (indices 0-{k - 1}); there is no die #{n}")


def placement_problem(state: State, seat: int, die: int, space: str) -> str | None:
    """Why ``die`` may not go on ``space`` now (None when it may): Plan Phase 3 and "Important!"."""
    p = state.players[seat]
    board = spaces(state, seat)
    if space not in board:
        return f"{space!r} is not a space of {state.name(seat)}'s Village board (spaces: {', '.join(board)})"
    if p.placement[die] is not None:
        return f"die #{die + 1} is already on {space_name(p.placement[die])}; take it back first"
    return _space_problem(p, p.faces[die], space, state.deck.perks(p.upgrades).free_agents)


def _space_problem(p: Player, face: int, space: str, free: frozenset[int]) -> str | None:
    if space == "farm" and face > 3:
        return f"a {face} cannot go on the Farm: only dice with value 1, 2, or 3 may be placed there"
    if space == "forge" and face < 4:
        return f"a {face} cannot go on the Forge: only dice with value 4, 5, or 6 may be placed there"
    there = [f for f, s in zip(p.faces, p.placement) if s == space]
    if not there:
        return None
    if not (is_battleground(space) or space in BARRACKS):
        free = frozenset()
    if len({f for f in there if f not in free} | ({face} - free)) > 1:
        extra = " (Captain's Training frees only " + ", ".join(map(str, sorted(free))) + ")" if free else ""
        return (f"{space_name(space)} already holds {', '.join(map(str, there))}: one die per space unless "
                f"several dice show the same value, and this die shows {face}{extra}")
    return None


def place_actions(state: State, seat: int) -> list:
    """Plan Phase 2-3: every legal placement (one die per face shown), take-backs, and Ready."""
    p = state.players[seat]
    if p.ready or HIDDEN in p.placement:  # a view cannot know what a screened seat may still do
        return []
    board = spaces(state, seat)
    free = state.deck.perks(p.upgrades).free_agents
    unplaced = [d for d in range(len(p.faces)) if p.placement[d] is None]
    acts: list = [Place(seat, d, s) for d in representatives(p.faces, unplaced) for s in board
                  if _space_problem(p, p.faces[d], s, free) is None]
    placed: dict[tuple[int, str], int] = {}
    for d, s in enumerate(p.placement):
        if s is not None:
            placed.setdefault((p.faces[d], s), d)
    acts += [TakeBack(seat, d) for d in placed.values()]
    if not unplaced:
        acts.append(Ready(seat))
    return acts


def place(state: State, action: Place, outcome=None) -> tuple[State, list[Event]]:
    """Plan Phase 2: place a die behind the screen (the log says only that a die was placed)."""
    _not_ready(state, action.seat)
    _check_die(state, action.seat, action.die)
    problem = placement_problem(state, action.seat, action.die, action.space)
    if problem:
        raise IllegalAction(problem)
    p = state.players[action.seat]
    placement = list(p.placement)
    placement[action.die] = action.space
    state = set_player(state, action.seat, placement=tuple(placement))
    return state, [Event(f"{state.name(action.seat)} places a die behind the Clan screen.", S.PLAN)]


def take_back(state: State, action: TakeBack, outcome=None) -> tuple[State, list[Event]]:
    """Plan Phase 2: rearrange behind the screen before declaring ready (ruling BB-8)."""
    _not_ready(state, action.seat)
    _check_die(state, action.seat, action.die)
    p = state.players[action.seat]
    if p.placement[action.die] is None:
        raise IllegalAction(f"die #{action.die + 1} is not placed")
    placement = list(p.placement)
    placement[action.die] = None
    return set_player(state, action.seat, placement=tuple(placement)), [
        Event(f"{state.name(action.seat)} moves a die behind the Clan screen.", S.PLAN)]


def ready(state: State, action: Ready, outcome=None) -> tuple[State, list[Event]]:
    """"When everyone is ready, all players remove their Clan screens"."""
    _not_ready(state, action.seat)
    p = state.players[action.seat]
    left = sum(1 for s in p.placement if s is None)
    if left:
        raise IllegalAction(f"{state.name(action.seat)} still has {count(left, 'die', 'dice')} to place (every die is placed, ruling BB-8)")
    state = set_player(state, action.seat, ready=True)
    if all(q.ready for q in state.players):
        state = pop(state)
    return state, [Event(f"{state.name(action.seat)} is ready.", S.PLAN)]


def _not_ready(state: State, seat: int) -> None:
    if state.players[seat].ready:
        raise IllegalAction(f"{state.name(seat)} has declared ready; the placement is final")


def _placed_by_space(state: State, seat: int) -> list[str]:
    """One part per space used, e.g. "2, 2 and 5 on the Barracks (space 1)" (Captain's Training mixes
    faces on one space) or "three 4s on the Forge"; the two Barracks spaces are told apart only when both hold dice."""
    p = state.players[seat]
    used = [s for s in spaces(state, seat) if s in p.placement]
    both_barracks = all(b in used for b in BARRACKS)
    parts = []
    for space in used:
        faces = sorted(f for f, s in zip(p.faces, p.placement) if s == space)
        if len(set(faces)) == 1 and len(faces) >= 3:
            dice = f"{COUNT_WORDS.get(len(faces), len(faces))} {faces[0]}s"
        else:
            dice = " and ".join(map(str, faces)) if len(faces) < 3 else ", ".join(map(str, faces[:-1])) + f" and {faces[-1]}"
        where = space_name(space) + (f" (space {space[-1]})" if both_barracks and space in BARRACKS else "")
        parts.append(f"{dice} on {where}")
    return parts


def reveal(state: State) -> tuple[State, list[Event]]:
    """The screens come off: placements become public; forces form on the Battleground."""
    state = evolve(pop(state), revealed=True, barracks_boost=(0,) * state.n, clashed=(), forces=())
    ev = []
    for seat, p in enumerate(state.players):
        ev.append(Event(f"{state.name(seat)} reveals: {'; '.join(_placed_by_space(state, seat))}.", S.PLAN))
        bonus = state.deck.perks(p.upgrades).raid_bonus
        sources = " and ".join(state.deck.card(c).name for c in p.upgrades if state.deck.perks((c,)).raid_bonus)
        for t in range(state.n):
            if t != seat:
                dice = p.on(battleground(state.clan(t)))
                if dice:
                    state = set_force(state, seat, t, sum(dice) + bonus)
                    if bonus:  # the force is more than its dice: say so
                        ev.append(Event(f"{state.name(seat)}'s force against {state.name(t)} is {sum(dice) + bonus}: "
                                        f"dice {' + '.join(map(str, sorted(dice)))} and {bonus} from {sources}.", S.PLAN))
    return state, ev
