"""Legal blocks to tree: headings levelled by the grammar, Absätze and items with their meta.

Both ways of reading a law (plain text and refined Markdown) end in the same flat list of
blocks; building the tree from it in one place keeps heading levels, provision meta and
references identical whichever way the law arrived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from structchunk.decode import Source
from structchunk.parse.legal.grammar import LegalGrammar
from structchunk.parse.rules import Block, build_lists
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.tree import Node, NodeKind, make_node


class Assembler:
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
        """Divisions 2, 3, ... in order of first appearance; provisions below all (the title is
        level 1, set where its heading is built)."""
        order: list[str] = []
        for block in blocks:
            if block.kind == "heading" and block.attrs.get("role") == "division":
                unit = str(block.attrs["unit"])
                if unit not in order:
                    order.append(unit)
        levels = {unit: index + 2 for index, unit in enumerate(order)}
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
            defines = self.grammar.defines("\n".join(self._text(block) for block in body))
            if defines:
                meta["defines"] = defines
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
