"""Reading deck files: every card validated on load (``core.content``'s deck format).

``load_deck(path)`` reads a user's file with the same checks as the shipped decks; every problem is a
``ContentError`` naming the file, the card and the field.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ..core.content import Entry, check_header, read_cards, read_deck_file
from ..core.errors import ContentError
from .ai import parse_script
from .cards import (
    AREA_TYPES, COSTS, GAME, SLOTS, Ability, Activation, AICard, AIDeck, Area, Choice, Deck, Encounter, EnemySpec, Event,
    HeroCard, Item, Location, Loot, LootRow, Setting, Test, Trait,
)
from .effects import STATS, TARGET_OF, EffectRef


def _ints(e: Entry, name: str, low: int, high: int, default: Any = ...) -> tuple[int, ...]:
    v = e.get(name, list, default)
    if not all(isinstance(x, int) and not isinstance(x, bool) and low <= x <= high for x in v):
        raise e.fail(name, f"must be a list of whole numbers {low}-{high}, got {v!r}")
    return tuple(v)


def _num(e: Entry, name: str, low: int, high: int, default: Any = ...) -> int:
    return e.get(name, int, default, lambda v: low <= v <= high, f"a whole number {low}-{high}")


def _ref(e: Entry, where: str, data: Any, kinds: tuple[str, ...]) -> EffectRef:
    """One effect; the name must be a string before the registry looks it up."""
    if isinstance(data, dict) and not isinstance(data.get("effect"), str):
        raise e.fail(f"{where}.effect", f"must be an effect name, got {data.get('effect')!r}")
    return EffectRef.parse(e, where, data, kinds)


def _effects(e: Entry, name: str, kinds: tuple[str, ...], default: Any = ()) -> tuple[EffectRef, ...]:
    raw = e.get(name, list, default=list(default))
    return tuple(_ref(e, f"{name}[{i}]", d, kinds) for i, d in enumerate(raw))


def parse_steps(e: Entry, name: str, raw: Any, depth: int = 0) -> tuple:
    """Map effects: a list of effects, where ``TEST``, ``CHOICE`` and a ``LOOT`` with a table nest."""
    if depth > 4:
        raise e.fail(name, "nests too deeply")
    if not isinstance(raw, list):
        raise e.fail(name, f"must be a list of effects, got {raw!r}")
    out = []
    for i, d in enumerate(raw):
        where = f"{name}[{i}]"
        kind = d.get("effect") if isinstance(d, dict) else None
        if kind == "TEST":
            sub = Entry(e.source, e.entry, d)
            sub.unknown_fields(("effect", "checks", "passed", "failed"))
            checks = sub.get("checks", list, check=lambda v: len(v) > 0, expect="a non-empty list")
            parsed = []
            for c in checks:
                if (not isinstance(c, list) or len(c) != 2 or c[0] not in STATS + ("any",)
                        or isinstance(c[1], bool) or not isinstance(c[1], int) or not 1 <= c[1] <= 12):
                    raise e.fail(f"{where}.checks", f"each check must be [stat or 'any', difficulty 1-12], got {c!r}")
                parsed.append((c[0], c[1]))
            out.append(Test(tuple(parsed), parse_steps(e, f"{where}.passed", d.get("passed", []), depth + 1),
                            parse_steps(e, f"{where}.failed", d.get("failed", []), depth + 1)))
        elif kind == "CHOICE":
            opts = d.get("options")
            if not isinstance(opts, list) or len(opts) != 2:
                raise e.fail(f"{where}.options", "must be a list of two options (lists of effects)")
            out.append(Choice(tuple(parse_steps(e, f"{where}.options[{j}]", o, depth + 1) for j, o in enumerate(opts))))
        elif kind == "LOOT" and isinstance(d, dict) and "table" in d:
            mod = d.get("modifier", 0)
            if isinstance(mod, bool) or not isinstance(mod, int) or not -6 <= mod <= 6:
                raise e.fail(f"{where}.modifier", f"must be a whole number -6..6, got {mod!r}")
            out.append(Loot(mod, parse_loot(e, f"{where}.table", d["table"], depth + 1)))
        else:
            ref = _ref(e, where, d, ("map",))
            out.append(Loot(ref.param("modifier")) if ref.name == "LOOT" else ref)
    return tuple(out)


def parse_loot(e: Entry, name: str, raw: Any, depth: int = 0) -> tuple[LootRow, ...]:
    """LOOT! table rows, in ascending order of their lowest result."""
    if not isinstance(raw, list) or not raw:
        raise e.fail(name, "must be a non-empty list of rows {\"low\": n, \"steps\": [...]}")
    rows = []
    for i, r in enumerate(raw):
        if not isinstance(r, dict) or isinstance(r.get("low"), bool) or not isinstance(r.get("low"), int):
            raise e.fail(f"{name}[{i}].low", f"must be a whole number, got {r!r}")
        rows.append(LootRow(r["low"], parse_steps(e, f"{name}[{i}].steps", r.get("steps", []), depth + 1)))
    if [r.low for r in rows] != sorted({r.low for r in rows}):
        raise e.fail(name, "rows must be in ascending order of 'low', each low once")
    return tuple(rows)


def _cost(e: Entry, name: str) -> tuple[tuple[str, int], ...]:
    """Location entry cost: time, secret, coin, heroism, shield, peril."""
    raw = e.get(name, dict, default={})
    for k, v in raw.items():
        if k not in COSTS or isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 10:
            raise e.fail(f"{name}.{k}", f"costs are {', '.join(COSTS)} with amounts 1-10, got {k}: {v!r}")
    return tuple(sorted(raw.items()))


def _ability(e: Entry) -> Ability:
    """Ability Card Anatomy: activation value, charges, keywords, effects, heroism effect, condition."""
    e.unknown_fields(("id", "name", "stat", "keywords", "activation", "charges", "effects", "heroism", "lock",
                      "passive", "condition", "reaction", "starting"))
    act = Entry(e.source, e.entry, e.get("activation", dict))
    act.unknown_fields(("faces", "dice", "initiative"))
    faces = _ints(act, "faces", 1, 6)
    if not faces:
        raise e.fail("activation.faces", "must name at least one face")
    activation = Activation(faces, _num(act, "dice", 1, 3, 1), act.get("initiative", bool, False))
    a = Ability(
        e.get("id", str), e.get("name", str), e.choice("stat", STATS + (None,), None),
        tuple(e.get("keywords", list, [])), activation, _num(e, "charges", 1, 4, 1),
        _effects(e, "effects", ("ability",)), _effects(e, "heroism", ("heroism",)), e.get("lock", bool, False),
        _effects(e, "passive", ("passive",)), e.choice("condition", (None, "not_surrounded", "engaged", "not_engaged"), None),
        e.get("reaction", bool, False), e.get("starting", (str, type(None)), None))
    kinds = {TARGET_OF[x.name] for x in a.effects if x.name in TARGET_OF}
    if len(kinds) > 1:
        raise e.fail("effects", f"an ability has one target; these effects need {sorted(kinds)}")
    if a.lock and (a.effects or not a.passive):
        raise e.fail("lock", "a dice-lock ability has passive effects and no activation effects")
    if not a.lock and not a.effects:
        raise e.fail("effects", "an ability needs at least one activation effect")
    return a


def _enemy(e: Entry, i: int, raw: Any) -> EnemySpec:
    """Enemy setup: quantity by player count, HP, armour, shields, command, boss, objective."""
    s = Entry(e.source, f"{e.entry} enemies[{i}]", raw)
    s.unknown_fields(("name", "count", "hp", "armour", "shields", "command", "boss", "objective"))
    count = _ints(s, "count", 0, 8)
    if len(count) != 3:
        raise s.fail("count", "must list the quantity for 2, 3 and 4 players")
    return EnemySpec(s.get("name", str), count, _num(s, "hp", 1, 40), _num(s, "armour", 0, 5, 0), _num(s, "shields", 0, 5, 0),
                     _num(s, "command", 0, 9, 0), s.get("boss", bool, False), s.get("objective", bool, False))


def _location(e: Entry, where: str, raw: Any) -> Location:
    """Locations: entry cost, effects, special requirements."""
    s = Entry(e.source, f"{e.entry} {where}", raw)
    s.unknown_fields(("name", "cost", "steps", "requires_explored"))
    return Location(s.get("name", str), _cost(s, "cost"), parse_steps(s, "steps", s.get("steps", list)),
                    s.get("requires_explored", bool, False))


def deck_from_json(data: Any, source: str) -> Deck:
    """Validate a whole deck (header, every card, every cross-reference)."""
    check_header(data, source, GAME)
    top = Entry(source, "file", data)
    top.unknown_fields(("format", "version", "game", "label", "sample", "heroes", "traits", "abilities", "ai_decks",
                        "encounters", "items", "events", "areas", "settings"))
    seen: set[str] = set()

    def hero(e: Entry) -> HeroCard:
        e.unknown_fields(("id", "name", "class", "hp", "threat"))
        return HeroCard(e.get("id", str), e.get("name", str), e.get("class", str), _num(e, "hp", 1, 20, 6), _num(e, "threat", 0, 20))

    def trait(e: Entry) -> Trait:
        e.unknown_fields(("id", "name", "ability"))
        return Trait(e.get("id", str), e.get("name", str), e.get("ability", str))

    def ai_deck(e: Entry) -> AIDeck:
        e.unknown_fields(("id", "name", "cards"))
        cards = []
        for i, raw in enumerate(e.get("cards", list, check=lambda v: len(v) > 0, expect="a non-empty list")):
            c = Entry(source, f"{e.entry} cards[{i}]", raw)
            c.unknown_fields(("id", "removed_for", "minion", "boss"))
            cid = c.get("id", str)
            if cid in seen:
                raise c.fail("id", f"duplicate card id {cid!r}")
            seen.add(cid)
            cards.append(AICard(cid, _ints(c, "removed_for", 2, 4, []), parse_script(c, "minion", c.get("minion", list, [])),
                                parse_script(c, "boss", c.get("boss", list, []))))
        return AIDeck(e.get("id", str), e.get("name", str), tuple(cards))

    def encounter(e: Entry) -> Encounter:
        e.unknown_fields(("id", "name", "tier", "deck", "enemies", "extra_tier1", "enrage"))
        enemies = tuple(_enemy(e, i, r) for i, r in enumerate(e.get("enemies", list, check=bool, expect="a non-empty list")))
        return Encounter(e.get("id", str), e.get("name", str), _num(e, "tier", 1, 3), e.get("deck", str), enemies,
                         e.get("extra_tier1", bool, False), _ints(e, "enrage", 1, 30, []))

    def item(e: Entry) -> Item:
        e.unknown_fields(("id", "name", "rarity", "slot", "price", "requires", "passive", "use"))
        req = e.get("requires", dict, {})
        for k, v in req.items():
            if k not in STATS or isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9:
                raise e.fail(f"requires.{k}", f"requirements are {', '.join(STATS)} with values 1-9, got {k}: {v!r}")
        return Item(e.get("id", str), e.get("name", str), e.choice("rarity", ("common", "epic")), e.choice("slot", SLOTS),
                    _num(e, "price", 0, 20), tuple(sorted(req.items())), _effects(e, "passive", ("passive",)),
                    _effects(e, "use", ("ability",)))

    def event(e: Entry) -> Event:
        e.unknown_fields(("id", "name", "deck", "peril", "steps", "permanent"))
        perm = e.get("permanent", (dict, type(None)), None)
        return Event(e.get("id", str), e.get("name", str), e.choice("deck", ("wilderness", "mountain")),
                     parse_steps(e, "peril", e.get("peril", list)), parse_steps(e, "steps", e.get("steps", list, [])),
                     None if perm is None else _location(e, "permanent", perm))

    def area(e: Entry) -> Area:
        e.unknown_fields(("id", "name", "keywords", "secrets", "bonus", "locations", "on_travel", "shop"))
        kw = tuple(e.get("keywords", list, check=lambda v: len(v) > 0 and v[0] in AREA_TYPES,
                         expect=f"a list whose first keyword is one of {', '.join(AREA_TYPES)}"))
        shop = e.get("shop", (list, type(None)), None)
        if shop is not None and (len(shop) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 4 for x in shop)):
            raise e.fail("shop", f"must be [common items, epic items] (0-4 each), got {shop!r}")
        return Area(e.get("id", str), e.get("name", str), kw, _num(e, "secrets", 0, 6), parse_steps(e, "bonus", e.get("bonus", list, [])),
                    tuple(_location(e, f"locations[{i}]", r) for i, r in enumerate(e.get("locations", list, []))),
                    parse_steps(e, "on_travel", e.get("on_travel", list, [])), None if shop is None else tuple(shop))

    def setting(e: Entry) -> Setting:
        e.unknown_fields(("id", "name", "time", "loot", "rewards", "on_travel"))
        return Setting(e.get("id", str), e.get("name", str), _num(e, "time", 1, 20), parse_loot(e, "loot", e.get("loot", list)),
                       parse_steps(e, "rewards", e.get("rewards", list, [])), parse_steps(e, "on_travel", e.get("on_travel", list, [])))

    deck = Deck(
        top.get("label", str), top.get("sample", bool, False), source,
        read_cards(top, "heroes", hero, seen), read_cards(top, "traits", trait, seen),
        read_cards(top, "abilities", _ability, seen), read_cards(top, "ai_decks", ai_deck, seen),
        read_cards(top, "encounters", encounter, seen), read_cards(top, "items", item, seen, required=False),
        read_cards(top, "events", event, seen, required=False), read_cards(top, "areas", area, seen, required=False),
        read_cards(top, "settings", setting, seen, required=False), raw=data)
    _cross_check(deck, top)
    return deck


def _cross_check(deck: Deck, top: Entry) -> None:
    """References between cards: traits name abilities, encounters name AI decks, 3 starting abilities per class."""
    def fail(group: str, card: Any, fld: str, problem: str):
        raise ContentError(deck.source, f"{group} ({card.id})", fld, problem)

    abilities = {a.id: a for a in deck.abilities}
    for t in deck.traits:
        if t.ability not in abilities:
            fail("traits", t, "ability", f"names no ability card {t.ability!r}")
    classes = {h.hero_class for h in deck.heroes}
    for h in deck.heroes:
        if sum(a.starting == h.hero_class for a in deck.abilities) != 3:
            fail("heroes", h, "class", f"needs exactly 3 starting abilities of class {h.hero_class!r}")
    trait_ids = {t.id for t in deck.traits}
    for a in deck.abilities:
        if a.starting is not None and a.starting not in classes | trait_ids:
            fail("abilities", a, "starting", f"{a.starting!r} is no hero class or trait")
    decks = {d.id for d in deck.ai_decks}
    for enc in deck.encounters:
        if enc.deck not in decks:
            fail("encounters", enc, "deck", f"names no AI deck {enc.deck!r}")
        if not any(s.boss for s in enc.enemies) and not any(s.count[0] for s in enc.enemies):
            fail("encounters", enc, "enemies", "sets up no enemy")
    if deck.encounters and not any(e.tier == 1 for e in deck.encounters):
        top.fail("encounters", "need at least one tier I encounter")
    for s in deck.settings:
        if not s.loot:
            fail("settings", s, "loot", "needs a LOOT! table")


def load_deck(path: str | Path) -> Deck:
    """Load a user's deck file with full validation (``ContentError`` names file, card, field)."""
    data, source = read_deck_file(path, GAME)
    return deck_from_json(data, source)


def sample_deck(name: str = "sample_deck") -> Deck:
    """A shipped deck: ``sample_deck`` (the full sample) or ``rulebook_examples`` (cards made to
    replay the rulebook's worked examples). Original sample content, not the published cards."""
    if name not in ("sample_deck", "rulebook_examples"):
        raise ValueError(f"no shipped deck {name!r}; shipped decks: sample_deck, rulebook_examples")
    path = resources.files(__package__) / "content" / f"{name}.json"
    data, _ = read_deck_file(Path(str(path)), GAME)
    return deck_from_json(data, f"{name}.json")
