"""Properties of the pure attack resolution, over generated attacks and every die face."""
from hypothesis import given
from hypothesis import strategies as st

from explorer.rumble_planet.attack import ArmorPiece, AttackProfile, Defender, resolve_attack, with_bonus
from explorer.rumble_planet.effects import EffectRef
from explorer.rumble_planet.options import BODY_PARTS, CRITICAL

FACES = BODY_PARTS + (CRITICAL,)
success = st.sampled_from([EffectRef("brace", (("amount", 1),)), EffectRef("spikes", (("amount", 2),))])
failure = st.sampled_from([EffectRef("padding", (("amount", 1),)), EffectRef("medkit", (("amount", 2),))])
armor = st.builds(ArmorPiece, st.just("armor"), st.integers(0, 8),
                  st.lists(st.sampled_from(BODY_PARTS), min_size=1, max_size=4, unique=True).map(tuple),
                  st.lists(success, max_size=2).map(tuple), st.lists(failure, max_size=2).map(tuple))
hero = st.builds(Defender, st.just("hero"), st.integers(0, 15), st.lists(armor, max_size=4).map(tuple),
                 st.integers(0, 2), st.just(1))
profile = st.builds(AttackProfile, st.just("weapon"), st.lists(hero, min_size=1, max_size=3).map(tuple))


@given(profile)
def test_injuries_are_bounded_and_critical_ignores_defense(p):
    for face in FACES:
        hits = resolve_attack(p, face)
        assert len(hits) == len(p.targets) and all(h.face == face for h in hits)
        for h, t in zip(hits, p.targets):
            assert 0 <= h.injuries <= t.damage and h.defense >= 0
            if face == CRITICAL:
                assert h.defense == 0 and h.reflect == 0  # every Armor fails: no successful-protection effect


def test_a_critical_can_hurt_less_than_a_covered_hit_through_failed_protection():
    # Ruling RP-17: failed-protection effects also apply on a critical hit.
    pad = ArmorPiece("cap", 0, ("head",), (), (EffectRef("padding", (("amount", 1),)),))
    p = AttackProfile("w", (Defender("hero", 5, (pad,), seat=1),))
    assert resolve_attack(p, "head")[0].injuries == 5 and resolve_attack(p, CRITICAL)[0].injuries == 4



@given(profile, st.integers(0, 5))
def test_more_damage_never_means_fewer_injuries(p, extra):
    for face in FACES:
        base, more = resolve_attack(p, face), resolve_attack(with_bonus(p, extra), face)
        assert all(m.injuries >= b.injuries for b, m in zip(base, more))
        assert all(m.injuries - b.injuries <= extra for b, m in zip(base, more))


@given(profile)
def test_defense_counts_only_armor_covering_the_part(p):
    for face in BODY_PARTS:
        for h, t in zip(resolve_attack(p, face), p.targets):
            covering = [a for a in t.armor if face in a.protects]
            braces = sum(dict(e.params)["amount"] for a in covering for e in a.on_success if e.name == "brace")
            assert h.defense == sum(a.defense for a in covering) + braces + 2 * t.fields
