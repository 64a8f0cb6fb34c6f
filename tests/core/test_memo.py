"""Values kept per object: made once for the very objects, never handed to another object."""
from explorer.core.memo import KEEP, kept


class Deck:
    pass


def test_made_once_per_object_and_never_for_an_equal_other():
    store, made = {}, []
    make = lambda d, o: made.append((d, o)) or len(made)  # noqa: E731
    a, b = Deck(), Deck()
    assert kept(store, make, a, "x") == kept(store, make, a, "x") == 1
    assert kept(store, make, b, "x") == 2 and len(made) == 2
    store[(id(b), id("x"))] = ((a, "x"), 99)  # an id reused by another object finds nothing of it
    assert kept(store, make, b, "x") == 3


def test_a_few_are_kept():
    store = {}
    decks = [Deck() for _ in range(KEEP + 1)]
    for d in decks:
        kept(store, lambda d: d, d)
    assert len(store) <= KEEP
