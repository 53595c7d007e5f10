"""The text out of a document's lines: paragraph breaks, hyphen joins, paragraphs and tables
running on over a page break, page offsets, and the line numbers of headings and tables."""

from __future__ import annotations

from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.headings import Headings
from structchunk.parse.pdf.layout import Layout
from structchunk.parse.pdf.metrics import Metrics
from tests.parse.pdf.conftest import line

SPACED = Metrics(10.0, 10.0)  # body at 10 points, 10 points from line to line


def page(number: int, *lines: Line) -> PageLines:
    return PageLines(number, list(lines), bottom=0.0, top=800.0, left=0.0, right=600.0)


def lines_at(*texts: str, top: float = 700.0, step: float = 10.0, size: float = 10.0
             ) -> list[Line]:
    return [line(text, y=top - step * index, size=size) for index, text in enumerate(texts)]


def layout(*pages: PageLines, metrics: Metrics = SPACED) -> Layout:
    return Layout(list(pages), metrics, Headings(list(pages), metrics))


def test_lines_of_a_paragraph_join_and_a_wide_gap_breaks_it() -> None:
    # 14 points (1.4 spacings) is still the same paragraph; 14.5 starts a new one.
    lines = [line("Erste Zeile", y=700.0, size=10.0), line("zweite Zeile", y=686.0, size=10.0),
             line("dritte Zeile", y=671.5, size=10.0)]
    assert layout(page(1, *lines)).text == "Erste Zeile\nzweite Zeile\n\ndritte Zeile"


def test_a_line_above_the_one_before_starts_a_paragraph() -> None:
    # The next column starts higher up on the page; a line at the same height too.
    lines = [line("links unten", y=100.0, size=10.0), line("rechts oben", y=700.0, size=10.0),
             line("daneben", y=700.0, size=10.0)]
    assert layout(page(1, *lines)).text == "links unten\n\nrechts oben\n\ndaneben"


def test_a_change_of_type_size_breaks_a_paragraph() -> None:
    # More than a tenth of the larger size apart breaks: 10 against 11.2, not 10 against 11.
    lines = [line("Fließtext", y=700.0, size=10.0), line("etwas größer", y=690.0, size=11.0),
             line("noch größer", y=680.0, size=12.4), line("zurück", y=670.0, size=11.0)]
    text = layout(page(1, *lines), metrics=Metrics(11.0, 10.0)).text
    assert text == "Fließtext\netwas größer\n\nnoch größer\n\nzurück"


def test_without_heights_or_spacing_lines_stay_in_one_paragraph() -> None:
    unplaced = [Line(text="Erste Zeile", size=10.0), Line(text="zweite Zeile", size=10.0)]
    assert layout(page(1, *unplaced)).text == "Erste Zeile\nzweite Zeile"
    lines = lines_at("Erste Zeile", "zweite Zeile", step=40.0)
    assert layout(page(1, *lines), metrics=Metrics(10.0, 0.0)).text == (
        "Erste Zeile\nzweite Zeile")


def test_hyphenated_words_are_joined_across_line_ends() -> None:
    lines = lines_at("Das Arbeits-", "verhältnis endet.", "Kosten-", "und Lasten bleiben.",
                     "Die GmbH-", "Gesellschafter und 3-", "fach geprüft, a-", "b und -",
                     "c oder x-", "y")
    assert layout(page(1, *lines)).text == (
        "Das Arbeitsverhältnis endet.\nKosten-\nund Lasten bleiben.\nDie GmbH-\n"
        "Gesellschafter und 3-\nfach geprüft, ab und -\nc oder xy")


def test_a_two_character_line_end_is_joined_and_a_lone_dash_is_not() -> None:
    lines = lines_at("x-", "y", "-", "z")
    assert layout(page(1, *lines)).text == "xy\n-\nz"


def test_a_heading_at_body_size_after_body_text_starts_a_paragraph() -> None:
    lines = [*lines_at("Text davor", "noch Text"),
             line("3.1 Daten", y=680.0, size=10.0, bold=True), *lines_at("Text danach",
                                                                         top=670.0)]
    built = layout(page(1, *lines))
    assert built.text == "Text davor\nnoch Text\n\n3.1 Daten\n\nText danach"
    assert built.headings == {3: 1}


