"""WordprocessingML text: what Word shows of a paragraph, and the notes of a document.

python-docx's `Paragraph.text` reads only the runs directly in a paragraph and its
hyperlinks; Word also shows the runs inside tracked insertions, content controls, simple
fields and smart tags, and the paragraphs of text boxes, and leaves out deleted runs and
field codes. `paragraph_text` reads what Word shows. Footnotes and endnotes are read from
their parts as blocks of their own, numbered as Word numbers their marks.
"""

from __future__ import annotations

from typing import Any

from structchunk.parse.office.ooxml import MC, W
from structchunk.parse.office.records import HEADING, PARAGRAPH, Block, clean

# Elements whose children are read as if they stood in their parent.
_TRANSPARENT = frozenset(W + name for name in (
    "ins", "moveTo", "hyperlink", "smartTag", "fldSimple", "sdt", "sdtContent", "customXml",
    "dir", "bdo"))
_SKIPPED = frozenset(W + name for name in ("del", "moveFrom", "pPr", "rPr", "sdtPr",
                                           "sdtEndPr", "instrText", "delText"))
_RUN_TEXT = {W + "t": None, W + "tab": "\t", W + "ptab": "\t", W + "br": "\n", W + "cr": "\n",
             W + "noBreakHyphen": "-"}
_NOTE_PARTS = (("/footnotes", "footnote", "Footnotes"), ("/endnotes", "endnote", "Endnotes"))


def paragraph_text(element: Any, boxes: list[Any]) -> str:
    """The visible text of a paragraph; text boxes met on the way are collected in `boxes`."""
    parts: list[str] = []
    stack = [iter(element)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIPPED:
            continue
        if tag == W + "r":
            parts.append(_run_text(child, boxes))
        elif tag in _TRANSPARENT:
            stack.append(iter(child))
        elif tag == MC + "AlternateContent":
            choice = child.find(MC + "Choice")
            if choice is not None:
                stack.append(iter(choice))
    return "".join(parts)


def _run_text(run: Any, boxes: list[Any]) -> str:
    parts: list[str] = []
    for child in run:
        tag = child.tag
        if tag in _RUN_TEXT:
            mapped = _RUN_TEXT[tag]
            if mapped is None:
                parts.append(child.text or "")
            elif tag != W + "br" or child.get(W + "type") in (None, "textWrapping"):
                parts.append(mapped)
        elif tag in (W + "footnoteReference", W + "endnoteReference"):
            parts.append(f"[{child.get(W + 'id', '')}]")
        elif tag in (W + "drawing", W + "pict", MC + "AlternateContent"):
            boxes.extend(_outer_text_boxes(child))
    return "".join(parts)


def _outer_text_boxes(element: Any) -> list[Any]:
    """The text boxes in a drawing, leaving out a Fallback copy and boxes inside boxes."""
    found = []
    for box in element.iter(W + "txbxContent"):
        ancestor = box.getparent()
        inner = False
        while ancestor is not None and ancestor is not element:
            if ancestor.tag in (W + "txbxContent", MC + "Fallback"):
                inner = True
                break
            ancestor = ancestor.getparent()
        if not inner:
            found.append(box)
    return found


def notes(document: Any) -> list[Block]:
    """The footnotes, then the endnotes, each under a heading of its own: `[n] text` per note,
    with `origin` `{"footnote": n}` or `{"endnote": n}` (Word's note id)."""
    from docx.oxml import parse_xml

    blocks: list[Block] = []
    for reltype, kind, title in _NOTE_PARTS:
        part = next((rel.target_part for rel in document.part.rels.values()
                     if not rel.is_external and rel.reltype.endswith(reltype)), None)
        if part is None:
            continue
        found: list[Block] = []
        for note in parse_xml(part.blob).iter(W + kind):
            if note.get(W + "type") not in (None, "normal"):
                continue  # the separator lines
            lines = [clean(paragraph_text(p, [])).strip() for p in note.iter(W + "p")]
            text = "\n".join(line for line in lines if line)
            if text:
                number = note.get(W + "id", "")
                found.append(Block(PARAGRAPH, f"[{number}] {text}", origin={kind: number}))
        if found:
            blocks.append(Block(HEADING, title, 1, origin={kind: found[0].origin[kind]}))
            blocks.extend(found)
    return blocks
