"""Code cut off from its doc comment carries the comment's summary in its embedded text.

The function stays whole and the comment goes before it; without its first sentence the
code's piece is found by nothing that asks what the function does. The summary is repeated
like a list's lead-in: in the embedded text only, counted in the budget, and never at the
cost of cutting the code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.chunk.budget import Budget
from structchunk.chunk.doc_summary import summary_of
from structchunk.chunk.pack import Packer
from tests.conftest import corpus_root
from tests.invariants import assert_chunks_valid

SUMMARY = " * Set cookie `name` to `value`, with the given `options`."
OPTIONS = "".join(f" *    - `option{number}`   what option {number} sets on the cookie\n"
                  for number in range(8))
JAVASCRIPT = f'''/**
{SUMMARY}
 *
 * Options:
 *
{OPTIONS} *
 * @public
 */

res.cookie = function (name, value, options) {{
  var opts = {{ ...options }};
  var secret = this.req.secret;
  if (opts.signed && !secret) {{
    throw new Error('cookieParser("secret") required for signed cookies');
  }}
  this.append('Set-Cookie', serialize(name, String(value), opts));
  return this;
}};
'''
CODE = JAVASCRIPT[JAVASCRIPT.index("res.cookie ="):].rstrip("\n")


def _chunks(tmp_path: Path, max_size: int) -> tuple[str, list[structchunk.Chunk]]:
    path = tmp_path / "response.js"
    path.write_text(JAVASCRIPT, encoding="utf-8")
    chunks = structchunk.split(path, max_size=max_size)
    assert_chunks_valid(JAVASCRIPT, chunks, max_size)
    return JAVASCRIPT, chunks


@pytest.mark.parametrize("max_size", [560, 640, 800])
def test_the_code_cut_off_from_its_comment_carries_the_summary(tmp_path: Path,
                                                              max_size: int) -> None:
    text, chunks = _chunks(tmp_path, max_size)
    holder = next(chunk for chunk in chunks if CODE in chunk.content)
    assert holder.content.startswith("res.cookie ="), "the comment does not fit beside it"
    head = holder.text[:holder.text.index(holder.content)]
    assert head.endswith("/**\n" + SUMMARY + "\n */\n"), head
    assert "Options:" not in head, "only the first paragraph"
    assert holder.size <= max_size
    # The summary is embedded, not held: the comment lies verbatim in the piece before.
    assert text.count(SUMMARY) == 1
    assert sum(SUMMARY in chunk.content for chunk in chunks) == 1


def test_the_code_is_not_cut_to_make_room_for_the_summary(tmp_path: Path) -> None:
    path_line = len("response.js > function res.cookie\n\n")
    _text, chunks = _chunks(tmp_path, path_line + len(CODE) + 5)
    holder = next(chunk for chunk in chunks if CODE in chunk.content)
    assert holder.text.endswith(CODE) and SUMMARY not in holder.text


def test_a_definition_that_fits_with_its_comment_repeats_nothing(tmp_path: Path) -> None:
    _text, chunks = _chunks(tmp_path, 2000)
    assert len(chunks) == 1
    assert chunks[0].text.count(SUMMARY) == 1


def _summary(comment: str, max_size: int = 1000) -> str | None:
    packer = Packer(comment, Budget(max_size))
    return summary_of(packer, 0, len(comment))


@pytest.mark.parametrize(("comment", "summary"), [
    ("/**\n * Send JSON response.\n *\n * Examples:\n */", "/**\n * Send JSON response.\n */\n"),
    ("/** Send given HTTP status code. */", "/** Send given HTTP status code. */\n"),
    ("/* Two lines\n   of summary.\n\n   More. */", "/* Two lines\n   of summary. */\n"),
    ("/// Deserialize from a string.\n///\n/// # Example", "/// Deserialize from a string.\n"),
    ("// Execute runs the command.\n// It returns an error.\n//\n// More.",
     "// Execute runs the command.\n// It returns an error.\n"),
    ("# Totals for the report.\n#\n# Details.", "# Totals for the report.\n"),
    ("-- Active users only.", "-- Active users only.\n"),
    ("    /// Indented summary.\n    ///\n    /// More.", "    /// Indented summary.\n"),
    ("    /**\n     * Indented.\n     *\n     * More.\n     */",
     "    /**\n     * Indented.\n     */\n"),
    ("  /* Indented block.\n\n  More. */", "  /* Indented block. */\n"),
    ("/**\n *\n */", None),
    ("///\n///", None),
])
def test_the_summary_is_the_comments_first_paragraph(comment: str, summary: str | None) -> None:
    assert _summary(comment) == summary


def test_a_summary_over_a_quarter_of_the_budget_is_not_repeated() -> None:
    comment = "/// " + "word " * 30
    size = len(comment.rstrip()) + 1  # with its line break
    assert _summary(comment, max_size=4 * size) is not None
    assert _summary(comment, max_size=4 * size - 1) is None


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
def test_corpus_code_cut_off_from_its_comments_mostly_carries_a_summary() -> None:
    root = corpus_root()
    assert root is not None
    path = Path(root) / "code/javascript/express/lib/response.js"
    document = structchunk.parse(path)
    chunks = structchunk.split(document, max_size=1000)
    assert_chunks_valid(document.text, chunks, 1000)
    cookie = next(chunk for chunk in chunks
                  if chunk.content.startswith("res.cookie = function"))
    assert "Set cookie `name` to `value`" in cookie.text[:cookie.text.index(cookie.content)]
