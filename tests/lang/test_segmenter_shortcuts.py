"""The segmenter's shortcuts find exactly the boundaries the full analysis finds.

The scanner decides the plain case ("word. Next", also before opening quotes, brackets and
dashes, and after the last word of an abbreviation such as "al." of "et al.") from a per-word
table, abbreviations are looked up only when some spelling could match, and texts without rare
terminators get a leaner scanner (found without a search in a text of Latin-1 characters);
`RuleSegmenter(grammar, fast=False)` gives every candidate the full analysis. Both must agree
on every text, in every language.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from structchunk.lang.candidates import first_of
from structchunk.lang.grammars import load_sentence_grammar
from structchunk.lang.quotations import DOUBLE_QUOTES, SINGLE_QUOTES
from structchunk.lang.segmenter import _QUOTE_CHAR, RuleSegmenter
from structchunk.lang.sentences import rule_segmenter, sentence_spans
from structchunk.lang.spans import NOT_SPACE, spans_between

LANGUAGES = ("en", "de", "hi", "mr", "und", "ru")

# Words the shortcuts must tell apart: abbreviations of every class and of several words,
# their last words ("al" of "et al."), initials, enumeration labels, Roman numerals, numbers,
# capitalised and lowercase words, words in Devanagari.
WORDS = [
    "the", "word", "Mr", "Dr", "e.g", "i.e", "z. B", "z.B", "Nr", "No", "no", "Art", "Inc",
    "U.S", "etc", "et al", "al", "a.m", "p.m", "P.M", "A", "I", "a", "b", "iv", "xi", "II",
    "XIV", "iiiiii", "Ludwig", "König", "1", "12", "164th", "2016", "Januar", "am", "der",
    "Monday", "This", "However", "Smith", "J", "eBay", "vgl", "bzw", "Abs", "lit", "ca", "approx",
    "Ph.D", "Zimmermann-Str", "Yahoo", "co", "St", "st", "fig", "pp", "Vol", "Jh", "v. Chr",
    "हिंदी", "है", "डॉ", "क्र", "इ.स", "आहे", "१२", "ऑफ़", "naïve", "ǅemal", "Ⓐ",
    # last words of abbreviations ("Dist.", "Tues.", "Pres.") and the words before them
    "ist", "dist", "D", "es", "ues", "Tues", "res", "Pres", "P", "tal", "et", "Str", "tr",
    # Cyrillic words, abbreviations and glued full stops ("хорошо.Потом", "ул.Ленина")
    "хорошо", "Москва", "ул", "г", "т.е", "хорошо.Потом", "ул.Ленина", "жағдайы.XVIII",
]
PUNCTUATION = [
    ".", ". ", ".  ", "? ", "! ", "?! ", "... ", ". . . ", "… ", "। ", "॥ ", "。", ".\n", ".\n\n",
    "\n", ", ", " ", " ", " ", " ", "; ", " - ", " – ", '"', "“", "”", "„", "‘", "’", "'", "«",
    "»", "(", ")", "[", "]", "[1]", ".[3] ", ".11 12 ", " [1 - 3] ", "• ", "\n- ", " a) ",
    " (iii) ", " 1. ", " b. ", ".)", ".”", "!’ ", ".“„", "§ ", "\xa0", "`", "``", "''", "¿",
    "\r\n", ".\r\n", "\r\n\r\n", "\r",
    # opening quotes, brackets and dashes before the next word, up to more than four
    ' "', " “", " „", " (", " [", " ``", " '", " ‘", " ‚", " «", " – ", " -- ", " — ", " ((((",
    '. "', ". “", ". (", ". – ", ". ((((", '? "', "! (", '." "', ".) (",
]
PIECES = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(WORDS).map(str.capitalize),
    st.sampled_from(WORDS).map(str.upper),
    st.sampled_from(PUNCTUATION),
)
TEXTS = st.lists(PIECES, max_size=50).map("".join)


@cache
def _pair(language: str) -> tuple[RuleSegmenter, RuleSegmenter]:
    grammar = load_sentence_grammar(language)
    return RuleSegmenter(grammar), RuleSegmenter(grammar, fast=False)


def _agree(text: str, language: str) -> None:
    fast, full = _pair(language)
    assert fast.boundaries(text) == full.boundaries(text), (language, text)
    assert fast(text) == full(text), (language, text)


def test_the_shortcuts_are_on_by_default_and_find_the_plain_case() -> None:
    segmenter = rule_segmenter("en")
    assert "plain" in segmenter._scan.groupindex
    assert "plain" not in _pair("en")[1]._scan.groupindex
    text = "It rained all day. Then the sun came out? yes. In 2016.) We left."
    expected = ["It rained all day.", "Then the sun came out?", "yes.", "In 2016.)", "We left."]
    for spans in (segmenter(text), _pair("en")[1](text)):
        assert [text[start:end] for start, end in spans] == expected


@settings(max_examples=600, deadline=None)
@given(text=TEXTS, language=st.sampled_from(LANGUAGES))
def test_shortcuts_agree_with_the_full_analysis(text: str, language: str) -> None:
    _agree(text, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("text", [
    "He met the Rev. Smith. Then he left.",  # a title before a capital
    "She cites Smith et al. The results hold.",  # the last word of an abbreviation
    "Smith et al. Jones agree. Then et al. Next.",  # ... before a name
    "Smith et\nal. Jones. Es ist z.\r\nZt. Die u.\ndgl. Sie i.\nV. m. Er",  # wrapped
    "SEE SMITH ET AL. Jones agrees. Pp. 3.",  # ... in capitals, before a name
    "They came at 6 P.M. Travelers waited.",  # a rule with a word pattern
    "König Ludwig XIV. Kardinal Mazarin kam.",  # a regnal number
    "Am 3. Oktober war es. Am 4. nicht.",  # ordinals
    "a. one b. two c. three\nNext line.",  # an inline enumeration
    "IV. Introduction comes first.",  # an enumeration label at the start
    "Chapter one\nii. Second part. Xi. Third.",
    "Er sagte: „Komm mit.“ Dann ging er.",  # a quotation
    "It's done. 'Yes.' she said. He's here. “Go.” Now.",  # apostrophes and quotes
    "Thanks. sure. Why? because! Fine.",  # lowercase after terminators
    "Wow!!! Great... Really? Yes.) Ok.",  # runs and brackets
    "वह आया। फिर गया॥ १२ ॥ ठीक है. Done. हाँ? ठीक।",  # dandas and verse numbers
    "Price 3.5. Then 4. Then v. Chr. gegründet. Seite 3 von 9. Ⓐ. Ⓑ.",
    "Wait… what‼ Ok। Next • item。 Done. ठीक॥ End.",  # several rare terminators at once
    "(See Smith. He agrees.) “Fine.” Then: Go. Mr. Smith. Yes. No.",
    # opening quotes, brackets and dashes before the next sentence
    'He left. "Then we went." She stayed. (It rained.) Done. ``Yes,\'\' he said.',
    "Er ging. „Komm mit“, sagte sie. – Dann ging er. -- Ende. — Gut. ((((Fünf.",
    "It ended. 'Yes' he said. ‘No’ she said. [Note] here. « Bon » alors. ( spaced.",
    "Wait. “never mind.” Done. (see above). Over. - item. – next. ¿Qué? Sí.",
    # the last word of an abbreviation: cut unless the words before it make one
    "He was in the Dist. Court. She went to the dist. Then ist. Was ist. Das ist. Nein.",
    "Smith et al. Jones et\ntal. The Tues. Meeting. It was Pres. Smith. The res. Fine. Es.",
    "Er wohnt in der Zimmermann-Str. Sie nicht. So ist es. Tr. Fine. Dr. Str. Ok.",
    "It was Tu es. Then d ist. Court. Smith et al. Jones. Rom 55 v.\r\nChr. Gegründet. Ok.",
    "Rom 55 v.\nChr. Gegründet. Tu\nes. Then d\r\nist. Fine. Then et\r\nal. Jones.",
    # terminator runs at the end of the text, which the fast scanners pass over
    "It ended. [10]", "It ended (a). ", "See (iii).) \n", "End?!\n\n", "Fin . . .",
    "So „gut“.”“", "A consultation.11 12", "Ende.“ \x1c", "Wow!!! \u2028", "x. y.)]\u00a0",
    "Done.[3]", "Stop. 1)", "Stop। ॥", "Fertig…  ", "a) b) c)", "Yes. • ",
])
def test_shortcuts_agree_on_known_hard_cases(text: str, language: str) -> None:
    _agree(text, language)


@pytest.mark.parametrize("language", ["es", "pl", "sk", "zh", "nl", "el", "id", "fi", "da", "fr",
                                      "ru", "kk"])
@pytest.mark.parametrize("text", [
    "Viajó a los EE. UU. en 2010. Viajó a los EE. UU. El viaje. Hay dos EE. Luego. EE. Uu.",
    "Wyniosła 2,3 proc. w marcu. Wyniosła 2,3 proc. W kwietniu. 96 χλμ. από. 96 χλμ. Η πόλη.",
    "Narodil sa 7. Apríla 1950. Prišiel 7. Potom. Slúžil v XII. Pluku. Karol IV. Potom.",
    "看《摔跤吧！爸爸》好吗？好！他读了〈为什么？〉这篇。很好。我看完了。《爸爸》很好看。",
    "Het was bekend. ...en toen. He paused. …and then. Ask Dr. ...smith. Hij zei ... en.",
    "Kantor di Lt. 5 Gedung. MPRS No. XXXIII tahun. Levina (ven. Татьяна) on. Den 7. Maj.",
    "Parti. « Je reviens ». Weg. ,, Ik kom. Laat. '' Toen. Vu M. « Bob ». ( Voir. ,, ,, Ja.",
    "Жағдайы.XVIII ғасыр. Хорошо.Потом. ул.Ленина. г.Москва. http.Request. хорошо.Ok. да.\nНет",
])
def test_shortcuts_agree_on_the_classes_of_many_languages(text: str, language: str) -> None:
    _agree(text, language)


@pytest.mark.parametrize("language", ["en", "de", "hi", "mr"])
def test_shortcuts_agree_on_the_corpus(corpus: Path, language: str) -> None:
    # every paragraph of the documents and prose in the language
    paths = sorted(path for folder in ("docs", "prose") for path in
                   (corpus / folder / language).rglob("*") if path.suffix in (".md", ".txt"))
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for paragraph in text.split("\n\n"):
            _agree(paragraph, language)


def test_the_segmenter_follows_a_change_of_the_grammar_search_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The segmenter is looked up per call by the raw setting; a new setting is seen at once.
    text = "Voir ex. Paris est belle."
    monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH", raising=False)
    assert len(sentence_spans(text, "fr")) == 2
    (tmp_path / "sentences").mkdir()
    (tmp_path / "sentences" / "fr.toml").write_text(
        '[grammar]\nname = "fr"\ninherits = ["latin"]\n\n[abbreviations]\nprefix = ["ex."]\n',
        encoding="utf-8")
    monkeypatch.setenv("STRUCTCHUNK_GRAMMAR_PATH", str(tmp_path))
    assert len(sentence_spans(text, "fr")) == 1
    monkeypatch.delenv("STRUCTCHUNK_GRAMMAR_PATH")
    assert len(sentence_spans(text, "fr")) == 2


def test_the_whitespace_of_the_spans_is_that_of_str_isspace() -> None:
    # The last sentence ends where `str.rstrip` stops, and `spans_between` trims with
    # `NOT_SPACE`: both must take the same characters for whitespace.
    disagree = [code for code in range(sys.maxunicode + 1)
                if (NOT_SPACE.match(chr(code)) is None) != chr(code).isspace()]
    assert disagree == []


def _pieces(text: str, cuts: list[int]) -> list[tuple[int, int]]:
    """`spans_between` written out: every piece between cuts, trimmed, if anything is left."""
    spans = []
    for start, end in zip([0, *cuts], [*cuts, len(text)], strict=True):
        piece = text[start:end]
        first, last = start + len(piece) - len(piece.lstrip()), start + len(piece.rstrip())
        if first < last:
            spans.append((first, last))
    return spans


@settings(max_examples=400, deadline=None)
@given(text=st.text(st.sampled_from("ab.\" \n\r\t\xa0\u2028\x1c\x85é"), max_size=30),
       shares=st.lists(st.floats(0, 1), max_size=6))
def test_spans_between_trims_every_piece(text: str, shares: list[float]) -> None:
    cuts = sorted({int(share * len(text)) for share in shares} - {0, len(text)})
    assert spans_between(text, cuts) == _pieces(text, cuts)
    assert spans_between(text, cuts, len(text.rstrip())) == _pieces(text, cuts)


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from("ab \"'«»“„‘’‚é\u0964"), max_size=20))
def test_the_first_quote_character_is_found_by_str_find(text: str) -> None:
    found = _QUOTE_CHAR.search(text)
    latin1 = tuple(char for char in DOUBLE_QUOTES + SINGLE_QUOTES if char <= "\xff")
    if all(char <= "\xff" for char in text):
        assert first_of(text, latin1) == (found.start() if found else -1)
    assert first_of(text, tuple(DOUBLE_QUOTES + SINGLE_QUOTES)) == (
        found.start() if found else -1)


@settings(max_examples=300, deadline=None)
@given(text=TEXTS.map(lambda text: "".join(char for char in text if char not in "!?)\r\n")),
       language=st.sampled_from(LANGUAGES))
def test_a_text_whose_only_trigger_is_the_full_stop_gets_the_same_matches(
        text: str, language: str) -> None:
    # such a text (without rare terminators) is read by the scanner that starts at "." only
    segmenter = _pair(language)[0]
    assert segmenter._dot_scan is not None
    if segmenter._rare is not None and segmenter._rare.search(text):
        return
    # the other triggers are derived from the scanner's rows (`;` in the default grammar)
    text = "".join(char for char in text if char not in segmenter._other_triggers)
    assert [(match.span(), match.lastgroup) for match in segmenter._dot_scan.finditer(text)] \
        == [(match.span(), match.lastgroup) for match in segmenter._lean_scan.finditer(text)]
    _agree(text, language)


@settings(max_examples=300, deadline=None)
@given(text=TEXTS, language=st.sampled_from(LANGUAGES))
def test_the_scan_may_start_at_the_first_character_that_starts_a_match(
        text: str, language: str) -> None:
    # `_boundaries` starts every scanner at the first trigger it finds: no match starts before
    # it, and the lookbehinds still see the text before it.
    for segmenter in _pair(language):
        trigger = segmenter._trigger.search(text)
        scans = {segmenter._scan, segmenter._lean_scan}
        if segmenter._dot_scan is not None and not any(
                char in text for char in segmenter._other_triggers):
            scans.add(segmenter._dot_scan)
        for scan in scans:
            whole = [(match.span(), match.lastgroup) for match in scan.finditer(text)]
            if trigger is None:
                assert whole == []
            else:
                assert whole == [(match.span(), match.lastgroup)
                                 for match in scan.finditer(text, trigger.start())]
