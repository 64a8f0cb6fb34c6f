"""The same sweep on a Dask cluster: ``Client.get_executor()`` is a standard Executor."""
import pytest

from explorer.proving_grounds import Options
from explorer.proving_grounds.sim import simulate

distributed = pytest.importorskip("distributed")


def test_a_dask_executor_gives_the_same_result_as_running_locally():
    options = Options(shields=True, timer_rerolls=6)
    local = simulate(options, 6000, seed=12, executor=None, chunk=4096)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        calls = []
        remote = simulate(options, 6000, seed=12, executor=client.get_executor(), chunk=4096,
                          progress=lambda done, total: calls.append((done, total)))
    assert remote == local
    assert calls and calls[-1] == (6000, 6000)
