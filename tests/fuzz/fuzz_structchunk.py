"""Coverage-guided fuzz target (atheris) for the decoder and every text parser.

Each input picks a format, a budget and a length function from its first bytes; the rest is
the document. Anything but chunks that keep the invariants or one of structchunk's own
errors is a crash. Run it by hand for as long as you like:

    python tests/fuzz/fuzz_structchunk.py -max_total_time=600 /tmp/fuzz-corpus tests/fuzz/seeds

`tests/fuzz/test_fuzz.py` runs it for a bounded time in the suite when atheris is installed.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports(include=["structchunk"]):
    import structchunk
    from structchunk.decode import decode_bytes
    from structchunk.errors import StructchunkError

FORMATS = [None, "markdown", "text", "legal", "code"]
CODE_LANGUAGES = ["python", "javascript", "go", "rust", "json", "yaml", "bash", "c"]


def tokens(text: str) -> int:
    return len(text.split()) + sum(1 for char in text if not char.isalnum()
                                   and not char.isspace())


def check(source: str, chunks: list[structchunk.Chunk], budget: int, length: object) -> None:
    measure = length if callable(length) else len
    covered = bytearray(len(source))
    for chunk in chunks:
        if source[chunk.start:chunk.end] != chunk.content:
            raise AssertionError(f"offsets of chunk {chunk.index} do not match its content")
        if chunk.size != measure(chunk.text) or chunk.size > budget:
            raise AssertionError(f"chunk {chunk.index} measures {chunk.size} > {budget}")
        covered[chunk.start:chunk.end] = b"\x01" * (chunk.end - chunk.start)
    for offset, flag in enumerate(covered):
        if not flag and not source[offset].isspace():
            raise AssertionError(f"character {source[offset]!r} at {offset} is lost")
    if len({chunk.chunk_id for chunk in chunks}) != len(chunks):
        raise AssertionError("chunk ids collide")


def test_one_input(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    fmt = FORMATS[provider.ConsumeIntInRange(0, len(FORMATS) - 1)]
    budget = provider.ConsumeIntInRange(1, 600)
    length = tokens if provider.ConsumeBool() else None
    code = CODE_LANGUAGES[provider.ConsumeIntInRange(0, len(CODE_LANGUAGES) - 1)]
    body = provider.ConsumeBytes(provider.remaining_bytes())
    try:
        source = decode_bytes(body)
    except StructchunkError:
        return
    options = {"code_language": code} if fmt == "code" else {}
    try:
        chunks = structchunk.split(source, format=fmt, max_size=budget,
                                   length_function=length, **options)
    except StructchunkError:
        return
    check(source.text, chunks, budget, length)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
