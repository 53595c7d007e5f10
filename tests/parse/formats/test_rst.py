"""reStructuredText: docutils' section levels, directives, code blocks and list tables, with
every chunk a verbatim slice of the file."""

from __future__ import annotations

import structchunk
from structchunk import NodeKind
from tests.invariants import assert_chunks_valid

RST = """\
.. _top:

=====
Guide
=====

Intro paragraph.

Install
-------

.. note::

   Read this first.

   Then this.

.. code-block:: python
   :linenos:

   def first():
       return 1


   def second():
       return 2

Tables
------

.. list-table:: Sizes
   :header-rows: 1

   * - Name
     - Size
   * - alpha
     - 1
   * - beta
     - 2
   * - gamma
     - 3

Deeper
~~~~~~

- one item
- two item

  continued

A literal::

   raw block
"""


def test_sections_follow_docutils_levels() -> None:
    document = structchunk.parse_text(RST, format="rst")
    titles = [(node.attrs["level"], node.attrs["title"]) for node, _ in document.root.walk()
              if node.kind is NodeKind.HEADING]
    assert titles == [(1, "Guide"), (2, "Install"), (2, "Tables"), (3, "Deeper")]
    chunks = structchunk.split(document, max_size=1000)
    assert chunks[0].heading_path == ("Guide",)
    assert chunks[0].content.startswith(".. _top:")


def test_directives_code_and_list_tables() -> None:
    document = structchunk.parse_text(RST, format="rst")
    nodes = [node for node, _ in document.root.walk()]
    code = next(node for node in nodes if node.kind is NodeKind.CODE
                and node.attrs.get("language"))
    assert code.attrs["language"] == "python"
    assert code.attrs["fence_open"] == ".. code-block:: python\n   :linenos:"
    assert [child.attrs["name"] for child in code.children] == ["first", "second"]
    table = next(node for node in nodes if node.kind is NodeKind.TABLE)
    rows = [node for node in table.children if node.kind is NodeKind.ROW]
    assert [row.attrs["header"] for row in rows] == [True, False, False, False]
    assert document.content(rows[0]).startswith(".. list-table:: Sizes")
    note = next(node for node in nodes if node.kind is NodeKind.QUOTE)
    assert document.content(note).startswith(".. note::")
    assert [document.content(child) for child in note.children
            if child.kind is NodeKind.PARAGRAPH] == ["Read this first.", "Then this."]
    literal = [node for node in nodes if node.kind is NodeKind.CODE][-1]
    assert document.content(literal) == "raw block"
    items = [document.content(node) for node in nodes if node.kind is NodeKind.ITEM]
    assert items == ["- one item", "- two item\n\n  continued"]


def test_split_pieces_repeat_directive_and_header() -> None:
    document = structchunk.parse_text(RST, format="rst")
    chunks = structchunk.split(document, max_size=110)
    assert_chunks_valid(RST, chunks, 110)
    gamma = next(chunk for chunk in chunks if "gamma" in chunk.content)
    assert ".. list-table:: Sizes" in gamma.text and "* - Name" in gamma.text
    second = next(chunk for chunk in chunks if "def second" in chunk.content)
    assert second.text.count(".. code-block:: python") == 1


def test_rst_files_are_read_as_rst() -> None:
    assert structchunk.parse_text(RST).format != "rst"  # no name: sniffed as text
    assert structchunk.parse(RST.encode(), format="rst").format == "rst"
