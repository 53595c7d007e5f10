"""structchunk: structure-aware, multilingual document parsing and chunking for RAG.

    >>> import structchunk
    >>> chunks = structchunk.split("handbook.md", max_size=1000)      # a path, always
    >>> chunks = structchunk.split_text(markdown_text, max_size=1000)  # a string of text
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
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.strategies import STRATEGIES
from structchunk.decode import Source
from structchunk.errors import (
    BudgetError,
    DecodeError,
    GrammarError,
    InputTypeError,
    MissingDependencyError,
    ParseError,
    PdfError,
    SourceNotFoundError,
    SourceTooLargeError,
    StrategyError,
    StructchunkError,
    TokenizerError,
    UnsupportedFormatError,
)
from structchunk.tokens import TokenCounter
from structchunk.tree import Document, Node, NodeKind

__version__ = "0.1.0"

from structchunk.compiled import compiled_modules, warn_if_stale  # noqa: E402  (checks them)

warn_if_stale()

__all__ = [
    "DEFAULT_MAX_BYTES", "DEFAULT_MAX_SIZE", "STRATEGIES", "Budget", "BudgetError", "Chunk",
    "DecodeError", "Document", "GrammarError", "InputTypeError", "MissingDependencyError",
    "Node", "NodeKind",
    "ParseError", "PdfError", "Source", "SourceNotFoundError", "SourceTooLargeError",
    "StrategyError", "StructchunkError", "TokenCounter", "TokenizerError",
    "UnsupportedFormatError", "compiled_modules", "parse", "parse_text", "split", "split_text",
]
