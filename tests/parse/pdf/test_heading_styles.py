"""Typographic headings from their parts: which lines stand out from a body set at 10 points
with 12 points between lines, and the levels their styles rank at."""

from __future__ import annotations

from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.headings import Headings, numbering_depth
from structchunk.parse.pdf.metrics import Metrics
from tests.parse.pdf.conftest import line

BODY = Metrics(10.0, 12.0)
PROSE = "Die Messungen wurden an drei Stationen wiederholt und verglichen"


def body(count: int, top: float = 700.0, x: float = 72.0) -> list[Line]:
    return [line((x, PROSE), y=top - 12.0 * index, size=10.0) for index in range(count)]


def page(*lines: Line, number: int = 1) -> PageLines:
    return PageLines(number, list(lines), bottom=0.0, top=800.0, left=0.0, right=600.0)


def levels(pages: list[PageLines], metrics: Metrics = BODY,
           outline: dict[int, int] | None = None) -> list[tuple[str, int]]:
    found = Headings(pages, metrics, outline)
    return [(each.text, level) for each_page in pages for each in each_page.lines
            if (level := found.level(each)) is not None]


def test_section_numbers_and_their_depth() -> None:
    assert [numbering_depth(text) for text in (
        "3 Modelle", "3.1 LRS model", "3.1.2. Daten", "A. Anhang", "IV. Teil", "2) Punkt",
        "Modelle", "3.1LRS", "1234 Jahre", "a. klein", "3.1 ")] == [
        1, 2, 3, 1, 1, 1, None, None, None, None, None]


def test_a_larger_line_at_the_margin_is_a_heading_and_one_elsewhere_is_not() -> None:
    title = line((72.0, "Ergebnisse"), y=740.0, size=14.0)
    label = line((400.0, "Temperatur"), y=600.0, size=14.0)
    numbered = line((400.0, "4 Temperatur"), y=500.0, size=14.0)
    found = levels([page(title, *body(6), label, numbered, *body(3, top=480.0))])
    assert found == [("Ergebnisse", 1), ("4 Temperatur", 1)]


def test_a_heading_may_be_off_the_margin_by_a_few_points() -> None:
    near = line((78.0, "Ergebnisse"), y=740.0, size=14.0)
    off = line((78.5, "Diskussion"), y=600.0, size=14.0)
    assert levels([page(near, *body(6), off, *body(3, top=580.0))]) == [("Ergebnisse", 1)]


def test_a_centred_larger_line_is_a_heading() -> None:
    # 10 letters at 14 points are about 70 points wide: centred on the page at x = 265.
    centred = line((265.0, "Ergebnisse"), y=740.0, size=14.0)
    near_centre = line((265.0 + 35.0, "Diskussion"), y=600.0, size=14.0)
    off_centre = line((265.0 + 37.0, "Ausblicken"), y=500.0, size=14.0)
    found = levels([page(centred, *body(6), near_centre, off_centre, *body(3, top=480.0))])
    assert found == [("Ergebnisse", 1), ("Diskussion", 1)]


def test_without_a_page_box_a_larger_line_anywhere_is_a_heading() -> None:
    lines = [line((300.0, "Temperatur"), y=740.0, size=14.0), *body(6)]
    assert levels([PageLines(1, lines)]) == [("Temperatur", 1)]
    half = [line((300.0, "Temperatur"), y=740.0, size=14.0), *body(6)]
    assert levels([PageLines(1, half, left=0.0)]) == [("Temperatur", 1)]


def test_only_lines_at_least_fifteen_percent_larger_are_headings_by_size() -> None:
    lines = [line("Groß genug", y=740.0, size=11.5), *body(4),
             line("Zu klein", y=600.0, size=11.4), *body(3, top=580.0)]
    assert levels([page(*lines)]) == [("Groß genug", 1)]


def test_data_lines_are_no_headings_however_large() -> None:
    lines = [line("Ergebnisse", y=740.0, size=14.0), *body(4),
             line("Werte 2019 und 2020", y=650.0, size=14.0),  # 10 digits, 13 letters
             line("Werte 20192020 und 2021", y=620.0, size=14.0),  # more digits than letters
             line("12345", y=600.0, size=14.0),
             line("Also, wie folgt,", y=580.0, size=14.0),
             line("Erstens; zweitens;", y=560.0, size=14.0),
             line((72.0, "Nord"), (200.0, "Süd"), (330.0, "West"), y=540.0, size=14.0),
             line((72.0, "Nord"), (200.0, "Süd"), y=520.0, size=14.0),
             line("Ü" * 200, y=500.0, size=14.0), line("Ä" * 201, y=480.0, size=14.0),
             *body(2, top=460.0)]
    assert [text for text, _level in levels([page(*lines)])] == [
        "Ergebnisse", "Werte 2019 und 2020", "Nord Süd", "Ü" * 200]


