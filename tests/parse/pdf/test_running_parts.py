"""Running lines from their parts: the head and foot bands, heights, page-number words and
the numbers at a line's edges, on lines built as the extractor builds them."""

from __future__ import annotations

from typing import Any

from structchunk.parse.pdf import running
from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.metrics import Metrics
from tests.parse.pdf.conftest import line


def a4(number: int, lines: list[Line]) -> PageLines:
    return PageLines(number, lines, bottom=0.0, top=800.0, left=0.0, right=600.0)


def test_the_bands_are_the_top_and_bottom_fifteen_percent_of_the_page() -> None:
    lines = [line("a", y=y) for y in (799.0, 680.0, 679.0, 400.0, 121.0, 120.0, 1.0)]
    page = a4(1, lines)
    bands = [running.edge_band(page, each, index) for index, each in enumerate(lines)]
    assert bands == ["top", "top", None, None, None, "bottom", "bottom"]


def test_a_band_is_measured_from_the_page_box_not_from_zero() -> None:
    lines = [line("a", y=y) for y in (1080.0, 1000.0, 620.0)]
    page = PageLines(1, lines, bottom=600.0, top=1100.0)
    assert [running.edge_band(page, each, index) for index, each in enumerate(lines)] == [
        "top", None, "bottom"]


def test_without_geometry_only_the_first_and_last_lines_are_in_a_band() -> None:
    lines = [Line(text=text) for text in ("Kopf", "Mitte", "Mehr", "Fuß")]
    page = PageLines(1, lines)
    assert [running.edge_band(page, each, index) for index, each in enumerate(lines)] == [
        "top", None, None, "bottom"]
    lone = PageLines(2, [Line(text="Allein")])
    assert running.edge_band(lone, lone.lines[0], 0) == "top"


def test_a_line_without_a_height_or_a_page_without_a_box_has_no_geometry() -> None:
    placed = [line("a", y=y) for y in (790.0, 400.0, 10.0)]
    unboxed = PageLines(1, placed, left=0.0, right=600.0)
    assert [running.edge_band(unboxed, each, index) for index, each in enumerate(placed)] == [
        "top", None, "bottom"]
    half_boxed = PageLines(1, placed, top=800.0)
    assert running.edge_band(half_boxed, placed[1], 1) is None
    unplaced = [Line(text="a"), Line(text="b"), Line(text="c")]
    boxed = a4(1, unplaced)
    assert [running.edge_band(boxed, each, index) for index, each in enumerate(unplaced)] == [
        "top", None, "bottom"]


def test_text_keys_fold_case_and_spaces_and_blank_numbers_on_request() -> None:
    shown = Line(text="Seite  12 von   30 ")
    assert running.text_key(shown, True) == "seite 12 von 30"
    assert running.text_key(shown, False) == "seite # von #"


def test_heights_are_counted_in_steps_of_four_points() -> None:
    assert running.line_height(line("a", y=40.0)) == 10
    assert running.line_height(line("a", y=801.0)) == 200
    assert running.line_height(line("a", y=803.0)) == 201
    assert running.line_height(Line(text="a")) is None


def test_edge_numbers_are_whole_numbers_at_the_start_or_end() -> None:
    assert running.edge_numbers("12 Kapitel 3") == {12, 3}
    assert running.edge_numbers("  7 Einleitung") == {7}
    assert running.edge_numbers("Einleitung 44") == {44}
    assert running.edge_numbers("Kapitel 3 Einleitung") == set()
    assert running.edge_numbers("3.5 Teil") == set()
    assert running.edge_numbers("Teil 1,5") == set()
    assert running.edge_numbers("Teil 12345") == set()


def test_words_keep_letters_only_case_folded() -> None:
    assert running.words_only("4 1.1. TOPOLOGISCHE RÄUME") == "topologischeräume"
    assert running.words_only("Straße_2") == "strasse"
    assert running.words_only("– 12 –") == ""


def test_word_alternatives_try_longer_words_first() -> None:
    words = frozenset({"s.", "seite", "sei", "se"})
    assert running.alternatives_pattern(words) == r"seite|sei|s\.|se"
    assert running.alternatives_pattern(frozenset({"b", "a"})) == "a|b"
    assert running.alternatives_pattern(frozenset()) == "(?!)"


def test_page_numbers_in_the_forms_running_lines_use() -> None:
    shown = ["12", "- 12 -", "–7–", "Seite 3", "Seite 3 von 9", "Page 2 of 5", "3/9", "iv",
             "xii", "S. 4", "p. 10"]
    assert [text for text in shown if not running.is_page_number(text)] == []
    not_shown = ["Kapitel 3", "IV", "12345", "viiiiiii", "3 Einleitung", "Seite", "von 9",
                 "12 von"]
    assert [text for text in not_shown if running.is_page_number(text)] == []


