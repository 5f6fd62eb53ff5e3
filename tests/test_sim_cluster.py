"""``rummycheck simulate --scheduler tcp://...`` against a Dask cluster made of separate processes.

The cluster is what ``docs/simulate.md`` tells a user to start: a ``dask scheduler`` and a
``dask worker`` process (here both on this machine, talking TCP), and the command line in a
third process.  The results must equal local processes' for the same seed, and the batches
must have run on the cluster's workers (the scheduler has seen them).
"""

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("dask.distributed")

ROOT = Path(__file__).resolve().parent.parent
SIMULATE = ["simulate", "--variant", "gin", "--bots", "knock,knock-at-5", "--games", "16", "--seed", "4",
            "--rule", "game_target=25", "--batch", "2", "--json"]


def rummycheck(*args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "rummycheck", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    data: dict[str, object] = json.loads(done.stdout)
    return data


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    """A scheduler and a worker (two worker processes of one thread), as separate processes."""
    file = tmp_path / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": tmp_path}
    scheduler = subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(file)], **quiet)  # type: ignore[call-overload]
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline and scheduler.poll() is None:
            time.sleep(0.1)
        assert file.exists(), "the dask scheduler did not start"
        worker = subprocess.Popen([sys.executable, "-m", "dask", "worker", "--scheduler-file", str(file),
                                   "--nworkers", "2", "--nthreads", "1", "--no-dashboard"], **quiet)  # type: ignore[call-overload]
        address = json.loads(file.read_text())["address"]
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()


def test_a_remote_cluster_gives_the_local_process_results(cluster: str) -> None:
    local = rummycheck(*SIMULATE, "--workers", "2")
    remote = rummycheck(*SIMULATE, "--scheduler", cluster)
    assert remote == local
    assert local["games"] == 16
    with distributed.Client(cluster, timeout=60) as client:
        seen = client.run_on_scheduler(lambda dask_scheduler: sorted(dask_scheduler.task_prefixes))
    assert "run_batch" in seen  # the batches ran on the cluster's workers, not in the command's process


def test_a_game_travels_to_a_worker_as_its_variant_not_with_its_caches() -> None:
    """A review sends each decision's state to the workers from the executor's feeding thread while
    its own thread walks the record on and fills the game's caches; pickled whole, the game's cache
    was read while it changed ("dictionary changed size during iteration", seen once in a basic
    review with two workers, 28 deals in; too rare to provoke in a test).  The game now pickles as
    its variant and is read back as the receiving process's own: its caches never travel."""
    import pickle

    from rummycheck.cards import parse_cards
    from rummycheck.games import game_of
    from rummycheck.melds import Meld, MeldKind
    from rummycheck.table.hand import new_hand
    from rummycheck.variants import get_variant

    game = game_of(get_variant("basic"))
    game.meld_reasons("meld", Meld.natural(MeldKind.SET, parse_cards("7s 7h 7d")))
    assert game._meld_reasons  # the cache holds an answer ...
    data = pickle.dumps(game)
    assert b"_meld_reasons" not in data and pickle.loads(data) is game  # ... and does not travel
    state = new_hand("basic", players=2, seed=3)
    assert state.game is game
    sent = pickle.dumps(state)
    assert b"_meld_reasons" not in sent
    copy = pickle.loads(sent)
    assert copy.game is game and copy.players == state.players and copy.stock_cards == state.stock_cards