def test_no_line_is_a_heading_when_the_body_size_is_unknown() -> None:
    lines = [line("Ergebnisse", y=740.0, size=14.0), *body(3)]
    assert levels([page(*lines)], Metrics(0.0, 12.0)) == []


def test_a_bold_line_at_body_size_is_a_heading_when_numbered_or_alone() -> None:
    lines = [line("3.1 Daten", y=740.0, size=10.0, bold=True), *body(3, top=728.0),
             line("Fristen und Termine", y=680.0, size=10.0, bold=True), *body(3, top=660.0),
             line("Bitte beachten Sie:", y=610.0, size=10.0, bold=True), *body(3, top=590.0),
             line("Der Satz endet.", y=540.0, size=10.0, bold=True), *body(3, top=520.0),
             line("klein geschrieben", y=470.0, size=10.0, bold=True), *body(3, top=450.0),
             line("Etwas kleiner", y=400.0, size=9.4, bold=True), *body(3, top=380.0),
             line("Fast so groß", y=330.0, size=9.5, bold=True), *body(3, top=310.0)]
    found = levels([page(*lines)])
    assert [text for text, _level in found] == ["3.1 Daten", "Fristen und Termine",
                                                "Fast so groß"]


def test_an_unnumbered_bold_heading_is_at_most_a_hundred_characters() -> None:
    hundred = "Ä" + "b" * 99
    lines = [line(hundred, y=740.0, size=10.0, bold=True), *body(3, top=720.0),
             line(hundred + "c", y=670.0, size=10.0, bold=True), *body(3, top=650.0)]
    assert [text for text, _level in levels([page(*lines)])] == [hundred]


def test_bold_lines_in_a_run_of_bold_lines_are_not_alone() -> None:
    run = [line(text, y=740.0 - 12.0 * index, size=10.0, bold=True)
           for index, text in enumerate(("Erste Zeile", "Zweite Zeile", "Dritte Zeile"))]
    lone = line("Einzeln", y=640.0, size=10.0, bold=True)
    found = levels([page(*run, *body(3, top=700.0), lone, *body(3, top=620.0))])
    assert found == [("Einzeln", 1)]


def test_a_bold_line_just_above_the_last_line_has_that_line_below_it() -> None:
    lines = [*body(3, top=724.0), line("Erste fette Zeile", y=688.0, size=10.0, bold=True),
             line("Zweite fette Zeile", y=676.0, size=10.0, bold=True)]
    assert levels([page(*lines)]) == []


def test_a_neighbour_without_a_height_is_not_apart() -> None:
    unplaced = Line(text="Ohne Lage", size=10.0, letters=8, bold_letters=8)
    lines = [*body(3, top=724.0), line("Mit Lage", y=688.0, size=10.0, bold=True), unplaced,
             *body(2, top=600.0)]
    assert levels([page(*lines)]) == []


def test_a_bold_line_is_alone_by_a_gap_wider_than_the_usual_spacing() -> None:
    # With 10 points between lines, a gap of 14 (1.4 spacings) is not yet apart; 14.5 is.
    spaced = Metrics(10.0, 10.0)
    near = [line("Oben", y=700.0, size=10.0, bold=True),
            line("Nah", y=686.0, size=10.0, bold=True)]
    assert levels([page(*near, *body(3, top=640.0))], spaced) == []
    far = [line("Oben", y=700.0, size=10.0, bold=True),
           line("Fern", y=685.5, size=10.0, bold=True),
           line("Unten", y=671.0, size=10.0, bold=True)]
    assert [text for text, _ in levels([page(*far, *body(3, top=640.0))], spaced)] == [
        "Oben", "Fern", "Unten"]


def test_a_bold_line_beside_a_line_of_another_style_is_alone() -> None:
    lines = [*body(2, top=712.0), line("Mitte", y=688.0, size=10.0, bold=True),
             line("Darunter etwas größer", y=676.0, size=10.5, bold=True),
             *body(3, top=664.0)]
    assert [text for text, _ in levels([page(*lines)])] == ["Mitte", "Darunter etwas größer"]


def test_without_heights_or_spacing_bold_neighbours_are_not_apart() -> None:
    lines = [Line(text="Oben"), Line(text="Mitte"), Line(text="Unten")]
    for each in lines:
        each.size, each.letters, each.bold_letters = 10.0, len(each.text), len(each.text)
    assert levels([PageLines(1, [*lines, *body(3)])]) == []
    spaced = [line(text, y=700.0 - 40.0 * index, size=10.0, bold=True)
              for index, text in enumerate(("Oben", "Mitte", "Unten"))]
    assert levels([page(*spaced, *body(3, top=500.0))], Metrics(10.0, 0.0)) == []


