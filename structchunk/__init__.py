"""structchunk: structure-aware, multilingual document parsing and chunking for RAG.

    >>> import structchunk
    >>> chunks = structchunk.split("handbook.md", max_size=1000)      # a path, always
    >>> chunks = structchunk.split_text(markdown_text, max_size=1000)  # a string of text
    >>> chunker = structchunk.Chunker(max_size=1000)  # options checked once, reused
    >>> per_file = chunker.split_many(paths, jobs=2)
    >>> document = structchunk.parse("handbook.md"); print(document.pretty())
"""

from structchunk.api import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_SIZE,
    parse,
    parse_text,
    split,
    split_text,
)
from structchunk.chunk.budget import Budget
from structchunk.chunk.build import PieceStrategy
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.pack import Piece
from structchunk.chunk.strategies import STRATEGIES, Strategy
from structchunk.chunker import Chunker
from structchunk.decode import Source
from structchunk.errors import (
    BudgetError,
    DecodeError,
    GrammarError,
    InputTypeError,
    MissingDependencyError,
    OptionError,
    ParseError,
    PdfError,
    SourceNotFoundError,
    SourceTooLargeError,
    StrategyError,
    StructchunkError,
    TokenizerError,
    UnsupportedFormatError,
)
from structchunk.options import FormatOptions
from structchunk.tokens import TokenCounter
from structchunk.tree import Document, Node, NodeKind

__version__ = "0.1.0"

from structchunk.compiled import compiled_modules, warn_if_stale  # noqa: E402  (checks them)

warn_if_stale()

__all__ = [
    "DEFAULT_MAX_BYTES", "DEFAULT_MAX_SIZE", "STRATEGIES", "Budget", "BudgetError", "Chunk",
    "ChunkContext", "Chunker", "DecodeError", "Document", "FormatOptions", "GrammarError",
    "InputTypeError", "MissingDependencyError", "Node", "NodeKind", "OptionError",
    "ParseError", "PdfError",
    "Piece", "PieceStrategy", "Source", "SourceNotFoundError", "SourceTooLargeError",
    "Strategy", "StrategyError", "StructchunkError", "TokenCounter", "TokenizerError",
    "UnsupportedFormatError", "compiled_modules", "parse", "parse_text", "split", "split_text",
]
