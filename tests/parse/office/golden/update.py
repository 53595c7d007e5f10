"""Rewrite the office golden files after an intended change:
python -m tests.parse.office.golden.update (with the shared corpus beside the checkout).

The documents are corpus files, read in place; only the chunks' positions, paths, ids,
metadata and an excerpt of each chunk's text (its first and last line when long) are stored
here, never the documents.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import structchunk
from tests.conftest import corpus_root
from tests.golden.excerpt import chunk_excerpt

HERE = Path(__file__).resolve().parent
MAX_SIZE = 600
FIELDS = ("index", "start", "end", "size", "heading_path", "language", "chunk_id")
DOCUMENTS = (
    "docx/poi-docx/ComplexNumberedLists.docx",
    "docx/poi-docx/bib-chernigovka.netdo.ru_download_docs_17459.docx",
    "docx/python-docx-docx/blk-paras-and-tables.docx",
    "pptx/poi-pptx/2411-Performance_Up.pptx",
    "pptx/python-pptx-pptx/tbl-cell.pptx",
    "xlsx/poi-xlsx/DataTableCities.xlsx",
    "xlsx/poi-xlsx/45544.xlsx",
    "odt/odfpy-odt/odfsign/ClimateChange2.odt",
    "odt/odfpy-odt/tests/simpletable.odt",
    "odt/odfpy-odt/tests/twolevellist.odt",
)


def golden_path(name: str) -> Path:
    return HERE / (Path(name).name + ".jsonl")


def golden_records(name: str) -> list[dict[str, Any]]:
    root = corpus_root()
    assert root is not None, "the shared corpus is needed"
    data = (root / "formats" / name).read_bytes()
    fmt = Path(name).suffix[1:]
    records = []
    for chunk in structchunk.split(data, format=fmt, max_size=MAX_SIZE, source_id=name):
        record: dict[str, Any] = {field: getattr(chunk, field) for field in FIELDS}
        record["heading_path"] = list(chunk.heading_path)
        record["text"] = chunk_excerpt(chunk.content)
        record["metadata"] = {key: value for key, value in chunk.metadata.items()
                              if key in ("slide", "sheet", "origin", "kinds")}
        records.append(json.loads(json.dumps(record, ensure_ascii=False)))
    return records


def main() -> None:
    for name in DOCUMENTS:
        records = golden_records(name)
        lines = [json.dumps(record, ensure_ascii=False) for record in records]
        golden_path(name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{golden_path(name).name}: {len(lines)} chunks")


if __name__ == "__main__":
    main()
