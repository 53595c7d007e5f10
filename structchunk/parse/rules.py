"""Rule chains for line-based parsers (plain text, legal text), after markdown-it's block rules.

Every rule has one signature, `rule(state, line, silent) -> bool`. Called with `silent=False`
at the first line of a block, it either recognises its construct there (pushes a `Block`,
moves `state.line` past it and returns True) or returns False and the chain tries the next
rule. Called with `silent=True` it only answers "would my construct start at this line?",
which is how a paragraph asks whether the next line may interrupt it. A rule names the chains
it may interrupt (`interrupts=("paragraph",)`), so "may a `(2)` Absatz interrupt a wrapped
paragraph?" is one entry in the chain, not a condition buried in the paragraph rule.

A parser turns the flat list of blocks into its tree in one function; `build_lists` is the
shared step that nests list items (and paragraphs that continue them) into LIST/ITEM nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from structchunk.decode import Source
from structchunk.errors import ParseError
from structchunk.tree import Node, NodeKind, make_node, trim_span

TAB_WIDTH = 4

Rule = Callable[["LineState", int, bool], bool]


@dataclass(frozen=True)
class NamedRule:
    name: str
    run: Rule
    interrupts: frozenset[str] = frozenset()


@dataclass
class Block:
    """One recognised construct: its kind, trimmed `[start, end)` span, lines and attributes.

    `last_line` is inclusive. `indent` is the indentation of the first line in columns. A
    block of kind "node" carries a ready-made `node` (a table kept from another parser).
    """

    kind: str
    start: int
    end: int
    first_line: int
    last_line: int
    indent: int = 0
    attrs: dict[str, Any] = field(default_factory=dict)
    node: Node | None = None


class RuleChain:
    """Named rules in order; rules can be inserted, replaced or disabled by name."""

    def __init__(self, rules: Iterable[NamedRule] = ()) -> None:
        self._rules: list[NamedRule] = list(rules)
        self._disabled: set[str] = set()
        self._check_unique()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(rule.name for rule in self._rules if rule.name not in self._disabled)

    def append(self, rule: NamedRule) -> None:
        self._rules.append(rule)
        self._check_unique()

    def insert_before(self, anchor: str, rule: NamedRule) -> None:
        self._rules.insert(self._index(anchor), rule)
        self._check_unique()

    def insert_after(self, anchor: str, rule: NamedRule) -> None:
        self._rules.insert(self._index(anchor) + 1, rule)
        self._check_unique()

    def replace(self, name: str, rule: NamedRule) -> None:
        self._rules[self._index(name)] = rule
        self._check_unique()

    def disable(self, *names: str) -> None:
        for name in names:
            self._index(name)
            self._disabled.add(name)

    def enable(self, *names: str) -> None:
        for name in names:
            self._index(name)
            self._disabled.discard(name)

    def active(self) -> tuple[NamedRule, ...]:
        return tuple(rule for rule in self._rules if rule.name not in self._disabled)

    def terminators(self, chain: str) -> tuple[NamedRule, ...]:
        """The active rules that may interrupt the construct called `chain`."""
        return tuple(rule for rule in self.active() if chain in rule.interrupts)

    def run(self, state: LineState) -> list[Block]:
        """Tokenize `state`'s lines into blocks; blank lines separate blocks."""
        rules = self.active()
        state.bind(self)
        while state.line < state.end_line:
            if state.is_blank(state.line):
                state.line += 1
                continue
            before = state.line
            for rule in rules:
                if rule.run(state, before, False):
                    break
            if state.line <= before:
                raise ParseError(f"no rule consumed line {before + 1}", state.source.origin)
        return state.blocks

    def _index(self, name: str) -> int:
        for index, rule in enumerate(self._rules):
            if rule.name == name:
                return index
        raise KeyError(f"no rule named {name!r}")

    def _check_unique(self) -> None:
        names = [rule.name for rule in self._rules]
        if len(names) != len(set(names)):
            raise ValueError(f"duplicate rule names in {names}")


