"""`structchunk inspect FILE --html`: one self-contained page, checked in headless Chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import structchunk
from structchunk.cli.html import render_html
from structchunk.cli.main import main
from tests.conftest import SAMPLES

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def test_page_is_self_contained_and_counts_the_chunks(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    path = SAMPLES / "structured_pricing.md"
    assert main(["inspect", str(path), "--html", str(out), "--max-size", "400"]) == 0
    page = out.read_text(encoding="utf-8")
    chunks = structchunk.split(path, max_size=400)
    assert f'<span id="chunk-count">{len(chunks)}</span>' in page
    assert page.count("<li data-index=") == len(chunks)
    for outside in ("http://", "https://", " src=", "<link", "@import", "url("):
        assert outside not in page.replace(_page_text(path), "")
    # Every chunk's first segment is an anchor the side list scrolls to.
    assert all(f'id="c{chunk.index}"' in page for chunk in chunks)


def _page_text(path: Path) -> str:
    import html

    return html.escape(path.read_text(encoding="utf-8"))


def test_widened_contexts_and_additions_are_in_the_page_data() -> None:
    document = structchunk.parse(SAMPLES / "short_faq.md")
    chunks = structchunk.split(document, strategy="sentence_window", max_size=120)
    page = render_html(document, chunks, 120)
    widened = next(c for c in chunks if c.context != c.content)
    assert f'"context_span": [{widened.context_start}, {widened.context_end}]' in page


def _browser():  # type: ignore[no-untyped-def]
    in_ci = bool(os.environ.get("CI"))
    if not CHROMIUM.exists() and not shutil.which("chromium"):
        if in_ci:
            pytest.fail("chromium is missing in CI (.ci/run installs it)")
        pytest.skip("chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    return sync_api.sync_playwright()


def test_page_renders_counts_and_scrolls_in_chromium(tmp_path: Path) -> None:
    # A 2 MB Markdown document: the page must stay usable at that size.
    handbook = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    big = tmp_path / "big.md"
    big.write_text("\n\n".join(handbook.replace("# Northwind", f"# Part {n} Northwind")
                               for n in range(2_000_000 // len(handbook) + 1)),
                   encoding="utf-8")
    assert big.stat().st_size >= 2_000_000
    out = tmp_path / "big.html"
    assert main(["inspect", str(big), "--html", str(out)]) == 0
    count = len(structchunk.split(big))
    with _browser() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium")),
            args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 850})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(out.as_uri(), timeout=120_000)
            assert int(page.inner_text("#chunk-count")) == count
            assert page.locator("#list li").count() == count
            target = count - 3
            page.click(f"#list li[data-index='{target}']", timeout=60_000)
            box = page.evaluate(
                "i => { const a = document.getElementById('c' + i).getBoundingClientRect();"
                " const s = document.getElementById('source').getBoundingClientRect();"
                " return [a.top, a.bottom, s.top, s.bottom]; }", target)
            assert box[2] <= box[0] < box[3], box  # the chunk is in view
            assert page.inner_text("#details h2") == f"Chunk #{target}"
            assert page.locator(f"#source span.selected[data-index='{target}']").count() >= 1
            assert errors == []
        finally:
            browser.close()


def test_inspect_takes_strategy_options(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = str(SAMPLES / "short_faq.md")
    assert main(["inspect", path, "--strategy", "sentence_window", "--option", "window=1",
                 "--max-size", "200", "--json"]) == 0
    chunks = json.loads(capsys.readouterr().out)["chunks"]
    assert all(-1 <= c["metadata"]["window"][0] <= 0 <= c["metadata"]["window"][1] <= 1
               for c in chunks)
    assert any(c["context"] != c["content"] for c in chunks)
    assert main(["inspect", path, "--strategy", "semantic"]) == 1
    assert "needs an embedding function" in capsys.readouterr().err
    assert main(["inspect", path, "--strategy", "semantic", "--embedding", "hashing",
                 "--json"]) == 0


HOSTILE = {
    "comment then script": "# T\n\n<!--<script>\n\ntext after the comment\n",
    "script close": "# T\n\n</script><script>window.hacked = 1</script>\n\nmore\n",
    "html comment close": "# T\n\n--><!-- <script>alert(1)</script>\n\ntext\n",
    "line separators": "# T\n\nline\u2028separator\u2029paragraph & <b>bold</b>\n",
}


def test_hostile_documents_leave_no_markup_in_the_embedded_data() -> None:
    for text in HOSTILE.values():
        document = structchunk.parse_text(text, format="markdown")
        page = render_html(document, structchunk.split_text(text, max_size=200), 200)
        data = page.split('id="chunk-data">', 1)[1].split("</script>", 1)[0]
        assert "<" not in data and ">" not in data


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_documents_render_in_chromium(tmp_path: Path, name: str) -> None:
    source = tmp_path / "hostile.md"
    source.write_text(HOSTILE[name], encoding="utf-8")
    out = tmp_path / "hostile.html"
    assert main(["inspect", str(source), "--html", str(out), "--max-size", "200"]) == 0
    count = len(structchunk.split(source, max_size=200))
    with _browser() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium")),
            args=FLAGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("dialog", lambda dialog: (errors.append("dialog"), dialog.dismiss()))
            page.goto(out.as_uri(), timeout=60_000)
            assert int(page.inner_text("#chunk-count")) == count
            assert page.locator("#list li").count() == count
            page.click("#list li[data-index='0']", timeout=30_000)
            assert page.inner_text("#details h2") == "Chunk #0"
            embedded = page.inner_text("#details")
            assert "T" in embedded
            assert page.evaluate("() => window.hacked === undefined")
            assert errors == []
        finally:
            browser.close()
