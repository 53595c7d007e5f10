"""Source code: which grammar names a file or a fence (`languages`), the query files per
programming language (`grammars`), the outline of definitions read with tree-sitter
(`outline`), and the parser of a whole source file (`parser`)."""

from structchunk.parse.code.definitions import code_meta, outline
from structchunk.parse.code.languages import (
    code_language_for_path,
    code_suffixes,
    resolve_code_language,
)
from structchunk.parse.code.source_file import parse

__all__ = ["code_language_for_path", "code_meta", "code_suffixes", "outline", "parse",
           "resolve_code_language"]
