"""Document titles and clean heading paths.

A front-matter title roots the heading path of every chunk when the body has no level-1
heading; titles in heading paths hold words, not markup, while the content stays verbatim; a
source file's path roots the heading path of its chunks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from structchunk import split
from structchunk.parse.titles import clean_title, front_matter_title
from tests.conftest import corpus_root

_MARKUP = regex.compile(r"\{#|\{/\*|\]\(|\*\*|__|</?[A-Za-z][\w-]*[\s>/]"
                        r"|(?<!\w)[*_]\w[^*_]*\w[*_](?!\w)")


def _title_of(path: Path) -> str | None:
    text = path.read_text(encoding="utf-8")
    fence = text[:3]
    end = text.find("\n" + fence, 3)
    return front_matter_title(text[:end + 4]) if end > 0 else None


def _front_matter_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return [path for path in sorted((root / "docs").rglob("*.md")) if _title_of(path)]


@pytest.mark.parametrize("path", _front_matter_files(), ids=lambda path: path.name)
def test_front_matter_title_roots_every_heading_path(path: Path) -> None:
    title = _title_of(path)
    assert title
    text = path.read_text(encoding="utf-8")
    has_h1 = regex.search(r"(?m)^# \S", text) is not None
    for budget in (300, 1000):
        chunks = split(path, max_size=budget)
        assert chunks
        for chunk in chunks:
            if not has_h1:
                assert chunk.heading_path[:1] == (title,), (chunk.index, chunk.heading_path)
            for entry in chunk.heading_path:
                assert not _MARKUP.search(entry), entry
            assert text[chunk.start:chunk.end] == chunk.content


@pytest.mark.parametrize("raw, clean", [
    ("Configure the cache {#cache-config}", "Configure the cache"),
    ("The entry module {/*the-entry-module*/}", "The entry module"),
    ("Read the [migration guide](./migrate.md) first", "Read the migration guide first"),
    ("**Strongly** worded _advice_", "Strongly worded advice"),
    ("<span class=\"badge\">New</span> Exporter", "New Exporter"),
    ("Call `parse_args()` early", "Call parse_args() early"),
    ("Keep snake_case and 2 * 3", "Keep snake_case and 2 * 3"),
    ("Escaped \\*stars\\*", "Escaped *stars*"),
    ("Release notes {#notes .wide}", "Release notes"),
])
def test_titles_are_cleaned_of_markup(raw: str, clean: str) -> None:
    assert clean_title(raw) == clean


def test_yaml_front_matter_title_without_level_one_heading() -> None:
    text = ("---\nid: intro\ntitle: \"Getting started\"\nsidebar_position: 1\n---\n\n"
            "## Install the tool {#install}\n\nRun the installer and follow the prompts.\n\n"
            "## First run\n\nStart the service with the default configuration.\n")
    chunks = split(text.encode(), max_size=90, format="markdown")
    assert all(chunk.heading_path[0] == "Getting started" for chunk in chunks)
    install = [chunk for chunk in chunks if "Run the installer" in chunk.content]
    assert install[0].heading_path == ("Getting started", "Install the tool")
    assert "{#install}" in "".join(chunk.content for chunk in chunks)


def test_toml_front_matter_title() -> None:
    text = ("+++\ntitle = 'Deploying to production'\ndraft = false\n+++\n\n"
            "## Checklist\n\nBack up the database before every release.\n")
    chunks = split(text.encode(), max_size=80, format="markdown")
    assert chunks[-1].heading_path == ("Deploying to production", "Checklist")
    assert chunks[0].content.startswith("+++")


def test_level_one_heading_wins_over_front_matter() -> None:
    text = ("---\ntitle: Page\n---\n\n# Handbook\n\nIntro text for everyone.\n\n"
            "## Part\n\nDetails of the part.\n")
    chunks = split(text.encode(), max_size=60, format="markdown")
    assert all(chunk.heading_path[:1] in ((), ("Handbook",)) for chunk in chunks)


def test_source_file_path_roots_the_heading_path(tmp_path: Path) -> None:
    package = tmp_path / "shop"
    package.mkdir()
    source = package / "cart.py"
    body = "\n".join(f"        total += {i}" for i in range(40))
    source.write_text("class Cart:\n    def total(self):\n        total = 0\n" + body +
                      "\n        return total\n", encoding="utf-8")
    chunks = split(source, max_size=300, path_root=tmp_path)
    assert len(chunks) > 1
    for chunk in chunks:
        assert chunk.heading_path[0] == "shop/cart.py"
        assert chunk.text.startswith(" > ".join(chunk.heading_path)) or chunk.text.startswith(
            "shop/cart.py")
    inner = [chunk for chunk in chunks if "total += 30" in chunk.content][0]
    assert inner.heading_path == ("shop/cart.py", "class Cart", "def total")
    assert inner.text.startswith("shop/cart.py > class Cart > def total\n\n")
    without_root = split(source, max_size=300)
    assert without_root[0].heading_path[0] == "cart.py"


def test_folder_run_names_source_files_by_their_path_from_the_folder(tmp_path: Path) -> None:
    from structchunk.batch.collection import iter_results

    package = tmp_path / "shop"
    package.mkdir()
    (package / "cart.py").write_text("class Cart:\n    def total(self):\n        return 1\n",
                                     encoding="utf-8")
    results = list(iter_results([str(tmp_path)], {"max_size": 300}))
    rows = [row for result in results for row in result.rows]
    assert rows and all(row["heading_path"][0] == "shop/cart.py" for row in rows)
