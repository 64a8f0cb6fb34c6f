"""The compact game's draws are numpy's: the same numbers from generators in the same state, whatever the bound
(rejections included), after a 32-bit draw has left half an output waiting, and mixed with shuffles."""
import numpy as np
import pytest

from explorer.rumble_planet.sim.compact_draws import Draws

BOUNDS = [1, 2, 3, 5, 6, 7, 10, 16, 17, 100, 1000, 2**16 + 1, 2**31 - 1, 2**31, 2**31 + 1, 3 * 2**30 + 7,
          2**32 - 2, 2**32 - 1]


@pytest.mark.parametrize("seed", range(6))
def test_draws_are_numpys_integers_and_permutations(seed):
    pick = np.random.default_rng(100 + seed)
    plain, fast = np.random.Generator(np.random.PCG64(seed)), np.random.Generator(np.random.PCG64(seed))
    if seed % 2:  # numpy holds the high half of an output for its next 32-bit draw
        assert int(plain.integers(7, dtype=np.uint32)) == int(fast.integers(7, dtype=np.uint32))
        assert fast.bit_generator.state["has_uint32"] == 1
    draws = Draws(fast)
    for _ in range(3000):
        if pick.random() < 0.05:
            n = int(pick.integers(0, 40))
            assert draws.permutation(n) == [int(i) for i in plain.permutation(n)]
        else:
            n = BOUNDS[int(pick.integers(len(BOUNDS)))] if pick.random() < 0.5 else int(pick.integers(1, 60))
            got = draws.integers(n)
            want = plain.integers(n) if pick.random() < 0.5 else plain.integers(0, n)  # numpy's two spellings
            assert type(got) is int and got == int(want), n


def test_large_bounds_reject_as_numpy_does():
    # a bound just above 2**31 rejects nearly half the draws: numpy's retries are the draws' retries
    plain, fast = np.random.Generator(np.random.PCG64(9)), np.random.Generator(np.random.PCG64(9))
    draws = Draws(fast)
    n = 2**31 + 1
    assert [draws.integers(n) for _ in range(500)] == [int(plain.integers(n)) for _ in range(500)]


def test_another_bit_generator_draws_through_numpy():
    plain, other = np.random.Generator(np.random.MT19937(4)), np.random.Generator(np.random.MT19937(4))
    draws = Draws(other)
    assert [draws.integers(6) for _ in range(50)] == [int(plain.integers(6)) for _ in range(50)]
    assert draws.permutation(9) == [int(i) for i in plain.permutation(9)]


def test_a_bound_outside_32_bits_is_refused():
    draws = Draws(np.random.default_rng(0))
    for n in (0, -3, 2**32):
        with pytest.raises(ValueError, match="n must be"):
            draws.integers(n)
