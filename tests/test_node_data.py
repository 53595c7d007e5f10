"""Node data is typed when a node is built: a misspelt field fails where it is written."""

from __future__ import annotations

from typing import Any

import pytest

import structchunk
from structchunk.decode import from_text
from structchunk.node_data import CodeData, HeadingData, RowData
from structchunk.tree import (
    NodeKind,
    carried_meta,
    code_data,
    definition_data,
    make_node,
    row_data,
)

SOURCE = from_text("```py\nx = 1\n```\n")

# One misspelling per kind of the field a parser of that kind writes.
MISSPELT: list[tuple[NodeKind, dict[str, Any]]] = [
    (NodeKind.HEADING, {"levl": 2, "title": "Usage"}),
    (NodeKind.SECTION, {"level": 2, "titel": "Usage"}),
    (NodeKind.CODE, {"language": "python", "fence_opn": "```py"}),
    (NodeKind.CODE, {"language": "python", "body_star": 6}),
    (NodeKind.TABLE, {"header_row": 1}),
    (NodeKind.ROW, {"headr": True}),
    (NodeKind.LIST, {"orderd": True}),
    (NodeKind.DEFINITION, {"title": "f", "leading_coments": True}),
    (NodeKind.TEXT, {"leading_comment": True}),
    (NodeKind.PARAGRAPH, {"metta": {"law": "BGB"}}),
    (NodeKind.ITEM, {"absatz": 1}),
]


@pytest.mark.parametrize(("kind", "fields"), MISSPELT,
                         ids=[f"{kind.value}-{'-'.join(f)}" for kind, f in MISSPELT])
def test_a_misspelt_field_is_refused(kind: NodeKind, fields: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        make_node(SOURCE, kind, 0, 3, **fields)


@pytest.mark.parametrize("kind", [NodeKind.HEADING, NodeKind.SECTION, NodeKind.TABLE,
                                  NodeKind.ROW, NodeKind.LIST, NodeKind.DEFINITION])
def test_a_required_field_left_out_is_refused(kind: NodeKind) -> None:
    with pytest.raises(TypeError):
        make_node(SOURCE, kind, 0, 3, meta={"law": "BGB"})


def test_data_of_another_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="HeadingData"):
        make_node(SOURCE, NodeKind.SECTION, 0, 3, data=RowData(True))
    with pytest.raises(TypeError, match="body span"):
        make_node(SOURCE, NodeKind.CODE, 0, 3, data=CodeData("python"))


def test_the_fields_are_stored_typed_and_read_without_rebuilding() -> None:
    code = make_node(SOURCE, NodeKind.CODE, 0, 15, language="python", fence_open="```py",
                     fence_close="```", body_start=6, body_end=11, meta={"code_language": "py"})
    assert type(code.data) is CodeData
    assert code_data(code) is code_data(code) is code.data
    assert (code.data.fence_open, code.data.body_start, code.data.body_end) == ("```py", 6, 11)
    assert carried_meta(code) == {"code_language": "py"}
    heading = make_node(SOURCE, NodeKind.HEADING, 0, 3, level=2, title="Usage")
    assert heading.data == HeadingData(2, "Usage") and heading.title == "Usage"


def test_an_unfenced_code_node_spans_its_body() -> None:
    code = make_node(SOURCE, NodeKind.CODE, 6, 11, language=None)
    assert (code_data(code).body_start, code_data(code).body_end) == (6, 11)
    bare = make_node(SOURCE, NodeKind.CODE, 6, 11)
    assert (code_data(bare).fence_open, code_data(bare).body_end) == (None, 11)


def test_views_of_nodes_without_the_kind_say_no() -> None:
    paragraph = make_node(SOURCE, NodeKind.PARAGRAPH, 0, 3)
    assert paragraph.data is None
    assert row_data(paragraph).header is False
    assert definition_data(paragraph).leading_comments is False
    assert carried_meta(paragraph) == {}
    lead = make_node(SOURCE, NodeKind.TEXT, 0, 3, leading_comments=True)
    assert definition_data(lead).leading_comments is True


def test_a_parsed_fence_keeps_its_fences_in_every_chunk() -> None:
    # A fenced block cut in two: each part is framed by the fences the parser recorded.
    body = "\n".join(f"value_{i} = {i}" for i in range(40))
    text = f"# Code\n\n```python\n{body}\n```\n"
    chunks = structchunk.split_text(text, format="markdown", max_size=200)
    code = [chunk for chunk in chunks if "value_" in chunk.content]
    assert len(code) > 1
    assert all("```python\n" in chunk.text and chunk.text.rstrip().endswith("```")
               for chunk in code)
