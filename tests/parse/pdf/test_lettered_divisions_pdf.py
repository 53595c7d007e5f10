"""Lettered and Roman outline divisions in a PDF law nest its provisions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import structchunk
from structchunk import NodeKind
from tests.parse.pdf.test_pdf import save, write


def test_lettered_divisions_in_a_pdf(new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Mustergesetz (MustG)", size=16, bold=True, height=10)
    number = 0
    for letter, part in (("A", "Allgemeiner Teil"), ("B", "Besonderer Teil")):
        pdf.ln(3)
        write(pdf, f"{letter}. {part}", size=14, bold=True, height=9)
        for roman in ("I", "II"):
            pdf.ln(2)
            write(pdf, f"{roman}. Gruppe {letter}{roman}", size=13, bold=True, height=8)
            for _ in range(2):
                number += 1
                pdf.ln(2)
                write(pdf, f"§ {number} Regelung {number}", size=12, bold=True, height=8)
                write(pdf, f"(1) Die Regelung {number} gilt für alle Verträge, die nach dem "
                           "Inkrafttreten geschlossen werden.")
    path = save(pdf, tmp_path / "gesetz.pdf")
    document = structchunk.parse(path)
    # The law inside the PDF gives the document its language, name and jurisdiction.
    assert (document.language, document.carried) == ("de", {"law": "MustG"})
    assert document.metadata["law"] == "MustG" and document.metadata["jurisdiction"] == "de"
    chunks = structchunk.split(path, max_size=200)
    assert len(chunks) > 2 and all(chunk.metadata.get("law") == "MustG" for chunk in chunks)
    found = {node.attrs["title"]: path for node, path in document.walk()
             if node.kind is NodeKind.HEADING}
    assert found["§ 7 Regelung 7"][-3:] == ("B. Besonderer Teil", "II. Gruppe BII",
                                           "§ 7 Regelung 7")
    assert found["§ 1 Regelung 1"][-3:] == ("A. Allgemeiner Teil", "I. Gruppe AI",
                                           "§ 1 Regelung 1")
