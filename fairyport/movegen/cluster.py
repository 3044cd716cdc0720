"""Perft spread over a Dask cluster (``dask.distributed``, the ``fairyport[dask]`` extra).

The tree is split on the client at a depth chosen from the branching factor (:func:`split_depth`): every node
of that depth is one task, ``perft(node, depth - split)``. A task is named by the path of moves that leads to
it from the root, so it is a pure function of (game, start position, path, depth): Dask may run it twice, on
another worker, after a worker is lost, and the sum does not change.

Workers are sent a :class:`RootLoader` (a small picklable description of the game: the model, or a file), not
a compiled game: each worker process builds the start position once per loader (:func:`_root`) and copies it
for every task.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from fairyport.errors import UnsupportedError
from fairyport.movegen.perft import PerftPosition, perft

TASKS_PER_THREAD = 8
"""How many tasks the split aims at per worker thread of the cluster: enough for an even load when subtrees
differ in size several times over, few enough that Dask's cost per task stays small next to a subtree (about a
millisecond on an idle machine, measured 25 ms on a 2-core machine at load 10)."""

MIN_TASKS = 16
"""The fewest tasks the split aims at, whatever the cluster's size (a cluster may grow while it runs)."""

Path = tuple[tuple[int, str], ...]
"""Moves from the root to a task's node: (index in ``legal_raw()``, UCI text) per ply."""


class RootLoader(Protocol):
    """What a worker needs to rebuild the root position: picklable, with a ``key`` naming the game and
    position (equal keys give equal positions)."""

    @property
    def key(self) -> str:
        """Names the game and the position: loaders with equal keys give equal positions."""

    def __call__(self) -> PerftPosition:
        """The root position (built once per worker process and key)."""


_ROOTS: dict[str, PerftPosition] = {}
_ROOTS_LOCK = threading.Lock()


def _root(loader: RootLoader) -> PerftPosition:
    """The loader's root position, built once in this process (a worker compiles each game once)."""
    with _ROOTS_LOCK:
        found = _ROOTS.get(loader.key)
        if found is None:
            found = _ROOTS[loader.key] = loader()
        return found.copy()


def _replay(pos: PerftPosition, path: Path) -> None:
    """Make the moves of ``path`` on ``pos``; each is found by its index and checked by its text."""
    for index, name in path:
        moves = pos.legal_raw()
        move = moves[index] if index < len(moves) else None
        if move is None or pos.uci(move) != name:
            found = [m for m in moves if pos.uci(m) == name]
            if len(found) != 1:
                raise RuntimeError(f"task path {name!r} is not a unique legal move on this worker")
            move = found[0]
        pos.push_raw(move)


def subtree(loader: RootLoader, path: Path, depth: int) -> int:
    """One task: perft(``depth``) below the node reached by ``path`` (pure)."""
    pos = _root(loader)
    _replay(pos, path)
    return perft(pos, depth)


def split_depth(branching: int, depth: int, threads: int) -> int:
    """How many plies the client expands before handing subtrees to workers: the fewest with at least
    ``max(MIN_TASKS, TASKS_PER_THREAD * threads)`` nodes at a branching factor of ``branching``, at least 1 and
    at most ``depth - 1`` (each task counts at least one ply)."""
    target = max(MIN_TASKS, TASKS_PER_THREAD * threads)
    plies, nodes = 1, max(branching, 1)
    while nodes < target and plies < depth - 1 and branching > 1:
        plies += 1
        nodes *= branching
    return max(1, min(plies, depth - 1))


def frontier(pos: PerftPosition, plies: int) -> Iterator[Path]:
    """The paths to every node ``plies`` below ``pos`` (depth first, in move order)."""
    def walk(prefix: Path, left: int) -> Iterator[Path]:
        if left == 0:
            yield prefix
            return
        for index, move in enumerate(pos.legal_raw()):
            name = pos.uci(move)
            pos.push_raw(move)
            yield from walk((*prefix, (index, name)), left - 1)
            pos.pop_raw()
    yield from walk((), plies)


def _client_threads(client: Any) -> int:
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


def cluster_divide(client: Any, loader: RootLoader, depth: int, *,
                   progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """``divide`` on a Dask ``client``: perft(depth - 1) after every root move, keyed by UCI text, in move order.

    ``progress(done, total)`` is called as tasks finish. A depth of 1 is counted on the client.
    """
    as_completed = _distributed().as_completed
    pos = loader()
    roots = [(index, pos.uci(move)) for index, move in enumerate(pos.legal_raw())]
    table = {name: 0 for _, name in roots}
    if depth <= 1:
        return {name: 1 for name in table}
    plies = split_depth(len(roots), depth, _client_threads(client))
    paths = list(frontier(pos, plies))
    if progress is not None:
        progress(0, len(paths))
    table = {name: 0 for _, name in roots}
    if not paths:
        return table
    shared = client.submit(_identity, loader, pure=True, key=f"fairyport-root-{loader.key}")
    futures = {client.submit(subtree, shared, path, depth - plies, pure=True,
                             key=f"fairyport-perft-{loader.key}-{depth - plies}-{_path_key(path)}"): path
               for path in paths}
    for done, future in enumerate(as_completed(futures), start=1):
        count: int = future.result()
        table[futures[future][0][1]] += count
        if progress is not None:
            progress(done, len(paths))
    return table


def cluster_perft(client: Any, loader: RootLoader, depth: int, *,
                  progress: Callable[[int, int], None] | None = None) -> int:
    """perft(``depth``) of the loader's root position on a Dask ``client`` (exact: tasks are pure)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return len(loader().legal_raw())
    return sum(cluster_divide(client, loader, depth, progress=progress).values())


def _identity(loader: RootLoader) -> RootLoader:
    """The loader as a task result, so that every task depends on one copy (recomputed if a worker is lost)."""
    return loader


def _path_key(path: Path) -> str:
    return "-".join(str(index) for index, _ in path)


def _distributed() -> Any:
    """The ``distributed`` module, or a clear error naming the extra to install."""
    try:
        import distributed
    except ImportError:
        raise UnsupportedError("--dask needs dask.distributed: pip install 'fairyport[dask]'",
                               feature="dask") from None
    return distributed


def connect(address: str, *, workers: int | None = None) -> Any:
    """A Dask client: ``local`` starts an in-process ``LocalCluster`` (``workers`` processes of one thread each,
    default: one per CPU), anything else is a scheduler address (``tcp://host:8786``)."""
    distributed = _distributed()
    if address == "local":
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
        client = distributed.Client(cluster)
        client.fairyport_cluster = cluster
        return client
    return distributed.Client(address)


def close(client: Any) -> None:
    """Close a client from :func:`connect` (and the local cluster it started)."""
    cluster = getattr(client, "fairyport_cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()
