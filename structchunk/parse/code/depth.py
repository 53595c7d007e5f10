"""How deeply a stretch of code nests, told before tree-sitter sees it.

tree-sitter grammars recurse in C; some (tree-sitter-yaml) overflow the stack and take the
process with them on input nested a few hundred levels deep (a 35 KB YAML file of 260
levels). Code of such a grammar nested deeper than `MAX_PARSED_DEPTH` is not parsed: it is
cut between lines, with a `code_fallback` note, as code without a grammar is. The depth is
counted in one pass: levels of indentation (a stack of indentation widths, as Python's
tokenizer keeps one) plus open brackets.
"""

from __future__ import annotations

MAX_PARSED_DEPTH = 100
# The grammars whose parsers recurse on the C stack with the nesting (found by
# tests/fuzz/test_grammar_fuzz.py); the others parse any depth.
STACK_BOUND_GRAMMARS = frozenset({"yaml"})


def nesting_depth(text: str, stop_at: int = MAX_PARSED_DEPTH) -> int:
    """The deepest nesting of `text` (indentation levels plus open brackets), counted up to
    `stop_at` (a text past it is answered at once)."""
    widths: list[int] = [0]
    brackets = deepest = 0
    for line in text.splitlines():
        stripped = line.lstrip(" \t")
        if not stripped:
            continue
        width = len(line) - len(stripped)
        if brackets == 0:
            while width < widths[-1]:
                widths.pop()
            if width > widths[-1]:
                widths.append(width)
        for char in stripped:
            if char in "([{":
                brackets += 1
                deepest = max(deepest, len(widths) - 1 + brackets)
            elif char in ")]}" and brackets:
                brackets -= 1
        deepest = max(deepest, len(widths) - 1 + brackets)
        if deepest > stop_at:
            return deepest
    return deepest
