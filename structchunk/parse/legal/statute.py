"""Statutes (German first): divisions, provisions (§ N, Art. N), Absätze and enumerations.

What a jurisdiction's laws look like is data, `grammars/legal/<code>.toml`, loaded by
`legal.grammar`; this module is the one parser for all of them, and `legal.assemble` turns what it
reads into the document tree. Two entry points share every rule:

* `parse(source)`: a law as plain text (format "legal"), read by a rule chain per line.
* `refine(document)`: a law that arrived as Markdown. Its `#` headings are classified by the
  grammar and re-levelled (in the BGB export a Kapitel and a § are both `######`), and the
  body of each provision is read again by the legal rule chain, because markdown-it turns the
  deeply indented `aa)` items of a law into code blocks.

A provision becomes a SECTION titled `§ 623 Schriftform der Kündigung` with meta
`{"law", "section", "title"}`. An Absatz is a PARAGRAPH with meta `{"absatz": "2"}`, or an
ITEM container when it holds an enumeration, so a chunker can cut between its items. A §
mentioned inside a sentence is a reference (meta `references`), never a heading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.options import FormatOptions, is_bool, option, optional
from structchunk.parse.legal.detection import grammar_for
from structchunk.parse.legal.detection import looks_legal as looks_legal
from structchunk.parse.legal.detection import looks_legal_text as looks_legal_text
from structchunk.parse.legal.grammar import (
    DEFAULT_JURISDICTION,
    LegalGrammar,
    Unit,
    available_jurisdictions,
    load_legal_grammar,
)
from structchunk.parse.legal.structure import Assembler
from structchunk.parse.rules import (
    Block,
    LineState,
    NamedRule,
    Rule,
    RuleChain,
    paragraph_rule,
)
from structchunk.tree import Document, Node, NodeKind

# Markdown blocks kept as they are inside a provision's body.
_KEPT_KINDS = frozenset({NodeKind.TABLE, NodeKind.HTML, NodeKind.QUOTE})
_FRONT_MATTER_FENCE = regex.compile(r"^(?:---|\.\.\.)\s*$")
_SENTENCE_END = regex.compile(r"[.;:]$")


# --- the rule chain -----------------------------------------------------------------------

class LegalParser:
    """Rule chains over one grammar: `document` for whole laws, `body` for a provision."""

    def __init__(self, grammar: LegalGrammar) -> None:
        self.grammar = grammar
        self.document_chain = RuleChain(self._rules())
        self.body_chain = RuleChain(self._rules())
        self.body_chain.disable("front_matter", "title", "division", "provision")

    def _rules(self) -> list[NamedRule]:
        interrupting = frozenset({"paragraph"})
        rules = [NamedRule("kept", self.kept, interrupting),
                 NamedRule("front_matter", self.front_matter),
                 NamedRule("title", self.title),
                 NamedRule("division", self.division),
                 NamedRule("provision", self.provision),
                 NamedRule("absatz", self.absatz, interrupting),
                 NamedRule("note", self.note)]
        for rank, unit in enumerate(self.grammar.items):
            rules.append(NamedRule(f"item:{unit.name}", self._item_rule(rank, unit),
                                   interrupting))
        rules.append(paragraph_rule())
        return rules

    def kept(self, state: LineState, line: int, silent: bool) -> bool:
        """A block another parser already read (a Markdown table) is taken over whole."""
        node = state.memory.get("kept", {}).get(line)
        if node is None:
            return False
        if not silent:
            block = state.push("node", line, node.end_line - 1)
            block.node = node
        return True

    def front_matter(self, state: LineState, line: int, silent: bool) -> bool:
        if line != 0 or silent or state.stripped(line) != "---":
            return False
        for end in range(line + 1, min(state.end_line, line + 200)):
            if _FRONT_MATTER_FENCE.match(state.stripped(end)):
                state.push("front_matter", line, end)
                return True
        return False

    def title(self, state: LineState, line: int, silent: bool) -> bool:
        """The document's first block, when it is one short line: the law's name."""
        if silent or any(block.kind != "front_matter" for block in state.blocks):
            return False
        text = state.stripped(line)
        if (not state.is_blank(line + 1) or len(text) > 150 or _SENTENCE_END.search(text)
                or self.grammar.provision_heading(text) or self.grammar.division(text)):
            return False
        state.push("heading", line, line, role="title", title=text)
        return True

    def division(self, state: LineState, line: int, silent: bool) -> bool:
        found = self.grammar.division(state.stripped(line))
        if found is None or silent:
            return found is not None
        unit, number, title, label = found
        last = line
        heading = state.stripped(line)
        if not title and self._title_line(state, line + 1):
            last = line + 1
            title = state.stripped(last)
            heading = f"{heading} - {title}"
        state.push("heading", line, last, role="division", unit=unit.name, key=unit.key,
                   number=number, title=heading, label=label)
        return True

    def provision(self, state: LineState, line: int, silent: bool) -> bool:
        found = self.grammar.provision_heading(state.stripped(line))
        if found is None or silent:
            return found is not None
        sign, number, title = found
        last = line
        if not title and self._title_line(state, line + 1):
            last = line + 1
            title = state.stripped(last)
        state.push("heading", line, last, role="provision", sign=sign, number=number,
                   title=title)
        state.memory["absatz"] = None
        state.memory["items"] = {}
        return True

    def _title_line(self, state: LineState, line: int) -> bool:
        """A short line right under a bare `§ 5` or `Buch 2` that names it."""
        if line >= state.end_line or state.is_blank(line):
            return False
        text = state.stripped(line)
        return (self.grammar.is_title(text) and not self.grammar.absatz.pattern.match(text)
                and not _SENTENCE_END.search(text) and len(text) <= 150
                and (state.is_blank(line + 1) or bool(self.grammar.absatz.pattern.match(
                    state.stripped(line + 1)))))

    def absatz(self, state: LineState, line: int, silent: bool) -> bool:
        match = self.grammar.absatz.pattern.match(state.stripped(line))
        if match is None:
            return False
        number = match.group("number")
        if silent:
            return (follows(state.memory.get("absatz"), number)
                    and bool(_SENTENCE_END.search(state.stripped(line - 1))))
        state.memory["absatz"] = number
        state.memory["items"] = {}
        state.push("absatz", line, state.block_end(line), number=number)
        return True

    def note(self, state: LineState, line: int, silent: bool) -> bool:
        match = self.grammar.note.pattern.match(state.stripped(line))
        if match is None or silent:
            return match is not None
        state.push("note", line, state.block_end(line), number=match.group("number"))
        return True

    def _item_rule(self, rank: int, unit: Unit) -> Rule:
        def item(state: LineState, line: int, silent: bool) -> bool:
            text = state.stripped(line)
            match = unit.pattern.match(text)
            if match is None:
                return False
            number = match.group("number") if "number" in unit.pattern.groupindex else ""
            last_numbers: dict[int, str] = state.memory.setdefault("items", {})
            if silent:
                before = state.stripped(line - 1)
                expected = (follows(last_numbers.get(rank), number) if unit.ordered
                            else True)
                return expected and bool(self.grammar.list_lead.search(before))
            marker_end = match.end()
            while marker_end < len(text) and text[marker_end] in " \t":
                marker_end += 1
            indent = state.indent(line)
            last_numbers[rank] = number
            for deeper in [key for key in last_numbers if key > rank]:
                del last_numbers[deeper]
            state.push("item", line, state.block_end(line), depth=rank, marker=unit.name,
                       ordered=unit.ordered, content_indent=indent + max(marker_end, 1),
                       number=number, key=unit.key)
            return True

        return item


def follows(previous: str | None, current: str) -> bool:
    """Is `current` the next number after `previous` (`6` → `7` or `6a`; `a` → `b`; `aa` → `bb`)?"""
    if previous is None:
        return current in ("1", "a", "aa")
    number = regex.match(r"^(\d+)([a-z]*)$", previous)
    following = regex.match(r"^(\d+)([a-z]*)$", current)
    if number and following:
        value, suffix = int(number.group(1)), number.group(2)
        new_value, new_suffix = int(following.group(1)), following.group(2)
        if new_value == value + 1:
            return new_suffix == ""
        next_suffix = chr(ord(suffix[-1]) + 1) if suffix else "a"
        return new_value == value and new_suffix == next_suffix
    if previous.isalpha() and current.isalpha() and len(previous) == len(current):
        return set(previous) == {previous[0]} and current == chr(ord(previous[0]) + 1) * len(
            current)
    return False


def _parser(code: str) -> LegalParser:
    return _parser_for(load_legal_grammar(code))


@lru_cache(maxsize=16)
def _parser_for(grammar: LegalGrammar) -> LegalParser:
    """One parser per loaded grammar (grammars are cached per search path)."""
    return LegalParser(grammar)


# --- entry points -------------------------------------------------------------------------

@dataclass(frozen=True)
class LegalOptions(FormatOptions):
    """`legal=False` never reads a document as a law; `jurisdiction` picks the grammar, `law`
    names the law, `short_titles=True` shortens division and law titles."""

    format = "legal"
    legal: bool = option(True, "True or False", is_bool)
    jurisdiction: str | None = option(None, "a jurisdiction code (str) such as 'de'",
                                      optional(str))
    law: str | None = option(None, "the law's name (str)", optional(str))
    short_titles: bool = option(False, "True or False", is_bool)


def parse(source: Source, language: str | None = None, **options: Any) -> Document:
    """Read a plain-text law.

    Options: `law=` names the law (else front matter, title or file name do);
    `jurisdiction=` picks the grammar; `short_titles=True` titles divisions by their number
    alone and the law by its short name, which shortens heading paths to
    `BGB > Buch 2 > Abschnitt 8 > ... > § 623 Schriftform der Kündigung`.
    """
    code = options.get("jurisdiction") or _jurisdiction(source.text, language, markdown=False)
    parser = _parser(code)
    blocks = parser.document_chain.run(LineState(source))
    law = options.get("law") or _law_name(parser.grammar, source, blocks)
    root = Assembler(source, parser.grammar, law,
                      bool(options.get("short_titles"))).tree(blocks)
    metadata = {"law": law, "jurisdiction": code} if law else {"jurisdiction": code}
    return Document(source=source, root=root, format="legal", language=language or "de",
                    metadata=metadata, carried={"law": law} if law else {})


def refine(document: Document, **options: Any) -> Document:
    """Turn a Markdown law's sections into provisions, Absätze and items (see module doc)."""
    source = document.source
    code = options.get("jurisdiction") or _jurisdiction(source.text, document.language,
                                                        markdown=True)
    parser = _parser(code)
    blocks: list[Block] = []
    nodes = _flatten(document.root)
    index = 0
    while index < len(nodes):
        node = nodes[index]
        index += 1
        if node.kind is not NodeKind.HEADING:
            blocks.append(_node_block(node))
            continue
        heading = _classify(parser.grammar, node)
        blocks.append(heading)
        if heading.attrs["role"] != "provision":
            continue
        body_end = index
        while body_end < len(nodes) and nodes[body_end].kind is not NodeKind.HEADING:
            body_end += 1
        first_line = node.end_line  # 0-based line after the heading
        last_line = nodes[body_end].start_line - 1 if body_end < len(nodes) else \
            source.line_count
        state = LineState(source, first_line, last_line)
        state.memory["kept"] = {kept.start_line - 1: kept for kept in nodes[index:body_end]
                                if _kept(kept)}
        blocks.extend(parser.body_chain.run(state))
        index = body_end
    law = options.get("law") or _law_name(parser.grammar, source, blocks)
    root = Assembler(source, parser.grammar, law,
                      bool(options.get("short_titles"))).tree(blocks)
    metadata = dict(document.metadata)
    metadata.update({"law": law, "jurisdiction": code} if law else {"jurisdiction": code})
    carried = {**document.carried, "law": law} if law else dict(document.carried)
    return replace(document, root=root, language=document.language or parser.grammar.code,
                   metadata=metadata, carried=carried)


