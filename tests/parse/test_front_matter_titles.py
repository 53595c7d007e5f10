"""A document's title from front matter is its top-level `title` key only: an indented
`title:` belongs to a nested table (an author's, a series') and names nothing."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.parse.titles import front_matter_title

BODY = "\n\nBody text of the page.\n"


@pytest.mark.parametrize("front_matter", [
    "---\nauthor:\n  name: Ada\n  title: Doctor\n---",
    "---\nseries:\n\ttitle: Tabbed Series\n---",
    "+++\n[author]\n  title = \"Doctor\"\n+++",
])
def test_an_indented_title_names_no_document(front_matter: str) -> None:
    assert front_matter_title(front_matter) is None
    chunks = structchunk.split_text(front_matter + BODY, format="markdown", max_size=200)
    assert [chunk.heading_path for chunk in chunks] == [()]
    assert "Doctor" not in chunks[0].text and "Tabbed" not in chunks[0].text


@pytest.mark.parametrize("front_matter", [
    "---\nseries:\n  title: Wrong Series\ntitle: Right Title\n---",
    "---\ntitle: Right Title\nseries:\n  title: Wrong Series\n---",
    "+++\ntitle = \"Right Title\"\n[series]\n  title = \"Wrong Series\"\n+++",
])
def test_the_top_level_title_wins_over_an_indented_one_before_or_after(
        front_matter: str) -> None:
    assert front_matter_title(front_matter) == "Right Title"
    chunks = structchunk.split_text(front_matter + BODY, format="markdown", max_size=200)
    assert [chunk.heading_path for chunk in chunks] == [("Right Title",)]


@pytest.mark.parametrize("indicator", ["|", ">", "|-", ">-", "|+", ">+"])
def test_a_block_scalar_title_is_joined_from_its_lines_up_to_the_next_key(
        indicator: str) -> None:
    front_matter = (f"---\ntitle: {indicator}\n  Field guide to\n\n  small streams\n"
                    "author: Ada\n---")
    assert front_matter_title(front_matter) == "Field guide to small streams"


def test_a_toml_title_that_looks_like_a_block_indicator_is_a_plain_string() -> None:
    assert front_matter_title('+++\ntitle = ">"\n[extra]\n  note = "x"\n+++') == ">"
