"""The plug-in guard's time limit off the main thread (a Dask worker's thread, say), where no
alarm signal can reach the bot: the limit is a timer that raises in the bot's thread instead.
The main thread's alarm is checked through the command line (tests/test_hostile*.py); these
check the other path, which no in-process test reached."""

from __future__ import annotations

import threading
import time

from rummycheck.sim.guard import _deadline, _OutOfTime


def _in_a_thread(work: object) -> dict[str, object]:
    """Run ``work`` in a thread of its own; what it left in the dict (joined within 30 s)."""
    found: dict[str, object] = {}
    thread = threading.Thread(target=work, args=(found,))  # type: ignore[arg-type]
    thread.start()
    thread.join(30)
    found["alive"] = thread.is_alive()
    return found


def test_a_busy_bot_is_stopped_in_its_own_thread() -> None:
    def work(found: dict[str, object]) -> None:
        try:
            with _deadline(0.2):
                while True:  # pure Python: the exception arrives between two steps
                    pass
        except _OutOfTime:
            found["stopped"] = True

    assert _in_a_thread(work) == {"stopped": True, "alive": False}


def test_a_sleeping_bot_is_stopped_when_it_wakes() -> None:
    def work(found: dict[str, object]) -> None:
        try:
            with _deadline(0.1):
                for _ in range(1000):
                    time.sleep(0.01)
            found["finished"] = True
        except _OutOfTime:
            found["stopped"] = True

    assert _in_a_thread(work) == {"stopped": True, "alive": False}


def test_a_quick_answer_is_left_alone_and_no_stop_arrives_later() -> None:
    def work(found: dict[str, object]) -> None:
        try:
            with _deadline(0.2):
                found["answer"] = 6 * 7
            for _ in range(50):  # 0.5 s: past the 0.2 s when a stop would land had the timer not been stopped
                time.sleep(0.01)
            found["after"] = "quiet"
        except _OutOfTime:
            found["stopped"] = True

    assert _in_a_thread(work) == {"answer": 42, "after": "quiet", "alive": False}


def _timers_during(seconds: float) -> dict[str, object]:
    """The threads a deadline of ``seconds`` starts in a thread of its own (a limit's timer is one)."""
    def work(found: dict[str, object]) -> None:
        before = threading.active_count()
        with _deadline(seconds):
            found["timers"] = threading.active_count() - before

    return _in_a_thread(work)


def test_no_limit_starts_no_timer() -> None:
    assert _timers_during(0) == {"timers": 0, "alive": False}
    assert _timers_during(5) == {"timers": 1, "alive": False}
