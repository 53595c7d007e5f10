"""Finding the outline's entries in the text: which lines show a title, on which page, and
when enough of the outline is found to trust it as the heading tree."""

from __future__ import annotations

from structchunk.parse.pdf.bookmarks import (
    Entry,
    find_lines,
    match_outline,
    outline_headings,
    title_keys,
)
from structchunk.parse.pdf.extract import Line, PageLines


def lines(*texts: str) -> list[Line]:
    return [Line(text=text, size=10.0) for text in texts]


def test_title_keys_are_letters_and_digits_with_and_without_a_number() -> None:
    assert title_keys("2.1 ASN.1 Syntax") == {"21asn1syntax", "asn1syntax"}
    assert title_keys("IV. Teil") == {"ivteil", "teil"}
    assert title_keys("A. Anhang") == {"aanhang", "anhang"}
    assert title_keys("3) Punkt") == {"3punkt", "punkt"}
    assert title_keys("2-1 Teil") == {"21teil", "teil"}
    assert title_keys("Straße") == {"strasse"}
    assert title_keys("1 2 Teil") == {"12teil", "2teil"}  # only the first number goes
    assert title_keys("– –") == set()


def test_a_title_is_found_on_one_line_or_wrapped_over_up_to_three() -> None:
    page = lines("Text davor", "Allgemeine", "Vorschriften", "Text danach")
    assert find_lines(page, {"allgemeinevorschriften"}, {}) == page[1:3]
    three = lines("Eins", "Zwei", "Drei", "Vier")
    assert find_lines(three, {"einszweidrei"}, {}) == three[:3]
    assert find_lines(three, {"einszweidreivier"}, {}) is None
    assert find_lines(lines("2 Methode"), {"methode"}, {}) is not None


def test_a_line_already_a_heading_is_not_found_again_nor_joined() -> None:
    page = lines("Ziele", "Ziele", "Teil")
    assert find_lines(page, {"ziele"}, {id(page[0]): 1}) == [page[1]]
    assert find_lines(page, {"ziele"}, {id(page[0]): 1, id(page[1]): 2}) is None
    wrapped = lines("Teil", "Eins")
    assert find_lines(wrapped, {"teileins"}, {id(wrapped[1]): 1}) is None


def test_a_search_gives_up_on_a_run_that_no_longer_starts_a_title() -> None:
    page = lines("Allgemeine", "Sonstiges", "Allgemeine", "Vorschriften")
    assert find_lines(page, {"allgemeinevorschriften"}, {}) == page[2:]


def entry(title: str, level: int = 1, page: int | None = 1) -> Entry:
    return Entry(title, level, page)


def test_entries_are_found_on_their_page_or_the_next() -> None:
    pages = [PageLines(1, lines("Vorwort", "Text")), PageLines(2, lines("Text", "Einleitung")),
             PageLines(3, lines("Methode", "Text")), PageLines(4, lines("Ergebnisse"))]
    levels, matched = match_outline(
        [entry("Vorwort"), entry("Einleitung", 1, 1), entry("Methode", 2, 1),
         entry("Ergebnisse", 1, 4), entry("Anhang", 1, 5), entry("Nirgends", 1, None),
         entry("– –")], pages)
    assert matched == 3
    assert levels == {id(pages[0].lines[0]): 1, id(pages[1].lines[1]): 1,
                      id(pages[3].lines[0]): 1}


def test_an_entry_on_its_own_page_is_preferred_to_the_next() -> None:
    pages = [PageLines(1, lines("Ziele")), PageLines(2, lines("Ziele"))]
    levels, matched = match_outline([entry("Ziele", 2, 1), entry("Ziele", 3, 1)], pages)
    assert matched == 2
    assert levels == {id(pages[0].lines[0]): 2, id(pages[1].lines[0]): 3}


def test_the_outline_is_trusted_when_half_of_its_targeted_entries_are_found() -> None:
    pages = [PageLines(1, lines("Einleitung", "Text", "Methode"))]
    half = [entry("Einleitung"), entry("Schluss"), entry("Ohne Ziel", 1, None)]
    assert outline_headings(half, pages) == {id(pages[0].lines[0]): 1}
    less = [entry("Einleitung"), entry("Schluss"), entry("Anhang")]
    assert outline_headings(less, pages) == {}
    assert outline_headings([entry("Einleitung", 1, None)], pages) == {}
    assert outline_headings([], pages) == {}
