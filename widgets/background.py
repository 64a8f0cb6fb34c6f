"""Work off the click's thread: a click never waits for a solver.

One worker thread runs the newest job only; a job is a list of stages, each ``(work, done)``.
``done(result)`` runs only while the job is still the newest (a later ``submit`` or ``cancel``
makes it stale), so a chart can never show the odds of a state the page has left.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

log = logging.getLogger(__name__)
Stage = tuple[Callable[[], Any], Callable[[Any], None]]


class Background:
    """``threaded=False`` runs each job at once in the caller (headless tests, notebooks executed in batch)."""

    def __init__(self, threaded: bool = True):
        self.threaded = threaded
        self.generation = 0
        self._job: list[Stage] | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, stages: list[Stage]) -> int:
        with self._cond:
            self.generation += 1
            gen = self.generation
            if not self.threaded:
                self._job = None
            else:
                self._job = list(stages)
                if self._thread is None or not self._thread.is_alive():
                    self._thread = threading.Thread(target=self._loop, name="rx-background", daemon=True)
                    self._thread.start()
                self._cond.notify_all()
                return gen
        self._run(gen, stages)
        return gen

    def cancel(self) -> None:
        with self._cond:
            self.generation += 1
            self._job = None

    def current(self, gen: int) -> bool:
        return gen == self.generation

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until no job is pending or running (for tests and benchmarks)."""
        with self._cond:
            return self._cond.wait_for(lambda: self._job is None and not self._busy, timeout)

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._job is not None)
                stages, gen, self._job, self._busy = self._job, self.generation, None, True
            try:
                self._run(gen, stages)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _run(self, gen: int, stages: list[Stage]) -> None:
        for work, done in stages:
            if not self.current(gen):
                return
            try:
                result = work()
            except Exception as e:  # noqa: BLE001 - shown by ``done``, never raised into the kernel
                log.debug("background work failed", exc_info=True)
                result = e
            if not self.current(gen):
                return
            try:
                done(result)
            except Exception:  # noqa: BLE001
                log.exception("background callback failed")
