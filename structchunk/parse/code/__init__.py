"""Source code: grammars per programming language (`grammars`), the outline of definitions read
with tree-sitter (`outline`), and the parser of a whole source file (`parser`)."""

from structchunk.parse.code.outline import code_units, normalise_language, outline
from structchunk.parse.code.parser import language_for_path, parse

__all__ = ["code_units", "language_for_path", "normalise_language", "outline", "parse"]
