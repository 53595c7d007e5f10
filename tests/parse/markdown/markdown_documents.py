"""Generated Markdown documents of nested quotes, lists, fences, tables and other blocks.

Structure comes from the builders, not from the words: the words hold no markup that starts a
block (`>`, `-`, `|`), so each document is made of the constructs it was built from. A table
is followed by a blank line: pulldown-cmark takes an indented line right after a table as a
row, markdown-it as code (docs/architecture.md lists the inputs the two parsers read apart).
"""

from __future__ import annotations

from hypothesis import strategies as st

words = st.sampled_from(["alpha", "beta", "Wort", "शब्द", "x", "*em*", "`c`", "[a](b)"])
line = st.lists(words, min_size=1, max_size=5).map(" ".join)


def _fence(parts: tuple[str, str, list[str], bool]) -> str:
    marks, info, body, closed = parts
    return "\n".join([marks + info, *body, *([marks] if closed else [])])


def _table(shape: tuple[int, int]) -> str:
    columns, rows = shape
    header = "| " + " | ".join(f"h{column}" for column in range(columns)) + " |"
    row = "| " + " | ".join("v" for _ in range(columns)) + " |"
    return "\n".join([header, "|" + "---|" * columns, *[row] * rows]) + "\n"


paragraph = st.lists(line, min_size=1, max_size=3).map("\n".join)
heading = st.tuples(st.integers(1, 4), line).map(lambda parts: "#" * parts[0] + " " + parts[1])
fence = st.tuples(st.sampled_from(["```", "~~~", "````"]),
                  st.sampled_from(["", "python", "yaml", "bash", "text"]),
                  st.lists(line, max_size=3), st.booleans()).map(_fence)
table = st.tuples(st.integers(1, 3), st.integers(0, 3)).map(_table)
indented = st.lists(line, min_size=1, max_size=2).map(
    lambda lines: "\n".join("    " + text for text in lines))
rule = st.sampled_from(["***", "---", "___"])
html = st.just("<div>\nblock\n</div>")
leaf = st.one_of(paragraph, heading, fence, table, indented, rule, html)


def _quote(body: str) -> str:
    return "\n".join(">" if not text else "> " + text for text in body.split("\n"))


def _list(shape: tuple[list[str], bool, bool, str]) -> str:
    items, loose, ordered, marker = shape
    out = []
    for number, item in enumerate(items, start=1):
        bullet = f"{number}. " if ordered else marker + " "
        pad = " " * len(bullet)
        first, *rest = item.split("\n")
        out.append("\n".join([bullet + first, *(pad + text if text else "" for text in rest)]))
    return ("\n\n" if loose else "\n").join(out)


def _join(parts_and_separators: tuple[list[str], list[str]]) -> str:
    parts, separators = parts_and_separators
    out = parts[0]
    for part, separator in zip(parts[1:], separators, strict=False):
        out += separator + part
    return out


def blocks(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Up to four blocks, apart by one, two or three line breaks (lazy lines included)."""
    separators = st.lists(st.sampled_from(["\n\n", "\n", "\n\n\n"]), min_size=3, max_size=3)
    return st.tuples(st.lists(children, min_size=1, max_size=4), separators).map(_join)


def _containers(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    inner = blocks(children)
    lists = st.tuples(st.lists(inner, min_size=1, max_size=3), st.booleans(), st.booleans(),
                      st.sampled_from(["-", "*", "+"])).map(_list)
    return st.one_of(inner.map(_quote), lists)


block = st.recursive(leaf, _containers, max_leaves=12)
front_matter = st.sampled_from([
    "", "---\ntitle: x\n---\n", "---\n---\n", "----\na: 1\n---\n", "---\na: 1\n...\n",
    "---\na: 1\n  ---\n", "---\nnot closed\n", "---\n\n",
])
documents = st.tuples(front_matter, blocks(block)).map(lambda parts: parts[0] + parts[1] + "\n")


def _nested(parts: tuple[list[tuple[str, str, str]], str]) -> str:
    """Containers inside each other, innermost last: each a quote, or a list item (with
    its marker), with what follows the inner container inside it: nothing, a paragraph
    after a blank line, a lazy line, or a sibling item. No quote is empty: an empty quote
    inside another, followed by a line of the outer markers alone, is read apart by the two
    parsers at any depth (docs/architecture.md)."""
    spine, body = parts
    text = body
    for kind, marker, after in reversed(spine):
        if kind == "quote":
            text = _quote(text + after)
        else:
            first, *rest = (text + after).split("\n")
            pad = " " * (len(marker) + 1)
            text = "\n".join([f"{marker} {first}", *(pad + line if line else "" for line in rest)])
    return text


_afters = st.sampled_from(["", "", "\n\nalpha beta", "\nlazy words", "\n\n- sibling item",
                           "\n\n1. numbered"])
_spine = st.lists(st.tuples(st.sampled_from(["quote", "item"]),
                            st.sampled_from(["-", "*", "+", "1.", "2)"]), _afters),
                  min_size=5, max_size=16)
nested = st.tuples(_spine, st.sampled_from(["deep words", "deep\nwords", "x\n\ny"])).map(
    _nested)
"""Quotes and list items inside each other, from a few levels below the nesting limit to
several past it (an item opens two levels: its list and itself)."""
nested_documents = st.tuples(nested, st.sampled_from(["", "\n", "\n\nAfter the nest.\n",
                                                       "\n\n- after item\n", "\n\n> after\n"])
                             ).map(lambda parts: parts[0] + parts[1] + "\n")