def test_no_join_over_a_paragraph_break_or_before_punctuation() -> None:
    lines = [line("Das Arbeits-", y=700.0, size=10.0), line("verhältnis", y=670.0, size=10.0),
             line("Ein Strich -", y=660.0, size=10.0), line("- und weiter", y=650.0, size=10.0),
             line("Ende-", y=640.0, size=10.0), line("…und so fort", y=630.0, size=10.0)]
    assert layout(page(1, *lines)).text == (
        "Das Arbeits-\n\nverhältnis\nEin Strich -\n- und weiter\nEnde-\n…und so fort")


def test_a_heading_is_its_own_paragraph_and_a_wrapped_heading_one_heading() -> None:
    lines = [line("Ein langer Titel über", y=760.0, size=16.0),
             line("zwei Zeilen", y=742.0, size=16.0),
             line("Ein kleinerer Titel", y=724.0, size=13.0),
             *lines_at("Text darunter mit Trenn-", "strich", "und noch mehr Text", "am Ende",
                       top=712.0)]
    built = layout(page(1, *lines))
    assert built.text == ("Ein langer Titel über\nzwei Zeilen\n\nEin kleinerer Titel\n\n"
                          "Text darunter mit Trennstrich\nund noch mehr Text\nam Ende")
    assert built.headings == {0: 1, 1: 1, 3: 2}


def test_a_heading_ending_in_a_hyphen_keeps_it() -> None:
    lines = [line("Kranken-", y=760.0, size=16.0), line("versicherung", y=742.0, size=16.0),
             *lines_at("Text", "mehr Text", "noch mehr", top=700.0)]
    assert layout(page(1, *lines)).text.startswith("Kranken-\nversicherung\n\nText")


def test_pages_start_where_their_text_does_and_empty_pages_with_the_next() -> None:
    first = page(1, *lines_at("Seite eins endet.", "Noch ein Satz."))
    empty = page(2)
    third = page(3, *lines_at("Seite drei beginnt."))
    last_empty = page(4)
    built = layout(first, empty, third, last_empty)
    assert built.text == "Seite eins endet.\nNoch ein Satz.\n\nSeite drei beginnt."
    start = len("Seite eins endet.\nNoch ein Satz.\n\n")
    end = len(built.text)
    assert built.page_starts == [0, start, start, end]
    leading = layout(page(1), page(2, *lines_at("Text")))
    assert leading.page_starts == [0, 0] and leading.text == "Text"


def test_a_paragraph_runs_on_over_a_page_break_only_mid_sentence() -> None:
    pages = [page(1, *lines_at("Der Vertrag endet mit dem", "Ablauf der")),
             page(2, *lines_at("vereinbarten Frist.", "Danach gilt")),
             page(3, *lines_at("Folgendes: nichts.")),
             page(4, *lines_at("neue Zeile nach Punkt")),
             page(5, *lines_at("Aufzählung", "(a)")),
             page(6, *lines_at("kleiner Anfang"))]
    assert layout(*pages).text == (
        "Der Vertrag endet mit dem\nAblauf der\nvereinbarten Frist.\nDanach gilt\n\n"
        "Folgendes: nichts.\n\nneue Zeile nach Punkt\n\nAufzählung\n(a)\n\nkleiner Anfang")


def test_no_paragraph_runs_on_from_or_into_a_heading() -> None:
    pages = [page(1, *lines_at("Text ohne Ende"), line("Titel unten", y=100.0, size=16.0)),
             page(2, *lines_at("klein weiter", "und weiter")),
             page(3, line("kleiner titel oben", y=760.0, size=16.0),
                  *lines_at("Text", "mehr Text"))]
    text = layout(*pages).text
    assert text == ("Text ohne Ende\n\nTitel unten\n\nklein weiter\nund weiter\n\n"
                    "kleiner titel oben\n\nText\nmehr Text")


def row(*texts: str, y: float, at: tuple[float, ...] = (72.0, 200.0, 330.0)) -> Line:
    return line(*zip(at, texts, strict=False), y=y, size=10.0, width=40.0)


def test_a_table_is_written_as_rows_with_a_header_rule() -> None:
    lines = [*lines_at("Vorher steht Text."),
             row("Ort", "Höhe", "Regen", y=670.0), row("Nord", "12|13", "714", y=660.0),
             row("Süd", "250", y=650.0, at=(72.0, 200.0)),
             *lines_at("Danach Text", "in zwei Zeilen.", top=620.0)]
    built = layout(page(1, *lines))
    assert built.text == ("Vorher steht Text.\n\n| Ort | Höhe | Regen |\n| --- | --- | --- |\n"
                          "| Nord | 12\\|13 | 714 |\n| Süd | 250 |  |\n\nDanach Text\n"
                          "in zwei Zeilen.")
    assert built.tables == {2: 5}


