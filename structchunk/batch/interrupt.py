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
        raise Interrupted(signum)

    earlier = {number: signal.getsignal(number) for number in _SIGNALS}
    for number in _SIGNALS:
        signal.signal(number, interrupt)
    try:
        yield
    finally:
        for number, handler in earlier.items():
            signal.signal(number, handler)
