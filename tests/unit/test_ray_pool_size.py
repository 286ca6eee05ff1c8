"""How many workers :class:`~memscribe.batch.ray_engine.RayEngine` starts: one per CPU of the
cluster (or as asked), never more than the CPUs free when the run opens (a worker waiting for a
CPU would hold the units routed to it)."""

from __future__ import annotations

from memscribe.batch.ray_engine import pool_size


def test_one_worker_per_cpu_of_an_idle_cluster() -> None:
    assert pool_size(None, 4.0, 4.0) == 4
    assert pool_size(3, 4.0, 4.0) == 3


def test_no_more_workers_than_the_cluster_has_cpus() -> None:
    assert pool_size(5, 2.0, 2.0) == 2


def test_a_busy_cluster_gets_only_as_many_workers_as_cpus_are_free() -> None:
    assert pool_size(None, 64.0, 4.0) == 4
    assert pool_size(8, 64.0, 3.5) == 3


def test_a_full_cluster_still_gets_one_worker() -> None:
    assert pool_size(None, 2.0, 0.0) == 1
    assert pool_size(None, 0.0, 0.0) == 1
