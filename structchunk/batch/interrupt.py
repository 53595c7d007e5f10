"""SIGINT and SIGTERM end a run the same way: the workers stop, temporary files go, the old
output stays as it was, and one line says what was finished and how to resume. A container
stop (SIGTERM) is then no crash."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_received: list[int] = []  # signals seen inside `interruptible`, for `check`


class Interrupted(KeyboardInterrupt):
    """Raised in the main thread by SIGINT or SIGTERM; `signum` sets the exit status."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(self.name)


@contextmanager
def interruptible() -> Iterator[None]:
    """While inside, SIGINT and SIGTERM raise `Interrupted`; a second signal during the
    clean-up that follows is ignored, so the clean-up itself is never cut short."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        for number in _SIGNALS:
            signal.signal(number, signal.SIG_IGN)
        _received.append(signum)
        raise Interrupted(signum)

    earlier = {number: signal.getsignal(number) for number in _SIGNALS}
    _received.clear()
    for number in _SIGNALS:
        signal.signal(number, interrupt)
    try:
        yield
    finally:
        _received.clear()
        for number, handler in earlier.items():
            signal.signal(number, handler)


def check() -> None:
    """Raise `Interrupted` for a signal whose exception was lost: Python swallows an
    exception raised while a finalizer (`__del__`) runs, so the handler's own raise may
    never arrive. Called between files."""
    if _received:
        raise Interrupted(_received[0])
