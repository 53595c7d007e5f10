"""Reading a PDF's outline: every titled entry with its level and page, whatever else it holds.

pypdf hands the outline over as nested lists of destinations; real files have entries with
empty titles, titles spread over several lines, destinations to nowhere and outlines that
cannot be read at all. These tests give `read_outline` such outlines directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from structchunk.parse.pdf.bookmarks import MAX_ENTRIES, Entry, read_outline


@dataclass
class Item:
    title: Any
    page: int | None = 0


class Untitled:
    """A destination without a title attribute at all."""

    page = 0


class Reader:
    def __init__(self, outline: list[Any]) -> None:
        self._outline = outline

    @property
    def outline(self) -> list[Any]:
        return self._outline

    def get_destination_page_number(self, item: Any) -> int:
        if item.page is None:
            raise KeyError("destination to nowhere")
        return int(item.page)


def test_entries_keep_their_order_level_and_page() -> None:
    outline = [Item("Teil 1", 0), [Item("Kapitel 1.1", 1), [Item("Abschnitt", 2)]],
               Item("Teil 2", 3)]
    assert read_outline(Reader(outline)) == [
        Entry("Teil 1", 1, 1), Entry("Kapitel 1.1", 2, 2), Entry("Abschnitt", 3, 3),
        Entry("Teil 2", 1, 4)]


def test_untitled_entries_are_passed_over_and_the_rest_read() -> None:
    outline = [Item("Eins"), Item(""), Item(None), Item("   "), Untitled(), Item("Zwei", 1)]
    assert read_outline(Reader(outline)) == [Entry("Eins", 1, 1), Entry("Zwei", 1, 2)]


def test_a_title_over_several_lines_is_one_line() -> None:
    assert read_outline(Reader([Item("Allgemeine\n  Vorschriften\t(AGB)")])) == [
        Entry("Allgemeine Vorschriften (AGB)", 1, 1)]


def test_a_destination_to_nowhere_still_names_a_heading() -> None:
    assert read_outline(Reader([Item("Anhang", None)])) == [Entry("Anhang", 1, None)]


def test_an_outline_that_cannot_be_read_gives_none() -> None:
    class Broken(Reader):
        @property
        def outline(self) -> list[Any]:
            raise ValueError("damaged outline")

    assert read_outline(Broken([])) == []


def test_a_huge_outline_is_read_only_so_far() -> None:
    outline = [Item(f"Eintrag {number}") for number in range(MAX_ENTRIES + 5)]
    entries = read_outline(Reader([outline[:10], *outline[10:]]))
    assert len(entries) == MAX_ENTRIES
    assert entries[0] == Entry("Eintrag 0", 2, 1) and entries[-1].title == (
        f"Eintrag {MAX_ENTRIES - 1}")
