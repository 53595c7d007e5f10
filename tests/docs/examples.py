"""The examples of README.md and docs/*.md, read from their fenced blocks.

A block is an example if its fence says `python`, or `bash`/`console`/`sh` with a line that
runs the `structchunk` command. A block that cannot run offline is preceded by an HTML
comment `<!-- not run: why -->`; the tests skip it and list it with its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGES = (REPO / "README.md", *sorted((REPO / "docs").glob("*.md")))
SHELLS = ("bash", "console", "sh")
_FENCE = re.compile(r"^```(?P<lang>\w+)[^\n]*\n(?P<body>.*?)^```$", re.M | re.S)
_NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<why>.*?)\s*-->\s*\Z", re.S)
_COMMAND = re.compile(r"^(?:\$ )?(?:.*\|\s*)?structchunk\s", re.M)


@dataclass(frozen=True)
class Example:
    """One fenced block: where it is, its language, its body, and why it is not run (if so)."""

    page: Path
    line: int
    lang: str
    body: str
    not_run: str | None

    @property
    def label(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"

    def commands(self) -> list[str]:
        """The shell lines that run structchunk (a `$ ` prompt removed)."""
        return [line.removeprefix("$ ") for line in self.body.splitlines()
                if _COMMAND.match(line)]


def examples(page: Path) -> list[Example]:
    """The page's python blocks and its shell blocks that run structchunk, in page order."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        lang, body = match["lang"], match["body"]
        before = _NOT_RUN.search(text[:match.start()][-300:])
        runs_command = lang in SHELLS and (_COMMAND.search(body) or before)
        if lang != "python" and not runs_command:
            continue
        found.append(Example(page, text.count("\n", 0, match.start()) + 1, lang, body,
                             before["why"] if before else None))
    return found


def all_examples() -> list[Example]:
    return [example for page in PAGES for example in examples(page)]
