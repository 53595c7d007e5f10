"""Where YAML front matter ends, by markdown-it's rule, for both backends.

pulldown-cmark is shown the front matter as blank lines; markdown-it reads it with its plugin,
which reads a window cut inside it (`windows.py`) otherwise than the whole text, so no window
is cut before its end.
"""

from __future__ import annotations

import regex

from structchunk.decode import Source

_DASHES = regex.compile(r"-{3,}")
_CLOSING = regex.compile(r" {0,3}(-{3,})[ \t]*")
_YAML_END = regex.compile(r"\.\.\.[ \t]*")


def front_matter_lines(source: Source) -> int:
    """How many lines YAML front matter takes at the start of the text (0: none), by the rule
    of markdown-it's front-matter plugin: a line starting with three or more `-` at the very
    start, closed by a line of as many `-` (up to three spaces before, spaces after) or by
    `...` at column 0. pulldown-cmark's own rule differs (it also takes `---` blocks later in
    the text, and none with nothing inside), so it is not used."""
    text = source.text
    opening = _DASHES.match(text)
    if opening is None:
        return 0
    for line in range(1, len(source.line_starts)):
        content = text[source.line_start(line):source.line_end(line)]
        if _YAML_END.fullmatch(content):
            return line + 1
        closing = _CLOSING.fullmatch(content)
        if closing is not None and len(closing.group(1)) >= len(opening.group(0)):
            return line + 1
    return 0


__all__ = ["front_matter_lines"]
