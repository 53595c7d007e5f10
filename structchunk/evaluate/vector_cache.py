"""Embedding vectors kept on disk as they are computed, so a long run can be stopped and resumed.

A slow model (MiniLM in NumPy: a tenth of a second or more per chunk on a loaded machine)
embeds thousands of chunks per benchmark run. The cache is a JSON Lines file, one line per
vector, appended and flushed after every text: an interrupted run keeps all it computed, and
the next run embeds only what is missing. A line is keyed by the model's name and the SHA-256
of the text, so one file can hold several models, and a text's vector never depends on which
other texts were missing with it (texts are embedded one at a time, and values rounded).
A last line cut short by an interruption is ignored on reading.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from structchunk.evaluate.embeddings import Embedding

_DIGITS = 6


def text_key(model: str, text: str) -> str:
    """The cache key of `text` under `model`."""
    return model + ":" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def cached_embedding(embedding: Embedding, model: str, path: Path,
                     progress: Callable[[int, int], None] | None = None) -> Embedding:
    """`embedding` with its vectors read from and appended to the JSON Lines file `path`.

    `progress(done, missing)` is called after each newly embedded text of a call."""
    vectors = read_vectors(path)

    def embed(texts: list[str]) -> list[list[float]]:
        keys = [text_key(model, text) for text in texts]
        missing = sorted({key: text for key, text in zip(keys, texts, strict=True)
                          if key not in vectors}.items())
        if missing:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as handle:
                if _ends_mid_line(path):
                    handle.write("\n")  # the cut line stays alone and is skipped
                for done, (key, text) in enumerate(missing, 1):
                    (vector,) = embedding([text])
                    vectors[key] = _rounded(vector)
                    handle.write(json.dumps({"key": key, "vector": vectors[key]}) + "\n")
                    handle.flush()
                    if progress is not None:
                        progress(done, len(missing))
        return [vectors[key] for key in keys]

    return embed


def read_vectors(path: Path) -> dict[str, list[float]]:
    """The vectors of a cache file by key; a missing file is an empty cache, and a line that
    does not parse (the last one, cut by an interrupted write) is skipped."""
    vectors: dict[str, list[float]] = {}
    if not path.is_file():
        return vectors
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
            vectors[record["key"]] = record["vector"]
        except (ValueError, KeyError, TypeError):
            continue
    return vectors


def _ends_mid_line(path: Path) -> bool:
    with path.open("rb") as handle:
        handle.seek(0, 2)
        if handle.tell() == 0:
            return False
        handle.seek(-1, 2)
        return handle.read(1) != b"\n"


def _rounded(vector: Sequence[float]) -> list[float]:
    return [round(float(value), _DIGITS) for value in vector]


__all__ = ["cached_embedding", "read_vectors", "text_key"]