def test_pieces_of_one_column_share_its_cell() -> None:
    lines = [row("Ort", "Höhe", "Regen", y=700.0),
             line((72.0, "Bad"), (84.0, "Tölz"), (200.0, "650"), (330.0, "900"), y=690.0,
                  size=10.0, width=10.0),
             row("Süd", "250", "688", y=680.0)]
    assert layout(page(1, *lines)).text.splitlines()[2] == "| Bad Tölz | 650 | 900 |"


def test_a_table_without_a_header_has_no_rule() -> None:
    lines = [row("2019", "12", "714", y=700.0), row("2020", "13", "688", y=690.0)]
    built = layout(page(1, *lines))
    assert built.text == "| 2019 | 12 | 714 |\n| 2020 | 13 | 688 |"
    assert built.tables == {0: 1}


def test_a_table_that_runs_on_to_the_next_page_continues_without_a_header() -> None:
    first = page(1, *lines_at("Vorher Text."), row("Ort", "Höhe", "Regen", y=680.0),
                 row("Nord", "12", "714", y=670.0))
    second = page(2, row("Süd", "250", "688", y=760.0), row("West", "300", "701", y=750.0),
                  *lines_at("Danach Text.", top=700.0))
    built = layout(first, second)
    assert built.text == ("Vorher Text.\n\n| Ort | Höhe | Regen |\n| --- | --- | --- |\n"
                          "| Nord | 12 | 714 |\n| Süd | 250 | 688 |\n| West | 300 | 701 |\n\n"
                          "Danach Text.")
    assert built.tables == {2: 6}


def test_a_table_on_the_next_page_in_other_columns_is_a_new_table() -> None:
    first = page(1, row("Ort", "Höhe", "Regen", y=680.0), row("Nord", "12", "714", y=670.0))
    moved = page(2, row("Jahr", "Wert", "Anteil", y=760.0, at=(72.0, 250.0, 400.0)),
                 row("2019", "4", "5", y=750.0, at=(72.0, 250.0, 400.0)))
    built = layout(first, moved)
    assert built.text.endswith("| Nord | 12 | 714 |\n\n| Jahr | Wert | Anteil |\n"
                               "| --- | --- | --- |\n| 2019 | 4 | 5 |")
    assert built.tables == {0: 2, 4: 6}
    narrower = page(2, row("Jahr", "Wert", y=760.0, at=(72.0, 200.0)),
                    row("2019", "4", y=750.0, at=(72.0, 200.0)),
                    row("2020", "5", y=740.0, at=(72.0, 200.0)))
    again = layout(page(1, row("Ort", "Höhe", "Regen", y=680.0),
                        row("Nord", "12", "714", y=670.0)), narrower)
    assert again.tables == {0: 2, 4: 7}


def test_a_table_after_text_on_the_next_page_is_a_new_table() -> None:
    first = page(1, row("Ort", "Höhe", "Regen", y=680.0), row("Nord", "12", "714", y=670.0))
    second = page(2, *lines_at("Zwischentext."), row("Süd", "250", "688", y=680.0),
                  row("West", "300", "701", y=670.0))
    built = layout(first, second)
    assert built.text.endswith("\n\nZwischentext.\n\n| Süd | 250 | 688 |\n"
                               "| West | 300 | 701 |")
    assert built.tables == {0: 2, 6: 7}


def test_a_table_is_continued_only_from_the_page_it_ended() -> None:
    first = page(1, row("Ort", "Höhe", "Regen", y=680.0), row("Nord", "12", "714", y=670.0),
                 *lines_at("Text nach der Tabelle.", top=640.0))
    second = page(2, row("Süd", "250", "688", y=760.0), row("West", "300", "701", y=750.0))
    built = layout(first, second)
    assert built.tables == {0: 2, 6: 7}
    assert "Tabelle.\n\n| Süd" in built.text


def test_no_paragraph_runs_on_from_a_table_at_the_foot_of_a_page() -> None:
    first = page(1, *lines_at("Vorher Text."), row("Ort", "Höhe", "Regen", y=680.0),
                 row("Nord", "12", "714", y=670.0))
    second = page(2, *lines_at("und danach klein weiter"))
    assert layout(first, second).text.endswith("| Nord | 12 | 714 |\n\nund danach klein weiter")
