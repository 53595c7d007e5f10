"""structchunk's own exceptions: each names the file and the problem in its message."""

from __future__ import annotations

DISTRIBUTION = "structchunk-rag"
"""The name on the package index; the import name and the command stay `structchunk`.

An unrelated package called `structchunk` exists there, so every install hint goes through
`install_hint` and names this distribution."""


def install_hint(extra: str | None = None) -> str:
    """The pip command that installs structchunk (with `extra`), e.g. for an error message."""
    target = f"{DISTRIBUTION}[{extra}]" if extra else DISTRIBUTION
    return f'pip install "{target}"'


class StructchunkError(Exception):
    """Base class; `origin` is the file (or '<string>') the problem is about."""

    def __init__(self, message: str, origin: str | None = None) -> None:
        self.origin = origin
        self.problem = message
        super().__init__(f"{origin}: {message}" if origin else message)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its problem and origin, so an error raised in a worker process keeps
        both when it is handed back."""
        return (type(self), (self.problem, self.origin))


class DecodeError(StructchunkError):
    """The input is not text we can decode (binary, NUL bytes, unknown encoding)."""


class SourceNotFoundError(StructchunkError):
    """The path does not exist or cannot be read."""


class OutputError(StructchunkError):
    """An output cannot be written (disk full, read-only folder); the output is named and
    nothing partial stands under its name."""


class DamagedOutputError(StructchunkError):
    """An earlier output that a rerun would keep rows from cannot be read; the message names
    the file and the way out (`--rebuild`)."""


class SourceTooLargeError(StructchunkError):
    """The input is larger than the `max_bytes` limit; the message names the size and limit."""


class UnsupportedFormatError(StructchunkError):
    """No parser handles this format."""


class ParseError(StructchunkError):
    """A parser failed on input it should handle; the input is named."""


class GrammarError(StructchunkError):
    """A file under grammars/ is malformed; the file and entry are named."""


class BudgetError(StructchunkError):
    """Chunking options are inconsistent (budget not positive, overlap too large)."""


class StrategyError(StructchunkError):
    """An unknown strategy name or a strategy that cannot run on this input."""


class PdfError(StructchunkError):
    """A PDF is encrypted, corrupt, truncated or has no text layer."""


class OptionError(StructchunkError):
    """An unknown keyword or a bad option value; the message suggests the nearest name."""


class InputTypeError(StructchunkError, TypeError):
    """Input of the wrong type (bytes given to `split_text`); a TypeError as well, so code that
    caught the bare TypeError still catches it."""


class TokenizerError(StructchunkError):
    """The tokenizer given is not one structchunk can use (unknown name, bad file)."""


class MissingDependencyError(StructchunkError):
    """An optional extra is needed; the message names it."""
