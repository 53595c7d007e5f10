"""Statutes (German first): divisions, provisions (§ N, Art. N), Absätze and enumerations.

What a jurisdiction's laws look like is data, `grammars/legal/<code>.toml`; this module is
the one loader and parser for all of them. Two entry points share every rule:

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

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.errors import GrammarError
from structchunk.parse.rules import (
    Block,
    LineState,
    NamedRule,
    Rule,
    RuleChain,
    build_lists,
    paragraph_rule,
)
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.resources import grammar_path
from structchunk.tree import Document, Node, NodeKind, make_node

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

DEFAULT_JURISDICTION = "de"
# Markdown blocks kept as they are inside a provision's body.
_KEPT_KINDS = frozenset({NodeKind.TABLE, NodeKind.HTML, NodeKind.QUOTE})
_MARKDOWN_HEADING = regex.compile(r"(?m)^ {0,3}#{1,6}[ \t]+(.*)$")
_FRONT_MATTER_FENCE = regex.compile(r"^(?:---|\.\.\.)\s*$")
_SENTENCE_END = regex.compile(r"[.;:]$")
_LIST_LEAD = regex.compile(r"(?:[.,;:]|\b(?:und|oder|sowie))$")


# --- the grammar --------------------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """A division (Buch, Abschnitt) or an enumeration marker (`1.`, `a)`)."""

    name: str
    key: str | None
    pattern: regex.Pattern[str]
    ordered: bool = True


@dataclass(frozen=True)
class LegalGrammar:
    code: str
    path: Path
    front_matter_keys: tuple[str, ...]
    title_abbreviation: regex.Pattern[str]
    divisions: tuple[Unit, ...]
    title_separator: regex.Pattern[str]
    provision: Unit
    title_start: regex.Pattern[str]
    not_title: regex.Pattern[str]
    not_title_end: regex.Pattern[str]
    max_title_length: int
    repealed: regex.Pattern[str]
    absatz: Unit
    items: tuple[Unit, ...]
    note: Unit
    reference: regex.Pattern[str]
    plural_signs: frozenset[str]
    range_word: str
    max_range: int
    singular_sign: dict[str, str]

    def division(self, line: str) -> tuple[Unit, str, str, str] | None:
        """(unit, number, title, label) when `line` is a division heading.

        The label is the division as written without its title: `Buch 2`, `Zweiter Titel`.
        """
        for unit in self.divisions:
            match = unit.pattern.match(line)
            if match is None:
                continue
            title = self.title_separator.sub("", line[match.end():], count=1).strip()
            if title and not self.is_title(title):
                return None
            return unit, match.group("number") or "", title, match.group(0).rstrip(". ")
        return None

    def provision_heading(self, line: str) -> tuple[str, str, str] | None:
        """(sign, number, title) when `line` is a provision heading, not a sentence."""
        match = self.provision.pattern.match(line)
        if match is None:
            return None
        title = (match.group("title") or "").strip()
        if title and not self.is_title(title):
            return None
        return match.group("sign"), " ".join(match.group("number").split()), title

    def is_title(self, title: str) -> bool:
        return (len(title) <= self.max_title_length and bool(self.title_start.match(title))
                and not self.not_title.match(title) and not self.not_title_end.search(title))

    def references(self, text: str, law: str | None) -> list[str]:
        """Provisions mentioned in `text`, in order, each once: `§ 242`, `§ 5 EGBGB`."""
        found: list[str] = []
        for match in self.reference.finditer(text):
            sign = match.group("sign")
            single = self.singular_sign.get(sign, sign)
            numbers = self._numbers(match.group("numbers"), sign in self.plural_signs)
            other = _group(match, "law")
            suffix = f" {other}" if other and other != law else ""
            prefix = _group(match, "prefix")
            for number in numbers:
                reference = f"{prefix + ' ' if prefix else ''}{single} {number}{suffix}"
                if reference not in found:
                    found.append(reference)
        return found

    def _numbers(self, written: str, plural: bool) -> list[str]:
        parts = regex.split(r"\s*,\s*|\s+(?:und|oder|sowie)\s+", written.strip())
        if not plural:
            parts = parts[:1]
        numbers: list[str] = []
        for part in parts:
            ends = regex.split(rf"\s+{regex.escape(self.range_word)}\s+", part)
            if (len(ends) == 2 and ends[0].isdigit() and ends[1].isdigit()
                    and 0 < int(ends[1]) - int(ends[0]) <= self.max_range):
                numbers.extend(str(n) for n in range(int(ends[0]), int(ends[1]) + 1))
            else:
                numbers.extend(ends)
        return numbers


def _group(match: regex.Match[str], name: str) -> str:
    """A named group's text, or "" when the pattern has no such group or it did not take part."""
    return (match.group(name) or "") if name in match.re.groupindex else ""


