"""A chunk that starts with a definition's doc comment names that definition in its path.

The signature that names a function stands after its doc comment, so a piece starting at the
comment may not drop the definition's title from its path line the way a piece starting at
the signature (or a section at its heading) may: it would carry only the file, and name
neither what it documents nor, in its first line, anything at all. A definition that fits
whole only under the shorter path still keeps the shorter path rather than being cut.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk.tree import NodeKind, definition_data
from tests.conftest import corpus_root
from tests.invariants import assert_chunks_valid

GO = '''package cobra

import "strings"

// SuggestionsFor provides suggestions for the typedName. It looks at the names and
// aliases of every available command that is not hidden, and returns those whose
// Levenshtein distance to the typed name is at most SuggestionsMinimumDistance, or
// whose name starts with the typed name, so that a mistyped command can be answered
// with "Did you mean this?" followed by the closest matches.
func (c *Command) SuggestionsFor(typedName string) []string {
	suggestions := []string{}
	for _, cmd := range c.commands {
		if cmd.IsAvailableCommand() {
			distance := ld(typedName, cmd.Name(), true)
			if distance <= c.SuggestionsMinimumDistance {
				suggestions = append(suggestions, cmd.Name())
			}
		}
	}
	return suggestions
}

// VisitParents visits all parents of the command and invokes fn on each parent.
func (c *Command) VisitParents(fn func(*Command)) {
	if c.HasParent() {
		fn(c.Parent())
		c.Parent().VisitParents(fn)
	}
}
'''


def _parsed(folder: Path) -> structchunk.Document:
    path = folder / "command.go"
    path.write_text(GO, encoding="utf-8")
    return structchunk.parse(path)


def _documented_starts(document: structchunk.Document) -> dict[int, str]:
    """Where each titled definition with a leading doc comment starts, and its title."""
    return {node.start: node.title for node, _ in document.root.walk()
            if node.kind is NodeKind.DEFINITION and node.title and node.children
            and definition_data(node.children[0]).leading_comments}


def _path_line(chunk: structchunk.Chunk) -> str:
    return chunk.text[:chunk.text.index(chunk.content)]


@pytest.mark.parametrize("max_size", [300, 400, 600, 800])
def test_a_chunk_opening_at_a_doc_comment_names_its_definition(max_size: int,
                                                              tmp_path: Path) -> None:
    document = _parsed(tmp_path)
    starts = _documented_starts(document)
    assert [title.split()[-1] for title in starts.values()] == ["SuggestionsFor",
                                                               "VisitParents"]
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    opening = [chunk for chunk in chunks if chunk.start in starts]
    assert opening
    for chunk in opening:
        name = starts[chunk.start].split()[-1]
        assert name in _path_line(chunk), chunk.text
        assert chunk.size <= max_size


def test_a_definition_that_fits_only_under_the_shorter_path_stays_whole(tmp_path: Path
                                                                      ) -> None:
    document = _parsed(tmp_path)
    start = GO.index("// SuggestionsFor")
    end = GO.index("return suggestions\n}") + len("return suggestions\n}")
    whole = len("command.go\n\n") + end - start
    chunks = structchunk.split(document, max_size=whole)
    assert any(chunk.start == start and chunk.end == end for chunk in chunks)


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
@pytest.mark.parametrize("name", ["code/javascript/express/lib/response.js",
                                  "code/go/cobra/command.go"])
def test_corpus_chunks_opening_at_doc_comments_name_their_definition(name: str) -> None:
    root = corpus_root()
    assert root is not None
    document = structchunk.parse(Path(root) / name)
    starts = _documented_starts(document)
    chunks = structchunk.split(document, max_size=1000)
    opening = [chunk for chunk in chunks if chunk.start in starts]
    assert len(opening) >= 10
    unnamed = [chunk.text[:60] for chunk in opening
               if starts[chunk.start].split()[-1] not in _path_line(chunk)]
    # Only a piece that holds its definition whole at the edge of the budget may leave it out.
    assert len(unnamed) <= len(opening) // 5, unnamed


JAVASCRIPT = '''/**
 * Redirect to the given `url` with optional response `status`, defaulting to 302.
 *
 * The resulting `url` is determined by `res.location()`, so it will play nicely
 * with mounted apps, relative paths and `"back"` redirects. The body is a short text
 * or HTML page that names the new address, for clients that do not follow redirects.
 *
 * Examples:
 *
 *    res.redirect('/foo/bar');
 *    res.redirect('http://example.com');
 *    res.redirect(301, 'http://example.com');
 *    res.redirect('../login'); // /blog/post/1 -> /blog/login
 *
 * @public
 */

res.redirect = function redirect(url) {
  var address = url;
  var body;
  var status = 302;

  // allow status / url
  if (arguments.length === 2) {
    status = arguments[0];
    address = arguments[1];
  }

  address = this.location(address).get('Location');

  this.format({
    text: function(){
      body = statuses.message[status] + '. Redirecting to ' + address;
    },

    html: function(){
      var u = escapeHtml(address);
      body = '<p>' + statuses.message[status] + '. Redirecting to ' + u + '</p>';
    },

    default: function(){
      body = '';
    }
  });

  this.status(status);
  this.set('Content-Length', Buffer.byteLength(body));
  this.end(this.req.method === 'HEAD' ? undefined : body);
};
'''


@pytest.mark.parametrize("max_size", [500, 600, 800, 900])
def test_a_piece_holding_a_signature_is_named_by_it_not_by_a_function_nested_below(
        max_size: int, tmp_path: Path) -> None:
    """The doc comment above a long function fills one piece; the next piece starts at the
    signature and holds callbacks defined in the body. Its heading path names the function
    whose signature it holds, not the first callback (`... > function res.redirect >
    function text` would send a question about redirects to a piece said to be about a
    callback)."""
    path = tmp_path / "response.js"
    path.write_text(JAVASCRIPT, encoding="utf-8")
    document = structchunk.parse(path)
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    signature = JAVASCRIPT.index("res.redirect = function")
    holding = [chunk for chunk in chunks if chunk.start <= signature < chunk.end]
    assert len(holding) == 1
    chunk = holding[0]
    assert chunk.start > 0, "the doc comment and the signature must be apart for this test"
    assert "text: function" in chunk.content
    assert chunk.heading_path[-1] == "function res.redirect", chunk.heading_path
