"""A definition list's term travels before every piece of its split description.

HTML `<dl>` and reStructuredText definition lists are LIST nodes with `definitions` set, each
item a term paragraph and then its description. When an item does not fit, every piece after
the one holding the term repeats the term in its embedded text, within the budget, and never
in its content (the way a split list repeats its lead-in).
"""

from __future__ import annotations

import pytest

from structchunk import Chunk, parse_text, split
from structchunk.node_data import ListData
from structchunk.tree import Document, NodeKind
from tests.invariants import assert_chunks_valid

HTML = """<!doctype html>
<html lang="en"><head><title>Build settings reference</title></head><body>
<main>
<h1>Build settings</h1>
<p>The settings below are read from <code>build.toml</code> at the root of the project.</p>
<dl>
  <dt><code>cache_dir</code></dt>
  <dd>
    <p>Where compiled artefacts are kept between runs. The directory is created on first
    use and may be shared by several checkouts of the same project, provided they use the
    same toolchain version.</p>
    <p>Removing it forces a full rebuild on the next run, which can take several minutes on
    large projects with many native extensions.</p>
    <p>On CI machines, point it at a volume that survives between jobs; otherwise every job
    starts cold and the cache only costs disk space.</p>
  </dd>
  <dt><code>jobs</code></dt>
  <dd>How many compile jobs run at once. Defaults to the number of cores.</dd>
</dl>
</main>
</body></html>
"""

RST = """Configuration
=============

The build reads these options from the ``[build]`` section of ``setup.cfg``.

cache_dir
    Where compiled artefacts are kept between runs. The directory is created on
    first use and may be shared by several checkouts of the same project.

    Removing it forces a full rebuild on the next run, which can take several
    minutes on large projects with many native extensions.

    On CI machines, point it at a volume that survives between jobs; otherwise
    every job starts cold and the cache only costs disk space.

jobs : int
    How many compile jobs run at once. Defaults to the number of cores.

- a bullet item after the definitions
- and another one

:orphan: a field list line
   with its continuation
"""

DESCRIPTION_ENDS = ("toolchain version.", "same project.", "native extensions.",
                    "disk space.")


def _definition_lists(document: Document) -> list:
    return [node for node, _ in document.root.walk() if node.kind is NodeKind.LIST
            and isinstance(node.data, ListData) and node.data.definitions]


def _pieces_of(chunks: list[Chunk], phrase: str) -> list[Chunk]:
    return [chunk for chunk in chunks if phrase in chunk.content]


@pytest.mark.parametrize(("text", "fmt"), [(HTML, "html"), (RST, "rst")])
def test_the_parsed_definition_list_holds_terms_then_descriptions(text: str, fmt: str
                                                                  ) -> None:
    document = parse_text(text, format=fmt)
    (definitions,) = _definition_lists(document)
    terms = [document.text[item.children[0].start:item.children[0].end].strip()
             for item in definitions.children]
    assert terms == (["cache_dir", "jobs"] if fmt == "html" else ["cache_dir", "jobs : int"])
    assert all(item.kind is NodeKind.ITEM and len(item.children) >= 2
               for item in definitions.children)


def test_rst_bullets_and_field_lists_stay_what_they_were() -> None:
    document = parse_text(RST, format="rst")
    lists = [node for node, _ in document.root.walk() if node.kind is NodeKind.LIST]
    assert [isinstance(node.data, ListData) and node.data.definitions for node in lists] == [
        True, False]
    field = next(node for node, _ in document.root.walk()
                 if document.text[node.start:node.end].startswith(":orphan:"))
    assert field.kind is NodeKind.PARAGRAPH


@pytest.mark.parametrize(("text", "fmt"), [(HTML, "html"), (RST, "rst")])
@pytest.mark.parametrize("max_size", [200, 260, 320])
def test_every_later_piece_of_a_split_description_names_its_term(text: str, fmt: str,
                                                                 max_size: int) -> None:
    document = parse_text(text, format=fmt)
    chunks = split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    term_at = document.text.index("cache_dir\n")
    later = [chunk for end in DESCRIPTION_ENDS for chunk in _pieces_of(chunks, end)
             if chunk.start > term_at]
    assert later, "the description was expected to be split at this budget"
    for chunk in later:
        added = chunk.text[:chunk.text.index(chunk.content)]
        assert "cache_dir" in added, chunk.text
        assert "cache_dir" not in chunk.content
        assert chunk.size <= max_size


@pytest.mark.parametrize(("text", "fmt"), [(HTML, "html"), (RST, "rst")])
def test_an_item_that_fits_is_not_given_its_term_twice(text: str, fmt: str) -> None:
    chunks = split(parse_text(text, format=fmt), max_size=2000)
    assert len(chunks) == 1
    assert chunks[0].text.count("cache_dir") == 1


@pytest.mark.parametrize(("text", "fmt"), [(HTML, "html"), (RST, "rst")])
def test_a_paragraph_that_fits_alone_is_never_cut_to_make_room_for_the_term(text: str,
                                                                           fmt: str) -> None:
    document = parse_text(text, format=fmt)
    max_size = 160
    chunks = split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    (definitions,) = _definition_lists(document)
    for item in definitions.children:
        for child in item.children[1:]:
            paragraph = document.text[child.start:child.end].strip()
            if paragraph and len(paragraph) + len("Configuration\n\n") <= max_size // 2:
                assert any(paragraph in chunk.content for chunk in chunks), paragraph


def test_a_definition_list_with_a_lead_in_repeats_the_lead_in_and_the_term() -> None:
    led = RST.replace("The build reads these options from the ``[build]`` section of "
                      "``setup.cfg``.", "The build reads these options from ``setup.cfg``:")
    document = parse_text(led, format="rst")
    max_size = 260
    chunks = split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    later = [chunk for end in DESCRIPTION_ENDS[2:] for chunk in _pieces_of(chunks, end)]
    assert later
    for chunk in later:
        added = chunk.text[:chunk.text.index(chunk.content)]
        assert "from ``setup.cfg``:" in added and "cache_dir" in added, chunk.text
        assert "cache_dir" not in chunk.content
