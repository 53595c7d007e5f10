"""How many neighbouring LangChain pages overlap under each `overlap_style`.

    python benchmarks/langchain_overlap.py [CORPUS] [FILES]

Counts, over the first FILES (40) English Markdown guides of the shared corpus, the
neighbour pairs whose second page repeats some of the text before its chunk, and the pages
over `chunk_size`, at `chunk_size=1000, chunk_overlap=100`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from structchunk.integrations.langchain import StructchunkTextSplitter


def measure(files: list[Path], style: str) -> tuple[int, int, int]:
    splitter = StructchunkTextSplitter(chunk_size=1000, chunk_overlap=100, overlap_style=style)
    pairs = overlapping = over = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        documents = splitter.create_documents([text])
        for before, after in zip(documents, documents[1:], strict=False):
            pairs += 1
            tail_start = after.metadata.get("overlap_start")
            if tail_start is not None:
                overlapping += bool(text[tail_start:after.metadata["start_index"]].strip())
            else:
                overlapping += before.metadata["end_index"] > after.metadata["start_index"]
        over += sum(len(document.page_content) > 1000 for document in documents)
    return overlapping, pairs, over


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../shared/corpus")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    files = sorted((root / "docs" / "en").rglob("*.md"))[:count]
    for style in ("structchunk", "langchain"):
        overlapping, pairs, over = measure(files, style)
        print(f"{style}: {overlapping} of {pairs} neighbours overlap, {over} pages over the "
              f"budget ({len(files)} files)")


if __name__ == "__main__":
    main()
