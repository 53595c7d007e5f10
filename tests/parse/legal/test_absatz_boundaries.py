"""An Absatz starts only where the numbering and the sentence before both say so."""

from __future__ import annotations

import structchunk
from structchunk.tree import Document, NodeKind

LAW = """## § 12 Rücktritt vom Vertrag

(1) Der Käufer kann zurücktreten, wenn die Nachfrist nach Absatz
(2) fruchtlos verstrichen ist und der Mangel erheblich ist.

(2) Die Nachfrist beträgt zwei Wochen. Sie beginnt mit dem Zugang der Mahnung.

(3) Der Rücktritt ist ausgeschlossen, soweit der Käufer den Mangel kannte.

(4) Absatz 3 gilt entsprechend für Rechte aus § 11.

(5) Die Erklärung bedarf der Textform.

(6) Die Kosten trägt der Verkäufer.
(7a) Wer diesen Satz liest, sieht eine Randnummer, die nicht auf sechs folgt.

§ 13 Verjährung

(1) Die Ansprüche verjähren in zwei Jahren.
(2) Die Frist beginnt mit der Ablieferung.
"""


def _paragraphs(document: Document) -> list[str]:
    return [document.content(node) for node, _ in document.root.walk()
            if node.kind is NodeKind.PARAGRAPH]


def _numbers(document: Document) -> list[str]:
    return [text.split(" ", 1)[0] for text in _paragraphs(document)]


def test_a_wrapped_line_starting_with_a_number_in_mid_sentence_is_no_new_absatz() -> None:
    document = structchunk.parse_text(LAW, format="legal")
    first = next(text for text in _paragraphs(document) if text.startswith("(1) Der Käufer"))
    assert "(2) fruchtlos verstrichen" in first


def test_a_number_that_does_not_follow_is_no_new_absatz() -> None:
    document = structchunk.parse_text(LAW, format="legal")
    assert _numbers(document) == ["(1)", "(2)", "(3)", "(4)", "(5)", "(6)", "(1)", "(2)"]
    sixth = next(text for text in _paragraphs(document) if text.startswith("(6)"))
    assert "(7a) Wer diesen Satz liest" in sixth


def test_letters_after_a_number_follow_it() -> None:
    law = ("§ 3 Fristen\n\n(1) Erster Absatz gilt.\n(2) Zweiter Absatz gilt.\n"
           "(2a) Eingefügter Absatz gilt.\n(2b) Noch einer gilt.\n(3) Dritter Absatz gilt.\n")
    document = structchunk.parse_text(law, format="legal")
    assert _numbers(document) == ["(1)", "(2)", "(2a)", "(2b)", "(3)"]


def test_each_absatz_is_cited_with_its_section_in_the_chunks() -> None:
    chunks = structchunk.split_text(LAW, format="legal", max_size=160)
    holder = next(chunk for chunk in chunks if "Nachfrist beträgt zwei Wochen" in chunk.content)
    assert "§ 12" in holder.text.split("\n", 1)[0]
