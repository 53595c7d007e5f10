"""Code units inside fenced code and source files: tree-sitter plus one query file per language.

The query files (loaded and checked by `code.grammars`) say what makes a unit; this module only
walks the tree they describe, so a language is one file.

Half a function is worse than no function: a unit's span covers its leading comments, and its
children (nested units and one TEXT node per statement) are the only places the chunker may cut
it. tree-sitter counts UTF-8 bytes; every offset here is converted to characters of
`Source.text`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from itertools import accumulate, count
from operator import add

from tree_sitter import Node as SyntaxNode
from tree_sitter import Parser, QueryCursor

from structchunk.decode import Source
from structchunk.node_data import DefinitionData, TextData
from structchunk.parse.code.char_offsets import CharOffsets
from structchunk.parse.code.depth import MAX_PARSED_DEPTH, STACK_BOUND_GRAMMARS, nesting_depth
from structchunk.parse.code.grammars import CodeGrammar, load_code_grammar
from structchunk.parse.code.languages import resolve_code_language
from structchunk.parse.code.unit_matches import (
    COMMENT,
    HEADER,
    LEAD,
    STRUCTURAL,
    TOKEN,
    Piece,
    Unit,
    best_matches,
    unit_title,
)
from structchunk.parse.code.windows import outline_in_windows
from structchunk.tree import Node, NodeKind, make_node

# Nesting deeper than this is kept as plain text: linear time and no recursion limit.
MAX_DEPTH = 48
_CLASS_LIKE = frozenset({"class", "struct", "impl", "trait", "interface", "enum"})
_SPACE = b" \t\r\n\f\v"
# Records handed to make_node ready-made: built from keyword values, each node's record
# would take a dict and a pass over it (one node per statement and unit).
_LEADING_COMMENTS = TextData(leading_comments=True)


def code_meta(language: str | None, fallback: str | None) -> dict[str, str]:
    """What every chunk of a code block carries: its language and, without a grammar, why
    it was cut between lines."""
    meta = {"code_language": language} if language else {}
    if fallback:
        meta["code_fallback"] = fallback
    return meta


def outline(source: Source, start: int, end: int, language: str | None
            ) -> tuple[list[Node], str | None]:
    """The units of a stretch of code and, when there is no grammar for it, why not.

    With no grammar the result is no units and a note; the chunker then cuts between lines.
    """
    name = resolve_code_language(language)
    if name is None or not source.text[start:end].strip():
        return [], None
    grammar = load_code_grammar(name)
    if grammar is None:
        return [], f"no grammar for {name}"
    if name in STACK_BOUND_GRAMMARS and nesting_depth(source.text[start:end],
                                                      MAX_PARSED_DEPTH) > MAX_PARSED_DEPTH:
        return [], f"nested more than {MAX_PARSED_DEPTH} levels deep, not parsed"
    return outline_in_windows(source.text, start, end,
                              lambda first, last: _Outline(source, first, last, grammar)), None


class _Outline:
    """Units and statement groups of one stretch of code, parsed once."""

    def __init__(self, source: Source, start: int, end: int, grammar: CodeGrammar) -> None:
        self.source = source
        self.offset = start
        self.end = end
        body = source.text[start:end]
        self.data = data = body.encode("utf-8", "surrogatepass")
        self.chars = CharOffsets(data, len(body)) if len(data) != len(body) else None
        # Row starts in bytes: the lengths of the lines plus their line feeds, summed in C.
        self.row_starts = list(map(add, accumulate(map(len, data.split(b"\n")[:-1]), initial=0),
                                   count()))
        self.grammar = grammar
        self.root = Parser(grammar.language).parse(data).root_node
        self.units: dict[int, Unit] = {}  # by the id of the unit's outer node
        self.attach: dict[int, int] = {}  # comment id -> blank lines allowed below it
        self.attach_rules = grammar.attach_rules  # the same for the kinds read node by node
        self.read_attached: dict[int, int] = {}  # what the rules said, by node id
        self.unit_starts: list[int] = []  # units' outer nodes by start, to find what holds one
        self.unit_spans: list[tuple[int, int, int]] = []
        self._find_units()

    @property
    def has_error(self) -> bool:
        return bool(self.root.has_error)

    # -- offsets ---------------------------------------------------------------------------

    def _char(self, byte: int) -> int:
        chars = self.chars
        return self.offset + (byte if chars is None else chars.at(byte))

    def _row(self, byte: int) -> int:
        return bisect_right(self.row_starts, byte) - 1

    def _trim_end(self, start: int, end: int) -> int:
        while end > start and self.data[end - 1] in _SPACE:
            end -= 1
        return end

    def _trim_start(self, start: int, end: int) -> int:
        while start < end and self.data[start] in _SPACE:
            start += 1
        return start

    def _starts_line(self, byte: int) -> bool:
        return not self.data[self.row_starts[self._row(byte)]:byte].strip()

    def _attached(self, node: SyntaxNode, node_id: int) -> int:
        """The blank lines a comment or attribute may stand above the unit it belongs to
        (0 for `@attach`, 1 for `@doc`), or -1 when it belongs to none."""
        found = self.attach.get(node_id, -1)
        rules = self.attach_rules.get(node.kind_id) if self.attach_rules else None
        if rules is not None and found < 1 and node.is_named:
            read = self.read_attached.get(node_id)
            if read is not None:  # a comment is asked about again as the sibling of a unit
                return read
            text = self.data[node.start_byte:node.end_byte]
            for rule in rules:
                if rule.blank_lines > found and rule.holds(text):
                    found = rule.blank_lines
            self.read_attached[node_id] = found
        return found

    def _text(self, node: SyntaxNode) -> str:
        return " ".join(self.data[node.start_byte:node.end_byte].decode("utf-8", "replace")
                        .split())

    # -- finding units ---------------------------------------------------------------------

    def _find_units(self) -> None:
        grammar = self.grammar
        attach = self.attach
        wrappers: dict[int, SyntaxNode] = {}
        best = best_matches(QueryCursor(grammar.query).matches(self.root), attach, wrappers)
        by_body: dict[int, Unit] = {}
        for _rank, pattern, captures in best.values():
            unit = self._unit(captures, grammar.settings[pattern])
            key = unit.body.id if unit.body is not None else unit.node.id
            kept = by_body.get(key)
            if kept is None or unit.node.end_byte - unit.node.start_byte > (
                    kept.node.end_byte - kept.node.start_byte):
                by_body[key] = unit
        # Parents are found through the wrap nodes' children, never with `.parent` or
        # `.prev_sibling`: tree-sitter answers those by walking down from the root, which
        # makes deeply nested code quadratic.
        wrapped_by = {child.id: node for node in wrappers.values() for child in node.children}
        for unit in sorted(by_body.values(), key=lambda item: item.node.start_byte):
            outer = unit.node
            while outer.id in wrapped_by:
                outer = wrapped_by[outer.id]
            if outer.id in self.units:
                continue
            unit.outer = outer
            unit.start, unit.end = outer.start_byte, outer.end_byte
            self.units[outer.id] = unit
        spans = sorted((unit.outer.start_byte, -unit.outer.end_byte, unit.outer.id)
                       for unit in self.units.values())
        self.unit_starts = [start for start, _end, _id in spans]
        self.unit_spans = spans

    def _holds_unit(self, start: int, end: int, node_id: int) -> bool:
        """Whether a unit lies inside the node (not the node itself): it must be opened."""
        index = bisect_left(self.unit_starts, start)
        spans = self.unit_spans
        while index < len(spans) and spans[index][0] < end:
            unit_start, negative_end, unit_id = spans[index]
            if -negative_end <= end and unit_id != node_id:
                return True
            if unit_start > start:
                return False  # units starting later lie inside the first one that fits
            index += 1
        return False

    def _unit(self, captures: dict[str, list[SyntaxNode]], settings: Mapping[str, str]
              ) -> Unit:
        node = captures["unit"][0]
        values = {key: self._text(nodes[0]) for key, nodes in captures.items()
                  if nodes and key not in STRUCTURAL}
        body = captures["body"][0] if captures.get("body") else None
        if self.grammar.guess_fields:
            name_node = node.child_by_field_name("name")
            if name_node is not None:
                values.setdefault("name", self._text(name_node))
            body = body or node.child_by_field_name("body")
        kind = settings.get("kind", "definition")
        values["keyword"] = settings.get("keyword", kind)
        title = unit_title(settings.get("title", "{keyword} {name}"), values)
        return Unit(node, node, body, kind, title or kind, values.get("name"))

    def _extend(self, siblings: list[SyntaxNode], index: int) -> tuple[int, int]:
        """The unit `siblings[index]` with the comments and attributes directly above it.

        A doc comment (`/** … */`) may stand one blank line above; other comments may not.
        """
        outer = siblings[index]
        start = outer.start_byte
        attach, rules, rows = self.attach, self.attach_rules, self.row_starts
        while index > 0:
            sibling = siblings[index - 1]
            sibling_id = sibling.id
            if sibling_id not in attach and sibling.kind_id not in rules:
                break
            blank_lines = self._attached(sibling, sibling_id)
            sibling_start = sibling.start_byte
            if blank_lines < 0 or not self._starts_line(sibling_start):
                break
            last_row = bisect_right(rows, self._trim_end(sibling_start, sibling.end_byte) - 1)
            if last_row < bisect_right(rows, start) - 1 - blank_lines:
                break
            start = sibling_start
            index -= 1
        start = self._trim_start(start, outer.end_byte)  # a node may begin at a MISSING token
        return start, self._trim_end(start, outer.end_byte)

    # -- members ---------------------------------------------------------------------------

    def _items(self, container: SyntaxNode, depth: int) -> list[Unit | Piece]:
        """The container's children as units and pieces; nodes holding a unit are opened."""
        items: list[Unit | Piece] = []
        children = container.children
        units = self.units
        data = self.data
        unit_starts = self.unit_starts
        unit_count = len(unit_starts)
        attach = self.attach
        rules = self.attach_rules
        for index, child in enumerate(children):
            start = node_start = child.start_byte
            end = child.end_byte
            if end <= start:
                continue
            child_id = child.id
            unit = units.get(child_id)
            if unit is not None:
                unit.start, unit.end = self._extend(children, index)
                while items and type(items[-1]) is tuple and items[-1][0] >= unit.start:
                    items.pop()  # comments the unit took in
                items.append(unit)
                continue
            # Most children hold no unit: none starts inside them.
            first = bisect_left(unit_starts, start)
            if (first < unit_count and unit_starts[first] < end and depth < MAX_DEPTH
                    and self._holds_unit(start, end, child_id)):
                items.extend(self._items(child, depth + 1))
            else:
                if data[start] in _SPACE:
                    start = self._trim_start(start, end)
                if start < end and data[end - 1] in _SPACE:
                    end = self._trim_end(start, end)
                if end <= start:
                    continue
                if items and type(items[-1]) is Unit and self._trails(items[-1], child,
                                                                      node_start):
                    items[-1].end = end  # `};` or `} // end` stays on the unit's line
                    continue
                flags = 0 if child.is_named else TOKEN
                if ((child_id in attach or child.kind_id in rules)
                        and self._attached(child, child_id) >= 0
                        and self._starts_line(node_start)):
                    flags |= COMMENT
                items.append((start, end, flags))
        return items

    def _trails(self, unit: Unit, child: SyntaxNode, child_start: int) -> bool:
        if not (child.is_extra or child.type in (";", ",")):
            return False
        return self._row(child_start) == self._row(max(unit.start, unit.end - 1))

    # -- nodes -----------------------------------------------------------------------------

    def nodes(self) -> list[Node]:
        items = self._items(self.root, 0)
        nodes = self._nodes(items, True, None, 0)
        return self._fill(self.offset, self.end, nodes)

    def _nodes(self, items: list[Unit | Piece], paragraphs: bool, parent_kind: str | None,
               depth: int) -> list[Node]:
        """Units as DEFINITION nodes; the pieces between them joined into statements (or, at
        top level, into blank-line paragraphs), one TEXT node each."""
        nodes: list[Node] = []
        rows = self.row_starts
        # The open group of pieces: its span, the row of its last byte (-1: not known yet),
        # whether it is a signature still waiting for its statement, whether it is the
        # comments above a unit, and whether its last piece is a comment on its own line.
        group_start = group_end = group_row = -1
        header = lead = last_comment = False
        for item in items:
            if not isinstance(item, tuple):
                if group_start >= 0:
                    nodes.append(self._text_node(group_start, group_end, lead))
                    group_start = -1
                nodes.append(self._definition(item, parent_kind, depth))
                continue
            start, end, flags = item
            joins = False
            if group_start >= 0 and not lead:
                if flags & TOKEN or header:
                    joins = True
                else:
                    first_row = bisect_right(rows, start) - 1
                    if group_row < 0:
                        group_row = bisect_right(rows, group_end - 1) - 1
                    if first_row == group_row:
                        joins = True
                    elif last_comment or paragraphs:
                        joins = first_row == group_row + 1
            if joins:
                if end > group_end:
                    group_end = end
                    group_row = -1
                last_comment = flags & (COMMENT | HEADER) == COMMENT
                header = header and flags & (HEADER | TOKEN) != 0
            else:
                if group_start >= 0:
                    nodes.append(self._text_node(group_start, group_end, lead))
                group_start, group_end, group_row = start, end, -1
                header, lead = flags & HEADER != 0, flags & LEAD != 0
                last_comment = flags & (COMMENT | HEADER) == COMMENT
        if group_start >= 0:
            nodes.append(self._text_node(group_start, group_end, lead))
        return nodes

    def _text_node(self, start: int, end: int, lead: bool) -> Node:
        return make_node(self.source, NodeKind.TEXT, self._char(start), self._char(end), (),
                         _LEADING_COMMENTS if lead else None)

    def _definition(self, unit: Unit, parent_kind: str | None, depth: int) -> Node:
        start, end = self._char(unit.start), self._char(unit.end)
        kind = unit.kind
        if kind == "function" and parent_kind in _CLASS_LIKE:
            kind = "method"
        container = unit.body
        if container is None and self._holds_unit(unit.outer.start_byte, unit.outer.end_byte,
                                                           unit.outer.id):
            container = unit.outer
        children: list[Node] = []
        if container is not None and depth < MAX_DEPTH:
            items: list[Unit | Piece] = []
            code_start = self._trim_start(unit.outer.start_byte, unit.end)
            if code_start > unit.start:
                items.append((unit.start, self._trim_end(unit.start, code_start), LEAD))
            head_end = self._trim_end(code_start, min(container.start_byte, unit.end))
            if head_end > code_start:
                items.append((code_start, head_end, HEADER))
            items.extend(self._items(container, depth + 1))
            last_end = unit.start
            if items:
                last = items[-1]
                last_end = last[1] if isinstance(last, tuple) else last.end
            tail_start = max(container.end_byte, last_end)
            if self._trim_end(tail_start, unit.end) > tail_start:
                items.append((tail_start, unit.end, TOKEN))
            children = self._fill(start, end, self._nodes(items, False, kind, depth + 1))
            if len(children) == 1 and children[0].kind is NodeKind.TEXT:
                children = []
        return make_node(self.source, NodeKind.DEFINITION, start, end, children,
                         DefinitionData(unit.title, kind, unit.name or None))

    def _fill(self, start: int, end: int, nodes: list[Node]) -> list[Node]:
        """TEXT for any code between the nodes that tree-sitter left out, so nothing is lost."""
        text = self.source.text
        result: list[Node] = []
        cursor = start
        for node in [*nodes, None]:
            gap_end = node.start if node is not None else end
            if gap_end > cursor and text[cursor:gap_end].strip():
                gap_start = cursor + len(text[cursor:gap_end]) - len(text[cursor:gap_end]
                                                                     .lstrip())
                gap_stop = cursor + len(text[cursor:gap_end].rstrip())
                result.append(make_node(self.source, NodeKind.TEXT, gap_start, gap_stop))
            if node is not None:
                result.append(node)
                cursor = max(cursor, node.end)
        return result
