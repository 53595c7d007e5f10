"""The block tokens of a Markdown text from pulldown-cmark (through pyromark), read one
window of the text at a time (`windows.py`), so that pulldown-cmark's block tree of the whole
text (about 7 bytes per character, in Rust) is never held: the events of each window go
through one converter (`pyromark_converter.py`), which confirms each window's cut.

YAML front matter is read by markdown-it's rule (`front_matter.py`) and hidden from
pulldown-cmark.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import chain
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.parse.markdown.front_matter import front_matter_lines
from structchunk.parse.markdown.pyromark_converter import Converter
from structchunk.parse.markdown.pyromark_ends import BlockToken, markdown_it_ends
from structchunk.parse.markdown.windows import WINDOW, has_definitions, plan

_NOT_BREAK = regex.compile(r"[^\r\n]+")  # a match a line: one per character cost 90 µs


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether pyromark imports here; asked once, since a failed import searches the path."""
    try:
        import pyromark  # noqa: F401
    except ImportError:
        return False
    return True


def _blanked(match: regex.Match[str]) -> str:
    return " " * (match.end() - match.start())


def tokens(source: Source, max_nesting: int, window: int = WINDOW) -> Iterator[BlockToken]:
    """The block tokens of `source.text`, made as they are read, `window` characters of the
    text parsed at a time; blocks nested deeper than `max_nesting` are dropped (their text is
    left to gap filling, as markdown-it leaves lines past its nesting limit)."""

    front = front_matter_lines(source)
    parsed = source
    head: list[BlockToken] = []
    if front:  # read as markdown-it reads it, and hidden from pulldown-cmark as blank lines
        end = source.line_start(front)
        blanked = _NOT_BREAK.sub(_blanked, source.text[:end])
        parsed = replace(source, text=blanked + source.text[end:])
        head = [BlockToken("front_matter", [0, front]), BlockToken("front_matter_close")]
    converter = Converter(parsed, max_nesting)
    return markdown_it_ends(chain(head, _read(converter, parsed.text, window)), source,
                            converter.skipped_to_end)


def _read(converter: Converter, text: str, window: int) -> Iterator[BlockToken]:
    """The converter's tokens of pyromark's events, read one window of the text at a time
    (`windows.py`): a window's tokens are passed on once its cut is confirmed, and a window
    whose cut is not is read again, twice as long."""
    import pyromark

    options = pyromark.Options.ENABLE_TABLES
    # A text of one window is read whole anyway: it is not searched for definitions.
    size = len(text) if len(text) > window and has_definitions(text) else window
    start = base = 0
    while True:
        cut, end = plan(text, start, size)
        last = cut == len(text)
        relative = -1 if last else (cut - start if converter.ascii
                                    else len(text[start:cut].encode("utf-8")))
        events: Any = pyromark.events_with_range(text[start:end], options=options)  # (range: dict)
        taken = converter.feed(events, base, relative)
        del events  # this window's parse is released before the next one is made
        if not taken:
            converter.reset()
            size *= 2
            continue
        if last:
            converter.finish()
            yield from converter.pass_on()
            return
        yield from converter.pass_on()
        base += relative
        start, size = cut, window