def test_levels_rank_larger_before_bold_before_deeper_numbers() -> None:
    lines = [line("1 Teil", y=780.0, size=16.0, bold=True),
             line("Vorwort", y=760.0, size=16.0, bold=True), *body(2, top=740.0),
             line("1.1 Abschnitt", y=700.0, size=13.0, bold=True), *body(2, top=680.0),
             line("1.1.1 Unterabschnitt", y=640.0, size=13.0, bold=True), *body(2, top=620.0),
             line("Gewöhnlich", y=580.0, size=13.0), *body(2, top=560.0),
             line("1.1.2 Fett im Text", y=520.0, size=10.0, bold=True), *body(2, top=500.0)]
    assert levels([page(*lines)]) == [
        ("1 Teil", 1), ("Vorwort", 1), ("1.1 Abschnitt", 2), ("1.1.1 Unterabschnitt", 3),
        ("Gewöhnlich", 4), ("1.1.2 Fett im Text", 5)]


def test_an_unnumbered_heading_ranks_with_the_shallowest_numbered_one_of_its_style() -> None:
    lines = [line("2.1 Daten", y=780.0, size=13.0, bold=True), *body(2, top=760.0),
             line("2.1.1 Quellen", y=720.0, size=13.0, bold=True), *body(2, top=700.0),
             line("Anhang", y=660.0, size=13.0, bold=True), *body(2, top=640.0)]
    assert levels([page(*lines)]) == [("2.1 Daten", 1), ("2.1.1 Quellen", 2), ("Anhang", 1)]


def test_margins_are_where_body_lines_start_on_several_lines() -> None:
    two_columns = [*body(3), *body(3, x=320.0), line((200.0, PROSE), y=300.0, size=10.0),
                   line((200.0, PROSE), y=288.0, size=10.0)]
    found = Headings([page(*two_columns)], BODY)
    assert sorted(found.margins) == [72.0, 320.0]
    sized = [*body(3), line((200.0, PROSE), y=300.0, size=11.0),
             line((200.0, PROSE), y=288.0, size=11.0), line((200.0, PROSE), y=276.0, size=11.0)]
    assert Headings([page(*sized)], BODY).margins == [72.0]


def test_a_rare_margin_among_many_lines_is_no_margin() -> None:
    # 200 body lines at 72; a start shared by 4 lines (2%) counts, by 3 (1.5%) not.
    many = [line((72.0, PROSE), y=700.0 - index, size=10.0) for index in range(196)]
    four = [line((150.0, PROSE), y=100.0 - index, size=10.0) for index in range(4)]
    assert sorted(Headings([page(*many, *four)], BODY).margins) == [72.0, 150.0]
    three = [line((150.0, PROSE), y=100.0 - index, size=10.0) for index in range(3)]
    more = [line((72.0, PROSE), y=700.0 - index, size=10.0) for index in range(197)]
    assert Headings([page(*more, *three)], BODY).margins == [72.0]


def test_outline_headings_come_first_and_smaller_typography_nests_below() -> None:
    chapter = line("Einleitung", y=780.0, size=12.0, bold=True)
    section = line("Ziele", y=740.0, size=12.0, bold=True)
    large = line("Großer Titel", y=700.0, size=16.0, bold=True)
    small = line("3.1 Kleiner", y=660.0, size=10.0, bold=True)
    lines = [chapter, *body(2, top=768.0), section, large, small, *body(2, top=640.0)]
    found = Headings([page(*lines)], BODY, {id(chapter): 1, id(section): 2})
    assert found.source == "outline"
    assert [found.level(each) for each in (chapter, section, large, small)] == [1, 2, None, 3]
    assert found.is_heading(small) and not found.is_heading(large)
    assert not found.is_heading(lines[1])


def test_outline_levels_ranked_below_the_deepest_entry() -> None:
    chapter = line("Einleitung", y=780.0, size=16.0, bold=True)
    deep = line("Ziele", y=740.0, size=16.0, bold=True)
    smaller = line("Genauer", y=700.0, size=12.0, bold=True)
    plain = line("Noch genauer", y=660.0, size=12.0)
    lines = [chapter, *body(2, top=768.0), deep, *body(2, top=728.0), smaller,
             *body(2, top=688.0), plain, *body(2, top=648.0)]
    found = Headings([page(*lines)], BODY, {id(chapter): 1, id(deep): 3})
    assert [found.level(each) for each in (chapter, deep, smaller, plain)] == [1, 3, 4, 5]
    assert Headings([page(*lines)], BODY).source == "typography"