def _jurisdiction(text: str, language: str | None, markdown: bool) -> str:
    grammar = grammar_for(text, language, markdown=markdown)
    if grammar is not None:
        return grammar.code
    return language if language in available_jurisdictions() else DEFAULT_JURISDICTION


def _flatten(node: Node) -> list[Node]:
    """The document's blocks in order, sections dissolved back into their headings."""
    result: list[Node] = []
    stack = list(reversed(node.children))
    while stack:
        child = stack.pop()
        if child.kind is NodeKind.SECTION:
            stack.extend(reversed(child.children))
        else:
            result.append(child)
    return result


def _kept(node: Node) -> bool:
    return node.kind in _KEPT_KINDS or (node.kind is NodeKind.CODE
                                        and node.attrs.get("fence_open") is not None)


def _node_block(node: Node) -> Block:
    block = Block("node", node.start, node.end, node.start_line - 1, node.end_line - 1)
    block.node = node
    return block


def _classify(grammar: LegalGrammar, node: Node) -> Block:
    """A Markdown heading as a legal heading block (title, division, provision or other)."""
    text = (node.title or "").strip()
    block = Block("heading", node.start, node.end, node.start_line - 1, node.end_line - 1,
                  attrs={"title": text, "markdown_level": int(node.attrs.get("level", 1))})
    provision = grammar.provision_heading(text)
    if provision is not None:
        sign, number, title = provision
        block.attrs.update(role="provision", sign=sign, number=number, title=title)
    elif (division := grammar.division(text)) is not None:
        unit, number, _title, label = division
        block.attrs.update(role="division", unit=unit.name, key=unit.key, number=number,
                           label=label)
    else:
        block.attrs["role"] = "title" if block.attrs["markdown_level"] == 1 else "other"
    return block


def _law_name(grammar: LegalGrammar, source: Source, blocks: Sequence[Block]) -> str | None:
    """From front matter, then the title's `(BGB)`, then a short file name."""
    for block in blocks:
        front = block.node.kind is NodeKind.FRONT_MATTER if block.node else \
            block.kind == "front_matter"
        if front:
            for line in source.text[block.start:block.end].splitlines():
                key, _, value = line.partition(":")
                value = value.strip().strip("'\"").strip()  # `jurabk: ''` names nothing
                if key.strip().lower() in grammar.front_matter_keys and value:
                    return value
    for block in blocks:
        if block.kind == "heading" and block.attrs.get("role") == "title":
            match = grammar.title_abbreviation.search(str(block.attrs.get("title", "")))
            if match:
                return match.group("abbreviation")
            break
    if source.path:
        stem = Path(source.path).stem
        if 2 <= len(stem) <= 12 and stem.isalnum():
            return stem.upper()
    return None
