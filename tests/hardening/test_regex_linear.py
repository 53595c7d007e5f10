"""Every regular expression in the code and in grammars/ runs in time linear in its input.

Patterns are collected, not listed: every compiled pattern held by a structchunk module,
every one a grammar file compiles to (sentence, legal, code and detection grammars), and
every one the code builds at run time (each language's sentence scanners, the per-script
and page-number patterns, the recursive strategy's separators). Each is run (`finditer` to
the end, the most a caller asks of it) over adversarial inputs: a lead (a legal or Markdown
heading, or nothing) then a repeated fragment and a character no pattern expects. A screen
at one size picks the pairs worth a closer look; for those, the time at 16n is compared
with the time at n, the best of sampled runs each. Linear matching gives a ratio near 16,
quadratic near 256; the test fails above 64 (the run at 16n is stopped there, with the
`regex` module's timeout). No absolute time is asserted but the screen's.
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
FRAGMENTS = ["a", " ", "\n", "\r\n", "1", ".", "(", "§ 1", "a ", "a.", "1. ", "# ", "!?",
             "\u0301\u0316", "> "]
LEADS = ["", "§ 1 T", "Art 1 T", "# T"]
ENDINGS = ["!"]
SCREEN_SIZE = 500
SUSPICIOUS_SECONDS = 0.0005
GROWTH = 16
LINEAR_LIMIT = 64.0


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
    elif type(value).__module__.startswith("structchunk.") and not isinstance(value, type):
        # a run-time object (a segmenter, a grammar): its fields and what it has cached
        children = [getattr(value, field.name) for field in dataclasses.fields(value)] \
            if dataclasses.is_dataclass(value) else []
        children += list(getattr(value, "__dict__", {}).values())
    else:
        return
    for child in children:
        yield from _patterns_in(child, depth + 1)


def collect_patterns() -> dict[str, Any]:
    found: dict[str, Any] = {}
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
    for name, pattern in built_at_run_time():
        found.setdefault(f"{name}: {pattern.pattern[:60]!r}", pattern)
    # modules last: a pattern a module caches from a grammar file (a loaded grammar, a
    # segmenter) keeps the grammar file's name when the duplicates are dropped
    for info in pkgutil.walk_packages(structchunk.__path__, "structchunk."):
        try:
            module = importlib.import_module(info.name)
        except Exception:  # optional extras that are not installed
            continue
        for name, value in vars(module).items():
            for pattern in _patterns_in(value):
                found.setdefault(f"{info.name}.{name}: {pattern.pattern[:60]!r}", pattern)
    distinct: dict[tuple[Any, ...], str] = {}
    for name, pattern in found.items():  # a pattern held in several places is run once
        distinct.setdefault((type(pattern), pattern.pattern, pattern.flags), name)
    return {name: found[name] for name in distinct.values()}


def built_at_run_time() -> Iterator[tuple[str, Any]]:
    """The patterns the code compiles from data when it runs, as it compiles them."""
    from structchunk.chunk.strategies.recursive import RecursiveChunker
    from structchunk.lang import scripts
    from structchunk.lang.segmenter import RuleSegmenter
    from structchunk.parse.code.grammars import load_code_grammar
    from structchunk.parse.code.languages import code_languages
    from structchunk.parse.pdf import running

    for language in available_languages():
        segmenter = RuleSegmenter(load_sentence_grammar(language))
        for pattern in _patterns_in(segmenter):
            yield f"sentence scanner {language}", pattern
    per_script = getattr(scripts, "_other_than", None)  # a pattern per script, where built
    for script in scripts.script_data().main if per_script is not None else ():
        yield f"script {script}", per_script(script)
    yield "page numbers", running.page_number_pattern(frozenset({"Seite", "Page"}),
                                                       frozenset({"von", "of"}))
    for separator in RecursiveChunker.separators:
        yield "recursive separator", regex.compile(separator)
    for language in sorted(set(code_languages().by_suffix.values())):
        grammar = load_code_grammar(language)
        for pattern in _patterns_in(grammar) if grammar is not None else ():
            yield f"grammars/code/{language}", pattern


def _run(pattern: Any, text: str | bytes, repeats: int = 1, limit: float | None = None) -> float:
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


def _text(lead: str, fragment: str, ending: str, size: int, binary: bool = False
          ) -> str | bytes:
    text = lead + fragment * (size // len(fragment)) + ending
    return text.encode("utf-8") if binary else text


def test_patterns_are_collected_from_code_and_grammars() -> None:
    names = collect_patterns()
    assert len(names) > 40
    assert any(name.startswith("grammars/sentences/") for name in names)
    assert any(name.startswith("grammars/legal/") for name in names)
    assert any(name.startswith("grammars/code/") for name in names)
    assert any(name.startswith("sentence scanner ") for name in names)


@pytest.mark.skipif(not os.environ.get("STRUCTCHUNK_REGEX_AUDIT"),
                    reason="long audit (over 6 minutes on 2 cores): set STRUCTCHUNK_REGEX_AUDIT=1")
def test_every_pattern_matches_in_linear_time() -> None:
    slow = []
    for name, pattern in collect_patterns().items():
        # a lead matters to the patterns anchored at a heading: the legal grammars'
        for lead in LEADS if name.startswith("grammars/legal/") else [""]:
            for fragment in FRAGMENTS:
                for ending in ENDINGS:
                    slow.extend(_grows_faster_than_linear(name, pattern, lead, fragment, ending))
    assert not slow, "\n".join(slow)


def _grows_faster_than_linear(name: str, pattern: Any, lead: str, fragment: str,
                              ending: str) -> list[str]:
    binary = isinstance(pattern.pattern, bytes)
    small_text = _text(lead, fragment, ending, SCREEN_SIZE, binary)
    if _run(pattern, small_text) < SUSPICIOUS_SECONDS:
        return []
    small = _run(pattern, small_text, repeats=3)
    large = _run(pattern, _text(lead, fragment, ending, GROWTH * SCREEN_SIZE, binary),
                 repeats=2, limit=max(0.05, 2 * LINEAR_LIMIT * small))
    if large / max(small, 1e-6) <= LINEAR_LIMIT:
        return []
    return [f"{name} on {lead!r}+{fragment!r}*n+{ending!r}: x{large / small:.0f}"]