@lru_cache(maxsize=1)
def available_jurisdictions() -> tuple[str, ...]:
    folder = grammar_path("legal")
    return tuple(sorted(path.stem for path in folder.glob("*.toml"))) if folder.is_dir() else ()


@lru_cache(maxsize=16)
def load_grammar(code: str = DEFAULT_JURISDICTION) -> LegalGrammar:
    """Load, validate and cache `grammars/legal/<code>.toml`; errors name file and entry."""
    path = grammar_path("legal", f"{code}.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        known = ", ".join(available_jurisdictions()) or "none"
        raise GrammarError(f"no legal grammar for {code!r} (known: {known})", str(path)) from err
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise GrammarError(f"cannot be read: {err}", str(path)) from err
    return _Loader(path, data).grammar(code)


class _Loader:
    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data

    def grammar(self, code: str) -> LegalGrammar:
        law = self.table("law")
        divisions = self.table("divisions")
        provision = self.table("provision")
        reference = self.table("reference")
        return LegalGrammar(
            code=code, path=self.path,
            front_matter_keys=tuple(law.get("front_matter_keys", ())),
            title_abbreviation=self.pattern("law.title_abbreviation",
                                            law.get("title_abbreviation", r"(?!)")),
            divisions=tuple(self.unit(f"divisions.unit[{index}]", entry)
                            for index, entry in enumerate(divisions.get("unit", []))),
            title_separator=self.pattern("divisions.title_separator",
                                         divisions.get("title_separator", r"^\s*")),
            provision=self.unit("provision", {"name": "provision", **provision},
                                required=("sign", "number")),
            title_start=self.pattern("provision.title_start", provision.get("title_start", "")),
            not_title=self.pattern("provision.not_title", provision.get("not_title", r"(?!)")),
            not_title_end=self.pattern("provision.not_title_end",
                                       provision.get("not_title_end", r"(?!)")),
            max_title_length=int(provision.get("max_title_length", 250)),
            repealed=self.pattern("provision.repealed", provision.get("repealed", r"(?!)")),
            absatz=self.unit("absatz", {"name": "absatz", **self.table("absatz")}),
            items=tuple(self.unit(f"items[{index}]", entry)
                        for index, entry in enumerate(self.data.get("items", []))),
            note=self.unit("note", {"name": "note", **self.table("note")}),
            reference=self.pattern("reference.pattern", reference.get("pattern"),
                                   required=("sign", "numbers")),
            plural_signs=frozenset(reference.get("plural_signs", ())),
            range_word=str(reference.get("range_word", "bis")),
            max_range=int(reference.get("max_range", 30)),
            singular_sign=dict(reference.get("singular_sign", {})))

    def table(self, name: str) -> dict[str, Any]:
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise GrammarError(f"missing table [{name}]", str(self.path))
        return value

    def unit(self, entry: str, data: dict[str, Any], required: tuple[str, ...] = ()) -> Unit:
        if "name" not in data or "pattern" not in data:
            raise GrammarError(f"{entry} needs `name` and `pattern`", str(self.path))
        pattern = self.pattern(f"{entry}.pattern", data["pattern"], required)
        if pattern.groupindex and "number" not in pattern.groupindex:
            raise GrammarError(f"{entry}.pattern has groups but no `number` group",
                               str(self.path))
        return Unit(str(data["name"]), data.get("key"), pattern, bool(data.get("ordered", True)))

    def pattern(self, entry: str, value: object, required: tuple[str, ...] = ()
                ) -> regex.Pattern[str]:
        if not isinstance(value, str):
            raise GrammarError(f"{entry} must be a string pattern", str(self.path))
        try:
            compiled = regex.compile(value)
        except regex.error as err:
            raise GrammarError(f"{entry} does not compile: {err}", str(self.path)) from err
        missing = [name for name in required if name not in compiled.groupindex]
        if missing:
            raise GrammarError(f"{entry} lacks the group(s) {', '.join(missing)}",
                               str(self.path))
        return compiled


# --- detection ----------------------------------------------------------------------------

def grammar_for(text: str, language: str | None = None, markdown: bool = False
                ) -> LegalGrammar | None:
    """The grammar of the first jurisdiction whose provisions head this text, if any."""
    codes = [language] if language in available_jurisdictions() else available_jurisdictions()
    for code in codes:
        assert code is not None
        grammar = load_grammar(code)
        if _count_headings(grammar, text, markdown) >= 3:
            return grammar
    return None


def looks_legal(text: str, language: str | None = None) -> bool:
    """Markdown whose headings are mostly provisions (`##### § 623 ...`)."""
    return grammar_for(text, language, markdown=True) is not None


def looks_legal_text(text: str, language: str | None = None) -> bool:
    """Plain text with provision headings at the start of blocks, more than Markdown ones."""
    for code in ([language] if language else available_jurisdictions()):
        if code not in available_jurisdictions():
            continue
        grammar = load_grammar(code)
        plain = _count_headings(grammar, text, markdown=False)
        if plain >= 3 and plain > _count_headings(grammar, text, markdown=True):
            return True
    return False


def _count_headings(grammar: LegalGrammar, text: str, markdown: bool) -> int:
    if markdown:
        return sum(1 for match in _MARKDOWN_HEADING.finditer(text)
                   if grammar.provision_heading(match.group(1).strip(" \t#")))
    count = 0
    previous_blank = True
    for line in text.splitlines():
        stripped = line.strip()
        if previous_blank and stripped and grammar.provision_heading(stripped):
            count += 1
        previous_blank = not stripped
    return count


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
            return (_follows(state.memory.get("absatz"), number)
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
                expected = (_follows(last_numbers.get(rank), number) if unit.ordered
                            else True)
                return expected and bool(_LIST_LEAD.search(before))
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


def _follows(previous: str | None, current: str) -> bool:
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


@lru_cache(maxsize=16)
def _parser(code: str) -> LegalParser:
    return LegalParser(load_grammar(code))


# --- entry points -------------------------------------------------------------------------

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
    root = _Assembler(source, parser.grammar, law,
                      bool(options.get("short_titles"))).tree(blocks)
    metadata = {"law": law, "jurisdiction": code} if law else {"jurisdiction": code}
    return Document(source=source, root=root, format="legal", language=language or "de",
                    metadata=metadata)


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
    root = _Assembler(source, parser.grammar, law,
                      bool(options.get("short_titles"))).tree(blocks)
    metadata = dict(document.metadata)
    metadata.update({"law": law, "jurisdiction": code} if law else {"jurisdiction": code})
    return Document(source=source, root=root, format=document.format,
                    language=document.language or parser.grammar.code, metadata=metadata)


def _jurisdiction(text: str, language: str | None, markdown: bool) -> str:
    grammar = grammar_for(text, language, markdown)
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
    division = grammar.division(text) if provision is None else None
    if provision is not None:
        sign, number, title = provision
        block.attrs.update(role="provision", sign=sign, number=number, title=title)
    elif division is not None:
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
                if key.strip().lower() in grammar.front_matter_keys and value.strip():
                    return value.strip().strip("'\"")
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


# --- blocks to tree -----------------------------------------------------------------------

class _Assembler:
    """The one place where the flat block list becomes the tree."""

    def __init__(self, source: Source, grammar: LegalGrammar, law: str | None,
                 short_titles: bool = False) -> None:
        self.source = source
        self.grammar = grammar
        self.law = law
        self.short_titles = short_titles

    def tree(self, blocks: Sequence[Block]) -> Node:
        levels = self._levels(blocks)
        top: list[Node] = []
        heading: Block | None = None
        body: list[Block] = []
        for block in [*blocks, None]:
            if block is not None and block.kind != "heading":
                body.append(block)
                continue
            if heading is not None:
                top.append(self.heading(heading, levels, body))
            top.extend(self.body(body))
            heading, body = block, []
        return sectionize(self.source, fill_gaps(self.source, 0, len(self.source.text), top))

    def _levels(self, blocks: Sequence[Block]) -> dict[str, int]:
        """Title 1; divisions 2, 3, ... in order of first appearance; provisions below all."""
        order: list[str] = []
        for block in blocks:
            if block.kind == "heading" and block.attrs.get("role") == "division":
                unit = str(block.attrs["unit"])
                if unit not in order:
                    order.append(unit)
        levels = {unit: index + 2 for index, unit in enumerate(order)}
        levels["title"] = 1
        levels["provision"] = len(order) + 2
        return levels

    def heading(self, block: Block, levels: dict[str, int], body: Sequence[Block]) -> Node:
        attrs = block.attrs
        role = attrs["role"]
        title = str(attrs.get("title", ""))
        meta: dict[str, Any] = {}
        if role == "provision":
            numbering = f"{attrs['sign']} {attrs['number']}"
            meta = {"law": self.law} if self.law else {}
            meta["section"] = numbering
            if title:
                meta["title"] = title
            if self.grammar.repealed.match(title) or (
                    len(body) == 1 and self.grammar.repealed.match(self._text(body[0]))):
                meta["repealed"] = True
            level = levels["provision"]
            title = f"{numbering} {title}" if title else numbering
        elif role == "division":
            numbering = str(attrs["label"])
            if attrs.get("key") and attrs.get("number"):
                meta[str(attrs["key"])] = attrs["number"]
            level = levels[str(attrs["unit"])]
            title = numbering if self.short_titles else title
        else:
            numbering = ""
            level = 1 if role == "title" else min(2, int(attrs.get("markdown_level", 2)))
            if role == "title" and self.short_titles and self.law:
                title = self.law
        extra: dict[str, Any] = {"numbering": numbering} if numbering else {}
        if meta:
            extra["meta"] = meta
        return make_node(self.source, NodeKind.HEADING, block.start, block.end, level=level,
                         title=title, **extra)

    def body(self, blocks: Sequence[Block]) -> list[Node]:
        """Absätze, enumerations and notes of one stretch between headings."""
        nodes: list[Node] = []
        group: list[Block] = []
        for block in [*blocks, None]:
            if block is not None and block.kind not in ("absatz", "note"):
                group.append(block)
                continue
            if group:
                nodes.extend(self.group(group))
            group = []
            if block is not None and block.kind == "note":
                nodes.append(make_node(self.source, NodeKind.PARAGRAPH, block.start, block.end,
                                       meta={self.grammar.note.key or "note":
                                             block.attrs["number"]}))
            elif block is not None:
                group = [block]
        return nodes

    def group(self, blocks: list[Block]) -> list[Node]:
        children = build_lists(self.source, blocks, self.leaf, self.item_attrs)
        head = blocks[0]
        if head.kind != "absatz":
            return [self.with_references(node) for node in children]
        meta: dict[str, Any] = {self.grammar.absatz.key or "absatz": head.attrs["number"]}
        start, end = children[0].start, children[-1].end
        references = self.grammar.references(self.source.text[start:end], self.law)
        if references:
            meta["references"] = references
        if len(children) == 1 and children[0].kind is NodeKind.PARAGRAPH:
            return [make_node(self.source, NodeKind.PARAGRAPH, start, end, meta=meta)]
        return [make_node(self.source, NodeKind.ITEM, start, end, children, meta=meta)]

    def leaf(self, block: Block) -> Node:
        if block.node is not None:
            return block.node
        if block.kind == "front_matter":
            return make_node(self.source, NodeKind.FRONT_MATTER, block.start, block.end)
        return make_node(self.source, NodeKind.PARAGRAPH, block.start, block.end)

    def item_attrs(self, block: Block) -> dict[str, Any]:
        key, number = block.attrs.get("key"), block.attrs.get("number")
        return {"meta": {str(key): number}} if key and number else {}

    def with_references(self, node: Node) -> Node:
        if node.kind not in (NodeKind.PARAGRAPH, NodeKind.LIST):
            return node
        references = self.grammar.references(self.source.text[node.start:node.end], self.law)
        if not references:
            return node
        meta = {**node.attrs.get("meta", {}), "references": references}
        attrs = {**node.attrs, "meta": meta}
        return make_node(self.source, node.kind, node.start, node.end, node.children, **attrs)

    def _text(self, block: Block) -> str:
        return self.source.text[block.start:block.end].strip()