class LineState:
    """The one state a chain's rules share: source, line table, cursor and pushed blocks.

    `memory` keeps what rules need to remember between blocks (the last list number seen,
    whether the document's first block has passed), so rule functions stay stateless.
    """

    def __init__(self, source: Source, first_line: int = 0, end_line: int | None = None
                 ) -> None:
        self.source = source
        self.line = first_line
        self.end_line = source.line_count if end_line is None else end_line
        self.blocks: list[Block] = []
        self.memory: dict[str, Any] = {}
        self._chain: RuleChain | None = None
        self._terminators: dict[str, tuple[NamedRule, ...]] = {}

    def bind(self, chain: RuleChain) -> None:
        self._chain = chain
        self._terminators = {}

    def raw(self, line: int) -> str:
        """The line without its line break."""
        return self.source.text[self.source.line_start(line):self.source.line_end(line)]

    def stripped(self, line: int) -> str:
        return self.raw(line).strip()

    def is_blank(self, line: int) -> bool:
        return line >= self.end_line or not self.raw(line).strip()

    def indent(self, line: int) -> int:
        columns = 0
        for char in self.raw(line):
            if char == " ":
                columns += 1
            elif char == "\t":
                columns += TAB_WIDTH - columns % TAB_WIDTH
            else:
                break
        return columns

    def interrupts(self, chain: str, line: int) -> bool:
        """Would any rule allowed to interrupt `chain` start a construct at `line`?"""
        rules = self._terminators.get(chain)
        if rules is None:
            rules = self._chain.terminators(chain) if self._chain is not None else ()
            self._terminators[chain] = rules
        return any(rule.run(self, line, True) for rule in rules)

    def block_end(self, first_line: int, chain: str = "paragraph") -> int:
        """Last line (inclusive) of the run of lines from `first_line` that nothing interrupts."""
        line = first_line
        while (line + 1 < self.end_line and not self.is_blank(line + 1)
               and not self.interrupts(chain, line + 1)):
            line += 1
        return line

    def push(self, kind: str, first_line: int, last_line: int, **attrs: Any) -> Block:
        start, end = trim_span(self.source.text, self.source.line_start(first_line),
                               self.source.line_end(last_line))
        block = Block(kind, start, end, first_line, last_line, self.indent(first_line), attrs)
        self.blocks.append(block)
        self.line = last_line + 1
        return block


def paragraph_rule(kind: str = "paragraph") -> NamedRule:
    """The catch-all last rule: lines up to a blank line or an interrupting construct."""

    def paragraph(state: LineState, line: int, silent: bool) -> bool:
        if silent:
            return False
        state.push(kind, line, state.block_end(line))
        return True

    return NamedRule("paragraph", paragraph)


@dataclass
class _OpenItem:
    block: Block
    children: list[Node] = field(default_factory=list)


@dataclass
class _OpenList:
    depth: float
    marker: str
    ordered: bool
    items: list[Node] = field(default_factory=list)
    current: _OpenItem | None = None


def build_lists(source: Source, blocks: Sequence[Block], leaf: Callable[[Block], Node],
                item_attrs: Callable[[Block], dict[str, Any]] | None = None) -> list[Node]:
    """Nest item blocks into LIST/ITEM nodes; everything else passes through `leaf`.

    An item block carries `depth` (its nesting key: indentation in plain text, marker rank in
    legal text), `marker` (items of another marker at the same depth start a new list),
    `ordered` and `content_indent`. A later paragraph belongs to the innermost open item
    whose content indentation it reaches, provided it is indented at all; an unindented
    paragraph or any other block closes every open list. Each item's own text becomes the
    first child (a PARAGRAPH) of its ITEM node.
    """
    output: list[Node] = []
    lists: list[_OpenList] = []

    def attach(node: Node) -> None:
        if lists and lists[-1].current is not None:
            lists[-1].current.children.append(node)
        else:
            output.append(node)

    def close_item(open_list: _OpenList) -> None:
        item = open_list.current
        if item is None:
            return
        children = [make_node(source, NodeKind.PARAGRAPH, item.block.start, item.block.end),
                    *item.children]
        attrs = item_attrs(item.block) if item_attrs is not None else {}
        open_list.items.append(make_node(source, NodeKind.ITEM, item.block.start,
                                         max(child.end for child in children), children,
                                         **attrs))
        open_list.current = None

    def close_list() -> None:
        open_list = lists.pop()
        close_item(open_list)
        if open_list.items:
            attach(make_node(source, NodeKind.LIST, open_list.items[0].start,
                             open_list.items[-1].end, open_list.items,
                             ordered=open_list.ordered))

    for block in blocks:
        if block.kind == "item":
            depth = float(block.attrs.get("depth", block.indent))
            marker = str(block.attrs.get("marker", ""))
            while lists and (lists[-1].depth > depth
                             or (lists[-1].depth == depth and lists[-1].marker != marker)):
                close_list()
            if lists and lists[-1].depth == depth:
                close_item(lists[-1])
            else:
                lists.append(_OpenList(depth, marker, bool(block.attrs.get("ordered", True))))
            lists[-1].current = _OpenItem(block)
            continue
        target = _continued_list(lists, block)
        while len(lists) > target:
            close_list()
        attach(leaf(block))
    while lists:
        close_list()
    return output


def _continued_list(lists: list[_OpenList], block: Block) -> int:
    """How many open lists stay open for `block` (0 closes them all)."""
    if block.kind != "paragraph" or block.indent == 0:
        return 0
    for index in range(len(lists) - 1, -1, -1):
        item = lists[index].current
        if item is not None and int(item.block.attrs.get("content_indent", 1)) <= block.indent:
            return index + 1
    return 0
