"""What the shared repair steps had to fix after a strategy chose its pieces.

Budget enforcement and gap closing keep the chunk invariants whatever a strategy returns: a
piece over the budget is cut at words, stray text between pieces is attached to a
neighbour. So a strategy bug (a piece that starts one character late, a unit packed past
the budget) still yields valid chunks. `watch()` records every such repair so that tests can
require that none was needed; without a watcher a repair costs one test of an empty list,
and pieces that need no repair cost nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

GAP = "gap"  # non-whitespace text that no piece covered
OVER_BUDGET = "over_budget"  # a piece that did not fit the budget


@dataclass(frozen=True)
class Repair:
    """One repair: its kind, the span it concerned in `source`, and how it was made.

    `how` is `next` or `previous` (a gap attached to that piece), `own` (a gap that became
    pieces of its own) or `split` (a piece cut at words).
    """

    kind: str
    start: int
    end: int
    how: str
    source: str

    def __str__(self) -> str:
        shown = self.source[self.start:self.end][:60]
        return f"{self.kind} [{self.start}, {self.end}) {shown!r} closed: {self.how}"


_watchers: list[list[Repair]] = []


@contextmanager
def watch() -> Iterator[list[Repair]]:
    """Record the repairs made inside the block, in the order they were made."""
    found: list[Repair] = []
    _watchers.append(found)
    try:
        yield found
    finally:
        # By identity: two watchers that saw nothing are equal lists.
        del _watchers[next(i for i, w in enumerate(_watchers) if w is found)]


def note(kind: str, source: str, start: int, end: int, how: str) -> None:
    """Tell every watcher about a repair (nothing when no one watches)."""
    if _watchers:
        repair = Repair(kind, start, end, how, source)
        for found in _watchers:
            found.append(repair)


__all__ = ["GAP", "OVER_BUDGET", "Repair", "note", "watch"]
