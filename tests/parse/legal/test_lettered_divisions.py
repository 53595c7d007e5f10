"""Lettered and Roman outline divisions (`A. Allgemeiner Teil`, `I. Anwendungsbereich`) are
headings that nest the provisions under them, in plain text and in PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk import NodeKind

TEXT = """Mustergesetz über Vereine (MVG)


A. Allgemeiner Teil


I. Anwendungsbereich


§ 1 Geltung

(1) Dieses Gesetz gilt für alle eingetragenen Vereine mit Sitz im
Inland.

(2) Es gilt nicht für Stiftungen.


§ 2 Begriffe

Verein im Sinne dieses Gesetzes ist jede auf Dauer angelegte
Vereinigung von Personen.


II. Gründung


§ 3 Satzung

Die Satzung bedarf der Schriftform.


B. Besonderer Teil


I. Auflösung


§ 4 Beschluss

Der Verein wird durch Beschluss der Mitgliederversammlung aufgelöst.

A. Müller und B. Schmidt haben den Verein gegründet und
den Vorsitz übernommen.
"""


def headings(document: structchunk.Document) -> list[tuple[str, tuple[str, ...]]]:
    return [(node.attrs["title"], path) for node, path in document.walk()
            if node.kind is NodeKind.HEADING]


def test_lettered_and_roman_divisions_nest_in_plain_text(tmp_path: Path) -> None:
    path = tmp_path / "vereine.txt"
    path.write_text(TEXT, encoding="utf-8")
    document = structchunk.parse(path)
    assert document.format == "legal"
    found = dict(headings(document))
    law = "Mustergesetz über Vereine (MVG)"
    assert found["§ 1 Geltung"] == (law, "A. Allgemeiner Teil", "I. Anwendungsbereich",
                                    "§ 1 Geltung")
    assert found["§ 3 Satzung"] == (law, "A. Allgemeiner Teil", "II. Gründung", "§ 3 Satzung")
    assert found["§ 4 Beschluss"] == (law, "B. Besonderer Teil", "I. Auflösung",
                                      "§ 4 Beschluss")
    # a sentence that starts with an initial is no division
    assert not any(title.startswith("A. Müller") for title in found)
    chunks = structchunk.split(path, max_size=200)
    holder = [chunk for chunk in chunks if "Die Satzung bedarf" in chunk.content][0]
    assert holder.heading_path[:3] == (law, "A. Allgemeiner Teil", "II. Gründung")


@pytest.mark.parametrize("line", [
    "A. Müller hat den Antrag gestellt.",
    "B. Die Frist beginnt mit der Zustellung, wenn",
    "V. und W. stimmen zu",
])
def test_sentences_starting_with_a_letter_are_no_divisions(line: str) -> None:
    from structchunk.parse.legal.grammar import load_legal_grammar

    assert load_legal_grammar("de").division(line) is None
