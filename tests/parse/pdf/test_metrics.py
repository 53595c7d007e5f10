"""The body text's size and line spacing, and the tests built on them: a heading's size and a
line set apart from the body."""

from __future__ import annotations

from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.metrics import Metrics, size_key
from tests.parse.pdf.conftest import line


def test_sizes_are_compared_in_half_points() -> None:
    assert [size_key(line("a", size=size)) for size in (10.0, 10.2, 10.3, 10.74, 10.76)] == [
        10.0, 10.0, 10.5, 10.5, 11.0]


def test_the_body_size_is_the_size_of_most_characters_not_most_lines() -> None:
    titles = [line("Titel", y=700.0 - 20.0 * index, size=14.0) for index in range(5)]
    prose = [line("Ein langer Absatz mit vielen Zeichen", y=500.0 - 12.0 * index, size=10.2)
             for index in range(2)]
    assert Metrics.of([PageLines(1, [*titles, *prose])]).body_size == 10.0


def test_the_spacing_is_the_median_gap_between_body_lines_going_down() -> None:
    lines = [line("Zeile eins des Textes", y=700.0, size=10.0),
             line("Zeile zwei des Textes", y=688.0, size=10.0),
             line("Zeile drei des Textes", y=676.0, size=10.0),
             line("Zeile vier des Textes", y=650.0, size=10.0),  # a paragraph gap
             line("Titel", y=620.0, size=16.0),  # gaps to other sizes do not count
             line("Zeile fünf des Textes", y=600.0, size=10.0),
             line("neue Spalte oben", y=700.0, size=10.0),  # going up: not a gap
             line("Zeile sechs des Textes", y=688.0, size=10.0)]
    second = [line("Noch eine Zeile", y=700.0, size=10.0),
              line("und ihre Nachbarin", y=689.0, size=10.0)]
    metrics = Metrics.of([PageLines(1, lines), PageLines(2, second)])
    assert metrics == Metrics(10.0, 12.0)  # the gaps 12, 12, 26, 12, 11
    unplaced = [Line(text="Zeile ohne Lage", size=10.0), Line(text="noch eine", size=10.0)]
    assert Metrics.of([PageLines(1, unplaced)]) == Metrics(10.0, 0.0)


def test_a_document_without_lines_has_no_body() -> None:
    assert Metrics.of([PageLines(1, []), PageLines(2, [])]) == Metrics(0.0, 0.0)


def test_a_heading_by_size_is_fifteen_percent_larger_short_and_has_letters() -> None:
    metrics = Metrics(10.0, 12.0)
    assert metrics.is_heading(line("Titel", size=11.5))
    assert not metrics.is_heading(line("Titel", size=11.4))
    assert metrics.is_heading(line("Ä" * 200, size=14.0))
    assert not metrics.is_heading(line("Ä" * 201, size=14.0))
    assert not metrics.is_heading(line("2019 – 2020", size=14.0))
    assert not Metrics(0.0, 12.0).is_heading(line("Titel", size=14.0))
    assert Metrics(0.5, 12.0).is_heading(line("Fußnote", size=1.0))


def test_a_line_is_apart_when_smaller_or_a_wide_gap_from_its_neighbour() -> None:
    metrics = Metrics(10.0, 10.0)
    body = line("Text", y=700.0, size=10.0)
    assert metrics.apart(line("Fuß", y=686.0, size=9.4), body)
    assert not metrics.apart(line("Fuß", y=686.0, size=9.5), body)
    assert metrics.apart(line("Fuß", y=685.5, size=10.0), body)
    assert metrics.apart(line("Kopf", y=714.5, size=10.0), body)
    assert metrics.apart(line("Fuß", y=686.0, size=10.0), None)
    assert not metrics.apart(Line(text="Fuß", size=10.0), body)
    assert not metrics.apart(line("Fuß", y=600.0, size=10.0), Line(text="Text", size=10.0))
    assert not Metrics(10.0, 0.0).apart(line("Fuß", y=600.0, size=10.0), body)
    assert Metrics(0.0, 10.0).apart(line("Fuß", y=600.0, size=1.0), body)
    assert not Metrics(0.0, 10.0).apart(line("Fuß", y=695.0, size=1.0), body)
