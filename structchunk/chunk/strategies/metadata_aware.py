"""The metadata_aware strategy: hybrid chunks whose embedded text starts with a header.

A chunk from the middle of a file often never names what it is about. The header restores
that: `title | language | section path | key: value ...` from the document's title (front
matter `title:` or its first heading), the chunk's language, its heading path and fields:
each document's own front matter keys (`category:` by default, or the keys the caller names
in `front_matter=`), else the value the caller gives (`category="policy"`), so a folder of
documents of several categories gets each document's own. The header is counted in the
budget; the content and the context stay the verbatim source.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import regex

from structchunk.chunk.budget import CONTEXT_SEPARATOR, Budget
from structchunk.chunk.build import final_pieces
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.finish import assemble
from structchunk.chunk.pack import Piece, embedded_body
from structchunk.chunk.strategies.hybrid import HybridChunker
from structchunk.errors import BudgetError, StrategyError
from structchunk.tree import Document, NodeKind

SEPARATOR = " | "
_FRONT_MATTER_TITLE = regex.compile(r"""(?m)^title:[ \t]*["']?(.+?)["']?[ \t]*$""")
# A top-level scalar key of YAML (`key: value`) or TOML (`key = value`) front matter.
_FRONT_MATTER_KEY = regex.compile(
    r"""(?m)^(?P<key>[A-Za-z_][\w.-]*)[ \t]*(?::|=)[ \t]*(?P<value>[^\s\[{|>#].*?)[ \t]*$""")
DEFAULT_FRONT_MATTER_KEYS = ("category",)


class MetadataAwareChunker:
    """`title` overrides the document's own title; `fields` (or keyword arguments) are
    added as `key: value` to every header, in the order given, each replaced by the
    document's own front matter value of the same key when it has one; the `front_matter`
    keys (default `category`) come from each document's front matter alone."""

    name = "metadata_aware"

    def __init__(self, title: str | None = None, fields: Mapping[str, object] | None = None,
                 front_matter: Sequence[str] | str = DEFAULT_FRONT_MATTER_KEYS,
                 **more_fields: object) -> None:
        if fields is not None and not isinstance(fields, Mapping):
            raise StrategyError(
                f"metadata_aware: fields must map names to values, e.g. {{'product': 'x'}}, "
                f"not a {type(fields).__name__} ({fields!r})")
        merged = {**(fields or {}), **more_fields}
        for key, value in merged.items():
            if not isinstance(key, str) or not key or value is None:
                raise StrategyError(f"metadata_aware: field {key!r} needs a name and a value")
        self.title = title
        self.fields = {key: " ".join(str(value).split()) for key, value in merged.items()}
        keys = [front_matter] if isinstance(front_matter, str) else list(front_matter)
        if any(not isinstance(key, str) or not key for key in keys):
            raise StrategyError(f"metadata_aware: front_matter names keys, e.g. "
                                f"['category'], not {front_matter!r}")
        self.front_matter_keys = tuple(keys)

    def document_fields(self, document: Document) -> dict[str, str]:
        """The header's fields for this document: the caller's, each replaced by the
        document's front matter value of that key, then the front matter keys asked for."""
        own = _front_matter_values(document)
        fields = {key: own.get(key, value) for key, value in self.fields.items()}
        fields.update((key, own[key]) for key in self.front_matter_keys
                      if key in own and key not in fields)
        return fields

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        return HybridChunker().chunk(document, self._plan(document, context)[0])

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        reduced, title = self._plan(document, context)
        fields = self.document_fields(document)
        packer, pieces = final_pieces(document, HybridChunker().chunk(document, reduced),
                                      reduced)
        chunks = assemble(document, pieces, packer, reduced.budget, context.language_at,
                          self.name)
        budget = context.budget
        result = []
        for piece, chunk in zip(pieces, chunks, strict=True):
            path_line = packer.context_of(piece)
            body = embedded_body(document.text, piece)
            parts = [title, chunk.language, path_line,
                     *(f"{key}: {value}" for key, value in fields.items())]
            text = chunk.text
            header = path_line
            # Drop the least specific parts until the header fits (the plain heading path
            # line always fits: the pieces were sized for it).
            for dropped in _dropping_order(parts, path_line):
                candidate = SEPARATOR.join(part for part in dropped if part)
                joined = f"{candidate}{CONTEXT_SEPARATOR}{body}" if candidate else body
                if budget.size(joined) <= budget.max_size:
                    text, header = joined, candidate
                    break
            result.append(replace(chunk, text=text, size=budget.size(text),
                                  metadata={**chunk.metadata, "header": header}))
        return result

    def document_title(self, document: Document) -> str | None:
        if self.title:
            return self.title
        if document.title:
            return document.title
        for node, _ in document.root.walk():
            if node.kind is NodeKind.FRONT_MATTER:
                match = _FRONT_MATTER_TITLE.search(document.content(node))
                if match:
                    return match.group(1).strip()
            elif node.kind is NodeKind.SECTION and node.title:
                return node.title
        return None

    def _plan(self, document: Document, context: ChunkContext
              ) -> tuple[ChunkContext, str | None]:
        """The budget left for the path line and body once the rest of the header is in,
        and the title as it goes into the header."""
        budget = context.budget
        fields = [f"{key}: {value}" for key, value in self.document_fields(document).items()]

        def reserve_for(title: str | None) -> int:
            fixed = [title, document.language or "xx", *fields]
            return budget.size(SEPARATOR.join(part for part in fixed if part) + SEPARATOR)

        title = self.document_title(document)
        reserve = reserve_for(title)
        # A long title of the document's own is shortened to keep the header to a quarter.
        while title and reserve > budget.max_size // 4:
            title = title[:len(title) * 3 // 4].rstrip() + "…" if len(title) > 4 else None
            reserve = reserve_for(title)
        room = budget.max_size - reserve
        if room < budget.max_size // 2:
            if fields:
                raise BudgetError(f"metadata_aware: the header ({reserve}) leaves too little of "
                                  f"the budget ({budget.max_size}); shorten the fields",
                                  document.source.origin)
            # A budget too small for any header: chunks keep the plain heading path line.
            return context, None
        return replace(context, budget=Budget(max_size=room, length=budget.length,
                                              overlap=budget.overlap,
                                              overlap_size=budget.overlap_size)), title


def _front_matter_values(document: Document) -> dict[str, str]:
    """Top-level scalar keys of the document's front matter (quotes removed), if it has one."""
    node = next((node for node, _ in document.root.walk()
                 if node.kind is NodeKind.FRONT_MATTER), None)
    if node is None:
        return {}
    values: dict[str, str] = {}
    for match in _FRONT_MATTER_KEY.finditer(document.content(node)):
        value = match.group("value").strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if value:
            values.setdefault(match.group("key"), " ".join(value.split()))
    return values


def _dropping_order(parts: list[str | None], path_line: str) -> list[list[str | None]]:
    """The full header, then without the fields, the title, the language in turn."""
    title, language, _path, *fields = parts
    return [[title, language, path_line, *fields], [title, language, path_line],
            [language, path_line], [path_line]]


__all__ = ["DEFAULT_FRONT_MATTER_KEYS", "MetadataAwareChunker"]
