"""Every regular expression in the code and in grammars/ runs in time linear in its input.

Patterns are collected, not listed: every compiled pattern held by a structchunk module and
every one a grammar file compiles to. Each is run (`finditer` to the end, the most a
caller asks of it) over adversarial inputs made of repeated fragments. A screen at one size
picks the pattern and input pairs worth a closer look; for those, the time at 8n is
compared with the time at n. Linear matching gives a ratio near 8, quadratic near 64; the
test fails above 32 (the run at 8n is stopped there, with the `regex` module's timeout).
No absolute time is asserted.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import pkgutil
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
import regex

import structchunk
from structchunk.lang.grammars import available_languages, load_sentence_grammar
from structchunk.parse.legal.grammar import available_jurisdictions, load_legal_grammar

# Runs of what patterns here repeat on: letters, spaces, line breaks, digits, dots, list
# and section marks; each followed by a character no pattern expects, so matches must fail.
FRAGMENTS = ["a", " ", "\n", "\r\n", "1", ".", "(", "§ 1", "a ", "a.", "1. ", "# "]
ENDINGS = ["!"]
SCREEN_SIZE = 4_000
SUSPICIOUS_SECONDS = 0.0005
LINEAR_LIMIT = 32.0


def _patterns_in(value: Any, depth: int = 0) -> Iterator[Any]:
    if isinstance(value, (regex.Pattern, re.Pattern)):
        yield value
        return
    if depth > 4:
        return
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = list(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, field.name) for field in dataclasses.fields(value)]
    else:
        return
    for child in children:
        yield from _patterns_in(child, depth + 1)


def collect_patterns() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for info in pkgutil.walk_packages(structchunk.__path__, "structchunk."):
        try:
            module = importlib.import_module(info.name)
        except Exception:  # optional extras that are not installed
            continue
        for name, value in vars(module).items():
            for pattern in _patterns_in(value):
                found.setdefault(f"{info.name}.{name}: {pattern.pattern[:60]!r}", pattern)
    for language in available_languages():
        grammar = load_sentence_grammar(language)
        for pattern in _patterns_in(grammar):
            found.setdefault(f"grammars/sentences/{language}: {pattern.pattern[:60]!r}", pattern)
        for rule in getattr(grammar, "rules", ()):
            for pattern in _patterns_in(rule):
                found.setdefault(f"grammars/sentences/{language}: {pattern.pattern[:60]!r}",
                                 pattern)
    for code in available_jurisdictions():
        for pattern in _patterns_in(load_legal_grammar(code)):
            found.setdefault(f"grammars/legal/{code}: {pattern.pattern[:60]!r}", pattern)
    return found


def _run(pattern: Any, text: str, repeats: int = 1, limit: float | None = None) -> float:
    """Best time of `repeats` full `finditer` runs; infinity past `limit` seconds."""
    best = float("inf")
    options = {"timeout": limit} if limit is not None and isinstance(pattern, regex.Pattern) \
        else {}
    for _ in range(repeats):
        started = time.perf_counter()
        try:
            for _match in pattern.finditer(text, **options):
                pass
        except TimeoutError:
            return float("inf")
        best = min(best, time.perf_counter() - started)
    return best


def _text(fragment: str, ending: str, size: int) -> str:
    return fragment * (size // len(fragment)) + ending


def test_patterns_are_collected_from_code_and_grammars() -> None:
    names = collect_patterns()
    assert len(names) > 40
    assert any(name.startswith("grammars/sentences/") for name in names)
    assert any(name.startswith("grammars/legal/") for name in names)


@pytest.mark.skipif(not os.environ.get("STRUCTCHUNK_REGEX_AUDIT"),
                    reason="long audit: set STRUCTCHUNK_REGEX_AUDIT=1 to run it")
def test_every_pattern_matches_in_linear_time() -> None:
    slow = []
    for name, pattern in collect_patterns().items():
        for fragment in FRAGMENTS:
            for ending in ENDINGS:
                if _run(pattern, _text(fragment, ending, SCREEN_SIZE)) < SUSPICIOUS_SECONDS:
                    continue
                small = _run(pattern, _text(fragment, ending, SCREEN_SIZE), repeats=3)
                large = _run(pattern, _text(fragment, ending, 8 * SCREEN_SIZE),
                             limit=max(0.05, 2 * LINEAR_LIMIT * small))
                if large / max(small, 1e-6) > LINEAR_LIMIT:
                    slow.append(f"{name} on {fragment!r}*n+{ending!r}: x{large / small:.0f}")
    assert not slow, "\n".join(slow)
