"""Definition links: provisions that define a term say so, chunks name the provisions they cite
with their titles and the defined terms they use."""

from __future__ import annotations

import pytest

from structchunk import split, split_text
from tests.conftest import corpus_root

LAW = """# Testgesetz (TG)

## § 1 Verbraucher

Verbraucher ist jede natürliche Person, die ein Rechtsgeschäft abschließt.

## § 2 Schriftform

Ist schriftliche Form vorgeschrieben, so muss die Urkunde unterzeichnet werden.

## § 3 Kündigung

Die Kündigung bedarf der Schriftform; sie ist unverzüglich (ohne Zögern) zu erklären.
Ein Verbraucher kann nach § 1 und § 9 kündigen.
"""


def _by_section(chunks: list) -> dict:
    """Per provision, its chunks' metadata with their `uses` joined."""
    sections: dict = {}
    for chunk in chunks:
        section = chunk.metadata.get("section")
        if isinstance(section, str):
            known = sections.setdefault(section, dict(chunk.metadata))
            known.setdefault("uses", {}).update(chunk.metadata.get("uses", {}))
    return sections


def test_a_provision_defines_its_term_and_a_user_links_to_it() -> None:
    sections = _by_section(split_text(LAW, max_size=120, format="markdown"))
    assert sections["§ 1"]["defines"] == ["Verbraucher"]
    uses = sections["§ 3"]["uses"]
    assert uses["Schriftform"] == "§ 2 Schriftform"  # a one-word title names the term
    assert uses["Verbraucher"] == "§ 1 Verbraucher"
    assert sections["§ 3"]["referenced"] == ["§ 1 Verbraucher"]  # § 9 is not in the law
    assert not sections["§ 1"]["uses"]  # a provision does not link to itself


@pytest.mark.skipif(corpus_root() is None, reason="needs the shared corpus")
def test_the_bgb_links_schriftform_to_section_126() -> None:
    root = corpus_root()
    assert root is not None
    chunks = split(root / "legal" / "de" / "bgb.md", max_size=1000)
    holder = next(chunk for chunk in chunks if "§ 623" in str(chunk.metadata.get("section")))
    assert holder.metadata["uses"]["Schriftform"] == "§ 126 Schriftform"
    definers = [chunk.metadata["section"] for chunk in chunks
                if "Verbraucher" in chunk.metadata.get("defines", [])]
    assert "§ 13" in str(definers)
    cited = next(chunk for chunk in chunks if "§ 275" in chunk.metadata.get("references", []))
    assert "§ 275 Ausschluss der Leistungspflicht" in cited.metadata["referenced"]
