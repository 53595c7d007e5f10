"""A Markdown document's title: the front matter's `title:` when the body has no level-1
heading, nothing when a level-1 heading names the page or there is no front matter."""

from __future__ import annotations

import pytest

from structchunk.parse import parse_text

BACKENDS = ["pyromark", "markdown-it"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_front_matter_title_names_a_page_whose_body_starts_at_level_two(
        backend: str) -> None:
    text = "---\ntitle: Install guide\n---\n\n## Steps\n\nRun the installer.\n"
    document = parse_text(text, format="markdown", markdown_backend=backend)
    assert document.metadata["title"] == "Install guide"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_level_one_heading_names_the_page_instead(backend: str) -> None:
    text = "---\ntitle: Install guide\n---\n\n# Installing\n\nRun the installer.\n"
    document = parse_text(text, format="markdown", markdown_backend=backend)
    assert "title" not in document.metadata


@pytest.mark.parametrize("backend", BACKENDS)
def test_without_front_matter_the_document_has_no_title_key(backend: str) -> None:
    document = parse_text("## Steps\n\nRun the installer.\n", format="markdown",
                          markdown_backend=backend)
    assert "title" not in document.metadata
