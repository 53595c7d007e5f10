"""Rewrite the golden chunk files after an intended change: python -m tests.golden.update"""

from __future__ import annotations

import json
from pathlib import Path

import structchunk
from structchunk.decode import decode_bytes
from tests.golden.excerpt import chunk_excerpt

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parents[1] / "corpus_samples"
MAX_SIZE = 1000
FIELDS = ("index", "start", "end", "size", "heading_path", "language", "chunk_id")


def sample_files() -> list[Path]:
    return sorted(path for path in SAMPLES.iterdir()
                  if path.suffix in (".md", ".txt", ".html", ".ipynb", ".rst")
                  and path.name != "README.md")


def golden_records(path: Path) -> list[dict]:
    """Chunks of a sample, read under its repository-relative name so ids match anywhere."""
    name = f"corpus_samples/{path.name}"
    source = decode_bytes(path.read_bytes(), origin=name, path=name)
    records = []
    for chunk in structchunk.split(source, max_size=MAX_SIZE, source_id=name):
        record = {field: getattr(chunk, field) for field in FIELDS}
        record["heading_path"] = list(chunk.heading_path)
        record["text"] = chunk_excerpt(chunk.content)
        records.append(record)
    return records


def golden_path(path: Path) -> Path:
    return HERE / f"{path.name}.jsonl"


def main() -> None:
    for path in sample_files():
        lines = [json.dumps(record, ensure_ascii=False) for record in golden_records(path)]
        golden_path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{golden_path(path).name}: {len(lines)} chunks")


if __name__ == "__main__":
    main()
