"""Both Markdown backends stop building blocks at the same depth: a quote nested one level
past the limit, or one level short of it, gives the same tree and chunks either way."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.decode import from_text
from structchunk.parse.markdown import builder as markdown
from structchunk.tree import NodeKind

pytest.importorskip("pyromark")

DEPTHS = range(markdown.MAX_NESTING - 3, markdown.MAX_NESTING + 4)


def _quotes(depth: int) -> str:
    return ("> " * depth + "deep words here\n" + ">" * depth + "\n"
            + "> " * depth + "and a second paragraph\n\nAfter the quote.\n")


def _pretty(text: str, backend: str) -> str:
    return markdown.parse(from_text(text), markdown_backend=backend).pretty()


@pytest.mark.parametrize("depth", DEPTHS)
def test_quotes_around_the_nesting_limit_give_the_same_tree(depth: int) -> None:
    text = _quotes(depth)
    assert _pretty(text, "pyromark") == _pretty(text, "markdown-it")


@pytest.mark.parametrize("depth", DEPTHS)
def test_quotes_around_the_nesting_limit_give_the_same_chunks(depth: int) -> None:
    text = _quotes(depth)

    def chunks(backend: str) -> list[tuple[int, int, str]]:
        return [(chunk.start, chunk.end, chunk.text) for chunk in structchunk.split(
            from_text(text), format="markdown", max_size=60, markdown_backend=backend)]

    assert chunks("pyromark") == chunks("markdown-it")


@pytest.mark.parametrize("backend", ["pyromark", "markdown-it"])
def test_quotes_open_up_to_the_limit_and_no_further(backend: str) -> None:
    def counts(depth: int) -> tuple[int, int]:
        lines = [line.strip() for line in _pretty(_quotes(depth), backend).splitlines()]
        return (sum(line.startswith("quote") for line in lines),
                sum(line.startswith("paragraph") for line in lines))

    limit = markdown.MAX_NESTING
    assert counts(limit - 1) == (limit - 1, 3)  # both quoted paragraphs and the one after
    assert counts(limit) == (limit, 1)  # the innermost blocks are text past the limit
    assert counts(limit + 3) == (limit, 1)


# An item opens two levels (its list and itself), a quote one: these reach the limit of 20
# at 10 nested lists, and at the seventh `> - ` (21 levels: the item is the one past it).
LIST_DEPTHS = range(markdown.MAX_NESTING // 2 - 3, markdown.MAX_NESTING // 2 + 4)
MIX_DEPTHS = range(markdown.MAX_NESTING // 3 - 3, markdown.MAX_NESTING // 3 + 4)
WORDS = ["item", "शब्द"]  # ASCII text is its own byte table; other text has one of its own


def _lists(depth: int, word: str) -> str:
    return ("".join("  " * level + f"- {word} {level}\n" for level in range(depth))
            + "\nAfter the lists.\n")


def _mixes(depth: int, word: str) -> str:
    return ("> - " * depth + f"deep {word}\n>\n> tail of the outer quote\n\n"
            f"After the quote {word}.\n")


def _quoted_lists(depth: int, word: str) -> str:
    return ("> intro\n>\n" + "".join("> " + "  " * level + f"- {word} {level}\n"
                                      for level in range(depth))
            + f">\n> tail of the quote\n\nAfter the quote {word}.\n")


def _items_then_quotes(depth: int, word: str) -> str:
    return "- > " * depth + f"deep {word}\n\nAfter them.\n"


NESTS = {"lists": (_lists, LIST_DEPTHS), "quote, list": (_mixes, MIX_DEPTHS),
         "lists in a quote": (_quoted_lists, LIST_DEPTHS),
         "list, quote": (_items_then_quotes, LIST_DEPTHS)}
CASES = [(name, depth, word) for name, (_make, depths) in NESTS.items()
         for depth in depths for word in WORDS]


def _case_text(name: str, depth: int, word: str) -> str:
    return NESTS[name][0](depth, word)


@pytest.mark.parametrize(("name", "depth", "word"), CASES)
def test_lists_and_quotes_around_the_nesting_limit_give_the_same_tree(
        name: str, depth: int, word: str) -> None:
    text = _case_text(name, depth, word)
    assert _pretty(text, "pyromark") == _pretty(text, "markdown-it")


@pytest.mark.parametrize(("name", "depth", "word"), CASES)
def test_lists_and_quotes_around_the_nesting_limit_give_the_same_chunks(
        name: str, depth: int, word: str) -> None:
    text = _case_text(name, depth, word)

    def chunks(backend: str) -> list[tuple[int, int, str]]:
        return [(chunk.start, chunk.end, chunk.text) for chunk in structchunk.split(
            from_text(text), format="markdown", max_size=80, markdown_backend=backend)]

    assert chunks("pyromark") == chunks("markdown-it")


def _deepest_item(text: str, backend: str) -> tuple[int, str]:
    """The depth of the deepest item and the text it holds."""
    document = markdown.parse(from_text(text), markdown_backend=backend)
    depth, node = max(((depth, node) for node, depth in document.root.walk()
                       if node.kind is NodeKind.ITEM), key=lambda pair: pair[0])
    return depth, text[node.start:node.end]


@pytest.mark.parametrize("backend", ["pyromark", "markdown-it"])
@pytest.mark.parametrize("word", WORDS)
def test_an_item_past_the_limit_holds_every_line_to_the_end_of_its_quote(
        backend: str, word: str) -> None:
    limit = markdown.MAX_NESTING
    # nine lists: every item's text a paragraph of its own; the text after them is not theirs
    depth, held = _deepest_item(_lists(limit // 2 - 1, word), backend)
    assert held == f"- {word} 8"
    # ten: the tenth item is past the limit, unparsed, and runs to the end of the document
    depth_past, held = _deepest_item(_lists(limit // 2, word), backend)
    assert depth_past == depth + 2
    assert held == f"- {word} 9\n\nAfter the lists."
    # in a quote (one level more), the tenth item is past the limit too, and runs to the end
    # of that quote and no further
    text = _quoted_lists(limit // 2, word)
    _depth, held = _deepest_item(text, backend)
    assert held == f"> {'  ' * 9}- {word} 9\n>\n> tail of the quote"
    (section,) = markdown.parse(from_text(text), markdown_backend=backend).root.children
    after = section.children[-1]
    assert (after.kind, text[after.start:after.end]) == (NodeKind.PARAGRAPH,
                                                         f"After the quote {word}.")
    # `> - ` seven times: the seventh item is the one past the limit (21 levels)
    _depth, held = _deepest_item(_mixes(limit // 3 + 1, word), backend)
    assert held == "> - " * 7 + f"deep {word}"


@pytest.mark.parametrize("backend", ["pyromark", "markdown-it"])
@pytest.mark.parametrize("quoted", [False, True], ids=["top level", "in a quote"])
def test_an_empty_item_past_the_limit_ends_at_its_blank_line(backend: str, quoted: bool) -> None:
    """markdown-it ends an empty item before a blank line (in a quote: a line of `>` alone)
    without parsing it, so the text after it is not held by the item even past the limit."""
    # (a blank line before it: an empty item cannot interrupt a paragraph)
    lines = [*("  " * level + f"- item {level}" for level in range(9)), "", "  " * 9 + "-", "",
             "After the lists."]
    if quoted:
        lines = [">" if not line else "> " + line for line in lines] + ["", "After the quote."]
    text = "\n".join(lines) + "\n"
    assert _pretty(text, "pyromark") == _pretty(text, "markdown-it")
    _depth, held = _deepest_item(text, backend)
    # the marker line, and in a quote the `>` line after it (as markdown-it ends it)
    assert held == (">" + " " * 19 + "-\n>" if quoted else "-")
    assert "paragraph L13-13" in _pretty(text, backend)  # "After the lists." is its own


@pytest.mark.parametrize("backend", ["pyromark", "markdown-it"])
@pytest.mark.parametrize("indented", [False, True], ids=["text after", "content"])
def test_an_empty_item_past_the_limit_holds_only_text_indented_into_it(
        backend: str, indented: bool) -> None:
    """An empty item's marker line with text right after it: markdown-it parses the item's
    content, and past the limit skips from there to the end of the document, only when that
    text is indented into the item; less indented, the item ends at its marker."""
    pad = "  " * 10 if indented else ""
    text = ("".join("  " * level + f"- item {level}\n" for level in range(9)) + "\n"
            + "  " * 9 + f"-\n{pad}Words after the marker.\n\nAnd more.\n")
    assert _pretty(text, "pyromark") == _pretty(text, "markdown-it")
    _depth, held = _deepest_item(text, backend)
    assert held == (f"-\n{pad}Words after the marker.\n\nAnd more." if indented else "-")
