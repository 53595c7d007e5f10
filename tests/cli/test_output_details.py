"""What each command prints, down to the details a reader or a script relies on: the JSON
layout, the error naming the missing input, the tree shown by default, a widened context,
the side list and shading of the HTML page and the fields of its chunk data."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

import structchunk
from structchunk.cli.html import render_html
from structchunk.cli.inspect import render_inspection
from structchunk.cli.main import main

DOCUMENT = """# Harbour rules

Boats moor at the east quay. Fees are paid at the office. The office opens at eight.

## Night arrivals

Arrivals after dark call the warden first. The warden assigns a berth by radio.

## Departures

Departures are logged before noon. Late departures pay a second day.
"""


def _write_cases(folder: Path) -> Path:
    (folder / "harbour.md").write_text(DOCUMENT, encoding="utf-8")
    case = {"id": "warden", "doc": "harbour.md", "query": "Who assigns a berth?",
            "span": "The warden assigns a berth by radio."}
    cases = folder / "cases.jsonl"
    cases.write_text(json.dumps(case) + "\n", encoding="utf-8")
    return cases


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_compare_names_the_one_missing_input_and_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "here.md").write_text(DOCUMENT, encoding="utf-8")
    absent = tmp_path / "absent.md"
    code, _, err = _run(capsys, "compare", str(tmp_path / "here.md"), str(absent))
    assert code == 1
    assert str(absent) in err and "no such file or folder" in err


def test_check_spans_json_is_one_document_ending_in_a_line_break(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = _write_cases(tmp_path)
    code, out, _ = _run(capsys, "check-spans", str(cases), "--corpus", str(tmp_path), "--json")
    assert code == 0
    assert out.endswith("}\n")
    assert json.loads(out)["passed"] is True


def test_eval_json_is_indented_one_space_per_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = _write_cases(tmp_path)
    code, out, _ = _run(capsys, "eval", str(cases), "--corpus", str(tmp_path),
                        "--strategies", "hybrid", "--json")
    assert code == 0
    assert out.startswith('[\n {\n  "')
    assert json.loads(out)[0]["name"] == "hybrid"


def _inspection(tmp_path: Path, **options: object) -> tuple[str, structchunk.Document]:
    path = tmp_path / "harbour.md"
    path.write_text(DOCUMENT, encoding="utf-8")
    document = structchunk.parse(path)
    chunks = structchunk.split(document, strategy="sentence_window", max_size=60)
    out = io.StringIO()
    render_inspection(document, chunks, 60, Console(file=out, width=200), **options)  # type: ignore[arg-type]
    return out.getvalue(), document


def test_inspection_shows_the_tree_unless_asked_not_to(tmp_path: Path) -> None:
    shown, _ = _inspection(tmp_path)
    assert "Night arrivals" in shown.split("chunks (max size")[0]
    assert "tree not shown" not in shown


def test_inspection_without_the_tree_counts_its_nodes(tmp_path: Path) -> None:
    hidden, document = _inspection(tmp_path, tree=False)
    nodes = len(list(document.root.walk())) - 1
    assert nodes > 3
    assert f"tree not shown: {nodes} nodes (--no-tree)" in hidden


def test_inspection_prints_a_widened_context_with_its_span(tmp_path: Path) -> None:
    shown, _ = _inspection(tmp_path)
    spans = re.findall(r"context \[(\d+):(\d+)\] \((\d+) chars\)", shown)
    assert spans
    assert any(int(length) == int(end) - int(start) for start, end, length in spans)


def _page(tmp_path: Path) -> tuple[str, list[structchunk.Chunk]]:
    path = tmp_path / "harbour.md"
    path.write_text(DOCUMENT, encoding="utf-8")
    document = structchunk.parse(path)
    chunks = structchunk.split(document, max_size=40)
    assert len(chunks) >= 3
    return render_html(document, chunks, 40), chunks


def _page_data(page: str) -> list[dict[str, object]]:
    payload = page.split('<script type="application/json" id="chunk-data">')[1]
    return json.loads(payload.split("</script>")[0])


def test_page_lists_one_chunk_a_line_and_shades_them_in_turn(tmp_path: Path) -> None:
    page, chunks = _page(tmp_path)
    assert page.count('</li>\n<li data-index="') == len(chunks) - 1
    for chunk in chunks:
        assert f'class="k{chunk.index % 2} start" data-index="{chunk.index}"' in page


def test_page_data_carries_each_chunks_span(tmp_path: Path) -> None:
    page, chunks = _page(tmp_path)
    data = _page_data(page)
    assert [(row["start"], row["end"]) for row in data] == [(c.start, c.end) for c in chunks]


def test_page_data_of_a_text_without_its_content_adds_nothing_after(tmp_path: Path) -> None:
    path = tmp_path / "harbour.md"
    path.write_text(DOCUMENT, encoding="utf-8")
    document = structchunk.parse(path)
    chunk = structchunk.split(document, max_size=400)[0]
    # longer than the content and without it, so a slice from a "found" offset is not empty
    rewritten = replace(chunk, text="A summary written elsewhere. " * 20)
    assert chunk.content not in rewritten.text and len(rewritten.text) > len(chunk.content)
    row = _page_data(render_html(document, [rewritten], 400))[0]
    assert row["before"] == rewritten.text
    assert row["after"] == ""


def test_inspect_html_page_names_the_budget_it_was_cut_with(tmp_path: Path) -> None:
    path = tmp_path / "harbour.md"
    path.write_text(DOCUMENT, encoding="utf-8")
    out = tmp_path / "page.html"
    assert main(["inspect", str(path), "--html", str(out), "--max-size", "77"]) == 0
    assert " · max size 77" in out.read_text(encoding="utf-8")