BODY = Metrics(10.0, 12.0)


def body(number: int, count: int = 6, top: float = 700.0) -> list[Line]:
    """Body lines that differ from page to page in their words."""
    words = ("Menge", "Familie", "Umgebung", "Basis", "Filter", "Netz", "Punkt", "Rand")
    return [line(f"Die {words[(number + index) % 8]} bestimmt {words[(number * 3 + index) % 8]}",
                 y=top - 12.0 * index, size=10.0) for index in range(count)]


def texts(found: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(each["page"], each["text"]) for each in found]


def test_a_page_of_running_lines_only_keeps_them_and_says_so() -> None:
    pages = [a4(1, [line("Muster – Vertraulich", y=780.0, size=8.0), *body(1)]),
             a4(2, [line("Muster – Vertraulich", y=780.0, size=8.0)]),
             a4(3, [line("Muster – Vertraulich", y=780.0, size=8.0),
                    line("3", y=20.0, size=8.0)]),
             a4(4, [line("4", y=20.0, size=8.0)])]
    result = running.strip_running_lines(pages, BODY)
    assert texts(result.removed) == [(1, "Muster – Vertraulich"), (3, "3")]
    assert texts(result.kept) == [(2, "Muster – Vertraulich"), (3, "Muster – Vertraulich"),
                                  (4, "4")]
    assert [each.text for each in pages[2].lines] == ["Muster – Vertraulich"]


def test_a_repeated_line_with_varying_numbers_above_the_foot_band_is_removed() -> None:
    pages = [a4(number, [*body(number), line(f"Vertrag Nr. {number * 7} – Entwurf", y=200.0,
                                             size=8.0)]) for number in (1, 2, 3)]
    result = running.strip_running_lines(pages, BODY)
    assert texts(result.removed) == [(1, "Vertrag Nr. 7 – Entwurf"),
                                     (2, "Vertrag Nr. 14 – Entwurf"),
                                     (3, "Vertrag Nr. 21 – Entwurf")]


def test_the_page_number_of_a_single_page_goes_even_close_to_the_body() -> None:
    pages = [a4(1, [*body(1, count=3, top=134.0), line("7", y=98.0, size=10.0)])]
    result = running.strip_running_lines(pages, BODY)
    assert texts(result.removed) == [(1, "7")]
    assert len(pages[0].lines) == 3


def test_roman_page_numbers_apart_from_the_body_are_removed() -> None:
    pages = [a4(number, [*body(number), line(roman, y=20.0, size=8.0)])
             for number, roman in ((1, "i"), (2, "ii"), (3, "iii"))]
    result = running.strip_running_lines(pages, BODY)
    assert texts(result.removed) == [(1, "i"), (2, "ii"), (3, "iii")]


def test_running_heads_that_change_with_the_part_are_removed() -> None:
    heads = ("Teil Eins", "Teil Eins", "Teil Zwei", "Teil Zwei")
    pages = [a4(number, [line(head, y=780.0, size=8.0), *body(number)])
             for number, head in enumerate(heads, 1)]
    result = running.strip_running_lines(pages, BODY)
    assert texts(result.removed) == list(enumerate(heads, 1))


def test_a_running_head_that_is_a_body_heading_is_removed_and_another_kept() -> None:
    def with_heading(number: int, head: str, title: str | None) -> PageLines:
        lines = [line(head, y=780.0, size=8.0), *body(number, count=2)]
        if title:
            lines.append(line(title, y=660.0, size=14.0))
        return a4(number, [*lines, *body(number + 4, count=4, top=640.0)])

    pages = [with_heading(1, "Einleitung", "Einleitung"), with_heading(2, "Methode", "Methode"),
             with_heading(3, "Anhang", None)]
    pages[2].lines.insert(3, line("Anhang", y=660.0, size=10.0))  # body text, no heading
    result = running.strip_running_lines(pages, BODY)
    assert texts(result.removed) == [(1, "Einleitung"), (2, "Methode")]
    assert pages[2].lines[0].text == "Anhang"


def test_a_page_offset_needs_two_lines_that_agree() -> None:
    def candidates(*printed: tuple[int, str]) -> list[Any]:
        return [running.Candidate(a4(number, [line(text, y=780.0, size=8.0)]), 0, None, "top")
                for number, text in printed]

    offset = running.Judge.page_offset
    assert offset(candidates((1, "11 Einleitung"), (2, "12 Einleitung"))) == 10
    assert offset(candidates((1, "11 Einleitung"), (2, "Methode"))) is None
    assert offset(candidates((1, "11 Einleitung"), (2, "12 Einleitung"), (3, "30 Methode"),
                             (4, "14 Methode"))) == 10
    assert offset(candidates((1, "Einleitung"), (2, "Methode"))) is None
