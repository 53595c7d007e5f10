"""LlamaIndex adapter: a `NodeParser` that chunks by document structure.

Install with `pip install "structchunk-rag[llamaindex]"`. Each node has exact
`start_char_idx`/`end_char_idx` into its document's text (`text[start:end]` is the chunk's
verbatim content), flat metadata (`heading_path` joined, `h1`, `h2`, ..., `chunk_id`), and
SOURCE/PREVIOUS/NEXT relationships. With `embed_context=True` (default) the node text is the
embedded text, heading path first, so the heading keys are kept out of the metadata string
that LlamaIndex adds when embedding; with `False` the node text is the verbatim content and
the joined heading path goes into that metadata string instead. Node ids are the chunk ids
(deterministic), unless an `id_func` is given. A document's `file_path` or `source`
metadata chooses its format by suffix, as `SimpleDirectoryReader` passes it (a `.py` file is
chunked as Python), unless `format` or `code_language` is set.

`chunk_overlap` has LangChain's meaning here too, as in the LangChain adapter (one
`OverlapPlan` serves both): every node after the first of a document starts with the tail of
the text before its chunk, at most `chunk_overlap` long, cut at a word, and the node text
with it stays within `chunk_size`. Metadata `overlap_start` says where that tail starts, so
a verbatim node's text is `text[overlap_start:end_char_idx]`; `start_char_idx` stays at the
chunk's own content. `overlap_style="structchunk"` repeats whole sentences inside split
prose only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from structchunk.api import DEFAULT_MAX_SIZE
from structchunk.chunk.chunk import Chunk
from structchunk.chunker import Chunker
from structchunk.errors import MissingDependencyError, install_hint
from structchunk.integrations.common import chunk_string, flat_metadata, string_chunker
from structchunk.integrations.overlap import OverlapPlan, Page
from structchunk.tokens import resolve_tokenizer

try:
    from llama_index.core.bridge.pydantic import Field, PrivateAttr
    from llama_index.core.node_parser import NodeParser
    from llama_index.core.node_parser.node_utils import default_id_func
    from llama_index.core.schema import BaseNode, Document, NodeRelationship, TextNode
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise MissingDependencyError(
        f"the LlamaIndex adapter needs the 'llamaindex' extra: {install_hint('llamaindex')}"
    ) from err

_TEXT_TEMPLATE = TextNode.model_fields["text_template"].default
# Metadata that is bookkeeping, not meaning: kept out of what is embedded and what the model
# reads. `context` is for a postprocessor that swaps it in for the text (as LlamaIndex's
# MetadataReplacementPostProcessor does with a sentence window).
_OWN_KEYS = ("chunk_id", "chunk_index", "start_index", "end_index", "language", "oversized",
             "context", "context_start", "context_end", "strategy", "hierarchy", "parent_id",
             "overlap_start")


class StructchunkNodeParser(NodeParser):
    """Structure-aware nodes with exact offsets (see the module doc)."""

    chunk_size: int = Field(default=DEFAULT_MAX_SIZE, gt=0,
                            description="Budget per chunk, heading path included.")
    chunk_overlap: int = Field(default=0, ge=0, description=(
        "Each node repeats at most this much of the text before its chunk (see overlap_style)."))
    overlap_style: str = Field(default="langchain", description=(
        "langchain: the tail of the text before each chunk, at every boundary; structchunk: "
        "whole trailing sentences inside split prose only."))
    tokenizer: Any = Field(default=None, description=(
        "None (characters), an encoding name such as cl100k_base, a tokenizer.json path, "
        "a tokenizers.Tokenizer, an object with encode(), or a callable."))
    strategy: str = Field(default="hybrid")
    format: str | None = Field(default=None, description="Force the input format.")
    code_language: str | None = Field(default=None, description=(
        "Chunk each document as code in this programming language."))
    language: str | None = Field(default=None, description="Force the natural language.")
    embed_context: bool = Field(default=True, description=(
        "Node text is the embedded text with its heading path (True) or the verbatim slice."))
    path_line: str = Field(default="inside", description=(
        "Which chunks embed their heading path line: inside (only chunks that start inside "
        "their section, not those opening with their own heading), always, or never."))

    _counter: Any = PrivateAttr(default=None)
    _offsets: dict[str, tuple[int, int]] = PrivateAttr(default_factory=dict)
    _built: tuple[tuple[Any, ...], Chunker, OverlapPlan] | None = PrivateAttr(default=None)

    def __init__(self, **data: Any) -> None:
        from structchunk.options import check_keywords

        check_keywords(data, set(type(self).model_fields), "StructchunkNodeParser")
        super().__init__(**data)
        if self.tokenizer is not None:
            self._counter = resolve_tokenizer(self.tokenizer)  # checked before any work
        self._chunker()

    @classmethod
    def class_name(cls) -> str:
        return "StructchunkNodeParser"

    @classmethod
    def from_language(cls, language: str, **data: Any) -> StructchunkNodeParser:
        """A parser for one language: a programming language ("python", "go") chunks code
        cut at definitions; "markdown", "html" and "rst" name those document formats."""
        name = str(getattr(language, "value", language)).lower()
        if name in ("markdown", "html", "rst"):
            return cls(format=name, **data)
        return cls(code_language=name, **data)

    def chunks(self, text: str, source_id: str | None = None, path: str | None = None
               ) -> list[Chunk]:
        """structchunk's own chunks of `text`; `path`, the file it came from, chooses the
        format when none was given."""
        return chunk_string(self._chunker(), text, source_id, path)

    def pages(self, text: str, source_id: str | None = None, path: str | None = None
              ) -> list[Page]:
        """The chunks of `text` with their node text, the LangChain-style tail included."""
        chunks = self.chunks(text, source_id, path)
        plan = self._plan()
        return plan.pages(text, chunks, self.embed_context, self._counter or len)

    def _chunker(self) -> Chunker:
        """One Chunker for the fields as they are; built again only if a field changed."""
        return self._build()[1]

    def _plan(self) -> OverlapPlan:
        return self._build()[2]

    def _build(self) -> tuple[tuple[Any, ...], Chunker, OverlapPlan]:
        settings = (self.format, self.code_language, self.strategy, self.chunk_size,
                    self.chunk_overlap, self.overlap_style, self.language, self._counter,
                    self.path_line)
        if self._built is None or self._built[0] != settings:
            plan = OverlapPlan.of("StructchunkNodeParser", self.overlap_style, self.chunk_size,
                                  self.chunk_overlap)
            chunker = string_chunker(
                "StructchunkNodeParser", format=self.format, code_language=self.code_language,
                strategy=self.strategy, max_size=plan.max_size,
                overlap_size=plan.sentence_overlap, language=self.language,
                tokenizer=self._counter, path_line=self.path_line)
            self._built = (settings, chunker, plan)
        return self._built

    def _parse_nodes(self, nodes: Sequence[BaseNode], show_progress: bool = False,
                     **kwargs: Any) -> list[BaseNode]:
        result: list[BaseNode] = []
        for parent in nodes:
            text = parent.get_content()
            named = parent.metadata.get("file_path") or parent.metadata.get("source")
            source = named or (parent.node_id if isinstance(parent, Document) else None)
            relationship = {NodeRelationship.SOURCE: parent.as_related_node_info()}
            for page in self.pages(text, source_id=str(source) if source else None,
                                   path=str(named) if named else None):
                result.append(self._node(parent, page, relationship))
        return result

    def _node(self, parent: BaseNode, page: Page, relationships: dict[Any, Any]) -> TextNode:
        chunk = page.chunk
        metadata = flat_metadata(chunk)
        if page.overlap_start is not None:
            metadata["overlap_start"] = page.overlap_start
        levels = [key for key in metadata if key[:1] == "h" and key[1:].isdigit()]
        hidden = list(_OWN_KEYS) + levels + (["heading_path"] if self.embed_context else [])
        node_id = (chunk.chunk_id if self.id_func is default_id_func
                   else self.id_func(chunk.index, parent))
        self._offsets[node_id] = (chunk.start, chunk.end)
        return TextNode(
            id_=node_id, text=page.text,
            metadata=metadata, start_char_idx=chunk.start, end_char_idx=chunk.end,
            excluded_embed_metadata_keys=[*parent.excluded_embed_metadata_keys, *hidden],
            excluded_llm_metadata_keys=[*parent.excluded_llm_metadata_keys, *_OWN_KEYS,
                                        *levels],
            metadata_seperator=parent.metadata_separator,
            metadata_template=parent.metadata_template,
            text_template=getattr(parent, "text_template", _TEXT_TEMPLATE),
            relationships=dict(relationships))

    def _postprocess_parsed_nodes(self, nodes: list[BaseNode],
                                  parent_doc_map: dict[str, Document]) -> list[BaseNode]:
        """LlamaIndex re-finds offsets by searching the text; keep the exact ones."""
        nodes = super()._postprocess_parsed_nodes(nodes, parent_doc_map)
        for node in nodes:
            exact = self._offsets.pop(node.node_id, None)
            if exact is not None and isinstance(node, TextNode):
                node.start_char_idx, node.end_char_idx = exact
        return nodes


__all__ = ["StructchunkNodeParser"]
