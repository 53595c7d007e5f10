"""Scripts that write no sentence punctuation (Thai, Lao) end a sentence at a space."""

from __future__ import annotations

from pathlib import Path

import pytest

from structchunk.errors import GrammarError
from structchunk.lang.grammars import load_sentence_grammar
from structchunk.lang.segmenter import RuleSegmenter
from structchunk.lang.sentences import sentence_spans

THAI = "วันนี้อากาศดีมาก ฉันจะไปตลาด\nแล้วกลับบ้าน"
LAO = "ມື້ນີ້ອາກາດດີ ຂ້ອຍຈະໄປຕະຫຼາດ"


def _pieces(text: str, language: str) -> list[str]:
    return [text[start:end] for start, end in sentence_spans(text, language)]


def test_a_space_or_line_break_between_thai_letters_ends_a_sentence() -> None:
    assert _pieces(THAI, "th") == ["วันนี้อากาศดีมาก", "ฉันจะไปตลาด", "แล้วกลับบ้าน"]
    assert _pieces(LAO, "lo") == ["ມື້ນີ້ອາກາດດີ", "ຂ້ອຍຈະໄປຕະຫຼາດ"]


def test_latin_text_in_a_thai_grammar_keeps_its_spaces() -> None:
    text = "ราคา 100 บาท The price is fair. ตกลง"
    assert _pieces(text, "th") == ["ราคา 100 บาท The price is fair.", "ตกลง"]


def test_other_languages_do_not_cut_at_thai_spaces() -> None:
    assert _pieces(THAI, "en") == [THAI]


def test_a_script_name_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "sentences"
    folder.mkdir()
    (folder / "xx.toml").write_text('[grammar]\nname = "xx"\ninherits = ["base"]\n'
                                    '[words]\nspace_scripts = ["Thaii"]\n', encoding="utf-8")
    builtin = Path(__file__).resolve().parents[2] / "grammars" / "sentences"
    with pytest.raises(GrammarError, match=r"xx\.toml: words\.space_scripts: 'Thaii'"):
        RuleSegmenter(load_sentence_grammar("xx", [folder, builtin]))
